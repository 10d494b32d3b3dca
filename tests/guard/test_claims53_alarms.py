"""The guard's claims-53 false-alarm fixes (helper gfa46), on an invented host of this file's own: a beekeepers'
club's spring hive inspections (classes `thriving` / `queenless` / `collapsed`; features brood_frames,
mite_count, HiveAgeYrs, forage_km, "Apiary Site"; instance noun "hive", ids 4401-4499).

- A push's size said with its sign in words ("the far meadow takes back 0.02") or an item of a signed list named
  in words the host lacks ("forage −0.02"), bound only to a feature named before its segment, is loosely bound:
  when another feature's push has that size it is listed as unchecked, not flagged (`_binding`, `_own_subject`).

Each reading is tested both ways: the faithful reply passes, the same form with a size no feature has is flagged.
"""

from __future__ import annotations

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary
from tests.guard.helpers import local_explanation, passes, row_subject

HIVES = Vocabulary(
    labels=["thriving", "queenless", "collapsed"],
    features=["brood_frames", "mite_count", "HiveAgeYrs", "forage_km", "Apiary Site"],
    aliases={"brood_frames": ["brood frames"], "mite_count": ["mites"], "forage_km": ["forage distance"]},
    instance_noun="hive",
)


def test_the_version_names_this_round() -> None:
    assert GUARD_VERSION in ("claims-53", "claims-54", "claims-55", "claims-56")


VALUES = {"brood_frames": 7.0, "mite_count": 3.0, "HiveAgeYrs": 2.0, "forage_km": 1.5, "Apiary Site": "orchard"}
SUBJECT = row_subject("hive", 4417, VALUES)
PUSHES = {"brood_frames": 0.12, "mite_count": 0.07, "HiveAgeYrs": 0.03, "forage_km": -0.02, "Apiary Site": 0.0}
LOCAL = local_explanation(SUBJECT, "thriving", VALUES, PUSHES, base=0.26, output=0.46)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Thriving for hive 4417: its 7 brood frames add 0.12, the mites 0.07; the far meadow takes back 0.02.", True),
        ("Thriving for hive 4417: its 7 brood frames add 0.12, the mites 0.07; the far meadow takes back 0.05.", False),
        ("Hive 4417, thriving: brood frames +0.12, mites +0.07, forage −0.02.", True),
        ("Hive 4417, thriving: brood frames +0.12, mites +0.07, forage −0.05.", False),
    ],
)
def test_a_loosely_bound_push_another_feature_has_is_unchecked(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply
