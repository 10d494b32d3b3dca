"""The guard's claims-55 recall readings (helper guard48), on an invented host of this file's own: a canal's lock-gate
inspections (classes `sound` / `leaking` / `seized`; features gate_age_yrs, "Timber Wetness pct", hinge_greased,
boat_passes_per_day; instance noun "gate", ids 880001-880300). Each reading is tested both ways: the faithful reply
passes, the same reply with one fact changed is flagged.

- calibration said of result payloads that never mention calibrating (`_model_facts`);
- a keeper's label after "found", a perfect tense, "the / this <noun>" and a keeper's possessive is the recorded
  label (`_predictions._RECORD_SAYS`);
- an outcome verb with the subject between it and the class ("would flip gate 880123 to X", "would turn 880123 X")
  (`_cues.PREDICTED`);
- a forest's probability said as its trees' vote share (`_cues.PROBABILITY`) and a class as the subject of "is
  predicted for <subject>" (`_cues.PREDICTED_AFTER`).
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from tests.guard.helpers import passes, row_subject

GATES = Vocabulary(
    labels=["sound", "leaking", "seized"],
    features=["gate_age_yrs", "Timber Wetness pct", "hinge_greased", "boat_passes_per_day"],
    aliases={
        "gate_age_yrs": ["gate age"],
        "Timber Wetness pct": ["timber wetness"],
        "hinge_greased": ["greased hinge"],
        "boat_passes_per_day": ["boat passes"],
    },
    instance_noun="gate",
)
_VALUES = {"gate_age_yrs": 31.0, "Timber Wetness pct": 44.0, "hinge_greased": False, "boat_passes_per_day": 18.0}
_GATE = row_subject("gate", 880123, _VALUES)


def test_the_version_names_the_readings() -> None:
    assert GUARD_VERSION in ("claims-55", "claims-56")


def _prediction(recorded: str) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": _GATE,
        "label": "leaking",
        "probabilities": {"sound": 0.26, "leaking": 0.61, "seized": 0.13},
        "label_counts": None,
        "true_label": recorded,
    }


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Leaking at 61 %, and since the forest is calibrated that is a real three-in-five chance.", False),
        ("Leaking at 0.61, a calibrated chance that the gate lets water through.", False),
        ("Leaking at 0.61; the share is a vote of the trees, not a calibrated chance.", True),
        ("Leaking at 0.61 (the scores are uncalibrated).", True),
    ],
)
def test_calibration_the_payloads_never_mention(reply: str, faithful: bool) -> None:
    assert passes(reply, [_prediction("leaking")], GATES) is faithful


def test_calibration_a_model_card_names_is_said() -> None:
    card = {
        "kind": "model_information",
        "name": "lock gates",
        "model_type": "CalibratedClassifierCV",
        "description": "A random forest wrapped in sigmoid calibration (3 folds) that grades each lock gate.",
    }
    assert passes("The forest's scores are calibrated (sigmoid, 3 folds).", [card], GATES)


def test_calibration_in_a_text_output_stays_unread() -> None:
    # a remote host's strings may leave calibration unsaid: no claim either way
    report = check_claims("It is leaking, and the score is calibrated.", ["leaking"], vocabulary=GATES)
    assert not any("calibrated" in c for c in report.claims)


@pytest.mark.parametrize(
    ("reply", "recorded", "faithful"),
    [
        ("Predicted leaking (0.61), but the inspection graded this gate as seized.", "seized", True),
        ("Predicted leaking (0.61), but the inspection graded this gate as seized.", "leaking", False),
        ("Gate 880123 is predicted leaking (0.61), though the survey had found it sound.", "sound", True),
        ("Gate 880123 is predicted leaking (0.61), though the survey had found it sound.", "seized", False),
        ("Predicted leaking at 0.61, matching the survey's leaking.", "leaking", True),
        ("Predicted leaking at 0.61, matching the survey's leaking.", "sound", False),
        ("Leaking at 0.61, although the log found the timber seized.", "seized", True),
        ("Leaking at 0.61, although the log found the timber seized.", "sound", False),
    ],
)
def test_a_keepers_label_said_with_found_or_a_possessive(reply: str, recorded: str, faithful: bool) -> None:
    assert passes(reply, [_prediction(recorded)], GATES) is faithful


WHAT_IF: dict[str, Any] = {
    "kind": "what_if",
    "subject": _GATE,
    "changes": [{"feature": "hinge_greased", "old": False, "new": True}],
    "old_label": "leaking",
    "old_probabilities": {"sound": 0.26, "leaking": 0.61, "seized": 0.13},
    "new_label": "sound",
    "new_probabilities": {"sound": 0.57, "leaking": 0.33, "seized": 0.10},
    "old_label_counts": None,
    "new_label_counts": None,
    "note": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Greasing the hinge would turn 880123 sound.", True),
        ("Greasing the hinge would turn 880123 seized.", False),
        ("Greasing the hinge would flip gate 880123 to sound.", True),
        ("Greasing the hinge would flip gate 880123 to seized.", False),
        ("A greased hinge would make 880123 sound (0.57).", True),
        ("A greased hinge would make 880123 leaking (0.57).", False),
    ],
)
def test_an_outcome_verb_with_the_subject_before_the_class(reply: str, faithful: bool) -> None:
    assert passes(reply, [WHAT_IF], GATES) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The model says leaking for 880123 with a 0.61 share.", True),
        ("The model says leaking for 880123 with a 0.26 share.", False),
        ("Leaking is predicted for gate 880123, with 0.61 of the votes.", True),
        ("Leaking is predicted for gate 880123, with 0.13 of the votes.", False),
        ("Leaking is predicted for 880123, though only 0.61 of the trees back it.", True),
        ("Leaking is predicted for 880123, though only 0.26 of the trees back it.", False),
        ("Leaking is predicted for gate 880123.", True),
        ("Sound is predicted for gate 880123.", False),
        ("Seized is predicted (0.13).", False),
    ],
)
def test_the_predicted_class_and_its_vote_share(reply: str, faithful: bool) -> None:
    assert passes(reply, [_prediction("leaking")], GATES) is faithful


def test_a_class_said_predicted_in_its_meaning_is_no_prediction() -> None:
    # "X is predicted when ...": what a class means, not today's call
    report = check_claims(
        "Seized is predicted when the gate no longer swings.", [_prediction("leaking")], vocabulary=GATES
    )
    assert "prediction seized" not in report.claims


def _data_card(median: float | None) -> dict[str, Any]:
    age = {"name": "gate_age_yrs", "type": "numeric", "min": 3.0, "max": 88.0, "mean": 41.3, "std": 19.6}
    wet = {"name": "Timber Wetness pct", "type": "numeric", "min": 12.0, "max": 71.0, "mean": 38.2, "std": 11.4}
    age["median"] = median
    return {
        "kind": "data_information",
        "name": "canal lock gate inspections",
        "n_rows": 300,
        "target": "gate_state",
        "class_balance": {"sound": 140, "leaking": 95, "seized": 65},
        "features": [age, wet],
    }


@pytest.mark.parametrize(
    ("reply", "median", "faithful"),
    [
        ("The median gate is 39 years old.", 39.0, True),
        ("The median gate is 41.3 years old.", 39.0, False),
        ("The mean gate is 41.3 years old.", None, True),
        ("The median gate is 41.3 years old.", None, False),
        ("Timber wetness: median 38.2, lowest 12.", None, False),
        ("Timber wetness: mean 38.2, lowest 12.", None, True),
    ],
)
def test_a_number_said_as_another_statistic(reply: str, median: float | None, faithful: bool) -> None:
    assert passes(reply, [_data_card(median)], GATES) is faithful


def test_a_label_rows_mean_is_no_misnamed_statistic() -> None:
    card = _data_card(None)
    card["features"][0]["mean_by_label"] = {"sound": 30.5, "leaking": 47.9, "seized": 55.0}
    report = check_claims("Seized mean 55.0 vs sound 30.5.", [card], vocabulary=GATES)
    assert not any("another statistic" in c for c in report.unsupported)
