"""The guard's claims-54 readings (helper guard47), on an invented host of this file's own: a pottery's kiln loads
(classes `whole` / `cracked` / `shattered`; features kiln_hours, "Glaze Thickness mm", clay_age_weeks, firing_temp_c;
instance noun "pot", ids 770001-770400). Each reading is tested both ways: the faithful reply passes, the same reply
with one fact changed is flagged.

- a ratio of two features said as "K times the B" or as a part of B ("a tenth of the kiln hours") (`_unmatched`);
- a count of kept changes said at the sentence's end ("kept it whole, 180 of 200.") (`_kept`);
- a flip said of a still-this search whose every sample kept the label (`_search_flips`);
- a class's probability said by the class's name around a what-if: "lowers whole from 0.55 to 0.30", "turns cracked,
  at 0.58" (`_class_moves`);
- two classes set in order ("cracked by a hair over whole") (`_class_order`);
- accuracy said by counting ("21 of the 30 pots right") when the whole is the number of cases measured
  (`_metric_counts`).
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from tests.guard.helpers import local_explanation, passes, row_subject

POTS = Vocabulary(
    labels=["whole", "cracked", "shattered"],
    features=["kiln_hours", "Glaze Thickness mm", "clay_age_weeks", "firing_temp_c"],
    aliases={
        "kiln_hours": ["kiln hours"],
        "Glaze Thickness mm": ["glaze thickness"],
        "clay_age_weeks": ["clay age"],
        "firing_temp_c": ["firing temperature"],
    },
    instance_noun="pot",
)
_VALUES = {"kiln_hours": 9.0, "Glaze Thickness mm": 1.2, "clay_age_weeks": 6.0, "firing_temp_c": 1180.0}
_POT = row_subject("pot", 770123, _VALUES)


def test_the_version_names_the_readings() -> None:
    assert GUARD_VERSION in ("claims-54", "claims-55", "claims-56")


GLOBAL: dict[str, Any] = {
    "kind": "global_explanation",
    "label": "cracked",
    "method": "exact path-dependent TreeSHAP (numpy) on the RandomForestClassifier",
    "n_samples": 400,
    "importances": [
        {"feature": "kiln_hours", "importance": 0.3000, "mean_contribution": 0.0120},
        {"feature": "Glaze Thickness mm", "importance": 0.1000, "mean_contribution": -0.0040},
        {"feature": "clay_age_weeks", "importance": 0.0600, "mean_contribution": 0.0015},
        {"feature": "firing_temp_c", "importance": 0.0300, "mean_contribution": -0.0009},
    ],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Kiln hours matter most (0.30), about three times the glaze thickness.", True),
        ("Kiln hours matter most (0.30), about five times the glaze thickness.", False),
        ("The firing temperature barely counts (0.03), about a tenth of the kiln hours.", True),
        ("The firing temperature barely counts (0.03), about a third of the kiln hours.", False),
        ("Clay age weighs 0.06, about a fifth of the kiln hours.", True),
        ("Clay age weighs 0.06, about two thirds of the kiln hours.", False),
        ("Glaze thickness weighs 0.10, twice the clay age.", True),
        ("Glaze thickness weighs 0.10, twice the firing temperature.", False),
    ],
)
def test_a_ratio_said_as_times_or_a_part_of_a_feature(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], POTS) is faithful


@pytest.mark.parametrize(
    "reply",
    [
        # a part of something that is no feature: no ratio of two features
        "Kiln hours carry about a third of the total importance.",
        "Kiln hours weigh 0.30, about three times the average.",
    ],
)
def test_a_part_of_no_feature_is_no_ratio(reply: str) -> None:
    report = check_claims(reply, [GLOBAL], vocabulary=POTS)
    assert not any(c.startswith("ratio ") for c in report.claims)


def _still(kept: int, checked: int) -> dict[str, Any]:
    return {
        "kind": "still_this",
        "subject": _POT,
        "label": "whole",
        "probability": 0.81,
        "ranges": [{"feature": "kiln_hours", "current": 9.0, "low": 6.0, "high": 11.0, "categories": None}],
        "kept_edits": [],
        "samples_checked": checked,
        "samples_kept": kept,
        "method": "one feature at a time on a grid over its observed range",
        "kept_label": None,
    }


@pytest.mark.parametrize(
    ("reply", "kept", "faithful"),
    [
        ("Most changes tried kept it whole, 180 of 200.", 180, True),
        ("Every change tried kept it whole, 200 of 200.", 180, False),
        ("Every change tried kept it whole, 200 of 200.", 200, True),
    ],
)
def test_a_count_of_kept_changes_at_the_sentence_end(reply: str, kept: int, faithful: bool) -> None:
    assert passes(reply, [_still(kept, 200)], POTS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Of the 240 changes tried, all kept pot 770123 whole.", True),
        ("Of the 240 changes tried, a few with a longer firing made it cracked.", False),
        ("Of the 240 changes tried, none made it cracked.", True),
        ("Most of the 240 changes kept it whole, but a thinner glaze turned it shattered.", False),
        ("Had the firing run longer it would have turned cracked.", True),
    ],
)
def test_a_flip_said_of_a_search_that_found_none(reply: str, faithful: bool) -> None:
    assert passes(reply, [_still(240, 240)], POTS) is faithful


def test_a_flip_said_of_a_search_that_found_some_is_not_read_here() -> None:
    report = check_claims("A few of the 240 changes made it cracked.", [_still(230, 240)], vocabulary=POTS)
    assert not any(c.endswith("found by the search") for c in report.claims)


WHAT_IF: dict[str, Any] = {
    "kind": "what_if",
    "subject": _POT,
    "changes": [{"feature": "kiln_hours", "old": 9.0, "new": 11.0}],
    "old_label": "whole",
    "old_probabilities": {"whole": 0.55, "cracked": 0.35, "shattered": 0.10},
    "new_label": "cracked",
    "new_probabilities": {"whole": 0.30, "cracked": 0.58, "shattered": 0.12},
    "old_label_counts": None,
    "new_label_counts": None,
    "note": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The extra firing lowers whole from 0.55 to 0.30.", True),
        ("The extra firing lowers cracked from 0.55 to 0.30.", False),
        ("With two more kiln hours cracked climbs from 35 % to 58 %.", True),
        ("With two more kiln hours shattered climbs from 35 % to 58 %.", False),
        ("With two more kiln hours the pot turns cracked, at 0.58.", True),
        ("With two more kiln hours the pot turns cracked, at 0.30.", False),
    ],
)
def test_a_class_probability_said_by_its_name_around_a_what_if(reply: str, faithful: bool) -> None:
    assert passes(reply, [WHAT_IF], POTS) is faithful


def _prediction(whole: float, cracked: float) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": _POT,
        "label": "whole" if whole >= cracked else "cracked",
        "probabilities": {"whole": whole, "cracked": cracked, "shattered": round(1 - whole - cracked, 4)},
        "label_counts": None,
        "true_label": "cracked",
    }


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Whole by a hair over cracked; the record says cracked.", True),
        ("Cracked by a hair over whole; the record says cracked.", False),
        ("Whole leads cracked for pot 770123, 0.46 to 0.44.", True),
        ("Cracked leads whole for pot 770123, 0.46 to 0.44.", False),
        ("Whole edges out cracked by two points.", True),
        ("Cracked edges out whole by two points.", False),
    ],
)
def test_two_classes_set_in_order(reply: str, faithful: bool) -> None:
    assert passes(reply, [_prediction(0.46, 0.44)], POTS) is faithful


def test_an_order_on_a_what_if_is_not_read() -> None:
    # before or after the change: which state the order is of is not sure
    report = check_claims("Cracked now leads whole.", [WHAT_IF], vocabulary=POTS)
    assert not any(c.startswith("order ") for c in report.claims)


PERFORMANCE: dict[str, Any] = {
    "kind": "performance",
    "metric": "accuracy",
    "value": 0.7,
    "metrics": {"accuracy": 0.7, "macro_f1": 0.66},
    "labels": ["whole", "cracked", "shattered"],
    "confusion_matrix": [[10, 2, 0], [3, 8, 1], [1, 2, 3]],
    "split": "held-out split",
    "n": 30,
    "group": None,
    "nouns": "pots",
    "label": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Accuracy is 0.70: the model gets 21 of the 30 held-out pots right.", True),
        ("Accuracy is 0.70: the model gets 14 of the 30 held-out pots right.", False),
        # a share in words beside the accuracy, not the cases measured: not read
        ("An accuracy of 0.70, or roughly 2 in 3 right.", True),
    ],
)
def test_accuracy_said_by_counting_the_cases_measured(reply: str, faithful: bool) -> None:
    assert passes(reply, [PERFORMANCE], POTS) is faithful


def _local(space: str) -> dict[str, Any]:
    contributions = {"kiln_hours": 0.21, "Glaze Thickness mm": -0.08, "clay_age_weeks": 0.03, "firing_temp_c": 0.01}
    explanation = local_explanation(_POT, "cracked", _VALUES, contributions, base=0.32, output=0.49)
    if space == "log-odds":
        explanation |= {"output_space": "log-odds", "base_value": -0.75, "output": -0.04}
    return explanation


@pytest.mark.parametrize(
    ("reply", "space", "faithful"),
    [
        ("In probability, the kiln hours add 0.21 toward cracked.", "probability", True),
        ("In log-odds, the kiln hours add 0.21 toward cracked.", "probability", False),
        ("The kiln hours add 0.21 log-odds toward cracked.", "log-odds", True),
        ("The kiln hours add 0.21 toward cracked, in probability points.", "log-odds", False),
        # a class's probability is no scale
        ("The probability of cracked is 0.49; the kiln hours add 0.21 toward it.", "probability", True),
        # a scale denied is no claim
        ("In probability rather than log-odds, the kiln hours add 0.21 toward cracked.", "probability", True),
    ],
)
def test_the_scale_of_the_contributions(reply: str, space: str, faithful: bool) -> None:
    assert passes(reply, [_local(space)], POTS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Cracked moves from a base of 0.32 to 0.49.", True),
        ("Cracked moves from a base of 0.49 to 0.32.", False),
    ],
)
def test_a_walk_from_a_base_of_a_to_b_is_no_range(reply: str, faithful: bool) -> None:
    assert passes(reply, [_local("probability")], POTS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Kiln hours carry the largest part of the total importance (0.30 of 0.49).", True),
        ("Kiln hours carry the largest part of the total importance (0.30 of 0.59).", False),
        ("Kiln hours and glaze thickness together carry 0.40 of the 0.49 total importance.", True),
        ("Kiln hours and glaze thickness together carry 0.40 of the 0.54 total importance.", False),
    ],
)
def test_the_total_importance_is_every_features_total(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], POTS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Accuracy is 0.70, against 0.40 for always guessing the commonest class.", True),
        ("Accuracy is 0.70, against 0.50 for always guessing the commonest class.", False),
        ("Accuracy 0.70, against 20 % for always saying shattered.", True),
        ("Accuracy 0.70, against 40 % for always saying shattered.", False),
        ("The model is right 70 % of the time (accuracy 0.70, against 0.4 for the majority guess).", True),
    ],
)
def test_a_constant_guess_accuracy_is_its_class_share(reply: str, faithful: bool) -> None:
    assert passes(reply, [PERFORMANCE], POTS) is faithful
