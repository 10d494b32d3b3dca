"""The guard's claims-36 work (helper guard37), on an invented host of this file's own: a bakery's sourdough loaves
(classes `risen` / `flat`, features hydration_pct, proof_hours, oven_temp_c and flour_type, instance noun "loaf").

- the model's call said to be logged ("its call, logged as flat at 62 %") is no recorded label;
- a noun phrase in a feature's place that names no feature (`simxai.guard._enumerated.names_nothing`): its head and
  at least half its words unknown, or a known head with a word that is no feature's nor a degree of one; a word
  with digits ("HbA1c") is one word;
- the places read: a list's last item said with its push ("and X adds a little more"), and a second change joined
  to a feature's change ("... and X dropped a little", "... and add X").
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._enumerated import names_nothing
from simxai.guard._record_forms import call_logged
from tests.guard.helpers import row_subject

BAKERY = Vocabulary(
    labels=["risen", "flat"],
    features=["hydration_pct", "proof_hours", "oven_temp_c", "flour_type"],
    aliases={
        "hydration_pct": ["hydration", "water share"],
        "proof_hours": ["proof", "proofing time"],
        "oven_temp_c": ["oven temperature", "oven"],
        "flour_type": ["flour"],
    },
    instance_noun="loaf",
    descriptions={
        "hydration_pct": "water in the dough as a percentage of the flour's weight",
        "proof_hours": "hours the shaped loaf proofed before baking",
        "oven_temp_c": "oven temperature at loading, in degrees Celsius",
        "flour_type": "the flour the dough was mixed from: white, wholemeal or rye",
    },
)
_VALUES: dict[str, Any] = {"hydration_pct": 72.0, "proof_hours": 3.0, "oven_temp_c": 240.0, "flour_type": "rye"}


def _subject(ident: int) -> dict[str, Any]:
    return row_subject("loaf", ident, _VALUES)


PREDICTION = {
    "kind": "prediction",
    "subject": _subject(512),
    "label": "flat",
    "probabilities": {"flat": 0.6241, "risen": 0.3759},
    "label_counts": None,
    "true_label": "risen",
}
LOCAL = {
    "kind": "local_explanation",
    "subject": _subject(512),
    "label": "flat",
    "predicted_label": "flat",
    "probability": 0.6241,
    "base_value": 0.1,
    "output": 0.61,
    "output_space": "log-odds",
    "method": "exact path-dependent TreeSHAP (numpy)",
    "attributions": [
        {"feature": "hydration_pct", "value": 72.0, "contribution": 0.31},
        {"feature": "proof_hours", "value": 3.0, "contribution": 0.17},
        {"feature": "oven_temp_c", "value": 240.0, "contribution": 0.04},
        {"feature": "flour_type", "value": "rye", "contribution": -0.01},
    ],
    "recorded_label": None,
}
COUNTERFACTUAL = {
    "kind": "counterfactual",
    "subject": _subject(512),
    "current_label": "flat",
    "target_label": "risen",
    "counterfactuals": [
        {"changes": [{"feature": "proof_hours", "old": 3.0, "new": 5.0}], "label": "risen", "probability": 0.56}
    ],
    "method": "nearest rows given the target label, re-checked with the model",
    "note": None,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # the call is what was logged: the label after "logged" is the prediction's, not the record's
        (True, "Loaf 512's call, logged as flat at 62.41 %, is wrong (recorded risen)."),
        (True, "The prediction was logged as flat (62 %); the log says risen."),
        # the record said by "logged" is still checked against the recorded label
        (True, "The model says flat (62 %), but it was logged as risen."),
        (False, "The model says flat (62 %), but it was logged as flat."),
    ],
)
def test_a_call_said_to_be_logged_is_no_record(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [PREDICTION], vocabulary=BAKERY)
    assert said.passed == faithful, (reply, said.unsupported)


def test_call_logged_needs_a_word_of_the_call_before_logged() -> None:
    assert call_logged("512's call, logged as ")
    assert call_logged("the prediction was logged as ")
    assert not call_logged("but it was logged as ")
    assert not call_logged("the bakery logged it as ")


#: The words a paraphrase may be made of, as the checker gathers them: names, aliases and descriptions.
_KNOWN = {
    w
    for text in [*BAKERY.features, *BAKERY.descriptions.values(), *(a for v in BAKERY.aliases.values() for a in v)]
    for w in re.findall(r"[a-z]+", text.lower())
}


@pytest.mark.parametrize(
    ("name", "invented"),
    [
        ("a cold autolyse step", True),  # head and every word unknown
        ("the number of missed folds", True),  # head "folds" unknown
        ("the steam type", True),  # a known head ("type") with a word no feature has
        ("HbA1c", True),  # one word with its digits, not "hba" and "c"
        ("the dough's water share", False),  # the description's and an alias's words
        ("a long proofing time", False),  # "long" says how much, no name
        ("the warm oven", False),  # a degree of a feature
        ("the flour type", False),
    ],
)
def test_names_nothing_tells_an_invented_name_from_a_paraphrase(name: str, invented: bool) -> None:
    assert names_nothing(name, _KNOWN) == invented, name


@pytest.mark.parametrize(
    ("faithful", "reply", "outputs"),
    [
        # a list's last item said with its push
        (False, "Hydration +0.31, proof +0.17, and a cold autolyse step adds a little more.", [LOCAL]),
        (True, "Hydration +0.31, proof +0.17, and the oven temperature adds a little more.", [LOCAL]),
        # a ranking whose item has digits in it
        (False, "The ranking for 512: hydration_pct, proof_hours, E300, oven_temp_c, flour_type.", [LOCAL]),
        (True, "The ranking for 512: hydration_pct, proof_hours, oven_temp_c, flour_type.", [LOCAL]),
        # a second change joined to the feature's change
        (
            False,
            "Loaf 512 would rise if the proof went from 3 to 5 hours and the banneton lining dropped a little.",
            [COUNTERFACTUAL],
        ),
        (False, "Proof 512 from 3 to 5 hours and add a steam tray: risen at 56 %.", [COUNTERFACTUAL]),
        (True, "Proof 512 from 3 to 5 hours and it comes out risen at 56 %.", [COUNTERFACTUAL]),
        (
            True,
            "Loaf 512 would rise if the proof went from 3 to 5 hours; nothing else has to change.",
            [COUNTERFACTUAL],
        ),
    ],
)
def test_invented_names_in_a_features_place(faithful: bool, reply: str, outputs: list[dict[str, Any]]) -> None:
    said = check_claims(reply, outputs, vocabulary=BAKERY)
    assert said.passed == faithful, (reply, said.unsupported)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # 62.41 % against 37.59 %: odds of about 1.7 to 1 for flat
        (True, "Loaf 512 comes out flat, roughly 2 to 1 (0.62 vs 0.38)."),
        (False, "Loaf 512 comes out flat, roughly 9 to 1."),
    ],
)
def test_odds_said_as_n_to_one_are_a_class_odds(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [PREDICTION], vocabulary=BAKERY)
    assert said.passed == faithful, (reply, said.unsupported)


def test_odds_hold_within_the_rounding_of_whole_odds() -> None:
    from simxai.guard._odds import odds_hold

    assert odds_hold(19, {"healthy": {0.951}, "moldy": {0.049}})  # 19.4 to 1
    assert odds_hold(8, {"rejected": {88.6}})  # a percentage: 7.8 to 1
    assert not odds_hold(8, {"rejected": {0.7}, "approved": {0.3}})  # 2.3 to 1
