"""The guard's claims-53 false-alarm fixes (helper gfa46), on an invented host of this file's own: a beekeepers'
club's spring hive inspections (classes `thriving` / `queenless` / `collapsed`; features brood_frames,
mite_count, box_age_yrs, forage_km, "Apiary Site"; instance noun "hive", ids 4401-4499).

- A push's size said with its sign in words ("the far meadow takes back 0.02") or an item of a signed list named
  in words the host lacks ("age −0.03"), bound only to a feature named before its segment, is loosely bound:
  when another feature's push has that size it is listed as unchecked, not flagged (`_binding`, `_own_subject`).
- A change's amount said after its number with "fewer" ("14 fewer kilometres of foraging") or as points joined by a
  hyphen ("an 80-point higher count") is the change's size (`_cues.AMOUNT_AFTER`).

Each reading is tested both ways: the faithful reply passes, the same form with a figure the outputs do not
hold is flagged.
"""

from __future__ import annotations

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary
from tests.guard.helpers import local_explanation, passes, row_subject

HIVES = Vocabulary(
    labels=["thriving", "queenless", "collapsed"],
    features=["brood_frames", "mite_count", "box_age_yrs", "forage_km", "Apiary Site"],
    aliases={"brood_frames": ["brood frames"], "mite_count": ["mites"], "forage_km": ["forage distance"]},
    instance_noun="hive",
)


def test_the_version_names_this_round() -> None:
    assert GUARD_VERSION == "claims-53"


VALUES = {"brood_frames": 7.0, "mite_count": 3.0, "box_age_yrs": 2.0, "forage_km": 1.5, "Apiary Site": "orchard"}
SUBJECT = row_subject("hive", 4417, VALUES)
PUSHES = {"brood_frames": 0.12, "mite_count": 0.07, "box_age_yrs": -0.03, "forage_km": -0.02, "Apiary Site": 0.0}
LOCAL = local_explanation(SUBJECT, "thriving", VALUES, PUSHES, base=0.26, output=0.40)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Thriving for hive 4417: its 7 brood frames add 0.12, the mites 0.07; the far meadow takes back 0.02.", True),
        ("Thriving for hive 4417: its 7 brood frames add 0.12, the mites 0.07; the far meadow takes back 0.05.", False),
        ("Hive 4417, thriving: brood frames +0.12, mites +0.07, age −0.03.", True),
        ("Hive 4417, thriving: brood frames +0.12, mites +0.07, age −0.05.", False),
    ],
)
def test_a_loosely_bound_push_another_feature_has_is_unchecked(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply


def _counterfactual(feature: str, old: float, new: float) -> dict[str, object]:
    return {
        "kind": "counterfactual",
        "question": "how_to_be_that",
        "subject": SUBJECT,
        "current_label": "queenless",
        "target_label": "thriving",
        "counterfactuals": [
            {"changes": [{"feature": feature, "old": old, "new": new}], "label": "thriving", "probability": 0.58}
        ],
        "method": "nearest rows the model gives the target label",
        "note": None,
    }


@pytest.mark.parametrize(
    ("reply", "output", "faithful"),
    [
        (
            "One change would make it thriving: 14 fewer kilometres of foraging.",
            ("forage_km", 20, 6),
            True,
        ),
        (
            "One change would make it thriving: 17 fewer kilometres of foraging.",
            ("forage_km", 20, 6),
            False,
        ),
        ("A single change does it: an 80-point higher mite count.", ("mite_count", 40, 120), True),
        ("A single change does it: an 85-point higher mite count.", ("mite_count", 40, 120), False),
    ],
)
def test_a_change_said_as_fewer_or_as_hyphened_points_is_its_amount(
    reply: str, output: tuple[str, float, float], faithful: bool
) -> None:
    assert passes(reply, [_counterfactual(*output)], HIVES) is faithful, reply
