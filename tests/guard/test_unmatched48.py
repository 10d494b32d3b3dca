"""claims-48 (helper gnum41): numbers the guard left unchecked that match no number of the outputs, and ratios said
between two named features, on an invented host of this file's own: a canal company's lock gates (classes `sound` /
`leaking`; features gate_age_years, seal_wear_mm, "Boat Passages" and a categorical timber; instance noun "gate",
ids 148101-148400). Each reading is tested both ways.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._facts import Facts
from simxai.guard._unmatched import FLAGGED, SCALE_POINTS, UNMATCHED_NOTE, derived_figures, frame_of
from tests.guard.helpers import passes, row_subject

GATES = Vocabulary(
    labels=["sound", "leaking"],
    features=["gate_age_years", "seal_wear_mm", "Boat Passages", "timber"],
    aliases={"gate_age_years": ["gate age"], "seal_wear_mm": ["seal wear"], "Boat Passages": ["boat passages"]},
    instance_noun="gate",
    categories={"timber": ["oak", "elm"]},
)
VALUES = {"gate_age_years": 31.0, "seal_wear_mm": 4.2, "Boat Passages": 880.0, "timber": "oak"}


def _still(kept: int, checked: int) -> dict[str, Any]:
    return {
        "kind": "still_this",
        "subject": row_subject("gate", 148120, VALUES),
        "label": "sound",
        "kept_label": None,
        "kept_edits": [],
        "probability": 0.88,
        "method": "one feature at a time on a grid over its observed range",
        "ranges": [{"feature": "seal_wear_mm", "low": 1.0, "current": 4.2, "high": 7.5, "categories": None}],
        "samples_checked": checked,
        "samples_kept": kept,
    }


GLOBAL = {
    "kind": "global_explanation",
    "label": "leaking",
    "method": "mean |SHAP| over the sampled gates",
    "n_samples": 90,
    "importances": [
        {"feature": "seal_wear_mm", "importance": 0.124, "mean_contribution": 0.05},
        {"feature": "gate_age_years", "importance": 0.041, "mean_contribution": 0.01},
        {"feature": "Boat Passages", "importance": 0.020, "mean_contribution": -0.004},
    ],
}
PREDICTION = {
    "kind": "prediction",
    "subject": row_subject("gate", 148150, VALUES),
    "label": "leaking",
    "probabilities": {"sound": 0.27, "leaking": 0.73},
    "label_counts": None,
    "true_label": "leaking",
}


@pytest.mark.parametrize(
    ("reply", "kept", "ok"),
    [
        # all 120 varied versions stayed sound: a share that turned leaking matches no number of the outputs
        ("Of 120 varied versions of gate 148120, about one in four turned leaking.", 120, False),
        # 30 of 120 flipped: the share that turned is a figure of the outputs' counts
        ("Of 120 varied versions of gate 148120, about one in four turned leaking.", 90, True),
        ("Of 120 varied versions of gate 148120, none turned leaking.", 120, True),
    ],
)
def test_a_share_of_a_class_the_outputs_give_no_probability_of(reply: str, kept: int, ok: bool) -> None:
    assert "unstated probability" in FLAGGED
    assert passes(reply, [_still(kept, 120)], GATES) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Seal wear matters roughly three times as much as gate age.", True),
        ("Seal wear matters roughly eight times as much as gate age.", False),
        ("Seal wear matters 3.0 times as much as gate age.", True),
        ("Seal wear matters 1.8 times as much as gate age.", False),
        ("Gate age weighs about twice as much as boat passages (0.041 vs 0.020).", True),
        ("Gate age weighs about half again as much as boat passages (0.041 vs 0.020).", False),
        # a ratio with no second feature named is no ratio of two features: not compared
        ("Gate age and boat passages are about a third as important.", True),
    ],
)
def test_a_ratio_said_between_two_named_features(reply: str, ok: bool) -> None:
    assert passes(reply, [GLOBAL], GATES) is ok


def test_a_ratio_is_a_claim_named_by_its_features() -> None:
    report = check_claims("Seal wear matters roughly eight times as much as gate age.", [GLOBAL], vocabulary=GATES)
    assert report.unsupported == ["ratio eight of seal_wear_mm to gate_age_years"]
    assert report.mechanisms[report.unsupported[0]] == "ratio of two named features"


def test_an_unmatched_number_in_a_frame_not_flagged_stays_unchecked_and_says_so() -> None:
    wrong = check_claims("Gate 148150 is leaking at 73 %, a gap of 35 points.", [PREDICTION], vocabulary=GATES)
    right = check_claims("Gate 148150 is leaking at 73 %, a gap of 46 points.", [PREDICTION], vocabulary=GATES)
    assert wrong.passed and right.passed
    assert any(u.startswith("number 35") and u.endswith(UNMATCHED_NOTE + ")") for u in wrong.unchecked)
    assert not any(UNMATCHED_NOTE in u for u in right.unchecked)


@pytest.mark.parametrize(
    ("entry", "frame"),
    [
        ("number 35 (a difference the outputs do not give, not compared)", "difference"),
        ("number 0.4 (gate_age_years) (a total, not compared" + UNMATCHED_NOTE + ")", "total"),
        ("number 30 (sound) (the outputs state no probability of sound, not compared)", "unstated probability"),
        ("number 2 (a small integer: a count or an enumeration)", "small integer"),
        ("number 9 (something never said before)", "other: something never said before"),
    ],
)
def test_the_frame_of_an_unchecked_number(entry: str, frame: str) -> None:
    assert frame_of(entry) == frame


def test_the_figures_derived_from_the_outputs() -> None:
    facts = Facts(
        label_numbers={"sound": {0.27}, "leaking": {0.73}},
        attributions=[("seal_wear_mm", "leaking", 0.21), ("gate_age_years", "leaking", -0.08)],
        matrices=[[[40.0, 5.0], [10.0, 35.0]]],
        samples=[(90, 120)],
    )
    known = derived_figures(facts, set())
    for figure in (0.27, 1 - 0.73, 0.21 - 0.08, 0.21 + 0.08, 45.0, 50.0, 75.0, 15.0, 90.0, 0.25, *SCALE_POINTS):
        assert any(abs(figure - x) < 1e-9 for x in known), figure
    assert not any(abs(0.35 - x) < 1e-9 for x in known)


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        # the second ratio of a sentence is still of the feature the first was of, not of the first's second feature
        (
            "Seal wear matters about three times as much as gate age, and about six times as much as boat passages.",
            True,
        ),
        (
            "Seal wear matters about three times as much as gate age, and about twenty times as much as boat passages.",
            False,
        ),
        # a bound on a ratio ("more than twice") holds for any ratio above it
        ("Seal wear matters more than twice as much as gate age.", True),
        ("Seal wear matters more than twenty times as much as gate age.", False),
    ],
)
def test_ratios_chained_in_one_sentence_and_bounded(reply: str, ok: bool) -> None:
    assert passes(reply, [GLOBAL], GATES) is ok
