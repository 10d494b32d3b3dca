"""The guard's claims-53 readings (helper guard46), on an invented host of this file's own: a bakery's sourdough
loaves (classes `risen` / `flat` / `burnt`; features proof_hours, "Oven Temp C", starter_age_days, hydration_pct;
instance noun "loaf", ids 880101-880200). Each reading is tested both ways: the faithful reply passes, the same
reply with one fact changed is flagged.

- the model's call said in the passive, "loaf 880123 is called flat", "Called burnt, ...": a prediction, as
  "is predicted flat" is; a class's name ("a class called flat") is none.
- counts said to make the metric their sentence names ("recall for burnt is 0.75: of 8 burnt loaves it caught 6"):
  the pair's ratio is that metric's value for the class.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from tests.guard.helpers import passes, row_subject

LOAVES = Vocabulary(
    labels=["risen", "flat", "burnt"],
    features=["proof_hours", "Oven Temp C", "starter_age_days", "hydration_pct"],
    aliases={"proof_hours": ["proof time"]},
    instance_noun="loaf",
)
_VALUES = {"proof_hours": 3.5, "Oven Temp C": 245.0, "starter_age_days": 12.0, "hydration_pct": 78.0}
PREDICTION: dict[str, Any] = {
    "kind": "prediction",
    "subject": row_subject("loaf", 880123, _VALUES),
    "label": "flat",
    "probabilities": {"risen": 0.2875, "flat": 0.6411, "burnt": 0.0714},
    "label_counts": None,
    "true_label": "risen",
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Loaf 880123 is called flat, at 0.641.", True),
        ("Loaf 880123 is called risen, at 0.641.", False),
        ("Called flat, with a probability of 0.641.", True),
        ("Called risen, though not by much.", False),
        ("The loaf that proofed 3.5 hours is called flat; the baker logged it as risen.", True),
        ("The loaf that proofed 3.5 hours is called burnt; the baker logged it as risen.", False),
    ],
)
def test_a_call_said_in_the_passive_is_the_prediction(reply: str, faithful: bool) -> None:
    assert passes(reply, [PREDICTION], LOAVES) is faithful


def test_a_class_called_by_a_name_is_no_prediction() -> None:
    # "a class called risen" names the class; it does not say the model called this loaf risen
    report = check_claims("There is a class called risen, for loaves that rose well.", [PREDICTION], vocabulary=LOAVES)
    assert "prediction risen" not in report.claims
    assert report.passed


def test_a_call_in_the_passive_names_its_reading() -> None:
    report = check_claims("Loaf 880123 is called burnt.", [PREDICTION], vocabulary=LOAVES)
    assert "prediction burnt" in report.unsupported
