"""The invented `gutter` host of guard writer g43: house rain gutters and whether each was found blocked.

`load_host()` builds a seeded frame of 100 gutter inspections (ids 156401-156500) of an invented small-town roofing
firm and fits a scikit-learn `GradientBoostingClassifier` on 80 of them; the other 20 are held out for the
performance figures. Each row is one gutter run; the inspector found it `clear` or `blocked`. Nothing here comes
from a data set: the domain, its columns and its words were invented by gdev46 for g43. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `has_leaf_guard` holds True/False.

    python simxai/eval_suite/guard/written/g43/host_gutter.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GUTTER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 156401
SIZE = 100
FEATURES = [
    "gutterAgeYrs",
    "Nearby Trees",
    "has_leaf_guard",
    "downpipe count",
    "Weeks Since Clean",
    "fall_mm_per_m",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
GUTTER_CONFIG: dict[str, Any] = {
    "name": "small-town roofer gutter inspections",
    "target": "gutter_state",
    "class_names": {"0": "clear", "1": "blocked"},
    "instance_noun": "gutter",
    "id_column": "inspection_id",
    "category_names": {
        "Nearby Trees": {"0": "none", "1": "deciduous", "2": "pine"},
        "has_leaf_guard": {"False": "False", "True": "True"},
    },
    "immutable_features": ["downpipe count"],
    "feature_aliases": {
        "gutterAgeYrs": ["gutter age", "age of the gutter", "how old the gutter is"],
        "Nearby Trees": ["trees", "trees nearby", "overhanging trees"],
        "has_leaf_guard": ["leaf guard", "gutter guard", "mesh guard"],
        "downpipe count": ["downpipes", "number of downpipes", "how many downpipes"],
        "Weeks Since Clean": ["weeks since cleaning", "time since the last clean", "last clean"],
        "fall_mm_per_m": ["fall", "slope", "how steeply it runs"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "House rain gutters inspected by an invented small-town roofing firm, one row per "
        "inspection, with what the inspector found.",
        "feature_descriptions": {
            "gutterAgeYrs": "years since the gutter was fitted",
            "Nearby Trees": "the trees over the roof: none, deciduous or pine",
            "has_leaf_guard": "whether a mesh leaf guard covers the gutter (True) or not (False)",
            "downpipe count": "how many downpipes drain the run",
            "Weeks Since Clean": "weeks since the gutter was last cleaned out",
            "fall_mm_per_m": "how far the gutter drops toward its outlet, in millimetres per metre",
        },
        "target_description": "what the inspection found: clear (water runs freely) or blocked (standing water "
        "or an overflow; the gutter must be cleared)",
        "model_description": "a scikit-learn GradientBoostingClassifier (50 trees, depth 2, learning rate 0.1, "
        "seed 46) on the raw columns; the trees enter as their code and the guard as 0/1.",
        "training": "Fitted on 80 of the 100 synthetic inspections; the other 20 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic inspections, invented for testing; not a real firm's records.",
            "Only 20 inspections are held out, so each performance figure moves a lot with one gutter.",
        ],
        "label_meanings": {
            "clear": "the gutter was found running freely",
            "blocked": "the gutter was found blocked and needs clearing",
        },
        "probability_meaning": "The boosted model's score for each finding (from predict_proba); the two sum to 1 "
        "and the finding with the higher score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(46401)
    n = SIZE
    age = rng.integers(1, 36, n)
    trees = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    guard = rng.random(n) < 0.45
    downpipes = rng.choice([1, 2, 3], n, p=[0.4, 0.45, 0.15])
    weeks = rng.integers(2, 80, n)
    fall = np.round(rng.uniform(1.0, 6.0, n), 1)
    frame = pd.DataFrame(
        {
            "inspection_id": np.arange(FIRST_ID, FIRST_ID + n),
            "gutterAgeYrs": age,
            "Nearby Trees": trees,
            "has_leaf_guard": guard,
            "downpipe count": downpipes,
            "Weeks Since Clean": weeks,
            "fall_mm_per_m": fall,
        }
    )
    block = 0.03 * (age - 18) + 1.0 * (trees == 1) + 0.6 * (trees == 2) - 0.5 * (trees == 0) - 1.2 * guard
    block = block + 0.035 * (weeks - 40) - 0.35 * (fall - 3.5) - 0.3 * (downpipes - 2) + rng.normal(0, 0.8, n)
    frame["gutter_state"] = (block > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 20 inspections the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1564).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented gutter host in memory, fitted on the inspections outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.inspection_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=50, max_depth=2, learning_rate=0.1, random_state=46)
    model.fit(train[FEATURES], train.gutter_state)
    return host_from_model(model, frame[["inspection_id", *FEATURES, "gutter_state"]], test_ids=test, **GUTTER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
