"""The invented `overwinter` host of writer w39: beehives of an invented high-country beekeeper, one row per hive.

`load_host()` fits a small synthetic model (a seeded `HistGradientBoostingClassifier` with only twelve boosting
iterations, behind a one-hot encoder for the apiary) on 240 of the 300 hives and builds the host from the model,
the frame, the ids of the 60 held-out hives and the fields of its host config with `simxai.hosts.host_from_model`.
It has two labels: a hive comes through the winter (`survives`) or is found dead in spring (`dead_out`). Nothing
here comes from a data set: the domain, its columns and its words were invented by w39 as held-out material.

    python simxai/eval_suite/router_training/people/w39/host_overwinter.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 110001
SIZE = 300
NUMERIC = ["frames_of_bees", "honey_kg", "mite_drop", "queen_age_months", "syrup_litres", "elevation_m"]
CATEGORICAL = ["apiary"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "hive wintering",
    "target": "spring_state",
    "class_names": {"0": "survives", "1": "dead_out"},
    "instance_noun": "hive",
    "id_column": "hive_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"apiary": {"0": "coastal", "1": "river_flats", "2": "tussock"}},
    "immutable_features": ["apiary", "elevation_m"],
    "feature_aliases": {
        "apiary": ["yard", "bee yard", "site"],
        "frames_of_bees": ["frames", "frames of bees", "cluster size"],
        "honey_kg": ["stores", "honey stores", "honey left"],
        "mite_drop": ["mites", "varroa", "mite count"],
        "queen_age_months": ["queen age", "age of the queen"],
        "syrup_litres": ["syrup", "feed", "sugar syrup"],
        "elevation_m": ["elevation", "altitude", "height"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Hives of an invented high-country beekeeper, checked in late autumn, one row per hive.",
        "feature_descriptions": {
            "apiary": "the bee yard the hive stands in: coastal, river_flats or tussock",
            "frames_of_bees": "frames covered with bees at the autumn check",
            "honey_kg": "honey left in the hive for the winter, in kg",
            "mite_drop": "varroa mites dropped on the sticky board per day",
            "queen_age_months": "age of the queen in months",
            "syrup_litres": "sugar syrup fed in autumn, in litres",
            "elevation_m": "height of the bee yard above sea level, in metres",
        },
        "target_description": "whether the hive is alive at the first spring inspection",
        "model_description": "A histogram gradient boosting classifier with twelve shallow boosting rounds; the "
        "apiary one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic hives; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hives, invented for testing; not a real beekeeper's records.",
            "Does not know about the weather of the winter, wasps, mice or the breed of the bees.",
        ],
        "label_meanings": {
            "survives": "the colony is alive at the first spring inspection",
            "dead_out": "the colony has died over the winter",
        },
        "probability_meaning": "The boosted model's estimated probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(110039)
    n = SIZE
    apiary = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    frame = pd.DataFrame(
        {
            "hive_no": np.arange(FIRST_ID, FIRST_ID + n),
            "apiary": apiary,
            "frames_of_bees": np.clip(np.round(rng.normal(8, 2.5, n)), 2, 15).astype(int),
            "honey_kg": np.round(np.clip(rng.normal(20, 7, n), 3, 40), 1),
            "mite_drop": np.clip(np.round(rng.gamma(2.0, 6.0, n)), 0, 80).astype(int),
            "queen_age_months": rng.choice([4, 8, 12, 16, 20, 24, 30, 36], n),
            "syrup_litres": np.round(np.clip(rng.normal(5, 3, n), 0, 14), 1),
            "elevation_m": np.where(
                apiary == 0,
                rng.integers(5, 120, n),
                np.where(apiary == 1, rng.integers(150, 450, n), rng.integers(500, 1100, n)),
            ),
        }
    )
    risk = (
        0.06 * frame.mite_drop
        - 0.25 * (frame.frames_of_bees - 8)
        - 0.09 * (frame.honey_kg - 20)
        + 0.03 * (frame.queen_age_months - 16)
        - 0.08 * frame.syrup_litres
        + 0.0012 * (frame.elevation_m - 300)
        + rng.normal(0, 0.7, n)
    )
    frame["spring_state"] = (risk > 0.9).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 hives the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1139).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the hives outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.hive_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ]
                ),
            ),
            (
                "boost",
                HistGradientBoostingClassifier(max_iter=12, max_depth=3, learning_rate=0.3, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.spring_state)
    return host_from_model(model, frame[["hive_no", *FEATURES, "spring_state"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
