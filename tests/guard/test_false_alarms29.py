"""False alarms on new writers (claims-36, helper gfa29), on an invented host of this file's own: a footbridge's
deck panels (classes `sound` / `ravels` / `rusty`, features BinderContent (in percent by its description only),
deck_age_yr and salt_days, instance noun "panel").

- a feature whose description gives percent as its unit (`_percent_features`): its value said in percent is the
  feature's, not a class's probability, and a class's mean of it said in percent is that class's mean;
- a class said by its noun or British gerund (`_label_nouns`): "rust" of rusty, "ravelling" of ravels;
- a fraction said of a unit (`_measured`): "a tenth of a millimetre" is no share, "a tenth of a percent" is 0.1 %;
- odds said "about N to 1" (`_odds`): a ratio, not a range from N down to 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._label_nouns import label_nouns
from simxai.guard._measured import share_scale
from simxai.guard._odds import said_as_odds
from simxai.guard._percent_features import percent_features
from simxai.guard._reading import numbers
from simxai.guard._state import label_forms
from tests.guard.helpers import row_subject

_DESCRIPTIONS = {
    "BinderContent": "bitumen binder as a share of the surfacing mix, in percent",
    "deck_age_yr": "years since the deck was laid",
    "salt_days": "days of road salt in the last winter",
}
DECK = Vocabulary(
    labels=["sound", "ravels", "rusty"],
    features=["BinderContent", "deck_age_yr", "salt_days"],
    aliases={"BinderContent": ["binder", "binder content"], "deck_age_yr": ["age"], "salt_days": ["salt"]},
    instance_noun="panel",
    descriptions=_DESCRIPTIONS,
)
_VALUES = {"BinderContent": 5.8, "deck_age_yr": 31.0, "salt_days": 44.0}


def _subject(ident: int) -> dict[str, Any]:
    return row_subject("panel", ident, _VALUES)


def _prediction(probabilities: dict[str, float]) -> dict[str, Any]:
    label = max(probabilities, key=lambda k: probabilities[k])
    return {
        "kind": "prediction",
        "subject": _subject(812),
        "label": label,
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": None,
    }


LOCAL = {
    "kind": "local_explanation",
    "subject": _subject(812),
    "label": "rusty",
    "predicted_label": "rusty",
    "probability": 0.71,
    "base_value": 0.34,
    "output": 0.71,
    "output_space": "probability",
    "method": "SHAP KernelExplainer",
    "attributions": [
        {"feature": "salt_days", "value": 44.0, "contribution": 0.241},
        {"feature": "BinderContent", "value": 5.8, "contribution": 0.087},
        {"feature": "deck_age_yr", "value": 31.0, "contribution": 0.042},
    ],
    "recorded_label": None,
}
DATA = {
    "kind": "data_information",
    "name": "footbridge deck panels",
    "description": "Deck panels of an invented footbridge, one row per panel.",
    "n_rows": 240,
    "target": "state",
    "class_balance": {"sound": 90, "ravels": 70, "rusty": 80},
    "feature": {
        "name": "BinderContent",
        "type": "numeric",
        "description": _DESCRIPTIONS["BinderContent"],
        "min": 3.1,
        "max": 7.9,
        "mean": 5.4,
        "std": 1.1,
        "median": 5.4,
        "q1": 4.7,
        "q3": 6.2,
        "categories": None,
        "mean_by_label": {"sound": 6.3, "ravels": 4.6, "rusty": 5.2},
        "histogram_by_label": None,
        "counts_by_label": None,
    },
    "group": None,
    "n_total": None,
    "nouns": None,
    "group_fields": None,
}


def test_a_feature_is_in_percent_by_its_name_or_its_description() -> None:
    assert percent_features(DECK.features, DECK.descriptions) == ["BinderContent"]
    assert percent_features(["hearting_pct", "height_cm"], {}) == ["hearting_pct"]
    # a share named without percent as its unit is not enough
    assert percent_features(["starter"], {"starter": "share of the batch that was starter liquid"}) == []


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # the feature's value in percent beside its push: not a probability of rusty
        (True, "Why panel 812 is rusty: 44 salt days +0.241, binder 5.8 % +0.087, age +0.042. 0.34 → 0.71."),
        # a value the panel does not have is still a number of no field: flagged
        (False, "Why panel 812 is rusty: 44 salt days +0.241, binder 7.3 % +0.087, age +0.042. 0.34 → 0.71."),
    ],
)
def test_a_feature_value_in_percent_is_the_features(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [LOCAL], vocabulary=DECK)
    assert said.passed == faithful, (reply, said.unsupported)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Sound panels carry the most binder on average (6.3 %), ravelling ones the least (4.6 %)."),
        # the two classes' means swapped: each percent is another class's mean, flagged
        (False, "Sound panels carry the least binder on average (4.6 %), ravelling ones the most (6.3 %)."),
    ],
)
def test_a_class_mean_in_percent_is_checked_as_that_class_mean(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [DATA], vocabulary=DECK)
    assert said.passed == faithful, (reply, said.unsupported)


def test_a_class_by_its_noun_or_british_gerund() -> None:
    forms = label_forms(DECK.labels, {"binder", "content", "age", "salt"})
    assert forms["rust"] == "rusty" and forms["ravelling"] == "ravels" and forms["raveling"] == "ravels"
    # an abstract noun in -th, a form that is a feature's word, a doubled vowel before l: none is made
    assert "health" not in label_nouns(["healthy", "dead"])
    assert "mold" not in label_nouns(["moldy", "clean"], {"mold", "count"})
    assert label_nouns(["peels", "holds"]) == {}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Panel 812: rusty, about 62 %. Ravelling is a real contender at about 30 percent."),
        (True, "Panel 812 looks rusty. The rust call is at 62 %, sound gets 8 %."),
        # ravels's share said as the sound class's: flagged
        (False, "Panel 812: rusty, about 62 %. Ravelling is a real contender at about 8 percent."),
    ],
)
def test_a_number_said_of_a_class_noun_is_that_class(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [_prediction({"sound": 0.08, "ravels": 0.30, "rusty": 0.62})], vocabulary=DECK)
    assert said.passed == faithful, (reply, said.unsupported)


def test_a_fraction_of_a_unit_is_no_share() -> None:
    assert share_scale(" of a millimetre thinner") is None
    assert share_scale(" of a percent or so") == 1.0
    assert share_scale(" of the time") == 100.0
    assert share_scale(" of a point") == 100.0  # points stay as they were read
    tenth = [c for c in numbers("ravelling barely registers, a tenth of a percent") if c.raw == "a tenth"]
    assert tenth and tenth[0].value == pytest.approx(0.1) and tenth[0].percent
    assert not [c for c in numbers("a wick a tenth of a millimetre thinner") if c.raw == "a tenth"]


@pytest.mark.parametrize(
    ("faithful", "share"),
    [(True, 0.0012), (False, 0.05)],
)
def test_a_tenth_of_a_percent_is_checked_as_one(faithful: bool, share: float) -> None:
    reply = "Panel 812 is rusty, 0.79. Sound gets roughly 20 %; ravels barely registers, a tenth of a percent or so."
    output = _prediction({"sound": round(0.21 - share, 4), "ravels": share, "rusty": 0.79})
    said = check_claims(reply, [output], vocabulary=DECK)
    assert said.passed == faithful, (reply, said.unsupported)


def test_odds_said_with_a_hedge_are_a_ratio() -> None:
    text = "rusty wins by roughly 8 to 1 over sound"
    pair = next(c for c in numbers(text) if c.high is not None)
    assert said_as_odds(pair, text[: pair.start], text)
    plain = "the grades run 8 to 1"  # a range, said bare
    grades = next(c for c in numbers(plain) if c.high is not None)
    assert not said_as_odds(grades, plain[: grades.start], plain)
    reply = "Panel 812 comes back rusty, about 4 to 1 (0.80 vs 0.20)."
    said = check_claims(reply, [_prediction({"sound": 0.2, "ravels": 0.0, "rusty": 0.8})], vocabulary=DECK)
    assert said.passed, said.unsupported
