"""The invented `aquarium` host of test set an: the display tanks of an invented public aquarium.

One row per tank: its filter type, its volume, how many hours a day its lights are on, how many days since its last
water change, how many fish it holds, how many feedings it gets a day and its nitrate reading. `load_host()` fits a
seeded AdaBoost classifier (in a `Pipeline`, the filter type one-hot encoded) on 240 of the 300 tanks and builds the
host with `simxai.hosts.host_from_model`. Three labels, what the keepers saw at the weekly water check: `clear`,
`cloudy` (a bacterial bloom) or `algal` (green water or algae on the glass). Nothing here comes from a data set: the
domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-07an/host_aquarium.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["AQUARIUM_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 148401
SIZE = 300
NUMERIC = [
    "Volume (L)",
    "Light (h/day)",
    "days_since_water_change",
    "fish_count",
    "FeedingsPerDay",
    "NitrateReading",
]
CATEGORICAL = ["FilterType"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
AQUARIUM_CONFIG: dict[str, Any] = {
    "name": "public aquarium display tanks",
    "target": "WaterState",
    "class_names": {"0": "clear", "1": "cloudy", "2": "algal"},
    "instance_noun": "tank",
    "id_column": "TankID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["FilterType"],
    "feature_aliases": {
        "FilterType": ["filter", "filter type", "filtration"],
        "Volume (L)": ["volume", "litres", "liters", "size"],
        "Light (h/day)": ["light", "light hours", "lighting", "photoperiod"],
        "days_since_water_change": ["days since water change", "water change", "last water change"],
        "fish_count": ["fish count", "fish", "stocking"],
        "FeedingsPerDay": ["feedings per day", "feedings", "feeds a day"],
        "NitrateReading": ["nitrate", "nitrate reading", "no3"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The display tanks of an invented public aquarium, one row per tank, as the keepers found "
        "its water at the weekly check.",
        "feature_descriptions": {
            "FilterType": "the filter: canister, hang-on-back (hangon) or sponge",
            "Volume (L)": "the tank's volume in litres (40 to 550)",
            "Light (h/day)": "how many hours a day the tank lights are on (4 to 14)",
            "days_since_water_change": "days since the last partial water change (0 to 30)",
            "fish_count": "how many fish live in the tank (2 to 60)",
            "FeedingsPerDay": "how many times a day the fish are fed (1 to 4)",
            "NitrateReading": "the nitrate test reading in mg/L (0 to 80)",
        },
        "target_description": "what the keepers saw in the water: clear, cloudy or algal",
        "model_description": "An AdaBoost classifier (120 seeded rounds of depth-2 decision trees) on the "
        "one-hot-encoded filter type and the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic tanks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic tanks, invented for testing; not a real aquarium's logbook.",
            "Sees only the logged columns, not the plants, the substrate or the water's source.",
        ],
        "label_meanings": {
            "clear": "the water is clear at the weekly check",
            "cloudy": "a milky bacterial bloom clouds the water",
            "algal": "green water or algae film on the glass",
        },
        "probability_meaning": "The boosted ensemble's weighted vote for each label, scaled to sum to one.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(148401)
    n = SIZE
    filters = rng.choice(["canister", "hangon", "sponge"], n, p=[0.4, 0.35, 0.25])
    volume = np.round(np.clip(rng.normal(220.0, 110.0, n), 40.0, 600.0), 0)
    light = rng.integers(4, 15, n)
    days = rng.integers(0, 31, n)
    fish = rng.integers(2, 61, n)
    feedings = rng.integers(1, 5, n)
    nitrate = np.round(np.clip(rng.normal(25.0 + 0.8 * days, 12.0, n), 0.0, 80.0), 0)
    frame = pd.DataFrame(
        {
            "TankID": np.arange(FIRST_ID, FIRST_ID + n),
            "FilterType": filters,
            "Volume (L)": volume,
            "Light (h/day)": light,
            "days_since_water_change": days,
            "fish_count": fish,
            "FeedingsPerDay": feedings,
            "NitrateReading": nitrate,
        }
    )
    # cloudiness: crowded small tanks fed often, a weak sponge filter makes it worse
    load = fish / (volume / 100.0)
    cloud = 0.08 * (load - 15) + 0.5 * (feedings - 2.5) + np.where(filters == "sponge", 0.6, 0.0)
    cloud = cloud + rng.normal(0, 0.5, n)
    # algae: long light hours, nitrate, a long wait for the water change
    algae = 0.25 * (light - 9) + 0.03 * (nitrate - 35) + 0.04 * (days - 15) + rng.normal(0, 0.5, n)
    state = np.where(cloud > 0.9, 1, np.where(algae > 0.6, 2, 0))
    frame["WaterState"] = state
    return frame


def held_out_ids() -> list[int]:
    """The 60 tanks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1484).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented aquarium host in memory, its model fitted on the tanks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.TankID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    boost = AdaBoostClassifier(
        DecisionTreeClassifier(max_depth=2, random_state=148), n_estimators=120, learning_rate=0.5, random_state=148
    )
    model = Pipeline([("columns", columns), ("boost", boost)])
    model.fit(train[FEATURES], train.WaterState)
    return host_from_model(model, frame[["TankID", *FEATURES, "WaterState"]], test_ids=test, **AQUARIUM_CONFIG)


if __name__ == "__main__":
    from collections import Counter

    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    predict, score = default_registry().get("get_prediction"), default_registry().get("get_model_performance")
    assert predict is not None and score is not None
    recorded = Counter(AQUARIUM_CONFIG["class_names"][str(s)] for s in _frame().WaterState)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
