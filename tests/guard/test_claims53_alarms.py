"""The guard's claims-53 false-alarm fixes (helper gfa46), on an invented host of this file's own: a beekeepers'
club's spring hive inspections (classes `thriving` / `queenless` / `collapsed`; features brood_frames,
mite_count, HiveAgeYrs, forage_km, "Apiary Site"; instance noun "hive", ids 4401-4499).

- A metric said by counting, the whole first ("of the 12 hives that really collapsed, it caught 9") or as the
  model's own ("14 of its 20 collapse calls"), holds when the count's ratio is a share of the outputs.

Each reading is tested both ways: the faithful reply passes, the same form with a wrong count is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary
from tests.guard.helpers import passes

HIVES = Vocabulary(
    labels=["thriving", "queenless", "collapsed"],
    features=["brood_frames", "mite_count", "HiveAgeYrs", "forage_km", "Apiary Site"],
    aliases={"brood_frames": ["brood frames"], "mite_count": ["mites"], "forage_km": ["forage distance"]},
    instance_noun="hive",
)


def test_the_version_names_this_round() -> None:
    assert GUARD_VERSION == "claims-53"


PERFORMANCE: dict[str, Any] = {
    "kind": "performance",
    "metric": "recall",
    "value": 0.75,
    "metrics": {"accuracy": 0.68, "precision": 0.7, "recall": 0.75, "f1": 0.724},
    "labels": ["thriving", "queenless", "collapsed"],
    "confusion_matrix": None,
    "split": "held-out split",
    "n": 50,
    "group": None,
    "nouns": "hives",
    "label": "collapsed",
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Of the 12 hives that really collapsed, the model caught 9: recall 0.75.", True),
        ("Of the 12 hives that really collapsed, the model caught 11: recall 0.75.", False),
        ("Recall for collapsed is 0.75: of the 12 colonies that truly died, it found 9.", True),
        ("Recall for collapsed is 0.75: of the 12 colonies that truly died, it found 7.", False),
        ("It over-calls collapse a little: 14 of its 20 collapse calls were right (precision 0.70).", True),
        ("It over-calls collapse a little: 14 of its 23 collapse calls were right (precision 0.70).", False),
    ],
)
def test_a_metric_said_by_counting_holds_when_its_ratio_is_a_share(reply: str, faithful: bool) -> None:
    assert passes(reply, [PERFORMANCE], HIVES) is faithful, reply
