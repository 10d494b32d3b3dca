"""The guard's claims-56 recall readings (helper guard49), on an invented host of this file's own: a diocese's bell
towers (classes `ringing` / `muffled` / `cracked`; features bellAgeYrs, "Distance To Road [m]", "Frame Width [cm]",
ropes_renewed_per_year, daysSinceTuning; instance noun "tower", ids 770001-770100). Each reading is tested both ways:
the faithful reply passes, the same reply with one fact changed is flagged.

- a subject's value said in words, checked against where it lies in the feature's range (`_value_words`);
- the model's calls counted after the class ("predicts X 50 times", "predicts X for 28 towers") (`_class_totals`);
- an unnumbered rest in a list of the classes' counts ("and a few marked X") (`_label_sets`);
- two classes compared by the model's errors or catches on them (`_class_compare`).
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from tests.guard.helpers import passes, row_subject

TOWERS = Vocabulary(
    labels=["ringing", "muffled", "cracked"],
    features=["bellAgeYrs", "Distance To Road [m]", "Frame Width [cm]", "ropes_renewed_per_year", "daysSinceTuning"],
    aliases={
        "bellAgeYrs": ["bell age"],
        "Distance To Road [m]": ["distance to the road"],
        "Frame Width [cm]": ["frame width"],
        "ropes_renewed_per_year": ["rope renewals"],
        "daysSinceTuning": ["days since tuning"],
    },
    instance_noun="tower",
    ranges={
        "bellAgeYrs": (3.0, 140.0),
        "Distance To Road [m]": (10.0, 450.0),
        "Frame Width [cm]": (40.0, 100.0),
        "ropes_renewed_per_year": (0.0, 4.0),
        "daysSinceTuning": (15.0, 900.0),
    },
)
_VALUES = {
    "bellAgeYrs": 8.0,
    "Distance To Road [m]": 412.0,
    "Frame Width [cm]": 95.0,
    "ropes_renewed_per_year": 3.0,
    "daysSinceTuning": 820.0,
}
_TOWER = row_subject("tower", 770012, _VALUES)
_PREDICTION: dict[str, Any] = {
    "kind": "prediction",
    "subject": _TOWER,
    "label": "ringing",
    "probabilities": {"ringing": 0.71, "muffled": 0.2, "cracked": 0.09},
    "label_counts": None,
    "true_label": "ringing",
}
#: rows true, columns predicted: ringing 48 true / 50 called, muffled 32 / 28, cracked 20 / 22
_MATRIX = [[40, 5, 3], [8, 20, 4], [2, 3, 15]]
_PERFORMANCE: dict[str, Any] = {
    "kind": "performance",
    "metric": "all",
    "value": None,
    "metrics": {"accuracy": 0.75},
    "labels": ["ringing", "muffled", "cracked"],
    "confusion_matrix": _MATRIX,
    "split": "held-out split",
    "n": 100,
    "group": None,
    "nouns": "towers",
    "label": None,
}


def test_the_version_names_the_readings() -> None:
    assert GUARD_VERSION == "claims-56"


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The young bell of tower 770012 (8 years) is predicted ringing at 0.71.", True),
        ("The old bell of tower 770012 (8 years) is predicted ringing at 0.71.", False),
        ("Ringing at 0.71: a tower far from the road (412 m).", True),
        ("Ringing at 0.71: a tower right beside the road (412 m).", False),
        ("Ringing at 0.71, though it is not close to the road (412 m).", True),
        ("Ringing at 0.71, with a wide frame (95 cm).", True),
        ("Ringing at 0.71, with a narrow frame (95 cm).", False),
        ("Ringing at 0.71, with a large frame width of 95.", True),
        ("Ringing at 0.71, with a small frame width of 95.", False),
        ("Ringing at 0.71; tuned recently (820 days ago).", False),
        ("Ringing at 0.71; tuning was long overdue (820 days).", True),
    ],
)
def test_a_value_said_in_words(reply: str, faithful: bool) -> None:
    assert passes(reply, [_PREDICTION], TOWERS) is faithful


@pytest.mark.parametrize(
    "reply",
    [
        # a rate is no time: "recent" is not bound to ropes_renewed_per_year
        "Ringing at 0.71; its ropes were renewed recently (3 a year).",
        # a comparison and a change: no place in the range
        "Tuned far more recently (820 → 20 days), it would stay ringing.",
    ],
)
def test_a_value_word_claims_nothing_without_its_place(reply: str) -> None:
    report = check_claims(reply, [_PREDICTION], vocabulary=TOWERS)
    assert not any(c.startswith("value word") for c in report.claims)


def test_a_value_word_needs_a_range() -> None:
    unranged = TOWERS.model_copy(update={"ranges": {}})
    report = check_claims("The old bell (8 years) is ringing at 0.71.", [_PREDICTION], vocabulary=unranged)
    assert not any(c.startswith("value word") for c in report.claims)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("It predicts ringing 50 times, muffled 28 times and cracked 22 times.", True),
        ("It predicts ringing 48 times, muffled 32 times and cracked 20 times.", False),
        ("Accuracy 0.75. It predicts muffled for 28 towers, of which 20 are right.", True),
        ("Accuracy 0.75. It predicts muffled for 32 towers, of which 20 are right.", False),
    ],
)
def test_the_models_calls_counted_after_the_class(reply: str, faithful: bool) -> None:
    assert passes(reply, [_PERFORMANCE], TOWERS) is faithful


_CARD: dict[str, Any] = {
    "kind": "data_information",
    "name": "bell towers",
    "description": "Bell towers of an invented diocese, one row per tower at its yearly survey.",
    "n_rows": 100,
    "target": "bell_state",
    "class_balance": {"ringing": 48, "muffled": 32, "cracked": 20},
    "features": [],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("100 towers: 48 ringing, 32 muffled, and a few marked cracked.", True),
        ("100 towers: 48 ringing, 32 muffled, 20 cracked, and a few marked silent.", False),
        ("100 towers: 48 ringing, 32 muffled and some more.", True),
        ("100 towers: 48 ringing, 32 muffled, and some condemned.", False),
    ],
)
def test_an_unnumbered_rest_of_the_classes(reply: str, faithful: bool) -> None:
    assert passes(reply, [_CARD], TOWERS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("It makes more mistakes on muffled towers than on ringing ones.", True),
        ("It makes more mistakes on ringing towers than on muffled ones.", False),
        ("It makes fewer errors with ringing towers than with muffled ones.", True),
        ("It catches 40 of the 48 ringing towers, more than it manages for cracked.", True),
        ("It catches 15 of the 20 cracked towers, more than it manages for ringing.", False),
        ("The model is better at ringing than at cracked.", True),
        ("The model is better at cracked than at ringing.", False),
        # two kinds of error set against each other, no class against a class
        ("Its recall is lower: more likely to miss a cracked tower than to wrongly call a ringing one cracked.", True),
    ],
)
def test_two_classes_compared_by_errors_or_catches(reply: str, faithful: bool) -> None:
    assert passes(reply, [_PERFORMANCE], TOWERS) is faithful


_SWITCH_TOWERS = TOWERS.model_copy(
    update={
        "features": [*TOWERS.features, "has_louvres"],
        "aliases": {**TOWERS.aliases, "has_louvres": ["sound louvres"]},
        "categories": {"has_louvres": ["False", "True"]},
    }
)


def _counterfactual(changes: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "kind": "counterfactual",
        "question": "why_not",
        "subject": row_subject("tower", 770012, {**_VALUES, "has_louvres": "False"}),
        "current_label": "ringing",
        "target_label": "muffled",
        "counterfactuals": [{"changes": changes, "label": "muffled", "probability": 0.52, "text": None}],
        "method": "nearest rows",
        "note": None,
    }


_AGE = {"feature": "bellAgeYrs", "old": 8.0, "new": 30.0}
_LOUVRES = {"feature": "has_louvres", "old": "False", "new": "True"}


@pytest.mark.parametrize(
    ("reply", "changes", "faithful"),
    [
        ("It would be muffled with the bell 8 -> 30 years old and louvres fitted.", [_AGE, _LOUVRES], True),
        ("It would be muffled with the bell 8 -> 30 years old and louvres fitted.", [_AGE], False),
        ("It would be muffled with the bell 8 -> 30 years old and the louvres removed.", [_AGE, _LOUVRES], False),
        ("Install sound louvres and age the bell from 8 to 30 years: then muffled.", [_AGE, _LOUVRES], True),
        ("Age the bell from 8 to 30 years, no need to fit louvres: then muffled.", [_AGE], True),
    ],
)
def test_a_yes_no_feature_said_switched(reply: str, changes: list[dict[str, Any]], faithful: bool) -> None:
    assert passes(reply, [_counterfactual(changes)], _SWITCH_TOWERS) is faithful


_CARD_MODEL: dict[str, Any] = {
    "kind": "model_information",
    "name": "bell towers",
    "model_type": "RandomForestClassifier",
    "description": "a random forest of 80 trees on the survey's columns.",
    "hyperparameters": {"n_estimators": 80, "max_depth": 5, "min_samples_leaf": 2},
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("A random forest: 80 trees of depth at most 5.", True),
        ("A random forest: 80 trees of depth at most 8.", False),
        ("A random forest of 80 trees, depth capped at 5.", True),
    ],
)
def test_a_bound_said_of_the_depth(reply: str, faithful: bool) -> None:
    assert passes(reply, [_CARD_MODEL], TOWERS) is faithful
