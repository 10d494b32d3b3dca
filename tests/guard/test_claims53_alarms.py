"""The guard's claims-53 false-alarm fixes (helper gfa46), on an invented host of this file's own: a beekeepers'
club's spring hive inspections (classes `thriving` / `queenless` / `collapsed`; features brood_frames,
mite_count, HiveAgeYrs, forage_km, "Apiary Site"; instance noun "hive", ids 4401-4499).

- How sure a call is, said by an adverb of manner, is no name: "more surely" (a compared adverb), "Thriving,
  narrowly: ..." (an adverb right after the class that opens the sentence), "Biggest pushes" (a superlative).

Each reading is tested both ways: the faithful reply passes, the same form with an invented name is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary
from tests.guard.helpers import local_explanation, passes, row_subject

HIVES = Vocabulary(
    labels=["thriving", "queenless", "collapsed"],
    features=["brood_frames", "mite_count", "HiveAgeYrs", "forage_km", "Apiary Site"],
    aliases={"brood_frames": ["brood frames"], "mite_count": ["mites"], "forage_km": ["forage distance"]},
    instance_noun="hive",
)
VALUES = {"brood_frames": 7.0, "mite_count": 3.0, "HiveAgeYrs": 2.0, "forage_km": 1.5, "Apiary Site": "orchard"}
SUBJECT = row_subject("hive", 4417, VALUES)
PREDICTION: dict[str, Any] = {
    "kind": "prediction",
    "subject": SUBJECT,
    "label": "thriving",
    "probabilities": {"thriving": 0.46, "queenless": 0.41, "collapsed": 0.13},
    "label_counts": None,
    "true_label": None,
}
WHAT_IF: dict[str, Any] = {
    "kind": "what_if",
    "subject": SUBJECT,
    "changes": [{"feature": "mite_count", "old": 3.0, "new": 1.0}],
    "old_label": "thriving",
    "new_label": "thriving",
    "old_probabilities": PREDICTION["probabilities"],
    "new_probabilities": {"thriving": 0.63, "queenless": 0.29, "collapsed": 0.08},
    "old_label_counts": None,
    "new_label_counts": None,
    "note": None,
}
PUSHES = {"brood_frames": 0.12, "mite_count": 0.07, "HiveAgeYrs": 0.03, "forage_km": -0.02, "Apiary Site": 0.0}
LOCAL = local_explanation(SUBJECT, "thriving", VALUES, PUSHES, base=0.26, output=0.46)


def test_the_version_names_this_round() -> None:
    assert GUARD_VERSION == "claims-53"


@pytest.mark.parametrize(
    ("reply", "outputs", "faithful"),
    [
        ("With two fewer mites (3 → 1) hive 4417 stays thriving, more surely: 0.46 → 0.63.", [WHAT_IF], True),
        ("With two fewer mites (3 → 1) hive 4417 stays thriving, less shakily: 0.46 → 0.63.", [WHAT_IF], True),
        # a name that is not an adverb of manner stays an invented name in the same place
        ("With two fewer mites (3 → 1) hive 4417 stays thriving, more honey: 0.46 → 0.63.", [WHAT_IF], False),
        ("Thriving, narrowly: 46 % for thriving, 41 % for queenless and 13 % for collapsed.", [PREDICTION], True),
        ("Thriving, and only barely: 46 % for thriving, 41 % for queenless, 13 % for collapsed.", [PREDICTION], True),
        # an item of a list of classes that is no class stays an invented class
        ("Thriving, swarming: 46 % for thriving, 41 % for queenless and 13 % for collapsed.", [PREDICTION], False),
        ("Biggest pushes toward thriving: brood frames 7 (+0.12), then mites 3 (+0.07).", [LOCAL], True),
        ("Pollen pushes toward thriving: brood frames 7 (+0.12), then mites 3 (+0.07).", [LOCAL], False),
    ],
)
def test_how_sure_a_call_is_is_no_name(reply: str, outputs: list[dict[str, Any]], faithful: bool) -> None:
    assert passes(reply, outputs, HIVES) is faithful, reply
