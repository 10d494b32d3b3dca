"""False alarms on new writers (claims-39, helper gfa32), on invented hosts of this file's own: ferry crossings
(classes `sails` / `delayed` / `cancelled`, features swell_m, wind_kn, crew_count) and guest-book notes read by a
text model whose classes are `negative` / `positive`.

Each reading is tested both ways: the faithful reply passes, the same reply with its number wrong is flagged.

- a text model's compound score said beside its share ("a final compound of about +0.31"): 2p - 1 of the
  positive class's probability;
- a part of a local explanation's lift said against the whole ("0.45 of the 0.68 lift", "(0.21 of the 0.71)"),
  and a fraction in words of it ("two-thirds of the lift");
- "half again as much as" is a ratio of two numbers, not a value;
- a share said by counting with "one chance in 40" or a whole written "10,000".
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._compound import compound_share
from simxai.guard._facts import Facts
from simxai.guard._lift import lift_part

FERRIES = Vocabulary(
    labels=["sails", "delayed", "cancelled"],
    features=["swell_m", "wind_kn", "crew_count"],
    aliases={"swell_m": ["swell"], "wind_kn": ["wind"], "crew_count": ["crew"]},
    instance_noun="crossing",
)
NOTES = Vocabulary(labels=["negative", "positive"], features=["text"], aliases={"text": []}, instance_noun="note")
NOTE = "The harbour view was calm but the tea was not worth the fare."


def _text_subject() -> dict[str, Any]:
    return {
        "kind": "text",
        "description": f'the note "{NOTE}"',
        "id": None,
        "values": None,
        "text": NOTE,
        "condition": None,
        "size": 1,
        "ids": None,
        "nouns": None,
    }


def _note_prediction(positive: float) -> dict[str, Any]:
    probabilities = {"negative": round(1 - positive, 6), "positive": positive}
    return {
        "kind": "prediction",
        "subject": _text_subject(),
        "label": "positive" if positive > 0.5 else "negative",
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": None,
    }


def _note_what_if(old: float, new: float) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": _text_subject(),
        "changes": [{"feature": "calm", "old": "calm", "new": "not calm"}],
        "old_label": "positive",
        "old_probabilities": {"negative": round(1 - old, 6), "positive": old},
        "new_label": "negative",
        "new_probabilities": {"negative": round(1 - new, 6), "positive": new},
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Harbour log: a final compound of about +0.31 for that note — positive, roughly two chances in three."),
        (True, "Harbour log: positive 0.655 / negative 0.345, compound ≈ +0.31."),
        # the sign flipped, or the share itself given as the compound: flagged for the number
        (False, "Harbour log: a final compound of about -0.31 for that note — positive, roughly two chances in three."),
        (False, "Harbour log: positive 0.655 / negative 0.345, compound ≈ +0.66."),
    ],
)
def test_compound_score_of_a_prediction(faithful: bool, reply: str) -> None:
    assert check_claims(reply, [_note_prediction(0.655)], vocabulary=NOTES).passed == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, 'With "not calm", positive drops from 65 % to 36 %; the compound goes from +0.31 to -0.27.'),
        (False, 'With "not calm", positive drops from 65 % to 36 %; the compound goes from +0.31 to -0.72.'),
    ],
)
def test_compound_score_before_and_after_a_change(faithful: bool, reply: str) -> None:
    outputs = [_note_what_if(0.655, 0.3635)]
    assert check_claims(reply, outputs, vocabulary=NOTES).passed == faithful, reply


def test_compound_needs_a_positive_class() -> None:
    facts = Facts(label_numbers={"sails": {0.655}, "delayed": {0.345}})
    clause = "a compound of about 0.31"
    assert compound_share(clause, clause.index("0.31"), len(clause), facts) is None
    facts = Facts(label_numbers={"positive": {0.655}, "negative": {0.345}})
    assert compound_share(clause, clause.index("0.31"), len(clause), facts) == ("a compound score", True)
    # a number the word "compound" does not lead is not read here
    clause = "positive at 0.31"
    assert compound_share(clause, clause.index("0.31"), len(clause), facts) is None


def _local(crossing: int, contributions: dict[str, float], base: float) -> dict[str, Any]:
    output = base + sum(contributions.values())
    return {
        "kind": "local_explanation",
        "subject": {
            "kind": "row",
            "description": f"crossing {crossing}",
            "id": crossing,
            "values": {"swell_m": 3.1, "wind_kn": 34.0, "crew_count": 6.0},
            "text": None,
            "condition": None,
            "size": 1,
            "ids": None,
            "nouns": None,
        },
        "label": "cancelled",
        "predicted_label": "cancelled",
        "probability": output,
        "base_value": base,
        "output": output,
        "output_space": "probability",
        "method": "exact TreeSHAP",
        "attributions": [
            {"feature": name, "value": 1.0, "contribution": value} for name, value in contributions.items()
        ],
        "recorded_label": None,
    }


#: lift 0.28 + 0.16 + 0.08 = 0.52 over a base of 0.2 (output 0.72); the largest two make 0.44
LIFT = [_local(4411, {"swell_m": 0.28, "wind_kn": 0.16, "crew_count": 0.08}, 0.2)]


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Crossing 4411, cancelled: swell and wind together ≈ 0.44 of the 0.52 lift."),
        (True, "Crossing 4411 is cancelled, and it is mostly the swell (0.28 of the 0.72)."),
        (True, "Crossing 4411, cancelled: the swell accounts for about half of the lift."),
        # a part no contribution makes, a whole that is no lift, a fraction no part of the lift is
        (False, "Crossing 4411, cancelled: swell and wind together ≈ 0.41 of the 0.52 lift."),
        (False, "Crossing 4411, cancelled: swell and wind together ≈ 0.44 of the 0.66 lift."),
        (False, "Crossing 4411, cancelled: the swell accounts for about a tenth of the lift."),
    ],
)
def test_part_of_the_lift(faithful: bool, reply: str) -> None:
    assert check_claims(reply, LIFT, vocabulary=FERRIES).passed == faithful, reply


def test_lift_part_reads_only_its_forms() -> None:
    facts = Facts(attributions=[("swell_m", "cancelled", 0.31), ("wind_kn", "cancelled", 0.16)])
    clause = "0.31 of the 0.47"
    assert lift_part(clause, 0, 4, facts) == ("a part of the lift", True)
    assert lift_part(clause, 12, 16, facts) == ("a part of the lift", True)
    # a part larger than its whole, or a number in no such form, is left to the other readings
    clause = "0.47 of the 0.31"
    assert lift_part(clause, 0, 4, facts) is None
    clause = "swell at 0.31"
    assert lift_part(clause, 9, 13, facts) is None
    assert lift_part("0.31 of the 0.47", 0, 4, Facts()) is None  # no explanation: no lift


GLOBAL_WORDS = {
    "kind": "global_explanation",
    "label": "positive",
    "method": "SHAP",
    "n_samples": 40,
    "importances": [
        {"feature": "calm", "importance": 0.0141, "mean_contribution": 0.0141},
        {"feature": "view", "importance": 0.0095, "mean_contribution": 0.0095},
    ],
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, '"calm" counts roughly half again as much as "view" (0.0141 vs 0.0095).'),
        # the ratio is not compared, but the two numbers still are
        (False, '"calm" counts roughly half again as much as "view" (0.0141 vs 0.0059).'),
    ],
)
def test_half_again_as_much_is_a_ratio(faithful: bool, reply: str) -> None:
    assert check_claims(reply, [GLOBAL_WORDS], vocabulary=NOTES).passed == faithful, reply


def _crossing(ident: int, sails: float) -> dict[str, Any]:
    probabilities = {"sails": sails, "delayed": round(0.97 - sails, 6), "cancelled": 0.03}
    return {
        "kind": "prediction",
        "subject": {
            "kind": "row",
            "description": f"crossing {ident}",
            "id": ident,
            "values": {"swell_m": 0.6, "wind_kn": 9.0, "crew_count": 6.0},
            "text": None,
            "condition": None,
            "size": 1,
            "ids": None,
            "nouns": None,
        },
        "label": max(probabilities, key=lambda k: probabilities[k]),
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": None,
    }


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Crossing 5120 sails; cancelled gets just 3 % — about one chance in thirty-three."),
        (True, "Crossing 5120 sails; the model gives cancelled about 300 chances in 10,000."),
        # the count makes no share of the outputs: read as before, a number of no field
        (False, "Crossing 5120 sails; cancelled gets just 3 % — about one chance in eighty."),
        (False, "Crossing 5120 sails; the model gives cancelled about 900 chances in 10,000."),
    ],
)
def test_shares_said_by_counting(faithful: bool, reply: str) -> None:
    assert check_claims(reply, [_crossing(5120, 0.9)], vocabulary=FERRIES).passed == faithful, reply
