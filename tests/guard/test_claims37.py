"""The guard's claims-37 recall work (helper guard38), on an invented host of this file's own: a harbour's ferry
crossings (classes `sailed` / `cancelled`, features wave_height_m, wind_knots, visibility_km and hull_type, instance
noun "crossing").

- a class said with a prefix that makes it another class ("pre-cancelled", "borderline sailed");
- a metric's name given a number of an explanation that holds no metric ("with an accuracy of 0.31");
- a second change joined to a feature's change whose number is said before the name ("a 2.1 m swell"), whose pair
  ends in a purpose ("to be cancelled") or in the pair's own verb ("would tip it"), or said to move in the present
  tense ("rises with it");
- a name said to push in a clause of its own ("; the skipper's mood adds a little more");
- a decimal without its leading zero (".812");
- texts named by their own words in a reply about several (`_text_subjects`);
- "loss" and "losing" of the class lost.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._label_prefixes import prefixed_label_claims
from simxai.guard._metric_said import metric_word_claims
from tests.guard.helpers import row_subject

HARBOUR = Vocabulary(
    labels=["sailed", "cancelled"],
    features=["wave_height_m", "wind_knots", "visibility_km", "hull_type"],
    aliases={
        "wave_height_m": ["wave height", "swell"],
        "wind_knots": ["wind", "wind speed"],
        "visibility_km": ["visibility"],
        "hull_type": ["hull"],
    },
    instance_noun="crossing",
    descriptions={
        "wave_height_m": "significant wave height at the harbour mouth, in metres",
        "wind_knots": "mean wind speed at departure, in knots",
        "visibility_km": "visibility at departure, in kilometres",
        "hull_type": "the ferry's hull: mono or catamaran",
    },
)
_VALUES: dict[str, Any] = {"wave_height_m": 1.4, "wind_knots": 22.0, "visibility_km": 6.0, "hull_type": "mono"}


def _subject(ident: int) -> dict[str, Any]:
    return row_subject("crossing", ident, _VALUES)


PREDICTION = {
    "kind": "prediction",
    "subject": _subject(731),
    "label": "sailed",
    "probabilities": {"sailed": 0.812, "cancelled": 0.188},
    "label_counts": None,
    "true_label": "sailed",
}
GLOBAL = {
    "kind": "global_explanation",
    "label": "cancelled",
    "method": "SHAP",
    "n_samples": 50,
    "importances": [
        {"feature": "wave_height_m", "importance": 0.31, "mean_contribution": 0.05},
        {"feature": "wind_knots", "importance": 0.22, "mean_contribution": 0.03},
        {"feature": "visibility_km", "importance": 0.09, "mean_contribution": -0.01},
        {"feature": "hull_type", "importance": 0.02, "mean_contribution": 0.0},
    ],
}
LOCAL = {
    "kind": "local_explanation",
    "subject": _subject(731),
    "label": "sailed",
    "predicted_label": "sailed",
    "probability": 0.812,
    "base_value": 0.5,
    "output": 0.812,
    "output_space": "probability",
    "method": "exact path-dependent TreeSHAP (numpy)",
    "attributions": [
        {"feature": "wave_height_m", "value": 1.4, "contribution": 0.21},
        {"feature": "wind_knots", "value": 22.0, "contribution": 0.09},
        {"feature": "visibility_km", "value": 6.0, "contribution": 0.02},
        {"feature": "hull_type", "value": "mono", "contribution": -0.008},
    ],
    "recorded_label": None,
}
COUNTERFACTUAL = {
    "kind": "counterfactual",
    "subject": _subject(731),
    "current_label": "sailed",
    "target_label": "cancelled",
    "counterfactuals": [
        {"changes": [{"feature": "wave_height_m", "old": 1.4, "new": 2.1}], "label": "cancelled", "probability": 0.57}
    ],
    "method": "nearest rows given the target label, re-checked with the model",
    "note": None,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Crossing 731 is pre-sailed at 81.2 %."),
        (False, "Crossing 731 comes out as borderline sailed, 81 %."),
        (False, "The model says BORDERLINE-SAILED for 731, 81.2 %."),
        (True, "Crossing 731 sailed at 81.2 %, as the log says."),
        # how sure the call is, not which class
        (True, "Crossing 731 is no borderline sailed call: 81.2 %."),
    ],
)
def test_a_prefixed_class_is_another_class(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [PREDICTION], vocabulary=HARBOUR)
    assert said.passed == faithful, (reply, said.unsupported)


def test_a_prefixed_class_the_outputs_say_is_theirs() -> None:
    assert list(prefixed_label_claims("It is pre-sailed.", ["sailed"], {"pre-sailed"})) == []
    assert list(prefixed_label_claims("It is pre-sailed.", ["sailed"], set())) == [("label 'pre-sailed'", False)]
    assert list(prefixed_label_claims("It is pre sailed.", ["sailed"], set())) == []  # no spelling of the prefix


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Across 50 crossings the swell leads with an accuracy of 0.31, wind next at 0.22."),
        (False, "Wave height has a precision of 0.31 and wind 0.22."),
        (True, "Across 50 crossings the swell leads with a mean share of 0.31, wind next at 0.22."),
    ],
)
def test_a_metric_given_an_explanations_number(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [GLOBAL], vocabulary=HARBOUR)
    assert said.passed == faithful, (reply, said.unsupported)


def test_a_metric_is_read_only_where_the_outputs_explain_and_hold_none() -> None:
    reply = "The swell leads with an accuracy of 0.31."
    assert list(metric_word_claims(reply, explains=True, holds_metrics=False)) == [("metric accuracy 0.31", False)]
    assert list(metric_word_claims(reply, explains=True, holds_metrics=True)) == []
    assert list(metric_word_claims(reply, explains=False, holds_metrics=False)) == []


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # the number before the feature's name, then an invented second change and a purpose
        (False, "731 would need a 2.1 m swell and a broken stabiliser fin to be cancelled."),
        (True, "731 would need a 2.1 m swell to be cancelled."),
        # the pair's own verb after the invented item
        (False, "A swell of 2.1 and a harbour pilot strike would tip it to cancelled."),
        (True, "A swell of 2.1 would tip it to cancelled, at 57 %."),
        # a second change said to move in the present tense
        (False, "731 sails unless the swell goes to 2.1 and the tidal race rises with it."),
        (True, "731 sails unless the swell goes to 2.1; then cancelled edges ahead at 57 %."),
    ],
)
def test_a_second_change_after_a_features_number(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [COUNTERFACTUAL], vocabulary=HARBOUR)
    assert said.passed == faithful, (reply, said.unsupported)


#: Two notes left at a harbour café's counter, classed `praise` / `complaint` by a text model (no ids).
NOTES = Vocabulary(labels=["praise", "complaint"], features=[], instance_noun="note")


def _note(text: str, label: str, sure: float) -> dict[str, Any]:
    other = "complaint" if label == "praise" else "praise"
    return {
        "kind": "prediction",
        "subject": {"kind": "text", "description": f'the note "{text}"', "id": None, "values": None, "text": text},
        "label": label,
        "probabilities": {label: sure, other: round(1 - sure, 4)},
        "label_counts": None,
        "true_label": None,
    }


TWO_NOTES = [
    _note("The chowder was rich and the skipper waved us off.", "praise", 0.884),
    _note("Ferry left late and the kiosk had run out of tea.", "complaint", 0.713),
]


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "The chowder note is praise (88.4 %) and the kiosk note a complaint (71.3 %)."),
        (False, "The chowder note is a complaint (71.3 %) and the kiosk note praise (88.4 %)."),
        (True, "Chowder note: praise 0.884, kiosk note: complaint 0.713."),
        (False, "Chowder note: complaint 0.713, kiosk note: praise 0.884."),
        (True, "Chowder note: praise. Kiosk note: complaint."),
        (False, "Chowder note: complaint. Kiosk note: praise."),
        # the surer call, by the note's words or by its class
        (True, "Chowder praise 0.88, kiosk complaint 0.71; the chowder one is the surer of the two."),
        (False, "Chowder praise 0.88, kiosk complaint 0.71; the kiosk one is the surer of the two."),
        (False, "Chowder praise 0.88, kiosk complaint 0.71; the complaint call is more confident."),
        (True, "Chowder praise 0.88, kiosk complaint 0.71; the kiosk one is less sure."),
    ],
)
def test_texts_named_by_their_words(faithful: bool, reply: str) -> None:
    said = check_claims(reply, TWO_NOTES, vocabulary=NOTES)
    assert said.passed == faithful, (reply, said.unsupported)


def test_a_word_both_texts_hold_names_neither() -> None:
    notes = [_note("The ferry was calm.", "praise", 0.9), _note("The ferry was late.", "complaint", 0.8)]
    # "ferry" is in both notes: the part is about neither, and its class is not bound to one of them
    said = check_claims("The ferry note is a complaint (80 %).", notes, vocabulary=NOTES)
    assert said.passed, said.unsupported


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "For 731 the swell gives +0.21 and the wind +0.09; the skipper's bad mood adds a little more."),
        (True, "For 731 the swell gives +0.21 and the wind +0.09; the visibility adds a little more."),
        # words about the pushes themselves are no name
        (True, "For 731 the swell gives +0.21 and the wind +0.09; the two small pulls add up to about 0.03."),
    ],
)
def test_a_name_said_to_push_in_a_clause_of_its_own(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [LOCAL], vocabulary=HARBOUR)
    assert said.passed == faithful, (reply, said.unsupported)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Crossing 731: sailed .812, cancelled .188."),
        (False, "Crossing 731: sailed .912, cancelled .088."),
    ],
)
def test_a_decimal_without_its_leading_zero(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [PREDICTION], vocabulary=HARBOUR)
    assert said.passed == faithful, (reply, said.unsupported)


#: Lobster pots left over a storm: `kept` / `lost`.
POTS = Vocabulary(labels=["kept", "lost"], features=["depth_m"], instance_noun="pot")
POT = {
    "kind": "prediction",
    "subject": {**_subject(88), "description": "pot 88", "values": {"depth_m": 12.0}},
    "label": "kept",
    "probabilities": {"kept": 0.969, "lost": 0.031},
    "label_counts": None,
    "true_label": None,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Pot 88 should come through the storm (96.9 %); a loss sits at roughly 3.1 %."),
        (True, "Pot 88 should come through; the chance of losing it is put at about 3 %."),
        (False, "Pot 88 should come through; the chance of losing it is put at about 30 %."),
    ],
)
def test_loss_and_losing_are_the_class_lost(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [POT], vocabulary=POTS)
    assert said.passed == faithful, (reply, said.unsupported)
