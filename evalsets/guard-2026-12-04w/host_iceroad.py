"""The invented `iceroad` host of guard writer guardW: winter ice-road truck crossings, three outcomes.

`load_host()` builds a seeded frame of 300 crossings (ids 111801-112100) of an invented northern winter road and
fits scikit-learn's `BaggingClassifier` (30 depth-3 trees on 80 % bootstrap samples, seeded) on 240 of them; the
other 60 are held out for the performance figures. Nothing here comes from a data set: the domain, its columns and
its words were invented by guardW.

    python evalsets/guard-2026-12-04w/host_iceroad.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ICEROAD_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 111801
SIZE = 300
NUMERIC = ["iceThickness_cm", "LOAD_TONNES", "airTempC", "windKMH", "snowCover_CM", "driver_Winters"]
CATEGORICAL = ["RoadSegment"]
ICEROAD_CONFIG: dict[str, Any] = {
    "name": "winter ice road crossings",
    "target": "outcome",
    "class_names": {"0": "crossed", "1": "turned back", "2": "stuck"},
    "instance_noun": "crossing",
    "id_column": "crossing_id",
    "category_names": {"RoadSegment": {"0": "lake", "1": "river", "2": "muskeg", "3": "portage"}},
    "immutable_features": ["driver_Winters"],
    "feature_aliases": {
        "iceThickness_cm": ["ice thickness", "ice depth"],
        "LOAD_TONNES": ["load", "cargo weight"],
        "airTempC": ["air temperature", "temperature"],
        "windKMH": ["wind", "wind speed"],
        "snowCover_CM": ["snow cover", "snow on the ice"],
        "driver_Winters": ["driver experience", "winters driven"],
        "RoadSegment": ["segment", "stretch of road"],
    },
    "seed": 0,
    "cards": {
        "description": "Truck crossings of an invented seasonal ice road in the far north, one row per crossing.",
        "feature_descriptions": {
            "iceThickness_cm": "measured ice thickness at the entry checkpoint, in centimetres",
            "LOAD_TONNES": "gross weight of the loaded truck, in tonnes",
            "airTempC": "air temperature at departure, in degrees Celsius",
            "windKMH": "wind speed at departure, in km/h",
            "snowCover_CM": "depth of snow lying on the ice, in centimetres",
            "driver_Winters": "number of winters the driver has driven ice roads",
            "RoadSegment": "stretch of the route: lake, river, muskeg or portage",
        },
        "target_description": "how the crossing ended: crossed, turned back at a checkpoint, or stuck",
        "model_description": "scikit-learn BaggingClassifier (30 decision trees of depth 3, each on a bootstrap "
        "sample of 80 % of the rows, seed 26); the road segment enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic crossings; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic crossings, invented for testing; not a real road's logs.",
            "The road segment enters as a numeric code, as if the segments were ordered.",
            "Bagged-tree probabilities are vote shares of small trees, not calibrated.",
        ],
        "label_meanings": {
            "crossed": "the truck reached the far end of the road",
            "turned back": "the truck was turned back or turned around before the end",
            "stuck": "the truck broke through, bogged down or needed a tow",
        },
        "probability_meaning": "The bagged trees' averaged share for each outcome; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(261204)
    n = SIZE
    segment = rng.choice(4, n, p=[0.4, 0.25, 0.2, 0.15])
    ice = np.round(np.clip(rng.normal(95, 22, n), 40, 160), 1)
    load = np.round(np.clip(rng.normal(38, 9, n), 12, 64), 1)
    air = np.round(np.clip(rng.normal(-24, 8, n), -48, 2), 1)
    wind = np.clip(np.round(rng.gamma(2.2, 9.0, n)), 0, 90).astype(int)
    snow = np.round(np.clip(rng.normal(14, 7, n), 0, 45), 1)
    winters = rng.integers(1, 26, n)
    frame = pd.DataFrame(
        {
            "crossing_id": np.arange(FIRST_ID, FIRST_ID + n),
            "iceThickness_cm": ice,
            "LOAD_TONNES": load,
            "airTempC": air,
            "windKMH": wind,
            "snowCover_CM": snow,
            "driver_Winters": winters,
            "RoadSegment": segment,
        }
    )
    risk = (
        -0.045 * (ice - 95)
        + 0.06 * (load - 38)
        + 0.07 * (air + 24)
        + 0.5 * (segment == 2)
        + 0.3 * (segment == 1)
        + rng.normal(0, 0.8, n)
    )
    weather = 0.06 * (wind - 20) + 0.08 * (snow - 14) - 0.05 * (winters - 12) + rng.normal(0, 0.8, n)
    outcome = np.zeros(n, dtype=int)
    outcome[weather > 0.9] = 1
    outcome[risk > 1.0] = 2
    frame["outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 crossings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(26).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented ice-road host in memory, fitted on the crossings outside `held_out_ids()`."""
    from sklearn.ensemble import BaggingClassifier
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.crossing_id.isin(test)]
    model = BaggingClassifier(
        DecisionTreeClassifier(max_depth=3, random_state=26), n_estimators=30, max_samples=0.8, random_state=26
    )
    model.fit(train[features], train.outcome)
    return host_from_model(model, frame[["crossing_id", *features, "outcome"]], test_ids=test, **ICEROAD_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
