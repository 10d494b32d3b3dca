"""The guard's claims-44 work (helper gfa37), on invented hosts of this file's own: a marina's mooring lines
(classes `held` / `frayed` / `parted`, features CoilsPerWeek, line_age_months, WindGustKnots, "splices done",
instance noun "line", ids 136101-136400), a village hall's grant applications (classes `funded` / `rejected`) and a
two-class text model of gym-class reviews. Each reading is tested both ways: the faithful reply passes, the same
reply with one fact changed is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary
from simxai.guard._same_share import same_shares
from tests.guard.helpers import local_explanation, passes, row_subject

MOORING = Vocabulary(
    labels=["held", "frayed", "parted"],
    features=["CoilsPerWeek", "line_age_months", "WindGustKnots", "splices done"],
    aliases={"line_age_months": ["line age"], "WindGustKnots": ["gusts"]},
    instance_noun="line",
)
GRANTS = Vocabulary(
    labels=["funded", "rejected"],
    features=["budget_eur", "volunteers", "hall_age_years"],
    aliases={"budget_eur": ["budget"]},
    instance_noun="application",
)
REVIEWS = Vocabulary(labels=["positive", "negative"], features=["text"], instance_noun="review")

VALUES = {"CoilsPerWeek": 3.0, "line_age_months": 40.0, "WindGustKnots": 22.0, "splices done": 2.0}
LINE = row_subject("line", 136120, VALUES)
PREDICTION = {
    "kind": "prediction",
    "subject": LINE,
    "label": "held",
    "probabilities": {"held": 0.85, "frayed": 0.075, "parted": 0.075},
    "label_counts": None,
    "true_label": "held",
}
OTHER = {
    "kind": "prediction",
    "subject": row_subject("line", 136177, {**VALUES, "line_age_months": 90.0}),
    "label": "frayed",
    "probabilities": {"held": 0.25, "frayed": 0.5, "parted": 0.25},
    "label_counts": None,
    "true_label": "frayed",
}


def _what_if(
    feature: str, old: float, new: float, new_label: str, new_probabilities: dict[str, float]
) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": LINE,
        "changes": [{"feature": feature, "old": old, "new": new}],
        "old_label": "held",
        "new_label": new_label,
        "old_probabilities": PREDICTION["probabilities"],
        "new_probabilities": new_probabilities,
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


STAYS = _what_if("WindGustKnots", 22.0, 30.0, "held", {"held": 0.8, "frayed": 0.15, "parted": 0.05})
FLIPS = _what_if("line_age_months", 40.0, 100.0, "frayed", {"held": 0.3, "frayed": 0.6, "parted": 0.1})
COUNTERFACTUAL = {
    "kind": "counterfactual",
    "question": "how_to_be_that",
    "subject": LINE,
    "current_label": "held",
    "target_label": "frayed",
    "counterfactuals": [
        {
            "changes": [{"feature": "line_age_months", "old": 40.0, "new": 95.0}],
            "label": "frayed",
            "probability": 0.62,
            "text": None,
        }
    ],
    "method": "nearest rows the model gives the target label",
    "note": None,
}
STILL = {
    "kind": "still_this",
    "subject": LINE,
    "label": "held",
    "probability": 0.85,
    "method": "one feature at a time on a grid over its observed range",
    "kept_edits": [],
    "kept_label": None,
    "samples_checked": 120,
    "samples_kept": 120,
    "ranges": [
        {"feature": "CoilsPerWeek", "low": 3.0, "current": 3.0, "high": 6.0, "categories": None},
        {"feature": "WindGustKnots", "low": 5.0, "current": 22.0, "high": 31.2, "categories": None},
        {"feature": "line_age_months", "low": 1.0, "current": 40.0, "high": 77.0, "categories": None},
    ],
}
GLOBAL = {
    "kind": "global_explanation",
    "label": "held",
    "method": "SHAP",
    "n_samples": 150,
    "importances": [
        {"feature": "line_age_months", "importance": 0.31, "mean_contribution": 0.02},
        {"feature": "WindGustKnots", "importance": 0.12, "mean_contribution": -0.01},
        {"feature": "CoilsPerWeek", "importance": 0.009, "mean_contribution": 0.001},
        {"feature": "splices done", "importance": 0.008, "mean_contribution": 0.0},
    ],
}
GRANT = {
    "kind": "counterfactual",
    "question": "how_to_be_that",
    "subject": row_subject("application", 136250, {"budget_eur": 9000.0, "volunteers": 4.0, "hall_age_years": 80.0}),
    "current_label": "funded",
    "target_label": "rejected",
    "counterfactuals": [
        {"changes": [{"feature": "budget_eur", "old": 9000.0, "new": 15000.0}], "label": "rejected", "probability": 0.7}
    ],
    "method": "nearest rows the model gives the target label",
    "note": None,
}
GYM = "The spin class was crowded and the coach was rude."
REVIEW_PREDICTION = {
    "kind": "prediction",
    "subject": {"kind": "text", "description": f'the review "{GYM}"', "id": None, "text": GYM, "values": None},
    "label": "negative",
    "probabilities": {"negative": 0.7294, "positive": 0.2706},
    "label_counts": None,
    "true_label": None,
}
REVIEW_FLIP = {
    "kind": "counterfactual",
    "question": "why_not",
    "subject": REVIEW_PREDICTION["subject"],
    "current_label": "positive",
    "target_label": "negative",
    "counterfactuals": [{"changes": [], "label": "negative", "probability": 0.77, "text": "A cold, rude class."}],
    "method": "word swaps",
    "note": None,
}
_SUBJECT = {
    "kind": "text",
    "description": "the review",
    "id": None,
    "text": "A warm friendly yoga class.",
    "values": None,
}
WORDS = {
    **local_explanation(
        _SUBJECT, "positive", {"warm": None, "friendly": None}, {"friendly": 0.248, "warm": 0.0857}, 0.5, 0.83
    ),
}


@pytest.mark.parametrize(
    ("reply", "outputs", "ok"),
    [
        ("The review is negative, about 73 %. Compound near −0.46.", [REVIEW_PREDICTION], True),
        ("The review is negative, about 73 %. Compound near +0.46.", [REVIEW_PREDICTION], False),
        ("Negative, 0.73 (final score about −0.46 on VADER's −1 to +1 scale).", [REVIEW_PREDICTION], True),
        ("Negative, 0.73 (final score about −0.06 on VADER's −1 to +1 scale).", [REVIEW_PREDICTION], False),
        # only the negative class's probability given: the compound is 2 (1 - p) - 1
        ("Swap in 'cold' and it flips to negative (0.77); compound about −0.54.", [REVIEW_FLIP], True),
        ("Swap in 'cold' and it flips to negative (0.77); compound about +0.54.", [REVIEW_FLIP], False),
    ],
)
def test_a_compound_score_is_worked_from_the_share(reply: str, outputs: list[dict[str, Any]], ok: bool) -> None:
    assert passes(reply, outputs, REVIEWS) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Coils, splices and gusts are the three least important inputs.", True),
        ("Coils, splices and line age are the three least important inputs.", False),
    ],
)
def test_the_n_least_important_are_the_last_n(reply: str, ok: bool) -> None:
    assert passes(reply, [GLOBAL], MOORING) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Line 136120 (held, 0.85)\n1. line age: biggest\n2. gusts: next\n3–4. coils, splices: small", True),
        ("Line 136120 (held, 0.65)\n1. line age: biggest\n2. gusts: next\n3–4. coils, splices: small", False),
        ("Line 136120 holds, 85 %.\n— Mira, harbour office, Tel. 0171 555 0139, ext. 4412", True),
        ("Line 136120 holds, 65 %.\n— Mira, harbour office, Tel. 0171 555 0139, ext. 4412", False),
        ("[Harbour podcast ep. 31] Line 136120 is held at 85 %.", True),
        ("[Harbour podcast ep. 31] Line 136120 is held at 65 %.", False),
    ],
)
def test_markers_and_contact_numbers_are_no_values(reply: str, ok: bool) -> None:
    assert passes(reply, [PREDICTION], MOORING) is ok


@pytest.mark.parametrize(
    ("reply", "outputs", "ok"),
    [
        (
            "Line 136177 leans frayed at 50 %, while 136120 holds at a sturdy 85 %.",
            [OTHER, PREDICTION],
            True,
        ),
        (
            "Line 136177 leans frayed at 50 %, while 136120 holds at a sturdy 25 %.",
            [OTHER, PREDICTION],
            False,
        ),
        ("With 100 months on it, line 136120 would be forecast to fray.", [FLIPS], True),
        ("With 100 months on it, line 136120 would be forecast to hold.", [FLIPS], False),
        ("Age it to 100 months and it drops to frayed.", [FLIPS], True),
        ("Gusts of 30 knots and it drops to frayed.", [STAYS], False),
        ("Age the line to 95 months and the held call turns into a frayed one (62 %).", [COUNTERFACTUAL], True),
        ("Age the line to 95 months and the held call turns into a parted one (62 %).", [COUNTERFACTUAL], False),
        ("Gusts of 30 knots change nothing: still held, 80 % against 15 % for frayed.", [STAYS], True),
        ("Gusts of 30 knots change nothing: still frayed, 80 % against 15 % for frayed.", [STAYS], False),
        ("Age it to 95 months and the model grades 136120 frayed.", [COUNTERFACTUAL], True),
        ("Age it to 95 months and the model grades 136120 parted.", [COUNTERFACTUAL], False),
    ],
)
def test_class_verbs_and_moves(reply: str, outputs: list[dict[str, Any]], ok: bool) -> None:
    assert passes(reply, outputs, MOORING) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Raise the budget to 15,000 euros. The model then rejects it.", True),
        ("Raise the budget to 15,000 euros. The model then funds it.", False),
    ],
)
def test_the_model_doing_a_class_verb_to_the_subject(reply: str, ok: bool) -> None:
    assert passes(reply, [GRANT], GRANTS) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("1. Held — 0.85\n2. Frayed — 0.075\n3. Parted — 0.075", True),
        ("1. Held — 0.85\n2. Frayed — 0.15\n3. Parted — 0.075", False),
        ("Held at 0.85; frayed and parted at 0.075 each.", True),
        ("Held at 0.85; held and parted at 0.075 each.", False),
        ("Frayed and parted both get 7.5 %, held 85 %.", True),
        ("Held and parted both get 7.5 %, frayed 85 %.", False),
        ("Held, with the other two classes at 7.5 % each.", True),
        ("Held, with the other two classes at 15 % each.", False),
    ],
)
def test_shares_of_several_classes(reply: str, ok: bool) -> None:
    assert passes(reply, [PREDICTION], MOORING) is ok


def test_one_share_of_two_classes_is_written_out() -> None:
    labels = ["held", "frayed", "parted"]
    assert same_shares("frayed and parted tied at 0.25", labels) == "frayed at 0.25 and parted at 0.25"
    assert same_shares("frayed and parted at 0.25", labels) == "frayed and parted at 0.25"  # no word of sharing


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("It stays held as long as it is coiled at least three times a week.", True),
        ("It stays held as long as it is coiled at most three times a week.", False),
        ("It stays held as long as gusts stay at most about 31 knots.", True),
        ("It stays held as long as gusts stay at least about 31 knots.", False),
    ],
)
def test_a_kept_bound_said_loosely(reply: str, ok: bool) -> None:
    assert passes(reply, [STILL], MOORING) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("From an even 50 % start the review climbs to 83 %, three-quarters of the climb from 'friendly'.", True),
        ("From an even 50 % start the review climbs to 83 %, two-thirds of the climb from 'friendly'.", False),
    ],
)
def test_a_share_of_the_climb(reply: str, ok: bool) -> None:
    assert passes(reply, [WORDS], REVIEWS) is ok


LOCAL = local_explanation(
    LINE,
    "held",
    VALUES,
    {"line_age_months": 0.21, "CoilsPerWeek": 0.08, "WindGustKnots": -0.06, "splices done": -0.01},
    0.6,
    0.85,
)


@pytest.mark.parametrize(
    ("reply", "outputs", "ok"),
    [
        ("Held, over 150 lines: 1 line age · 2 gusts · 3 coils · 4 splices, which comes last.", [GLOBAL], True),
        ("Held, over 150 lines: 1 gusts · 2 line age · 3 coils · 4 splices, which comes last.", [GLOBAL], False),
        ("Two inputs push line 136120 toward held; the two that pull back are gusts and splices.", [LOCAL], True),
        (
            "Two inputs push line 136120 toward held; the rusty cleat pulls back, with gusts and splices.",
            [LOCAL],
            False,
        ),
    ],
)
def test_a_relative_pronoun_is_no_name(reply: str, outputs: list[dict[str, Any]], ok: bool) -> None:
    assert passes(reply, outputs, MOORING) is ok
