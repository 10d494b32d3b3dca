"""The invented `orchid` host of test set ak: potted orchids in an invented nursery's glasshouse.

One row per orchid the nursery grows on its benches: the potting mix, the air humidity, the hours of grow light a
day, how many days pass between waterings, how long since the plant was repotted, how far the glasshouse cools at
night and how many fertiliser doses it had this season. `load_host()` fits a seeded k-nearest-neighbours classifier
(in a `Pipeline`, the mix one-hot encoded, the numbers scaled) on 240 of the 300 orchids and builds the host with
`simxai.hosts.host_from_model`. Three labels, how the head grower logged the plant at the end of the season:
`blooming`, `stalled` (healthy leaves, no flower spike) or `rotting` (root or crown rot). Nothing here comes from a
data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-06ak/host_orchid.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ORCHID_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 142001
SIZE = 300
NUMERIC = [
    "Humidity (%)",
    "Light (h/day)",
    "water_interval_days",
    "months_since_repot",
    "NightDrop",
    "FeedDoses",
]
CATEGORICAL = ["Mix"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ORCHID_CONFIG: dict[str, Any] = {
    "name": "glasshouse orchids",
    "target": "Status",
    "class_names": {"0": "blooming", "1": "stalled", "2": "rotting"},
    "instance_noun": "orchid",
    "id_column": "OrchidID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Mix"],
    "feature_aliases": {
        "Mix": ["mix", "potting mix", "medium", "substrate"],
        "Humidity (%)": ["humidity", "air humidity", "rh"],
        "Light (h/day)": ["light", "light hours", "hours of light", "grow light"],
        "water_interval_days": ["watering interval", "days between waterings", "water interval", "watering"],
        "months_since_repot": ["months since repot", "repot age", "since repotting"],
        "NightDrop": ["night drop", "night temperature drop", "night cooling", "drop at night"],
        "FeedDoses": ["feed doses", "fertiliser", "fertilizer", "feeds", "feeding"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Potted orchids on the benches of an invented nursery's glasshouse, one row per plant, logged "
        "by the head grower at the end of the season.",
        "feature_descriptions": {
            "Mix": "the potting mix: bark, moss or pebble (clay pebbles)",
            "Humidity (%)": "the average relative humidity around the plant, in percent (35 to 90)",
            "Light (h/day)": "hours of grow light a day (6 to 16)",
            "water_interval_days": "days between waterings (2 to 21)",
            "months_since_repot": "months since the plant was last repotted (0 to 48)",
            "NightDrop": "how many degrees Celsius the glasshouse cools at night (0 to 12)",
            "FeedDoses": "fertiliser doses this season (0 to 20)",
        },
        "target_description": "how the head grower logged the plant: blooming, stalled or rotting",
        "model_description": "A k-nearest-neighbours classifier (15 neighbours, equal votes) on the "
        "one-hot-encoded mix and the scaled numbers; the probabilities are the shares of the neighbours' votes.",
        "training": "Fitted on 240 of the 300 synthetic orchids; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic plants, invented for testing; not a real nursery's bench book.",
            "Sees only the logged columns, not the species, pests or the grower's hands.",
        ],
        "label_meanings": {
            "blooming": "put up a flower spike this season",
            "stalled": "healthy leaves but no flower spike",
            "rotting": "root or crown rot",
        },
        "probability_meaning": "The share of the 15 nearest orchids with each status.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(142001)
    n = SIZE
    mix = rng.choice(["bark", "moss", "pebble"], n, p=[0.45, 0.3, 0.25])
    humidity = np.round(np.clip(rng.normal(62.0, 11.0, n), 35.0, 90.0), 0)
    light = np.round(np.clip(rng.normal(11.0, 2.2, n), 6.0, 16.0), 1)
    interval = rng.integers(2, 22, n)
    repot = rng.integers(0, 49, n)
    drop = np.round(np.clip(rng.normal(5.0, 2.5, n), 0.0, 12.0), 1)
    feed = rng.integers(0, 21, n)
    frame = pd.DataFrame(
        {
            "OrchidID": np.arange(FIRST_ID, FIRST_ID + n),
            "Mix": mix,
            "Humidity (%)": humidity,
            "Light (h/day)": light,
            "water_interval_days": interval,
            "months_since_repot": repot,
            "NightDrop": drop,
            "FeedDoses": feed,
        }
    )
    # rot: wet roots (frequent watering, high humidity, moss holds water, old broken-down mix)
    rot = -0.12 * (interval - 10) + 0.04 * (humidity - 62) + 0.03 * (repot - 24) + np.where(mix == "moss", 0.8, 0.0)
    rot = rot + rng.normal(0, 0.5, n)
    # a spike needs light, a night drop and some feeding
    spike = 0.35 * (light - 11) + 0.3 * (drop - 5) + 0.08 * (feed - 10) + rng.normal(0, 0.6, n)
    status = np.where(rot > 1.2, 2, np.where(spike < -0.4, 1, 0))
    frame["Status"] = status
    return frame


def held_out_ids() -> list[int]:
    """The 60 orchids the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1420).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented orchid host in memory, its model fitted on the orchids outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.OrchidID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    neighbours = KNeighborsClassifier(n_neighbors=15)
    model = Pipeline([("columns", columns), ("neighbours", neighbours)])
    model.fit(train[FEATURES], train.Status)
    return host_from_model(model, frame[["OrchidID", *FEATURES, "Status"]], test_ids=test, **ORCHID_CONFIG)


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
    recorded = Counter(ORCHID_CONFIG["class_names"][str(s)] for s in _frame().Status)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
