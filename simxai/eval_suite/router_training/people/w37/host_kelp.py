"""The invented `kelp` host of writer w37: shore-drying of cut kelp on an Orkney beach, one row per rack load.

`load_host()` fits a seeded `ExtraTreesClassifier` (behind a one-hot encoder for the beach) on 240 of the 300 rack
loads and builds the host with `simxai.hosts.host_from_model`. Two labels: a load comes off the rack `dry` or
`spoiled` (rotted or mouldy before it dried). Nothing here comes from a data set: the domain, its columns and its
words were invented by w37 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w37/host_kelp.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KELP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 107901
SIZE = 300
NUMERIC = ["wind_kmh", "rain_mm", "HoursOnRack", "load_kg", "AirTempC", "rack_age_yrs"]
CATEGORICAL = ["Beach"]
FEATURES = [*CATEGORICAL, *NUMERIC]
KELP_CONFIG: dict[str, Any] = {
    "name": "kelp drying",
    "target": "Outcome",
    "class_names": {"0": "dry", "1": "spoiled"},
    "instance_noun": "rack load",
    "id_column": "LoadNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Beach": {"0": "north_ayre", "1": "skaill", "2": "waulkmill"}},
    "immutable_features": ["Beach", "rack_age_yrs"],
    "feature_aliases": {
        "Beach": ["beach", "shore", "ayre"],
        "wind_kmh": ["wind", "wind speed", "breeze"],
        "rain_mm": ["rain", "rainfall", "wet"],
        "HoursOnRack": ["hours on the rack", "drying time", "hours"],
        "load_kg": ["load", "weight", "kilos"],
        "AirTempC": ["air temperature", "temperature", "warmth"],
        "rack_age_yrs": ["rack age", "age of the rack"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Loads of cut kelp laid on wooden drying racks on three invented Orkney beaches, one row "
        "per load, used to decide when to lift the weed or cover it.",
        "feature_descriptions": {
            "Beach": "the beach: north_ayre, skaill or waulkmill",
            "wind_kmh": "mean wind over the drying days, in km/h",
            "rain_mm": "rain fallen on the load while on the rack, in mm",
            "HoursOnRack": "hours the load lay on the rack before lifting",
            "load_kg": "wet weight of the load when laid out, in kg",
            "AirTempC": "mean air temperature over the drying days, in degrees C",
            "rack_age_yrs": "age of the wooden rack, in years",
        },
        "target_description": "whether the load came off the rack dry or spoiled",
        "model_description": "An extra-trees ensemble of 120 randomised trees (min 3 rows per leaf); the beach "
        "one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic loads; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic loads, invented for testing; not a real harvester's records.",
            "Does not know about gulls, sand flies, the kelp species or how thick the stems were cut.",
        ],
        "label_meanings": {
            "dry": "the load dried hard enough to bale and sell",
            "spoiled": "the load rotted, went slimy or grew mould before drying",
        },
        "probability_meaning": "The share of the trees' averaged votes for each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(107937)
    n = SIZE
    beach = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    wind = np.round(np.clip(rng.gamma(3.0, 7.0, n), 2, 70), 1)
    rain = np.round(np.clip(rng.exponential(6.0, n) * (1 + (beach == 2) * 0.5), 0, 45), 1)
    frame = pd.DataFrame(
        {
            "LoadNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Beach": beach,
            "wind_kmh": wind,
            "rain_mm": rain,
            "HoursOnRack": rng.integers(12, 121, n),
            "load_kg": np.clip(np.round(rng.normal(180, 60, n)), 40, 360).astype(int),
            "AirTempC": np.round(np.clip(rng.normal(11, 4, n), 1, 22), 1),
            "rack_age_yrs": rng.choice([1, 4, 9, 15], n),
        }
    )
    risk = (
        0.11 * frame.rain_mm
        - 0.045 * frame.wind_kmh
        + 0.006 * frame.load_kg
        - 0.012 * frame.HoursOnRack
        - 0.09 * frame.AirTempC
        + 0.04 * frame.rack_age_yrs
        + 0.5 * (frame.Beach == 2)
        + rng.normal(0, 0.55, n)
    )
    frame["Outcome"] = (risk > -0.9).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 loads the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1079).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kelp host in memory, its model fitted on the loads outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.LoadNo.isin(test)]
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
            ("trees", ExtraTreesClassifier(n_estimators=120, min_samples_leaf=3, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["LoadNo", *FEATURES, "Outcome"]], test_ids=test, **KELP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
