"""The guard's claims-27 readings (helper guard28), on wordings and outputs of this file's own: an invented gauge
calibration host (classes `certified` / `scrapped`, features drift_ppm, age_months, load_cycles and lift_margin):

- a class that is a past verb in "-ied" said by its gerund, its agent noun or "likelier to" and the base form
  ("a 12 % chance of certifying", "a certifier", "likelier to certify than ...");
- a difference of two numbers the sentence gives ("averages 41.0 and 35.5, about 5.5 higher") and an end of a pair
  after a comparison whose subject is not named ("gauge 501 is the older one (30 vs 18)") are not compared;
- words of approximation, "else", a lead's size ("a hair ahead of") and "the rest" are no list items;
- "risk" is no verb of rising, and a feature's name ("lift") is no verb of a move;
- a class said some way off ("a few cycles from a certified call"), a share of "staying X", and "the X call would
  be ..." after a change are no prediction;
- a bare id after "behind" is a subject; "A (x) is higher than B (y)" must go the way x and y do; which of two
  subjects the model is surer about; a qualified class after an arrow or "flagged as"; a list of class meanings
  with its verbs left out; an agreement with the record said verb first ("matches what was recorded").
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._label_verbs import label_verbs, past_label_nouns
from simxai.guard._own_numbers import compared_pair, own_difference
from simxai.guard._reading import numbers
from simxai.guard._said_order import said_order_claims
from simxai.guard._statements import movement_claims
from tests.guard.helpers import passes

GAUGES = Vocabulary(
    labels=["certified", "scrapped"],
    features=["drift_ppm", "age_months", "load_cycles", "lift_margin"],
    aliases={"drift_ppm": ["drift"], "age_months": ["gauge age"], "load_cycles": ["cycles"], "lift_margin": ["lift"]},
    instance_noun="gauge",
)
VALUES = {"drift_ppm": 14.0, "age_months": 30, "load_cycles": 5200, "lift_margin": 0.8}


def _subject(gauge: int) -> dict:
    return {"kind": "row", "description": f"gauge {gauge}", "id": gauge, "values": VALUES, "text": None, "size": 1}


def _prediction(gauge: int, scrapped: float, recorded: str = "scrapped") -> dict:
    label = "scrapped" if scrapped > 0.5 else "certified"
    return {
        "kind": "prediction",
        "subject": _subject(gauge),
        "label": label,
        "probabilities": {"certified": round(1 - scrapped, 4), "scrapped": scrapped},
        "label_counts": None,
        "true_label": recorded,
    }


def _passes(reply: str, *outputs: dict) -> bool:
    return passes(reply, outputs, GAUGES)


def test_the_forms_of_an_ied_class():
    forms = past_label_nouns(["certified", "scrapped"])
    assert forms["certifying"] == forms["certifier"] == forms["certifiers"] == "certified"
    assert forms["scrapping"] == "scrapped"
    assert "certifiure" not in forms
    said = label_verbs(
        "Gauge 501 is far likelier to certify than gauge 502, but it would certify the batch.", ["certified"]
    )
    assert said == "Gauge 501 is far likelier to be certified than gauge 502, but it would certify the batch."


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Gauge 501 has only a 12 % chance of certifying."),
        (True, "Gauge 501 barely counts as a certifier, about a 12 % chance."),
        (False, "Gauge 501 has only a 40 % chance of certifying."),
    ],
)
def test_a_share_of_a_class_said_by_its_gerund(faithful, reply):
    assert _passes(reply, _prediction(501, 0.88)) == faithful, reply


def _claim_at(sentence: str, raw: str):
    claim = next(n for n in numbers(sentence) if n.raw.strip().startswith(raw))
    return claim, sentence[: claim.start], sentence[claim.end :]


def test_a_difference_of_the_sentence_own_numbers():
    said = "Scrapped gauges average 41.0 months, certified ones 35.5 - about 5.5 higher."
    claim, lead, following = _claim_at(said, "5.5")
    assert own_difference(claim, said, lead, following)
    drifted = said.replace("5.5 higher", "7.5 higher")
    claim, lead, following = _claim_at(drifted, "7.5")
    assert not own_difference(claim, drifted, lead, following)
    counted = "Of 48 gauges, 7 scrapped against 41 certified."  # counts that add up are no difference
    claim, lead, following = _claim_at(counted, "41")
    assert not own_difference(claim, counted, lead, following)


def test_an_end_of_a_compared_pair():
    assert compared_pair("Gauge 501 is the older one (30 vs ", ")", 1)
    assert not compared_pair("It catches scrapped ones better here: recall 0.64 against ", ".", 0)
    assert compared_pair("Gauge 501 was rated likelier than gauge 502 - ", " against 20", 2)
    assert not compared_pair("Gauge 501 was rated likelier than gauge 502 - ", " against 20", 1)


@pytest.mark.parametrize(
    "reply",
    [
        "Drift drives gauge 501 most, about twice the weight of cycles; gauge age barely counts.",
        "Gauge 501 needs a drift of 9 ppm, nothing else, before the model certifies it.",
        "Drift comes out on top for gauge 501, a hair ahead of cycles.",
    ],
)
def test_no_list_item_of_function_words(reply):
    report = check_claims(reply, [_prediction(501, 0.88)], vocabulary=GAUGES)
    assert not [c for c in report.unsupported if c.startswith("feature")], reply


def test_risk_and_a_feature_name_are_no_move():
    assert list(movement_claims("Scrapping risk goes from 20.6 % to 18.0 %.")) == []
    assert list(movement_claims("Lift 0.8 → 0.3 makes it certified.", ["lift"])) == []
    assert list(movement_claims("Lift 0.8 → 0.3 makes it certified.")) == [("move up from 0.8 to 0.3", False)]
    assert list(movement_claims("It would rise from 0.3 to 0.8.")) == [("move up from 0.3 to 0.8", True)]


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "A few hundred cycles are all that separate gauge 501 from a certified call."),
        (True, "The model leaves gauge 501 a 12 % chance of staying certified."),
        (False, "The model calls gauge 501 certified."),
    ],
)
def test_a_class_some_way_off_is_no_prediction(faithful, reply):
    assert _passes(reply, _prediction(501, 0.88)) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Of the two, gauge 502 is the weaker scrap call, about 20 points behind 501."),
        (True, "Gauge 501 is the surer call of the two."),
        (False, "Of the two, gauge 501 is the weaker scrap call, about 20 points behind 502."),
        (False, "Gauge 502 is the surer call of the two."),
    ],
)
def test_which_of_two_subjects_the_model_is_surer_about(faithful, reply):
    assert _passes(reply, _prediction(501, 0.88), _prediction(502, 0.68)) == faithful, reply


def test_two_numbers_the_sentence_compares():
    assert list(said_order_claims("Its recall (0.88) is higher than its precision (0.91).")) == [
        ("order 0.88 higher than 0.91", False)
    ]
    assert list(said_order_claims("Its recall (0.88) is a touch below its precision (0.91).")) == [
        ("order 0.88 below than 0.91", True)
    ]
    assert list(said_order_claims("Its recall (0.88) is not higher than its precision (0.91).")) == []


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Gauge 501 -> scrapped, 88 %."),
        (False, "Gauge 501 -> mildly scrapped, 88 %."),
        (False, "Gauge 501 is flagged as provisionally scrapped, 88 %."),
        (False, "Gauge 501 - Model: RECALIBRATE (88 %)."),
        (True, "Certified means it may stay in service, and scrapped that it is withdrawn."),
        (False, "Certified means it may stay in service, scrapped that it is withdrawn, and parked that it waits."),
    ],
)
def test_an_invented_class_in_a_call_slot(faithful, reply):
    assert _passes(reply, _prediction(501, 0.88)) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Gauge 501 is called scrapped at 88 %, and that agrees with the record."),
        (True, "Gauge 501 is called scrapped at 88 %, which matches what was recorded."),
        (False, "Gauge 501 is called scrapped at 88 %, which matches what was recorded."),
    ],
)
def test_an_agreement_with_the_record_said_verb_first(faithful, reply):
    recorded = "scrapped" if faithful else "certified"
    assert _passes(reply, _prediction(501, 0.88, recorded=recorded)) == faithful, reply
