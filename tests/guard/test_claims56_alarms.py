"""The guard's claims-56 false-alarm fixes (helper gfa49), on an invented host of this file's own: a rowing club's
boat inspections (classes `seaworthy` / `leaky` / `condemned`; features hullAgeYrs, "Hull Material" (a category),
rivets_loose, "Storage Site" (a category: shed or jetty), shed_distance_m, days_since_varnish; instance noun
"boat", ids 7301-7399).

Each reading is tested both ways where the form has a wrong version the guard can read: the faithful reply passes,
the same form with a wrong figure, class or order is flagged.

- an adverb after a class in a list of classes ("Seaworthy, narrowly (...)") is no invented class (`_causes`);
- an adverb or a participle in a feature's place ("more surely: 0.61 → 0.72", "the features are standardised") is no
  invented feature (`_causes`);
- the counts said to make a metric ("of the 11 it called X, only 3 were", "only 3 of its 11 calls were right") are
  no numbers of their own: the pair is checked as the metric's share (`_metric_counts`, `_number_exits`);
- two subjects' records said as a pair in a sentence naming neither ("the logbook says A and B respectively") are
  read in the order the reply named the subjects (`_record_pairs`);
- a class said of the subject after "gets it wrong;" / "it's wrong:" is its record (`_predictions`);
- a change's amount before "fewer" or a hyphened unit and a comparative ("160 fewer days", "a 160-day shorter gap")
  (`_cues.AMOUNT_AFTER`);
- a constant guess said before its number ("Guessing X every time would give 0.633") (`_baselines`);
- a class after "unlike for" is no explained class (`_global_for`);
- a feature ranked against itself (the other side in words no name binds) is not compared (`_rank_checks`);
- a feature's own category value after its name ("Storage Site shed") is no mention of another feature
  (`_own_values`);
- counts of two groups after "outnumber" ("A boats outnumber B ones 38 to 11") are the groups' (`_respective`).
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from tests.guard.helpers import local_explanation, passes, row_subject

LABELS = ["seaworthy", "leaky", "condemned"]
FEATURES = ["hullAgeYrs", "Hull Material", "rivets_loose", "Storage Site", "shed_distance_m", "days_since_varnish"]
BOATS = Vocabulary(
    labels=LABELS,
    features=FEATURES,
    aliases={
        "hullAgeYrs": ["hull age"],
        "Hull Material": ["material"],
        "rivets_loose": ["rivets", "loose rivets"],
        "Storage Site": ["storage"],
        "shed_distance_m": ["distance to the shed"],
        "days_since_varnish": ["days since varnish", "varnish gap"],
    },
    instance_noun="boat",
)
VALUES: dict[str, Any] = {
    "hullAgeYrs": 12.0,
    "Hull Material": "wood",
    "rivets_loose": 3.0,
    "Storage Site": "shed",
    "shed_distance_m": 40.0,
    "days_since_varnish": 300.0,
}


def _subject(ident: int) -> dict[str, Any]:
    return row_subject("boat", ident, VALUES)


def _prediction(ident: int, probabilities: dict[str, float], recorded: str) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": _subject(ident),
        "label": max(probabilities, key=probabilities.__getitem__),
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": recorded,
    }


NARROW = _prediction(7301, {"seaworthy": 0.48, "leaky": 0.44, "condemned": 0.08}, "leaky")


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Seaworthy, narrowly (0.48 vs 0.44 for leaky; condemned only 0.08). Recorded: leaky.", True),
        ("Seaworthy, narrowly (0.48 vs 0.44 for leaky; condemned only 0.08). Recorded: condemned.", False),
        ("Seaworthy, narrowly (0.44 vs 0.48 for leaky; condemned only 0.08).", False),
    ],
)
def test_an_adverb_after_a_class_is_no_class(reply: str, faithful: bool) -> None:
    assert passes(reply, [NARROW], BOATS) is faithful, reply


WHAT_IF = {
    "kind": "what_if",
    "subject": _subject(7301),
    "changes": [{"feature": "hullAgeYrs", "old": 12.0, "new": 4.0, "decimals": 0}],
    "old_label": "leaky",
    "old_probabilities": {"seaworthy": 0.30, "leaky": 0.61, "condemned": 0.09},
    "new_label": "leaky",
    "new_probabilities": {"seaworthy": 0.20, "leaky": 0.72, "condemned": 0.08},
    "old_label_counts": None,
    "new_label_counts": None,
}
MODEL = {
    "kind": "model_information",
    "name": "rowing club boat inspections",
    "model_type": "Pipeline(ColumnTransformer → LogisticRegression)",
    "description": "the numbers scaled (StandardScaler), the material one-hot encoded, then LogisticRegression.",
    "hyperparameters": {"logistic__C": 1.0},
    "training": "Fitted on 90 of the 120 boats.",
    "strengths": [],
    "limitations": [],
}


@pytest.mark.parametrize(
    ("reply", "outputs", "faithful"),
    [
        ("With a hull 8 years younger (12 → 4) boat 7301 stays leaky, more surely: 0.61 → 0.72.", [WHAT_IF], True),
        ("With a hull 8 years younger (12 → 4) boat 7301 stays leaky, more surely: 0.61 → 0.81.", [WHAT_IF], False),
        ("The numeric features are standardised and the material is one-hot encoded.", [MODEL], True),
        ("The inputs were scaled first, then a logistic regression makes the call.", [MODEL], True),
        ("The most important feature is colour.", [MODEL], False),
    ],
)
def test_an_adverb_or_a_participle_is_no_feature(reply: str, outputs: list[dict[str, Any]], faithful: bool) -> None:
    assert passes(reply, outputs, BOATS) is faithful, reply


PRECISION = {
    "kind": "performance",
    "metric": "precision",
    "value": 3 / 11,
    "metrics": {"accuracy": 0.5, "precision": 3 / 11, "recall": 0.375, "f1": 0.316},
    "labels": LABELS,
    "confusion_matrix": None,
    "split": "held-out split",
    "n": 30,
    "group": None,
    "nouns": "boats",
    "label": "leaky",
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Precision for leaky is 0.273: of the 11 boats the model called leaky, only 3 really were.", True),
        ("Precision for leaky is 0.273: of the 12 boats the model called leaky, only 3 really were.", False),
        (
            "It finds most real leaks, though it over-calls them: only 3 of its 11 leaky calls were right "
            "(precision 0.273).",
            True,
        ),
        (
            "It finds most real leaks, though it over-calls them: only 4 of its 11 leaky calls were right "
            "(precision 0.273).",
            False,
        ),
    ],
)
def test_the_counts_of_a_metric_are_checked_as_its_share(reply: str, faithful: bool) -> None:
    assert passes(reply, [PRECISION], BOATS) is faithful, reply


def test_the_counts_of_a_metric_are_read_as_such() -> None:
    reply = "Precision for leaky is 0.273: of the 11 boats the model called leaky, only 3 really were."
    report = check_claims(reply, [PRECISION], vocabulary=BOATS)
    assert "precision said by counting: 3 of 11" in report.claims


LEANS = "7301 leans seaworthy (51%) and 7302 leans leaky (47%)."
PAIR = [
    _prediction(7301, {"seaworthy": 0.51, "leaky": 0.40, "condemned": 0.09}, "leaky"),
    _prediction(7302, {"seaworthy": 0.20, "leaky": 0.47, "condemned": 0.33}, "condemned"),
]


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        (f"{LEANS} The logbook says leaky and condemned respectively.", True),
        (f"{LEANS} The logbook says condemned and leaky respectively.", False),
        (f"{LEANS} Both are wrong: the checks recorded leaky and condemned.", True),
        (f"{LEANS} Both are wrong: the checks recorded condemned and leaky.", False),
    ],
)
def test_two_subjects_records_in_a_pair_are_read_in_order(reply: str, faithful: bool) -> None:
    assert passes(reply, PAIR, BOATS) is faithful, reply


def test_two_records_with_no_order_are_not_compared() -> None:
    report = check_claims("The logbook says condemned and leaky respectively.", PAIR, vocabulary=BOATS)
    assert report.passed
    assert any("no order of the subjects" in u for u in report.unchecked)


WRONG = _prediction(7301, {"seaworthy": 0.55, "leaky": 0.35, "condemned": 0.10}, "leaky")


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The model thinks it's seaworthy, without much conviction, and it's wrong: the boat was leaky.", True),
        ("The model thinks it's seaworthy, without much conviction, and it's wrong: the boat was condemned.", False),
        ("The model leans seaworthy by a hair and gets it wrong; the boat was leaky.", True),
        ("The model leans seaworthy by a hair and gets it wrong; the boat was condemned.", False),
        ("The model thinks the boat is leaky.", False),
    ],
)
def test_a_class_after_the_call_is_said_wrong_is_the_record(reply: str, faithful: bool) -> None:
    assert passes(reply, [WRONG], BOATS) is faithful, reply


COUNTERFACTUAL = {
    "kind": "counterfactual",
    "question": "how_to_be_that",
    "subject": _subject(7301),
    "current_label": "leaky",
    "target_label": "seaworthy",
    "counterfactuals": [
        {
            "changes": [{"feature": "days_since_varnish", "old": 300.0, "new": 140.0}],
            "label": "seaworthy",
            "probability": 0.58,
            "text": None,
        }
    ],
    "method": "nearest rows the model gives the target label",
    "note": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("One change is enough: 160 fewer days since varnish, and seaworthy comes out at 0.58.", True),
        ("One change is enough: 210 fewer days since varnish, and seaworthy comes out at 0.58.", False),
        ("One change: a 160-day shorter varnish gap.", True),
        ("One change: a 120-day shorter varnish gap.", False),
    ],
)
def test_a_change_amount_before_fewer_or_a_hyphened_unit(reply: str, faithful: bool) -> None:
    assert passes(reply, [COUNTERFACTUAL], BOATS) is faithful, reply


SCORES = {
    "kind": "performance",
    "metric": "all",
    "value": None,
    "metrics": {"accuracy": 20 / 30},
    "labels": LABELS,
    "confusion_matrix": [[14, 3, 2], [2, 5, 1], [1, 1, 1]],
    "split": "held-out split",
    "n": 30,
    "group": None,
    "nouns": "boats",
    "label": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Guessing seaworthy every time would give 0.633; the model does better at 0.667.", True),
        ("Guessing leaky every time would give 0.633; the model does better at 0.667.", False),
        ("Always predicting seaworthy scores 0.633.", True),
        ("Always predicting seaworthy scores 0.7.", False),
    ],
)
def test_a_constant_guess_said_before_its_number(reply: str, faithful: bool) -> None:
    assert passes(reply, [SCORES], BOATS) is faithful, reply


GLOBAL = {
    "kind": "global_explanation",
    "label": "seaworthy",
    "method": "SHAP",
    "n_samples": 120,
    "importances": [
        {"feature": "hullAgeYrs", "importance": 0.41, "mean_contribution": 0.02},
        {"feature": "rivets_loose", "importance": 0.30, "mean_contribution": -0.01},
        {"feature": "shed_distance_m", "importance": 0.28, "mean_contribution": 0.01},
        {"feature": "Hull Material", "importance": 0.12, "mean_contribution": 0.0},
        {"feature": "Storage Site", "importance": 0.05, "mean_contribution": 0.0},
        {"feature": "days_since_varnish", "importance": 0.02, "mean_contribution": 0.0},
    ],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Unlike for leaky, where the rivets are far ahead, for seaworthy the hull age leads.", True),
        ("Unlike for seaworthy, where the rivets are far ahead, for leaky the hull age leads.", False),
        ("Hull age first, then the rivets - the walk to the boat store is only just behind the rivets.", True),
        ("The rivets first, then the hull age.", False),
        ("The rivets are more important than the rivets.", False),
    ],
)
def test_a_contrasted_class_and_a_rank_against_itself(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], BOATS) is faithful, reply


LOCAL = local_explanation(
    _subject(7301),
    "leaky",
    VALUES,
    {
        "rivets_loose": 0.143,
        "hullAgeYrs": 0.096,
        "Storage Site": 0.047,
        "days_since_varnish": 0.031,
        "shed_distance_m": -0.012,
        "Hull Material": -0.004,
    },
    base=0.35,
    output=0.65,
)

TOP = "Top pushes toward leaky:\n1. rivets_loose 3: +0.143\n2. hullAgeYrs 12: +0.096\n"


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        (f"{TOP}3. Storage Site shed: +0.047", True),
        (f"{TOP}3. Storage Site shed: +0.031", False),
        ("Top pushes toward leaky:\n1. rivets_loose 3: +0.143\n2. hullAgeYrs 12: +0.047", False),
    ],
)
def test_a_features_own_value_after_its_name_is_no_other_feature(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], BOATS) is faithful, reply


DATA = {
    "kind": "data_information",
    "name": "rowing club boat inspections",
    "description": "Boats of an invented club, one row per boat at the spring inspection.",
    "n_rows": 120,
    "target": "state",
    "class_balance": {"seaworthy": 70, "leaky": 40, "condemned": 10},
    "features": [],
    "feature": {
        "name": "rivets_loose",
        "type": "numeric",
        "description": "loose rivets counted on the hull",
        "min": 0.0,
        "max": 12.0,
        "mean": 4.1,
        "std": 2.9,
        "median": None,
        "q1": None,
        "q3": None,
        "categories": None,
        "mean_by_label": None,
        "histogram_by_label": {
            "edges": [0.0, 3.0, 6.0, 9.0, 12.0],
            "counts": {"seaworthy": [30, 25, 10, 5], "leaky": [4, 12, 14, 10], "condemned": [0, 1, 3, 6]},
        },
        "counts_by_label": None,
        "missing": None,
    },
    "group": None,
    "n_total": None,
    "nouns": None,
    "group_fields": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Above 6 loose rivets, leaky boats outnumber seaworthy ones 24 to 15.", True),
        ("Above 6 loose rivets, leaky boats outnumber seaworthy ones 27 to 15.", False),
    ],
)
def test_counts_after_outnumber_are_the_groups(reply: str, faithful: bool) -> None:
    assert passes(reply, [DATA], BOATS) is faithful, reply


DARTS = Vocabulary(labels=["bull", "miss"], features=["distance_m"], instance_noun="dart")


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Both darts are predicted misses, at 0.9 and 0.8.", True),
        ("Both darts are predicted bulls, at 0.9 and 0.8.", True),
        ("Both darts are predicted hits, at 0.9 and 0.8.", False),
    ],
)
def test_a_class_in_the_plural_is_that_class(reply: str, faithful: bool) -> None:
    outputs = [
        {
            "kind": "prediction",
            "subject": row_subject("dart", ident, {"distance_m": 2.0}),
            "label": label,
            "probabilities": {label: p, "bull" if label == "miss" else "miss": round(1 - p, 2)},
            "label_counts": None,
            "true_label": label,
        }
        for ident, label, p in (
            (8101, "miss" if "misses" in reply else "bull", 0.9),
            (8102, "miss" if "misses" in reply else "bull", 0.8),
        )
    ]
    assert passes(reply, outputs, DARTS) is faithful, reply
