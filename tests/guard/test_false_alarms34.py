"""False alarms on new writers (claims-41 work, helper gfa34), on an invented host of this file's own: glazed pots
out of a kiln (classes `sound` / `cracked`, features KilnTemperature, glaze_thickness_mm, FiringHours and a
categorical `Clay Body`, instance noun "pot").

Each reading is tested both ways: the faithful reply passes, the same reply with a figure wrong is flagged.

- a feature called by a clipped word of its names with a figure after it: "temp +0.21" (KilnTemperature), "thick
  +0.09" (glaze_thickness_mm), "hrs −0.04" (FiringHours: the consonants of "hours");
- a categorical feature called by the pot's value of it, with a figure after it: "stoneware +0.02" (Clay Body);
- a subject's id said by its last digits at the head of a clause whose feature comes after it ("207 → sound if
  firing time 9.0→11.5").
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._category_words import category_aliases
from simxai.guard._clipped import clipped_aliases, figure_words

KILN = Vocabulary(
    labels=["sound", "cracked"],
    features=["KilnTemperature", "glaze_thickness_mm", "FiringHours", "Clay Body"],
    aliases={
        "KilnTemperature": ["kiln temperature", "peak heat"],
        "glaze_thickness_mm": ["glaze thickness"],
        "FiringHours": ["firing hours", "firing time"],
        "Clay Body": ["clay body", "clay"],
    },
    instance_noun="pot",
)

VALUES: dict[str, Any] = {
    "KilnTemperature": 1262.0,
    "glaze_thickness_mm": 1.4,
    "FiringHours": 9.0,
    "Clay Body": "stoneware",
}
WHY = {
    "kind": "local_explanation",
    "method": "SHAP KernelExplainer (model-agnostic, exact, every coalition, 100 background rows)",
    "label": "cracked",
    "predicted_label": "cracked",
    "recorded_label": None,
    "output_space": "probability",
    "base_value": 0.41,
    "output": 0.69,
    "probability": 0.69,
    "attributions": [
        {"feature": "KilnTemperature", "value": 1262.0, "contribution": 0.21},
        {"feature": "glaze_thickness_mm", "value": 1.4, "contribution": 0.09},
        {"feature": "Clay Body", "value": "stoneware", "contribution": 0.02},
        {"feature": "FiringHours", "value": 9.0, "contribution": -0.04},
    ],
    "subject": {
        "kind": "row",
        "id": 41207,
        "ids": None,
        "description": "pot 41207",
        "size": 1,
        "condition": None,
        "nouns": None,
        "text": None,
        "values": VALUES,
    },
}


def _passes(reply: str) -> bool:
    return check_claims(reply, [WHY], vocabulary=KILN).passed


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Kiln log, pot 41207: cracked .69. temp +0.21, thick +0.09, hrs −0.04."),
        (True, "Pot 41207 cracked: peak heat +0.21 · thick +0.09 · hrs −.04"),
        # the clipped word's figure is another feature's, or no field's
        (False, "Kiln log, pot 41207: cracked .69. temp +0.21, thick +0.09, hrs −0.14."),
        (False, "Pot 41207 cracked: peak heat +0.21 · thick +0.31 · hrs −.04"),
    ],
)
def test_a_feature_called_by_a_clipped_word(faithful: bool, reply: str) -> None:
    assert _passes(reply) is faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (
            True,
            "Pot 41207, why cracked: peak heat +0.21 · glaze thickness +0.09 · stoneware +0.02 · firing time −0.04.",
        ),
        (True, "Pot 41207, why cracked: temp +0.21 · thick +0.09 · stoneware +0.02 · hrs −0.04."),
        (
            False,
            "Pot 41207, why cracked: peak heat +0.21 · glaze thickness +0.09 · stoneware +0.12 · firing time −0.04.",
        ),
    ],
)
def test_a_category_said_for_its_feature(faithful: bool, reply: str) -> None:
    assert _passes(reply) is faithful, reply


WHY_NOT = {
    "kind": "counterfactual",
    "question": "why_not",
    "method": "nearest rows the model gives the target label",
    "note": None,
    "current_label": "cracked",
    "target_label": "sound",
    "counterfactuals": [
        {"changes": [{"feature": "FiringHours", "old": 9.0, "new": 11.5}], "label": "sound", "probability": 0.56}
    ],
    "subject": WHY["subject"],
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "log: 207 → sound if firing time 9.0→11.5, p .56"),
        (True, "log: 207 → sound if hrs 9.0→11.5 p .56"),
        (False, "log: 207 → sound if firing time 9.0→12.5, p .56"),
        (False, "log: 207 → sound if hrs 9.0→12.5 p .56"),
    ],
)
def test_an_id_by_its_last_digits_before_a_feature(faithful: bool, reply: str) -> None:
    assert check_claims(reply, [WHY_NOT], vocabulary=KILN).passed is faithful, reply


def test_clipped_words_need_a_figure_and_one_owner() -> None:
    features = ["KilnTemperature", "glaze_thickness_mm", "FiringHours", "firing_kiln_id"]
    aliases = {"KilnTemperature": ["kiln temperature"], "FiringHours": ["firing hours"]}
    taken = {"kilntemperature", "kiln temperature", "glaze_thickness_mm", "firinghours", "firing hours"}
    found = clipped_aliases("temp 1262, thick 1.4 mm, hrs 9; the temp was high", features, aliases, [], "pot", taken)
    assert found == {"KilnTemperature": ["temp"], "glaze_thickness_mm": ["thick"], "FiringHours": ["hrs"]}
    # no figure after it: not read; "fir" and "kiln" clip two features' words: neither's
    assert clipped_aliases("the temp was high", features, aliases, [], "pot", taken) == {}
    assert clipped_aliases("fir 9, kiln 3", features, aliases, [], "pot", taken) == {}
    # a class's first letters, the instance noun and common words are not read as features
    assert clipped_aliases("crac 0.7, pot 3, total 5", ["cracks_count"], {}, ["cracked"], "pot", set()) == {}


def test_category_words_come_from_the_outputs() -> None:
    assert figure_words("stoneware +0.02 and porcelain, mass 3 kg") == {"stoneware", "mass"}
    assert figure_words("Pot 41207: temp 1262", [41207]) == {"temp"}  # a subject named by its id
    found = category_aliases("stoneware +0.02", [WHY], KILN.features, KILN.labels, set())
    assert found == {"Clay Body": ["stoneware"]}
    # a value no output gives, and a truth value, are not read
    assert category_aliases("porcelain +0.02", [WHY], KILN.features, KILN.labels, set()) == {}
    glazed = {"kind": "x", "attributions": [{"feature": "Glazed", "value": "True", "contribution": 0.1}]}
    assert category_aliases("true 0.1", [glazed], ["Glazed"], KILN.labels, set()) == {}


PREDICTION = {
    "kind": "prediction",
    "label": "cracked",
    "label_counts": None,
    "probabilities": {"cracked": 0.955, "sound": 0.045},
    "subject": WHY["subject"],
    "true_label": "cracked",
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Pot 41207 will come out cracked, about twenty-one to one."),
        (True, "Pot 41207: cracked, at twenty to one on."),
        # odds no class has
        (False, "Pot 41207 will come out cracked, about four to one."),
        (False, "Pot 41207: cracked, at sixty to one on."),
    ],
)
def test_odds_against_one_in_words(faithful: bool, reply: str) -> None:
    assert check_claims(reply, [PREDICTION], vocabulary=KILN).passed is faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "kiln: 41207 crac .955 / snd .045"),
        (True, "41207 → crac 0.955 (snd 4.5 %)"),
        # a clipped class given the other class's share
        (False, "kiln: 41207 crac .045 / snd .955"),
        (False, "41207 → crac 0.955 (snd 9.5 %)"),
    ],
)
def test_a_class_called_by_a_clipped_word(faithful: bool, reply: str) -> None:
    assert check_claims(reply, [PREDICTION], vocabulary=KILN).passed is faithful, reply


WHAT_IF = {
    "kind": "what_if",
    "subject": WHY["subject"],
    "changes": [{"feature": "FiringHours", "old": 9.0, "new": 11.5, "decimals": 1}],
    "old_label": "cracked",
    "old_probabilities": {"cracked": 0.69, "sound": 0.31},
    "new_label": "sound",
    "new_probabilities": {"cracked": 0.30, "sound": 0.70},
    "old_label_counts": None,
    "new_label_counts": None,
    "note": None,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "What-if on 41207, firing time 11.5: cracked drops to 0.30, so it comes out sound."),
        # the change said the wrong way
        (False, "What-if on 41207, firing time cut to 7.5: cracked drops to 0.30, so it comes out sound."),
    ],
)
def test_a_class_moving_is_no_change_of_the_feature(faithful: bool, reply: str) -> None:
    assert check_claims(reply, [WHAT_IF], vocabulary=KILN).passed is faithful, reply
