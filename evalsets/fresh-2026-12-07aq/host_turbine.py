"""The invented `turbine` host of test set aq: the wind turbines a small energy co-operative keeps turning.

One row per turbine: its maker, its hub height, its rated power, the vibration its gearbox sensor logs, the hours
since its last service, how old its blades are and how often it stopped itself last month. `load_host()` fits a
seeded neural network (an `MLPClassifier`, one hidden layer of 12 units, in a `Pipeline`, the maker one-hot
encoded, the numbers standardised) on 240 of the 300 turbines and builds the host with
`simxai.hosts.host_from_model`. Two labels, the co-operative's call after the monthly review: `normal` or `alert`.
Nothing here comes from a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-07aq/host_turbine.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TURBINE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 155601
SIZE = 300
NUMERIC = [
    "Hub Height (m)",
    "Rated Power (kW)",
    "gearbox_vibration",
    "hours_since_service",
    "BladeAge",
    "StopsLastMonth",
]
CATEGORICAL = ["Maker"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TURBINE_CONFIG: dict[str, Any] = {
    "name": "wind turbine monthly reviews",
    "target": "ReviewCall",
    "class_names": {"0": "normal", "1": "alert"},
    "instance_noun": "turbine",
    "id_column": "TurbineID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Maker"],
    "feature_aliases": {
        "Maker": ["maker", "manufacturer", "brand"],
        "Hub Height (m)": ["hub height", "height", "tower height"],
        "Rated Power (kW)": ["rated power", "power", "capacity"],
        "gearbox_vibration": ["gearbox vibration", "vibration", "vibrations"],
        "hours_since_service": ["hours since service", "service hours", "last service"],
        "BladeAge": ["blade age", "blades", "age of the blades"],
        "StopsLastMonth": ["stops last month", "stops", "shutdowns"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The wind turbines an invented energy co-operative runs, one row per turbine, with the "
        "co-operative's call after its monthly review.",
        "feature_descriptions": {
            "Maker": "who built the turbine: halvard, mistral or tarn",
            "Hub Height (m)": "the height of the hub above the ground, in metres (40 to 120)",
            "Rated Power (kW)": "the turbine's nameplate power in kilowatts (250 to 3000)",
            "gearbox_vibration": "the mean gearbox vibration the sensor logged last month, in mm/s (0.5 to 12)",
            "hours_since_service": "running hours since the last service visit (50 to 6000)",
            "BladeAge": "years since the blades were fitted (0 to 25)",
            "StopsLastMonth": "how many times the turbine stopped itself last month (0 to 15)",
        },
        "target_description": "the co-operative's call after the monthly review: normal or alert",
        "model_description": "A small neural network (one hidden layer of 12 ReLU units, L2 penalty 0.5, "
        "L-BFGS) on the one-hot-encoded maker and the standardised numbers.",
        "training": "Fitted on 240 of the 300 synthetic turbines; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic turbines, invented for testing; not a real co-operative's records.",
            "Sees only the logged columns, not the wind, the weather or the engineer's notes.",
        ],
        "label_meanings": {
            "normal": "the turbine keeps running until its next planned service",
            "alert": "an engineer should climb the turbine before its next planned service",
        },
        "probability_meaning": "The network's softmax estimate that the review would make each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(155601)
    n = SIZE
    makers = rng.choice(["halvard", "mistral", "tarn"], n, p=[0.4, 0.35, 0.25])
    height = np.round(np.clip(rng.normal(80, 18, n), 40, 120), 0)
    power = np.round(np.clip(rng.normal(1500, 600, n), 250, 3000), -1)
    vibration = np.round(np.clip(rng.gamma(2.5, 1.3, n), 0.5, 12), 1)
    hours = rng.integers(50, 6001, n)
    blades = rng.integers(0, 26, n)
    stops = np.clip(rng.poisson(0.8 + vibration / 3 + blades / 12), 0, 15)
    frame = pd.DataFrame(
        {
            "TurbineID": np.arange(FIRST_ID, FIRST_ID + n),
            "Maker": makers,
            "Hub Height (m)": height,
            "Rated Power (kW)": power,
            "gearbox_vibration": vibration,
            "hours_since_service": hours,
            "BladeAge": blades,
            "StopsLastMonth": stops,
        }
    )
    # an alert: a shaking gearbox (worse on the tarn gearboxes), long since a service, old blades, many stops
    risk = (
        0.45 * (vibration - 3.2) * np.where(makers == "tarn", 1.5, 1.0)
        + 0.0004 * (hours - 3000)
        + 0.08 * (blades - 12)
        + 0.25 * (stops - 3)
        + 0.0003 * (power - 1500)
        + rng.normal(0, 0.8, n)
    )
    frame["ReviewCall"] = (risk > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 turbines the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1556).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented turbine host in memory, its model fitted on the turbines outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.TurbineID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    model = Pipeline(
        [
            ("columns", columns),
            (
                "network",
                MLPClassifier(hidden_layer_sizes=(12,), alpha=0.5, solver="lbfgs", max_iter=3000, random_state=1556),
            ),
        ]
    )
    model.fit(train[FEATURES], train.ReviewCall)
    rows = frame[["TurbineID", *FEATURES, "ReviewCall"]]
    return host_from_model(model, rows, test_ids=test, **TURBINE_CONFIG)


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
    recorded = Counter(TURBINE_CONFIG["class_names"][str(s)] for s in _frame().ReviewCall)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
