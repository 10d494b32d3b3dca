"""The invented `lamp` host of helper freshU: nightly checks of lighthouse lamps on an invented rocky coast.

One row per lamp-night log: the station type, the age of the bulb, the supply voltage, the lens temperature, the
wind, the humidity, the keeper's visits and the age of the tower. The outcome of the night has three labels: the
lamp stayed `steady`, it `flickered` (dimmed or stuttered at least once), or it `failed` (went dark and the reserve
lamp took over). `load_host()` fits a seeded `ExtraTreesClassifier` with few trees (behind a one-hot encoder for
the station) on 240 of the 300 nights and builds the host with `simxai.hosts.host_from_model`; the other 60 nights
are held out for the performance figures. Nothing here comes from a data set: domain, columns and words are
invented.

    python evalsets/fresh-2026-12-04u/host_lamp.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LAMP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 107301
SIZE = 300
CATEGORICAL = ["Station"]
NUMERIC = ["BulbAgeHrs", "supply_voltage_v", "Lens Temp (C)", "wind_kmh", "humidity_pct", "KeeperVisits", "TowerAgeYrs"]
FEATURES = [*CATEGORICAL, *NUMERIC]
LAMP_CONFIG: dict[str, Any] = {
    "name": "lighthouse lamp",
    "target": "Night",
    "instance_noun": "night",
    "id_column": "LogNo",
    "immutable_features": ["Station", "TowerAgeYrs"],
    "feature_aliases": {
        "Station": ["station", "station type", "site"],
        "BulbAgeHrs": ["bulb age", "bulb hours", "hours on the bulb"],
        "supply_voltage_v": ["voltage", "supply voltage", "mains"],
        "Lens Temp (C)": ["lens temperature", "lens temp"],
        "wind_kmh": ["wind", "wind speed", "gusts"],
        "humidity_pct": ["humidity", "damp"],
        "KeeperVisits": ["keeper visits", "visits", "maintenance visits"],
        "TowerAgeYrs": ["tower age", "age of the tower"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Nightly logs of invented lighthouse lamps on a rocky coast, one row per lamp and night, "
        "used by the coastal authority to plan bulb changes and keeper rounds.",
        "feature_descriptions": {
            "Station": "where the lighthouse stands: headland, harbour_mole or offshore_rock",
            "BulbAgeHrs": "hours the current bulb has burned",
            "supply_voltage_v": "mean supply voltage during the night, in volts",
            "Lens Temp (C)": "highest lens-room temperature in the night, in degrees Celsius",
            "wind_kmh": "strongest gust of the night, in km/h",
            "humidity_pct": "mean relative humidity in the lamp room, in percent",
            "KeeperVisits": "keeper visits to the lamp in the previous month",
            "TowerAgeYrs": "age of the tower, in years",
        },
        "target_description": "how the lamp came through the night: steady, flickered or failed",
        "model_description": "An extremely randomized trees classifier (8 trees, depth at most 7) on the numeric "
        "columns and the one-hot encoded station.",
        "training": "Fitted on 240 of the 300 synthetic nights; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic nights, invented for testing; not a real coastal authority's logs.",
            "Knows nothing of lightning strikes, vandalism or the make of the bulb.",
        ],
        "label_meanings": {
            "steady": "the lamp burned without a dip all night",
            "flickered": "the lamp dimmed or stuttered at least once but kept burning",
            "failed": "the lamp went dark and the reserve lamp had to take over",
        },
        "probability_meaning": "The share of the trees' votes for each outcome, averaged (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(107301)
    n = SIZE
    station = rng.choice(["headland", "harbour_mole", "offshore_rock"], n, p=[0.45, 0.3, 0.25])
    offshore = station == "offshore_rock"
    wind = np.round(np.clip(rng.gamma(3.0, 14.0, n) + offshore * 15, 5, 140)).astype(int)
    frame = pd.DataFrame(
        {
            "LogNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Station": station,
            "BulbAgeHrs": np.round(rng.uniform(20, 4000, n)).astype(int),
            "supply_voltage_v": np.round(np.clip(rng.normal(230, 8, n) - offshore * 6, 200, 250), 1),
            "Lens Temp (C)": np.round(np.clip(rng.normal(28, 9, n), 4, 62), 1),
            "wind_kmh": wind,
            "humidity_pct": np.round(np.clip(rng.normal(72, 12, n) + offshore * 8, 30, 100)).astype(int),
            "KeeperVisits": rng.integers(0, 9, n),
            "TowerAgeYrs": rng.choice([24, 61, 97, 132, 168], n),
        }
    )
    risk = (
        0.0007 * frame.BulbAgeHrs
        + 0.09 * np.abs(frame.supply_voltage_v - 230)
        + 0.04 * np.maximum(frame["Lens Temp (C)"] - 30, 0)
        + 0.012 * frame.wind_kmh
        + 0.03 * np.maximum(frame.humidity_pct - 70, 0)
        - 0.18 * frame.KeeperVisits
        + 0.004 * frame.TowerAgeYrs
        + rng.normal(0, 0.5, n)
    )
    frame["Night"] = np.where(risk > 3.1, "failed", np.where(risk > 2.0, "flickered", "steady"))
    return frame


def held_out_ids() -> list[int]:
    """The 60 nights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1073).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lamp host in memory, its model fitted on the nights outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.LogNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("station", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ]
                ),
            ),
            ("trees", ExtraTreesClassifier(n_estimators=8, max_depth=7, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.Night)
    return host_from_model(model, frame[["LogNo", *FEATURES, "Night"]], test_ids=test, **LAMP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
