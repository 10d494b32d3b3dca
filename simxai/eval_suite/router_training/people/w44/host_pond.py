"""The invented `pond` host of writer w44: grow-out cycles of catfish ponds at an invented farm near Lagos.

`load_host()` fits a seeded model (an `AdaBoostClassifier` of depth-2 decision trees, behind a one-hot encoder for
the pond type) on 240 of the 300 cycles and builds the host from the model, the frame, the ids of the 60 held-out
cycles and the fields of its host config with `simxai.hosts.host_from_model`. Three labels: the harvest of a cycle is
mostly `jumbo`, mostly `table_size` or mostly `stunted` fish. Nothing here comes from a data set: the domain, its
columns and its words were invented by w44.

    python simxai/eval_suite/router_training/people/w44/host_pond.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["POND_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 115101
SIZE = 300
NUMERIC = ["StockingPerM2", "FeedKgDay", "WaterChangesWk", "WeeksGrown", "AmmoniaPpm", "FingerlingG"]
CATEGORICAL = ["PondType"]
FEATURES = [*CATEGORICAL, *NUMERIC]
POND_CONFIG: dict[str, Any] = {
    "name": "catfish harvest",
    "target": "Harvest",
    "class_names": {"0": "jumbo", "1": "table_size", "2": "stunted"},
    "instance_noun": "cycle",
    "id_column": "CycleNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"PondType": {"0": "concrete", "1": "earthen", "2": "tarpaulin"}},
    "immutable_features": ["PondType", "FingerlingG"],
    "feature_aliases": {
        "PondType": ["pond type", "pond", "kind of pond"],
        "StockingPerM2": ["stocking", "stocking density", "fish per square metre"],
        "FeedKgDay": ["feed", "feed per day", "kilos of feed"],
        "WaterChangesWk": ["water changes", "changes of water", "flushes"],
        "WeeksGrown": ["weeks", "weeks grown", "grow-out weeks"],
        "AmmoniaPpm": ["ammonia", "ammonia level"],
        "FingerlingG": ["fingerling weight", "fingerling size", "starting weight"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Grow-out cycles of catfish ponds at an invented farm near Lagos, one row per pond cycle, "
        "kept to plan feed orders and tell buyers what size of fish is coming.",
        "feature_descriptions": {
            "PondType": "the pond: concrete, earthen or tarpaulin",
            "StockingPerM2": "fingerlings stocked per square metre of water",
            "FeedKgDay": "mean feed given per day over the cycle, in kilograms",
            "WaterChangesWk": "mean number of water changes per week",
            "WeeksGrown": "weeks from stocking to harvest",
            "AmmoniaPpm": "mean ammonia reading of the water, in ppm",
            "FingerlingG": "mean weight of the fingerlings at stocking, in grams",
        },
        "target_description": "the size most of the harvested fish reached",
        "model_description": "AdaBoost over 60 depth-2 decision trees (seeded); the pond type one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic cycles; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic cycles, invented for testing; not a real farm's records.",
            "Knows nothing of feed brand, disease outbreaks, theft of fish or the price at market.",
        ],
        "label_meanings": {
            "jumbo": "most fish above about 1.5 kg at harvest",
            "table_size": "most fish between about 0.8 and 1.5 kg, the usual market size",
            "stunted": "most fish under about 0.8 kg at harvest",
        },
        "probability_meaning": "The boosted ensemble's weighted vote share for each size (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(115101)
    n = SIZE
    pond = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "CycleNo": np.arange(FIRST_ID, FIRST_ID + n),
            "PondType": pond,
            "StockingPerM2": np.clip(np.round(rng.normal(60, 22, n)), 15, 130).astype(int),
            "FeedKgDay": np.round(np.clip(rng.normal(8, 3, n), 1.5, 18), 1),
            "WaterChangesWk": rng.integers(0, 8, n),
            "WeeksGrown": rng.integers(14, 29, n),
            "AmmoniaPpm": np.round(np.clip(rng.gamma(2.0, 0.35, n), 0.05, 3.5), 2),
            "FingerlingG": rng.choice([3, 5, 8, 12], n),
        }
    )
    growth = (
        0.18 * frame.FeedKgDay
        - 0.018 * frame.StockingPerM2
        + 0.12 * frame.WaterChangesWk
        + 0.11 * frame.WeeksGrown
        - 0.9 * frame.AmmoniaPpm
        + 0.06 * frame.FingerlingG
        + 0.4 * (frame.PondType == 1)
        - 0.3 * (frame.PondType == 2)
        + rng.normal(0, 0.5, n)
    )
    frame["Harvest"] = np.where(growth > 3.3, 0, np.where(growth > 2.2, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 cycles the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1151).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pond host in memory, its model fitted on the cycles outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.CycleNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            (
                "boost",
                AdaBoostClassifier(
                    DecisionTreeClassifier(max_depth=2, random_state=0), n_estimators=60, random_state=0
                ),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Harvest)
    return host_from_model(model, frame[["CycleNo", *FEATURES, "Harvest"]], test_ids=test, **POND_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
