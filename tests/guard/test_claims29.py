"""The guard's claims-29 readings (helper guard30), on an invented host of this file's own: a harbour's buoys
(classes `afloat` / `sunk`, features barnacle_load, chain_length_m and paint_years).

Each reading answers a binding that flagged faithful replies of at least two DEV writers (`docs/guard.md`,
claims-29):

- a share of the cases a model misses is the rest of a share of the outputs (one minus the recall), not that share;
- a number right before a word of one feature's name ("6 shackles") is that feature's, not the feature named
  before it; the instance noun and units are no such word;
- a name cut short ("barn" of barnacle_load) is a known name, not an invented feature; a word whose known form only
  adds an ending ("paint" of "painted") is no shortening.
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._enumerated import shortened
from simxai.guard._facts import Facts
from simxai.guard._missed import missed_share
from simxai.guard._reading import worded_shares
from simxai.guard._units import counted_feature
from tests.guard.helpers import passes, row_subject

BUOYS = Vocabulary(
    labels=["afloat", "sunk"],
    features=["barnacle_load", "chain_length_m", "paint_years"],
    aliases={"barnacle_load": ["barnacles"], "chain_length_m": ["chain"], "paint_years": ["paint age"]},
    instance_noun="buoy",
)

PERFORMANCE = {
    "kind": "performance",
    "metric": "recall",
    "value": 0.62,
    "metrics": {"accuracy": 0.81, "precision": 0.77, "recall": 0.62, "f1": 0.69, "roc_auc": 0.85},
    "labels": ["afloat", "sunk"],
    "confusion_matrix": None,
    "split": "held-out split",
    "n": 80,
    "group": None,
    "nouns": "buoys",
    "label": "sunk",
}


def _passes(reply: str, *outputs: dict) -> bool:
    return passes(reply, outputs, BUOYS)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Harbour note: recall 62 % - about two in five of the buoys it should flag are missed."),
        (True, "Harbour note: recall 62 % - roughly two in five of the sinkings go unflagged."),
        # a missed share that is the rest of no recall is still flagged
        (False, "Harbour note: recall 62 % - about a tenth of the buoys it should flag are missed."),
        # a share of caught cases is the recall itself, as before
        (False, "Harbour note: recall 62 % - about two in five of the buoys it should flag are caught."),
    ],
)
def test_a_missed_share_is_the_rest_of_a_share(faithful, reply):
    assert _passes(reply, PERFORMANCE) is faithful


def test_missed_share_needs_a_verb_of_missing():
    facts = Facts(metrics={"recall": {0.62}})
    claim = next(worded_shares("roughly two in five of them"))
    assert missed_share(claim, "it misses roughly two in five of them", facts)
    assert not missed_share(claim, "it finds roughly two in five of them", facts)


def test_a_name_cut_short():
    known = {"barnacle_load", "barnacle", "chain", "painted", "paint_years", "recorded_label"}
    assert shortened("barn", known) and shortened("barns", known)
    assert not shortened("paint", known)  # "painted" only adds an ending
    assert not shortened("record", known)  # a word of a compound known name, plus an ending
    assert not shortened("bar", known)  # too short to tell
    assert not shortened("anchor", known)


def _explanation() -> dict:
    return {
        "kind": "counterfactual",
        "question": "how_to_be_that",
        "subject": row_subject("buoy", 31, {"barnacle_load": 4.2, "chain_length_m": 12.0, "paint_years": 3.0}),
        "current_label": "afloat",
        "target_label": "sunk",
        "counterfactuals": [
            {
                "changes": [{"feature": "barnacle_load", "old": 4.2, "new": 6.9}],
                "label": "sunk",
                "probability": 0.58,
                "text": None,
            }
        ],
        "method": "nearest rows",
        "note": None,
    }


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Dock board: buoy 31 flip needs two changes - barn (load) +2.7 and chain +0 - and reaches 58 % sunk."),
        (True, "Dock board: buoy 31 flip needs two changes - barns +2.7 and chain +0 - and reaches 58 % sunk."),
        # an invented feature that is no shortening is still flagged
        (False, "Dock board: buoy 31 flip needs two changes - rust (load) +2.7 and chain +0 - and reaches 58 % sunk."),
    ],
)
def test_a_shortened_feature_name(faithful, reply):
    assert _passes(reply, _explanation()) is faithful


SHACKLED = Vocabulary(
    labels=["afloat", "sunk"],
    features=["barnacle_load", "chain_length_m", "paint_years", "shackle_count"],
    aliases={"barnacle_load": ["barnacles"], "chain_length_m": ["chain"], "paint_years": ["paint age"]},
    instance_noun="buoy",
)


def _card_output() -> dict:
    values = {"barnacle_load": 4.2, "chain_length_m": 12.0, "paint_years": 3.0, "shackle_count": 6.0}
    return {
        "kind": "prediction",
        "subject": {"kind": "row", "description": "buoy 31", "id": 31, "values": values, "size": 1},
        "label": "afloat",
        "probabilities": {"afloat": 0.71, "sunk": 0.29},
        "label_counts": None,
        "true_label": "afloat",
    }


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "BUOY 31 · 4.2 barnacles · 6 shackles · model: AFLOAT (71 %) · log agrees."),
        # the number before the word is still checked, now against the feature the word names
        (False, "BUOY 31 · 4.2 barnacles · 5 shackles · model: AFLOAT (71 %) · log agrees."),
    ],
)
def test_a_number_before_its_feature_word(faithful, reply):
    assert check_claims(reply, [_card_output()], vocabulary=SHACKLED).passed is faithful


def test_counted_feature_reads_a_feature_word_only():
    features, aliases = SHACKLED.features, SHACKLED.aliases
    assert counted_feature(" shackles · model", features, aliases, "buoy") == "shackle_count"
    assert counted_feature(" barnacles", features, aliases, "buoy") == "barnacle_load"  # a one-word alias
    assert counted_feature(" buoys checked", features, aliases, "buoy") is None  # the instance noun counts subjects
    assert counted_feature(" years", features, aliases, "buoy") is None  # a unit is `unit_feature`'s to read
    assert counted_feature(" anchors", features, aliases, "buoy") is None
