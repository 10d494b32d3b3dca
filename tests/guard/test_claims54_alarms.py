"""The guard's claims-54 false-alarm fixes (helper gfa47), on an invented host of this file's own: an allotment
society's compost bins (classes `ready` / `curing` / `sour`; features moisture_pct, turns_per_month, BinAgeYrs,
"Drop Per Metre" (the drain's slope, alias "drop"), has_lid; instance noun "bin", ids 7301-7399).

Each reading is tested both ways: the faithful reply passes, the same form with a wrong figure, class, way or
order is flagged.

- a total of a group said as the subject of a verb of weight, with no "together": "A and B add about N", "the rest
  take back about N" (`_group_totals`);
- a part said before the whole of every feature's weight: "(0.21 of roughly 0.44)" (`_group_totals`);
- a score set against the majority baseline: "against 40 % for always calling the commonest class" (`_baselines`);
- a model family given a value ("a random-forest classifier of 80 trees") is the family, no feature (`_causes`);
- a class's share gained or lost ("curing gains about 0.17") is a move (`_cues.AMOUNT_BEFORE`);
- a feature's own name is no verb of its change ("a steeper drop, 3.1 mm/m instead of 1.8") and a unit with a
  slash before "instead of" (`_influence`, `_swapped_ends`);
- a "coin flip" is no flip of the outcome (`_cues.FLIP`); "from four in five to one in two" is two shares, no odds
  of five to one (`_spelled`);
- after a change verb, "and" opening a verb phrase of its own says the next name's change alone: "cut moisture by
  14 points and nearly double the drop" (`_influence`);
- "rises to 0.31 and sour to 0.22": a class's share moved, no class named by the verb (`_cues.PREDICTED`);
- two joined names, a verb phrase, then a pair in brackets: "curing and sour split the rest (12 % and 9 %)"
  (`_respective`);
- a tie said with words of degree before its place: "tie almost exactly for third" (`_one_way`);
- "none" right after a feature's name is its value, not a negation of its push (`_influence`);
- a negation inside a bracketed aside reaches no label outside it: "(moisture 48, not 62) and the bin becomes
  ready" (`_predictions`);
- a share's number word before a denominator in digits ("one in a hundred": 1 in 100) is one share (`_spelled`);
- a name ending in an object pronoun before "from A to B" is a verb ("trims it from 0.79 to 0.47"; `_invented`);
- a share in words then a part and its whole in brackets: "about half of the total (0.211 of roughly 0.44)" is
  their ratio (`_number_exits`).
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from tests.guard.helpers import local_explanation, passes, row_subject

BINS = Vocabulary(
    labels=["ready", "curing", "sour"],
    features=["moisture_pct", "turns_per_month", "BinAgeYrs", "Drop Per Metre", "has_lid"],
    aliases={
        "moisture_pct": ["moisture"],
        "turns_per_month": ["turns"],
        "BinAgeYrs": ["bin age"],
        "Drop Per Metre": ["drop"],
        "has_lid": ["lid"],
    },
    instance_noun="bin",
)


def test_the_version_is_one_of_this_round() -> None:
    assert GUARD_VERSION in {"claims-53", "claims-54", "claims-55", "claims-56"}  # guard47 sets claims-54 this round


VALUES = {"moisture_pct": 62.0, "turns_per_month": 2.0, "BinAgeYrs": 4.0, "Drop Per Metre": 1.8, "has_lid": "False"}
SUBJECT = row_subject("bin", 7342, VALUES)
PUSHES = {"moisture_pct": 0.61, "turns_per_month": 0.33, "BinAgeYrs": -0.27, "Drop Per Metre": -0.18, "has_lid": 0.05}
LOCAL = local_explanation(SUBJECT, "sour", VALUES, PUSHES, base=0.20, output=0.74)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Moisture and turns add about 0.94 toward sour; bin age and drop take back about 0.45.", True),
        ("Moisture and turns add about 0.94 toward sour; bin age and drop take back about 0.51.", False),
        ("Moisture and turns add about 1.12 toward sour.", False),
        ("Two pushes nearly carry it: moisture and turns add about 0.94, the rest take back about 0.40.", True),
        (
            "Two pushes nearly carry it: moisture and turns add about 0.94, the rest take back about 0.62.",
            False,
        ),
    ],
)
def test_a_group_said_as_a_verbs_subject_is_its_total(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], BINS) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        (
            "| feature | value | push toward sour |\n|---|---|---|\n| moisture | 62 | +0.61 |\n| lid | none | +0.05 |",
            True,
        ),
        (
            "| feature | value | push toward sour |\n|---|---|---|\n| moisture | 62 | +0.61 |\n| lid | none | −0.05 |",
            False,
        ),
        ("The lid (none fitted) pushes toward sour, +0.05.", True),
        ("The lid (none fitted) pushes away from sour, +0.05.", False),
    ],
)
def test_none_after_a_feature_is_its_value(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], BINS) is faithful, reply


GLOBAL = {
    "kind": "global_explanation",
    "label": "sour",
    "method": "SHAP TreeExplainer",
    "n_samples": 150,
    "importances": [
        {"feature": "moisture_pct", "importance": 0.2112, "mean_contribution": 0.004},
        {"feature": "turns_per_month", "importance": 0.0931, "mean_contribution": -0.002},
        {"feature": "BinAgeYrs", "importance": 0.0412, "mean_contribution": 0.001},
        {"feature": "Drop Per Metre", "importance": 0.0406, "mean_contribution": -0.001},
        {"feature": "has_lid", "importance": 0.0551, "mean_contribution": 0.0},
    ],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Moisture carries about half of the total weight for sour (0.211 of roughly 0.44).", True),
        ("Moisture carries about half of the total weight for sour (0.211 of roughly 0.52).", False),
        ("Moisture carries about a quarter of the total weight for sour (0.211 of roughly 0.44).", False),
        ("For sour, moisture and turns matter most and far from equally (0.211 and 0.093).", True),
        ("Bin age and drop tie almost exactly for fourth (0.041 each).", True),
        ("Bin age and drop tie almost exactly for third (0.041 each).", False),
    ],
)
def test_a_part_of_every_features_total_and_a_tie(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], BINS) is faithful, reply


PERFORMANCE = {
    "kind": "performance",
    "metric": "all",
    "value": None,
    "metrics": {"accuracy": 0.74, "precision": 0.73, "recall": 0.74, "f1": 0.73, "roc_auc": 0.84},
    "labels": ["ready", "curing", "sour"],
    "confusion_matrix": [[12, 2, 0], [3, 15, 3], [0, 5, 10]],
    "split": "held-out split",
    "n": 50,
    "group": None,
    "nouns": "bins",
    "label": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        (
            "On 50 held-out bins it is right 74 % of the time, against 42 % for always calling the commonest one.",
            True,
        ),
        (
            "On 50 held-out bins it is right 74 % of the time, against 46 % for always calling the commonest one.",
            False,
        ),
        ("Accuracy 0.74 (vs 0.42 for the majority guess); ROC AUC about 0.84.", True),
        ("Accuracy 0.42 (vs 0.74 for the majority guess); ROC AUC about 0.84.", False),
    ],
)
def test_a_score_set_against_the_majority_baseline(reply: str, faithful: bool) -> None:
    assert passes(reply, [PERFORMANCE], BINS) is faithful, reply


CARD = {
    "kind": "model_information",
    "name": "allotment compost check",
    "model_type": "RandomForestClassifier",
    "description": "a scikit-learn RandomForestClassifier (80 trees, depth 4, seed 9) on the raw columns.",
    "hyperparameters": {"n_estimators": 80, "max_depth": 4, "random_state": 9},
    "training": "Fitted on 120 of the 160 bins; the other 40 are held out.",
    "strengths": [],
    "limitations": [],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("A random-forest classifier of 80 depth-4 trees, fitted on 120 of the 160 bins.", True),
        ("A gradient-boosted classifier of 80 depth-4 trees, fitted on 120 of the 160 bins.", False),
        ("A random-forest classifier of 80 depth-4 trees and a soil acidity of 6 or more.", False),
    ],
)
def test_a_model_family_given_a_value_is_no_feature(reply: str, faithful: bool) -> None:
    assert passes(reply, [CARD], BINS) is faithful, reply


OLD = {"ready": 0.79, "curing": 0.12, "sour": 0.09}
NEW = {"ready": 0.47, "curing": 0.29, "sour": 0.24}


def _what_if(old: dict[str, float], new: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": SUBJECT,
        "changes": [{"feature": "moisture_pct", "old": 62.0, "new": 70.0, "decimals": 0}],
        "old_label": max(old, key=old.__getitem__),
        "old_probabilities": old,
        "new_label": max(new, key=new.__getitem__),
        "new_probabilities": new,
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


WHAT_IF = _what_if(OLD, NEW)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Ready drops by about 0.32 and curing gains about 0.17; the call does not flip.", True),
        ("Ready drops by about 0.32 and curing gains about 0.23; the call does not flip.", False),
        ("No change of class: ready holds at 0.47, though curing rises to 0.29 and sour to 0.24.", True),
        ("No change of class: ready holds at 0.47, though curing rises to 0.24 and sour to 0.29.", False),
        ("With moisture at 70 it drops to sour.", False),
        ("With moisture at 70 it drops to a plainly sour heap.", False),
        ("Still ready, now close to a coin flip instead of four chances in five.", True),
        ("Ready stays on top, though it drops from four in five to one in two.", True),
        ("Ready stays on top, though it drops from four in five to one in four.", False),
        ("With moisture at 70 the call flips to curing.", False),
        ("Moisture at 70 keeps the call ready and trims it from 0.79 to 0.47.", True),
        ("Moisture at 70 keeps the call ready and trims it from 0.79 to 0.57.", False),
        ("Moisture at 70 keeps the call ready and trims heap warmth from 41 to 45.", False),
    ],
)
def test_a_class_share_moved_and_a_coin_flip(reply: str, faithful: bool) -> None:
    assert passes(reply, [WHAT_IF], BINS) is faithful, reply


PREDICTION = {
    "kind": "prediction",
    "subject": SUBJECT,
    "label": "ready",
    "probabilities": {"ready": 0.79, "curing": 0.12, "sour": 0.09},
    "label_counts": None,
    "true_label": "ready",
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Ready, at 79 %; curing and sour split the rest (12 % and 9 %).", True),
        ("Ready, at 79 %; curing and sour split the rest (9 % and 12 %).", False),
    ],
)
def test_a_pair_in_brackets_after_two_joined_names(reply: str, faithful: bool) -> None:
    assert passes(reply, [PREDICTION], BINS) is faithful, reply


SURE = dict(PREDICTION, probabilities={"ready": 0.93, "curing": 0.06, "sour": 0.01})


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Ready, with sour at about one in a hundred.", True),
        ("Ready, with curing at about one in a hundred.", False),
        ("Ready, with curing at about one in twenty.", True),
    ],
)
def test_a_share_said_with_a_denominator_in_words(reply: str, faithful: bool) -> None:
    assert passes(reply, [SURE], BINS) is faithful, reply


COUNTERFACTUAL = {
    "kind": "counterfactual",
    "question": "how_to_be_that",
    "subject": SUBJECT,
    "current_label": "sour",
    "target_label": "ready",
    "counterfactuals": [
        {
            "changes": [
                {"feature": "moisture_pct", "old": 62.0, "new": 48.0},
                {"feature": "Drop Per Metre", "old": 1.8, "new": 3.1},
            ],
            "label": "ready",
            "probability": 0.61,
            "text": None,
        }
    ],
    "method": "nearest rows the model gives the target label",
    "note": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("To be ready, bin 7342 would need moisture at 48 and a steeper drop, 3.1 mm/m instead of 1.8.", True),
        ("To be ready, bin 7342 would need moisture at 48 and a gentler drop, 1.8 mm/m instead of 3.1.", False),
        ("To be ready, bin 7342 would need moisture at 48 and a lower drop.", False),
        ("Cut moisture by 14 points and nearly double the drop: it becomes ready at 0.61.", True),
        ("Cut moisture by 14 points and lower the drop: it becomes ready at 0.61.", False),
        ("Dry it out (moisture 48, not 62) and the bin becomes ready, at 61 %.", True),
        ("Dry it out (moisture 48, not 62) and the bin becomes sour, at 61 %.", False),
        ("Raise moisture by 14 points and nearly double the drop: it becomes ready at 0.61.", False),
    ],
)
def test_a_features_name_is_no_verb_of_its_change(reply: str, faithful: bool) -> None:
    assert passes(reply, [COUNTERFACTUAL], BINS) is faithful, reply


def test_a_total_read_is_named_in_the_claims() -> None:
    report = check_claims("Moisture and turns add about 0.94 toward sour.", [LOCAL], vocabulary=BINS)
    assert any("the group's total" in c for c in report.claims), report.claims
