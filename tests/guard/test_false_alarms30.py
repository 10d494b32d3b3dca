"""False alarms on new writers (claims-37, helper gfa30), on an invented host of this file's own: glaze test tiles
fired in a studio kiln (classes `glossed` / `crazed`, features kiln_temp_c, glaze_mm, cool_hours, noun "tile").

Each reading is tested both ways: the faithful reply passes, the same reply with one fact wrong is flagged.

- a share said by counting ("12 of 17 votes", "13 chances in 16") and a split with a slash ("gloss, 53/47");
- a total of named features ("the temperature and the cooling time together (0.33)", "the next two combined");
- a class said as a change's outcome ("enough for the model to say X", "... thicker and the model says X") or as
  what a change stands between the subject and;
- a tick or a cross after a class (whether the call matched the record);
- a bare id after a list's dot ("✓ · 515 crazed") is a subject, not a number.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._bare_ids import named_bare_ids
from simxai.guard._change_outcomes import said_for_change, stands_between
from simxai.guard._counts_totals import _class_named
from simxai.guard._verdict_marks import marked_verdicts
from tests.guard.helpers import passes, row_subject

TILES = Vocabulary(
    labels=["glossed", "crazed"],
    features=["kiln_temp_c", "glaze_mm", "cool_hours"],
    aliases={
        "kiln_temp_c": ["kiln temperature", "temperature"],
        "glaze_mm": ["glaze thickness"],
        "cool_hours": ["cooling time"],
    },
    instance_noun="tile",
)
_VALUES = {"kiln_temp_c": 1220.0, "glaze_mm": 0.8, "cool_hours": 9.0}


def _subject(ident: int) -> dict[str, Any]:
    return row_subject("tile", ident, _VALUES)


def _prediction(glossed: float, ident: int = 402, recorded: str | None = None) -> dict[str, Any]:
    probabilities = {"glossed": glossed, "crazed": round(1 - glossed, 6)}
    return {
        "kind": "prediction",
        "subject": _subject(ident),
        "label": max(probabilities, key=lambda k: probabilities[k]),
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": recorded,
    }


LOCAL = {
    "kind": "local_explanation",
    "subject": _subject(402),
    "label": "crazed",
    "predicted_label": "crazed",
    "probability": 0.69,
    "base_value": 0.31,
    "output": 0.69,
    "output_space": "probability",
    "method": "SHAP KernelExplainer",
    "attributions": [
        {"feature": "glaze_mm", "value": 0.8, "contribution": 0.205},
        {"feature": "kiln_temp_c", "value": 1220.0, "contribution": 0.118},
        {"feature": "cool_hours", "value": 9.0, "contribution": 0.057},
    ],
    "recorded_label": None,
}
COUNTERFACTUAL = {
    "kind": "counterfactual",
    "question": "how_to_be_that",
    "subject": _subject(402),
    "current_label": "glossed",
    "target_label": "crazed",
    "counterfactuals": [
        {"changes": [{"feature": "glaze_mm", "old": 0.8, "new": 0.9}], "label": "crazed", "probability": 0.56}
    ],
    "method": "nearest rows the model gives the target label",
    "note": None,
}


def _passed(reply: str, outputs: list[dict[str, Any]]) -> bool:
    return passes(reply, outputs, TILES)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Tile 402 comes out glossed, 70.6 % (12 of 17 votes)."),
        (True, "Tile 402 would be glossed, about 12 chances in 17."),
        # a count that makes no share of the outputs is read as before: flagged
        (False, "Tile 402 comes out glossed, 70.6 % (11 of 17 votes)."),
    ],
)
def test_a_share_said_by_counting(faithful: bool, reply: str) -> None:
    assert _passed(reply, [_prediction(0.7059)]) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Tile 402: glossed, but only just, 53/47."),
        (True, "Tile 402, a narrow one: 53/47."),  # no class named: the first share is the predicted class's
        (False, "Tile 402: glossed, but only just, 47/53."),  # the split the wrong way round
        (False, "Tile 402: crazed, but only just, 53/47."),  # the split given to the other class
    ],
)
def test_a_split_with_a_slash_is_two_classes_shares(faithful: bool, reply: str) -> None:
    assert _passed(reply, [_prediction(0.534)]) == faithful, reply


def test_a_split_names_its_first_class_by_the_class_or_its_verb() -> None:
    assert _class_named("Handover: approve, but it's close, ", ["approved", "rejected"]) == "approved"
    assert _class_named("reject it, ", ["approved", "rejected"]) == "rejected"
    assert _class_named("approved or rejected, ", ["approved", "rejected"]) is None  # two named: neither


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (
            True,
            "Tile 402 crazed mostly because of its glaze thickness (+0.205); the temperature and the cooling "
            "time together (0.175) count for less.",
        ),
        (
            True,
            "Tile 402 crazed mostly because of its glaze thickness (+0.205), more than the next two features "
            "combined (0.175).",
        ),
        (
            False,
            "Tile 402 crazed mostly because of its glaze thickness (+0.205); the temperature and the cooling "
            "time together (0.275) count for less.",
        ),
    ],
)
def test_a_total_of_named_features_is_their_sum(faithful: bool, reply: str) -> None:
    assert _passed(reply, [LOCAL]) == faithful, reply


def test_the_class_a_change_leads_to_is_read_as_its_outcome() -> None:
    assert said_for_change("a tenth of a millimetre more glaze is enough for the model to say ")
    assert said_for_change("a glaze only a tenth of a millimetre thicker and the model says ")
    assert not said_for_change("the model says ")  # today's call
    assert stands_between("a tenth of a millimetre is all that stands between tile 402 and a ")
    assert not stands_between("tile 402 is ")


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "For tile 402, 0.9 mm of glaze instead of 0.8 is enough for the model to say crazed, about 56 %."),
        (True, "Tile 402: a glaze a tenth of a millimetre thicker and the model says crazed."),
        (True, "A tenth of a millimetre of glaze is all that stands between tile 402 and a crazed call."),
        # the outcome the outputs do not give: flagged
        (False, "For tile 402, 0.9 mm of glaze instead of 0.8 is enough for the model to say glossed."),
    ],
)
def test_a_counterfactual_outcome_is_no_prediction(faithful: bool, reply: str) -> None:
    assert _passed(reply, [COUNTERFACTUAL]) == faithful, reply


def test_a_mark_after_a_class_is_a_verdict() -> None:
    assert marked_verdicts("bench test: glossed ✓", TILES.labels) == [True]
    assert marked_verdicts("bench test: CRAZED ✗", TILES.labels) == [False]
    assert marked_verdicts("GLOSSED 70.6 ✓", TILES.labels) == []  # after a number: not read here
    assert _passed("Tile 402: GLOSSED 0.71 · bench test: glossed ✓", [_prediction(0.71, recorded="glossed")])
    assert not _passed("Tile 402: GLOSSED 0.71 · bench test: crazed ✗", [_prediction(0.71, recorded="glossed")])
    assert _passed("Tile 402: GLOSSED 0.71 · bench test: crazed ✗", [_prediction(0.71, recorded="crazed")])


def test_a_bare_id_after_a_dot_names_its_subject() -> None:
    said = named_bare_ids("402 glossed 0.710 ✓ · 515 crazed 0.640 ✗", [402, 515], "tile")
    assert "· id 515" in said
    reply = "Board: 402 glossed 0.710 · 515 crazed 0.640."
    outputs = [_prediction(0.71, 402), _prediction(0.36, 515)]
    assert _passed(reply, outputs)
    assert not _passed("Board: 402 glossed 0.710 · 515 crazed 0.810.", outputs)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "The smallest pushes on tile 402 are the cooling time (+0.057) and the temperature (+0.118)."),
        (True, "Tile 402: crazed; the glaze thickness counts most (+0.205), the cooling time least (+0.057)."),
        # an invented name in the same place is still one
        (False, "Tile 402: crazed; the glaze thickness counts most (+0.205), the clay colour least (+0.057)."),
    ],
)
def test_a_degree_word_is_no_feature(faithful: bool, reply: str) -> None:
    assert _passed(reply, [LOCAL]) == faithful, reply


def test_the_models_call_is_no_item_of_a_list() -> None:
    outputs = [
        {
            "kind": "what_if",
            "subject": _subject(402),
            "changes": [{"feature": "glaze_mm", "old": 0.8, "new": 0.6, "decimals": 1}],
            "old_label": "crazed",
            "new_label": "crazed",
            "old_probabilities": {"crazed": 0.69, "glossed": 0.31},
            "new_probabilities": {"crazed": 0.55, "glossed": 0.45},
            "old_label_counts": None,
            "new_label_counts": None,
            "note": None,
        }
    ]
    reply = (
        "Bench board: 402, glaze thickness -0.2 (0.8 → 0.6) → still crazed, confidence drops about 14 points to 55 %."
    )
    said = check_claims(reply, outputs, vocabulary=TILES)
    assert said.passed, said.unsupported
