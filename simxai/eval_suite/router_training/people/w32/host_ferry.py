"""The invented `ferry` host of writer w32: crossings of a Norwegian fjord ferry line, one row per crossing.

`load_host()` fits a small synthetic model (a seeded bagging of k-nearest-neighbour classifiers,
`BaggingClassifier(KNeighborsClassifier)`, behind a scaler and a one-hot encoder for the route) on 240 of the 300
crossings and builds the host from the model, the frame, the ids of the 60 held-out crossings and the fields of its
host config with `simxai.hosts.host_from_model`, following the pattern of w29's hosts. It has two labels: a crossing
departs `on_time` or is `delayed` (more than five minutes late). Nothing here comes from a data set: the domain, its
columns and its words were invented by w32 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w32/host_ferry.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FERRY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 102001
SIZE = 300
NUMERIC = ["WindMS", "wave_height_m", "Vehicles", "Passengers", "DepartureHour", "VesselAgeYrs"]
CATEGORICAL = ["Route"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FERRY_CONFIG: dict[str, Any] = {
    "name": "ferry punctuality",
    "target": "Departure",
    "class_names": {"0": "on_time", "1": "delayed"},
    "instance_noun": "crossing",
    "id_column": "CrossingNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Route": {"0": "inner_fjord", "1": "outer_fjord", "2": "island_loop"}},
    "immutable_features": ["Route", "VesselAgeYrs"],
    "feature_aliases": {
        "Route": ["route", "sambandet", "line"],
        "WindMS": ["wind", "wind speed", "vind"],
        "wave_height_m": ["waves", "wave height", "swell", "bølgehøyde"],
        "Vehicles": ["vehicles", "cars", "vehicle count"],
        "Passengers": ["passengers", "foot passengers", "passasjerer"],
        "DepartureHour": ["departure hour", "hour", "departure time"],
        "VesselAgeYrs": ["vessel age", "age of the vessel", "ship age"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Crossings of an invented Norwegian fjord ferry line, one row per scheduled crossing, used "
        "by the dispatcher to plan spare crews and warn waiting drivers.",
        "feature_descriptions": {
            "Route": "the route: inner_fjord, outer_fjord or island_loop",
            "WindMS": "mean wind speed at departure, in metres per second",
            "wave_height_m": "significant wave height at the quay, in metres",
            "Vehicles": "vehicles booked on the crossing",
            "Passengers": "foot and car passengers on board",
            "DepartureHour": "scheduled departure hour, 5 to 23",
            "VesselAgeYrs": "age of the vessel in service, in years",
        },
        "target_description": "whether the crossing departs on time or is delayed by more than five minutes",
        "model_description": "A bagging ensemble of 15 k-nearest-neighbour classifiers (7 neighbours each) on the "
        "scaled columns; the route one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic crossings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic crossings, invented for testing; not a real ferry company's records.",
            "Does not know about engine faults, crew sickness, fog or ambulance priority boarding.",
        ],
        "label_meanings": {
            "on_time": "the ferry leaves the quay no more than five minutes after the timetable",
            "delayed": "the ferry leaves more than five minutes after the timetable",
        },
        "probability_meaning": "The share of the ensemble's neighbour votes for each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(102102)
    n = SIZE
    route = rng.choice(3, n, p=[0.45, 0.35, 0.20])
    wind = np.round(np.clip(rng.gamma(2.5, 3.2, n), 0.5, 28), 1)
    waves = np.round(np.clip(0.12 * wind + (route == 1) * 0.6 + rng.normal(0, 0.35, n), 0.1, 5.0), 1)
    frame = pd.DataFrame(
        {
            "CrossingNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Route": route,
            "WindMS": wind,
            "wave_height_m": waves,
            "Vehicles": np.clip(np.round(rng.normal(70, 30, n)), 4, 140).astype(int),
            "Passengers": np.clip(np.round(rng.normal(180, 80, n)), 10, 390).astype(int),
            "DepartureHour": rng.integers(5, 24, n),
            "VesselAgeYrs": rng.choice([3, 8, 14, 22, 31], n),
        }
    )
    risk = (
        0.12 * frame.WindMS
        + 0.8 * frame.wave_height_m
        + 0.018 * frame.Vehicles
        + 0.003 * frame.Passengers
        + 0.5 * frame.DepartureHour.isin([7, 8, 15, 16, 17])
        + 0.03 * frame.VesselAgeYrs
        + 0.4 * (frame.Route == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["Departure"] = (risk > 4.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 crossings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1021).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented ferry host in memory, its model fitted on the crossings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import BaggingClassifier
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.CrossingNo.isin(test)]
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
            (
                "bagging",
                BaggingClassifier(KNeighborsClassifier(n_neighbors=7), n_estimators=15, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Departure)
    return host_from_model(model, frame[["CrossingNo", *FEATURES, "Departure"]], test_ids=test, **FERRY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
