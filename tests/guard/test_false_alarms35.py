"""False alarms on invented hosts (claims-42 work, helper gfa35), on an invented host of this file's own: olive oil
batches from a mill (classes `extra` / `virgin` / `lampante`, features AcidityPct, pressing_temp_c, Polyphenols and
a categorical `Olive Cultivar`, instance noun "batch", ids of five digits).

Each reading is tested both ways: the faithful reply passes, the same reply with one fact wrong is flagged.

- decimals written with a comma ("0,812"), read as decimals when the reply writes one that can be nothing else;
- a document's heading ("Slide 7 —", "page 2") and a date ("3 Oct.", "Oct 3") are no claims;
- a subject's id said by its last three digits or more at a subject's place ("418 extra .81 | 455 virgin .66");
- which of two subjects the model is surer of, the subject called by its predicted class ("the extra call is the
  surer");
- a class in the model's answer key ("Model grade: FIRST PRESS") that is no class of the host;
- a counterfactual's outcome after "stays with" and after an arrow before its condition ("→ extra if ...");
- a name moved or bounded in a list beside a feature's ("acidity 0.9→0.7 and fruitiness +2");
- a value with the unit of one feature's name ("14.2 mm" of "Stone Length (mm)", "420 m" of grove_height_m) when it
  does not fit the feature named before it.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._decimal_commas import decimal_points
from simxai.guard._numbering import item_numbers

MILL = Vocabulary(
    labels=["extra", "virgin", "lampante"],
    features=["AcidityPct", "pressing_temp_c", "Polyphenols", "Olive Cultivar", "Stone Length (mm)", "grove_height_m"],
    aliases={
        "AcidityPct": ["acidity"],
        "pressing_temp_c": ["pressing temperature"],
        "Polyphenols": ["polyphenols"],
        "Olive Cultivar": ["cultivar"],
    },
    instance_noun="batch",
)


def _subject(ident: int, values: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": "row",
        "id": ident,
        "ids": None,
        "description": f"batch {ident}",
        "size": 1,
        "condition": None,
        "nouns": None,
        "text": None,
        "values": values,
    }


FIRST = _subject(
    73418,
    {
        "AcidityPct": 0.9,
        "pressing_temp_c": 26.0,
        "Polyphenols": 410.0,
        "Olive Cultivar": "Arbequina",
        "Stone Length (mm)": 14.2,
        "grove_height_m": 420.0,
    },
)
SECOND = _subject(73455, {"AcidityPct": 1.6, "pressing_temp_c": 29.0, "Polyphenols": 250.0, "Olive Cultivar": "Picual"})


def _prediction(subject: dict[str, Any], label: str, probabilities: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "label": label,
        "label_counts": None,
        "probabilities": probabilities,
        "subject": subject,
        "true_label": label,
    }


EXTRA = _prediction(FIRST, "extra", {"extra": 0.812, "virgin": 0.171, "lampante": 0.017})
VIRGIN = _prediction(SECOND, "virgin", {"extra": 0.301, "virgin": 0.662, "lampante": 0.037})


def _passes(reply: str, outputs: list[dict[str, Any]]) -> bool:
    return check_claims(reply, outputs, vocabulary=MILL).passed


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Batch 73418 — model grade EXTRA (0,812). Virgin 0,171. Lampante 0,017."),
        (True, "Batch 73418: extra, at 81,2 % against 17,1 % for virgin."),
        (False, "Batch 73418 — model grade EXTRA (0,812). Virgin 0,271. Lampante 0,017."),
        (False, "Batch 73418: extra, at 71,2 % against 17,1 % for virgin."),
    ],
)
def test_decimal_commas(faithful: bool, reply: str) -> None:
    assert _passes(reply, [EXTRA]) is faithful, reply


def test_decimal_commas_only_where_one_can_be_nothing_else() -> None:
    assert decimal_points("extra 0,812, virgin 1,025") == "extra 0.812, virgin 1.025"
    assert decimal_points("polyphenols 52,000 and 1,500") == "polyphenols 52,000 and 1,500"  # English thousands
    assert decimal_points("ids 4,5 and 0,3") == "ids 4,5 and 0.3"  # records' numbers stay a list
    assert decimal_points("features 3,4,5 and 0,2") == "features 3,4,5 and 0.2"
    assert decimal_points("batches 12,15 at 0,5", "batch") == "batches 12,15 at 0.5"
    assert len(decimal_points("−0,93 → 1,31")) == len("−0,93 → 1,31")


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Slide 7 — batch 73418: extra, 0.812."),
        (True, "Mill log, 3 Oct. Batch 73418 pressed cold: extra at 81 %."),
        (True, "Oct 14, 2026: batch 73418 is extra (81.2 %)."),
        (False, "Slide 7 — batch 73418: extra, 0.712."),
        (False, "Mill log, 3 Oct. Batch 73418 pressed cold: extra at 71 %."),
    ],
)
def test_headings_and_dates_are_no_claims(faithful: bool, reply: str) -> None:
    assert _passes(reply, [EXTRA]) is faithful, reply


def test_dates_and_parts_are_numbered() -> None:
    text = "Slide 7, 3 Oct. and May 5: it may 5 times"
    found = {text[i : i + 1] for i in item_numbers(text)}
    assert found == {"7", "3", "5"}
    assert len(item_numbers(text)) == 3  # "may 5" (the verb) is no date


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "press: 418 extra .81 | 455 virgin .66"),
        (True, "press: 418 extra .81 / 455 virgin .66 — 418 the surer"),
        (False, "press: 418 extra .66 | 455 virgin .81"),
        (False, "press: 418 extra .81 / 455 virgin .66 — 455 the surer"),
    ],
)
def test_ids_by_their_last_digits(faithful: bool, reply: str) -> None:
    assert _passes(reply, [EXTRA, VIRGIN]) is faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Batches 73418 / 73455 — EXTRA 0.812 / VIRGIN 0.662; the extra call is the surer."),
        (False, "Batches 73418 / 73455 — EXTRA 0.812 / VIRGIN 0.662; the virgin call is the surer."),
    ],
)
def test_the_surer_subject_called_by_its_class(faithful: bool, reply: str) -> None:
    assert _passes(reply, [EXTRA, VIRGIN]) is faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "CERTIFICATE, batch 73418 — Model grade: EXTRA (0.812)."),
        (False, "CERTIFICATE, batch 73418 — Model grade: FIRST PRESS (0.812)."),
    ],
)
def test_a_class_in_the_models_answer_key(faithful: bool, reply: str) -> None:
    assert _passes(reply, [EXTRA]) is faithful, reply


WHY_NOT = {
    "kind": "counterfactual",
    "question": "why_not",
    "method": "nearest rows the model gives the target label",
    "note": None,
    "current_label": "virgin",
    "target_label": "extra",
    "counterfactuals": [
        {"changes": [{"feature": "AcidityPct", "old": 1.6, "new": 0.7}], "label": "extra", "probability": 0.58}
    ],
    "subject": SECOND,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "press: 455 → extra if acidity 1.6→0.7, p .58"),
        (True, "Lowering acidity to 0.7 is the nearest try, and then the model sticks with extra."),
        (False, "press: 455 → lampante if acidity 1.6→0.7, p .58"),
        (False, "Lowering acidity to 0.7 is the nearest try, and even then the model stays with virgin."),
        # a name no output gives, moved beside the feature's change
        (False, "press: 455 → extra if acidity 1.6→0.7 and fruitiness +2, p .58"),
    ],
)
def test_a_counterfactuals_outcome_in_terse_words(faithful: bool, reply: str) -> None:
    assert _passes(reply, [WHY_NOT]) is faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Batch 73418 (acidity 0.9 %, stones 14.2 mm long, grown at 420 m): extra, 81 %."),
        (False, "Batch 73418 (acidity 0.9 %, stones 15.2 mm long, grown at 420 m): extra, 81 %."),
        (False, "Batch 73418 (acidity 0.9 %, stones 14.2 mm long, grown at 520 m): extra, 81 %."),
    ],
)
def test_a_value_by_its_units_feature(faithful: bool, reply: str) -> None:
    assert _passes(reply, [EXTRA]) is faithful, reply
