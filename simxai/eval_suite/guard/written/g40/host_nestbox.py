"""The invented `nestbox` host of guard writer g40: garden bird nest boxes and whether their brood fledged.

`load_host()` builds a seeded frame of 100 nest boxes (ids 150401-150500) of an invented village bird group and fits
a scikit-learn `GradientBoostingClassifier` on 80 of them; the other 20 are held out for the performance figures.
Each row is one box in one season; the group's volunteers recorded it `fledged` or `failed`. Nothing here comes
from a data set: the domain, its columns and its words were invented by g40. Feature names mix styles (camelCase,
snake_case, spaces, units in brackets); `has_guard_plate` holds True/False.

    python simxai/eval_suite/guard/written/g40/host_nestbox.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["NESTBOX_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 150401
SIZE = 100
FEATURES = [
    "boxHeightM",
    "Facing",
    "has_guard_plate",
    "entrance hole [mm]",
    "Metres To Hedge",
    "cat_sightings",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
NESTBOX_CONFIG: dict[str, Any] = {
    "name": "village bird group nest box season",
    "target": "brood",
    "class_names": {"0": "fledged", "1": "failed"},
    "instance_noun": "box",
    "id_column": "box_id",
    "category_names": {
        "Facing": {"0": "north", "1": "east", "2": "south"},
        "has_guard_plate": {"False": "False", "True": "True"},
    },
    "immutable_features": ["entrance hole [mm]"],
    "feature_aliases": {
        "boxHeightM": ["height", "box height", "how high the box hangs"],
        "Facing": ["facing", "aspect", "which way it faces"],
        "has_guard_plate": ["guard plate", "metal plate", "plate on the hole"],
        "entrance hole [mm]": ["hole size", "entrance hole", "how wide the hole is"],
        "Metres To Hedge": ["distance to the hedge", "hedge distance", "how far the hedge is"],
        "cat_sightings": ["cat sightings", "cats seen", "how often cats were seen"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Nest boxes of an invented village bird group, one row per box and season, with whether "
        "the brood fledged.",
        "feature_descriptions": {
            "boxHeightM": "height of the box above the ground, in metres",
            "Facing": "which way the entrance faces: north, east or south",
            "has_guard_plate": "whether a metal plate guards the entrance hole (True) or not (False)",
            "entrance hole [mm]": "diameter of the entrance hole, in millimetres",
            "Metres To Hedge": "distance from the box to the nearest hedge, in metres",
            "cat_sightings": "cats seen near the box during the volunteers' spring visits",
        },
        "target_description": "what the volunteers recorded: fledged (at least one chick left the box) or failed",
        "model_description": "a scikit-learn GradientBoostingClassifier (60 trees, depth 2, learning rate 0.1, "
        "seed 43) on the raw columns; the facing enters as its code and the plate as 0/1.",
        "training": "Fitted on 80 of the 100 synthetic boxes; the other 20 are held out for the performance figures.",
        "limitations": [
            "Synthetic boxes, invented for testing; not a real bird group's records.",
            "Only 20 boxes are held out, so each performance figure moves a lot with one box.",
        ],
        "label_meanings": {
            "fledged": "at least one chick left the box",
            "failed": "no chick left the box",
        },
        "probability_meaning": "The model's score for each outcome (from predict_proba); the two sum to 1 and the "
        "outcome with the higher score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(40401)
    n = SIZE
    height = np.round(rng.uniform(1.0, 5.0, n), 1)
    facing = rng.choice(3, n, p=[0.3, 0.4, 0.3])
    plate = rng.random(n) < 0.5
    hole = rng.choice([25, 28, 32], n)
    hedge = np.round(rng.uniform(0.5, 30.0, n), 1)
    cats = rng.integers(0, 12, n)
    frame = pd.DataFrame(
        {
            "box_id": np.arange(FIRST_ID, FIRST_ID + n),
            "boxHeightM": height,
            "Facing": facing,
            "has_guard_plate": plate,
            "entrance hole [mm]": hole,
            "Metres To Hedge": hedge,
            "cat_sightings": cats,
        }
    )
    risk = 0.35 * (cats - 5) - 0.5 * (height - 3) - 0.9 * plate + 0.7 * (facing == 2) + 0.04 * (hedge - 15)
    risk = risk + 0.05 * (hole - 28) + rng.normal(0, 0.8, n)
    frame["brood"] = (risk > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 20 boxes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1504).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented nest box host in memory, fitted on the boxes outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.box_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=43)
    model.fit(train[FEATURES], train.brood)
    return host_from_model(model, frame[["box_id", *FEATURES, "brood"]], test_ids=test, **NESTBOX_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
