"""The invented `tile` host of writer w42: azulejo tiles reset on old facades, one row per restored tile.

`load_host()` fits a small synthetic model (a seeded `MLPClassifier` with one hidden layer behind a scaler and a
one-hot encoder for the wall's orientation) on 240 of the 300 tiles and builds the host from the model, the frame,
the ids of the 60 held-out tiles and the fields of its host config with `simxai.hosts.host_from_model`. It has three
labels: a year after the work a tile is `holding`, `cracked` or `detached`. Nothing here comes from a data set:
the domain, its columns and its words were invented by w42 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w42/host_tile.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TILE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 113001
SIZE = 300
NUMERIC = [
    "tile_age_yrs",
    "lime_pct",
    "wall_damp_pct",
    "cure_days",
    "sun_hours",
    "salt_ppm",
    "thickness_mm",
]
CATEGORICAL = ["facing"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TILE_CONFIG: dict[str, Any] = {
    "name": "azulejo restoration",
    "target": "state",
    "class_names": {"0": "holding", "1": "cracked", "2": "detached"},
    "instance_noun": "tile",
    "id_column": "tile_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"facing": {"0": "north", "1": "south", "2": "east_west"}},
    "immutable_features": ["facing", "tile_age_yrs"],
    "feature_aliases": {
        "facing": ["facing", "orientation", "side of the building"],
        "tile_age_yrs": ["tile age", "age of the tile", "how old the tile is"],
        "lime_pct": ["lime", "lime in the mortar", "cal"],
        "wall_damp_pct": ["damp", "wall moisture", "humidade"],
        "cure_days": ["cure", "curing", "curing days"],
        "sun_hours": ["sun", "sun hours", "sunshine"],
        "salt_ppm": ["salt", "salts", "salt in the wall"],
        "thickness_mm": ["thickness", "tile thickness"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Glazed azulejo tiles reset on old town facades by an invented restoration crew, one row per "
        "tile, checked one year after the work.",
        "feature_descriptions": {
            "facing": "which way the wall faces: north, south or east_west",
            "tile_age_yrs": "age of the tile in years",
            "lime_pct": "lime in the setting mortar, as a percent of the binder",
            "wall_damp_pct": "moisture of the wall behind the tile when it was set, in percent",
            "cure_days": "days the mortar was kept covered and damp to cure",
            "sun_hours": "average hours of direct sun on the tile per day",
            "salt_ppm": "soluble salts measured in the wall, parts per million",
            "thickness_mm": "thickness of the tile in millimetres",
        },
        "target_description": "the state of the tile a year later: holding, cracked or detached",
        "model_description": "A small neural network (one hidden layer of 12 units, seeded) on the scaled numbers "
        "and the one-hot encoded facing.",
        "training": "Fitted on 240 of the 300 synthetic tiles; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic tiles, invented for testing; not a real restoration log.",
            "Does not know about the glaze colours, vandalism, frost or who did the work.",
        ],
        "label_meanings": {
            "holding": "the tile is sound and firmly set",
            "cracked": "the tile stayed on the wall but the glaze or body cracked",
            "detached": "the tile came loose or fell",
        },
        "probability_meaning": "The model's estimated probability of each of the three states (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(113099)
    n = SIZE
    frame = pd.DataFrame(
        {
            "tile_no": np.arange(FIRST_ID, FIRST_ID + n),
            "facing": rng.choice(3, n, p=[0.35, 0.35, 0.3]),
            "tile_age_yrs": rng.choice([40, 90, 130, 180, 250], n, p=[0.2, 0.25, 0.25, 0.2, 0.1]),
            "lime_pct": np.clip(np.round(rng.normal(60, 20, n)), 10, 100).astype(int),
            "wall_damp_pct": np.round(np.clip(rng.normal(9, 4, n), 1, 25), 1),
            "cure_days": np.clip(np.round(rng.normal(7, 3, n)), 1, 21).astype(int),
            "sun_hours": np.round(np.clip(rng.normal(5, 2.5, n), 0, 11), 1),
            "salt_ppm": np.clip(np.round(rng.gamma(2.0, 400, n), -1), 50, 4000).astype(int),
            "thickness_mm": np.clip(np.round(rng.normal(11, 2, n)), 7, 17).astype(int),
        }
    )
    loose = (
        0.18 * (frame.wall_damp_pct - 9)
        + 0.0012 * (frame.salt_ppm - 800)
        - 0.025 * (frame.lime_pct - 60)
        - 0.12 * (frame.cure_days - 7)
        + 0.4 * (frame.facing == 0)
        + rng.normal(0, 0.5, n)
    )
    crack = (
        0.3 * (frame.sun_hours - 5)
        - 0.25 * (frame.thickness_mm - 11)
        + 0.006 * (frame.tile_age_yrs - 120)
        + 0.3 * (frame.facing == 1)
        + rng.normal(0, 0.5, n)
    )
    frame["state"] = np.where(loose > 0.9, 2, np.where(crack > 0.7, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 tiles the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(11300).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tile host in memory, its model fitted on the tiles outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.tile_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("mlp", MLPClassifier(hidden_layer_sizes=(12,), alpha=0.01, max_iter=3000, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.state)
    return host_from_model(model, frame[["tile_no", *FEATURES, "state"]], test_ids=test, **TILE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
