"""The invented `walls` host of guard writer g25: repaired dry-stone wall stretches, stood or bulged.

`load_host()` builds a seeded frame of 300 stretches of dry-stone wall (ids 115401-115700) rebuilt by an invented
upland wallers' volunteer group and surveyed after the following winter, and fits a single scikit-learn
`ExtraTreeClassifier` (one extremely randomized tree, seeded) on 240 of them; the other 60 are held out for the
performance figures. Nothing here comes from a data set: the domain, its columns and its words were invented by g25.

    python simxai/eval_suite/guard/written/g25/host_walls.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WALLS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 115401
SIZE = 300
NUMERIC = ["through_stones_per_m", "batter_ratio", "hearting_pct", "height_cm", "frost_nights", "ground_slope_deg"]
CATEGORICAL = ["StoneType"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WALLS_CONFIG: dict[str, Any] = {
    "name": "dry-stone wall repair survey",
    "target": "after_winter",
    "class_names": {"0": "stood", "1": "bulged"},
    "instance_noun": "stretch",
    "id_column": "stretch_id",
    "category_names": {"StoneType": {"0": "gritstone", "1": "limestone", "2": "slate", "3": "granite"}},
    "immutable_features": ["ground_slope_deg"],
    "feature_aliases": {
        "through_stones_per_m": ["through stones", "throughs"],
        "batter_ratio": ["batter", "face slope"],
        "hearting_pct": ["hearting", "core fill"],
        "height_cm": ["wall height", "height"],
        "frost_nights": ["frosts", "nights of frost"],
        "ground_slope_deg": ["ground slope", "hillside slope"],
        "StoneType": ["stone type", "stone"],
    },
    "seed": 0,
    "cards": {
        "description": "Stretches of dry-stone wall rebuilt by an invented wallers' volunteer group, one row each.",
        "feature_descriptions": {
            "through_stones_per_m": "long stones laid right across the wall, per metre of its length",
            "batter_ratio": "the inward lean of the faces, as one unit in for this many units up",
            "hearting_pct": "how full the wall's core was packed with small stones, in percent",
            "height_cm": "height of the rebuilt stretch, in centimetres",
            "frost_nights": "nights of frost at the site over the winter after the rebuild",
            "ground_slope_deg": "slope of the ground the stretch stands on, in degrees",
            "StoneType": "stone the stretch is built of: gritstone, limestone, slate or granite",
        },
        "target_description": "whether the stretch still stood true after one winter or had bulged",
        "model_description": "a single scikit-learn ExtraTreeClassifier (one extremely randomized tree, "
        "depth at most 6, at least 8 stretches per leaf, seed 25); the stone type enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic stretches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic stretches, invented for testing; not a real survey.",
            "One randomized tree: its probabilities are leaf shares and move in steps.",
            "The stone type enters as a numeric code, as if the stones were ordered.",
        ],
        "label_meanings": {
            "stood": "the stretch came through the winter straight and sound",
            "bulged": "a face of the stretch pushed out or began to fall",
        },
        "probability_meaning": "The share of training stretches of each outcome in the tree's leaf; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(25025)
    n = SIZE
    stone = rng.choice(4, n, p=[0.3, 0.3, 0.2, 0.2])
    throughs = np.round(np.clip(rng.normal(1.6, 0.7, n), 0, 4), 1)
    batter = np.round(np.clip(rng.normal(7.0, 2.0, n), 3, 12), 1)
    hearting = np.round(np.clip(rng.normal(75, 14, n), 30, 100), 0)
    height = np.round(np.clip(rng.normal(130, 20, n), 80, 180), 0)
    frost = np.clip(np.round(rng.normal(45, 18, n)), 5, 95).astype(int)
    slope = np.round(np.clip(rng.gamma(2.0, 4.0, n), 0, 30), 1)
    frame = pd.DataFrame(
        {
            "stretch_id": np.arange(FIRST_ID, FIRST_ID + n),
            "through_stones_per_m": throughs,
            "batter_ratio": batter,
            "hearting_pct": hearting,
            "height_cm": height,
            "frost_nights": frost,
            "ground_slope_deg": slope,
            "StoneType": stone,
        }
    )
    score = (
        -0.9 * (throughs - 1.6)
        - 0.05 * (hearting - 75)
        + 0.025 * (height - 130)
        + 0.03 * (frost - 45)
        + 0.08 * (slope - 8)
        - 0.15 * (batter - 7)
        + 0.6 * (stone == 2)
        - 0.4 * (stone == 3)
        + rng.normal(0, 0.8, n)
    )
    frame["after_winter"] = (score > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 stretches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(25).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented wall host in memory, fitted on the stretches outside `held_out_ids()`."""
    from sklearn.tree import ExtraTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.stretch_id.isin(test)]
    model = ExtraTreeClassifier(max_depth=6, min_samples_leaf=8, random_state=25)
    model.fit(train[features], train.after_winter)
    return host_from_model(model, frame[["stretch_id", *features, "after_winter"]], test_ids=test, **WALLS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
