"""The invented `kayak` host of guard writer g16: guided sea-kayak trips, each completed or turned back.

`load_host()` fits a small synthetic model (a seeded `MLPClassifier`, scikit-learn's multi-layer perceptron, one
hidden layer of 6 units, behind a `StandardScaler`; a model family no earlier invented host used) on a seeded frame
of 400 trips of an invented coastal kayak outfitter. 320 trips fit the model; the other 80 are held out for the
performance figures. The host is built with `simxai.hosts.in_memory.host_from_model`, following the pattern of
g15's `host_print.py`. Nothing here comes from a data set: the domain, its columns and its words were invented by g16.

    python simxai/eval_suite/guard/written/g16/host_kayak.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KAYAK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 87001
SIZE = 400
NUMERIC = [
    "wind_kmh",
    "wave_height_m",
    "water_temp_c",
    "distance_km",
    "group_size",
    "guide_years",
    "start_hour",
]
CATEGORICAL = ["boat", "tide"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
KAYAK_CONFIG: dict[str, Any] = {
    "name": "sea kayak trips",
    "target": "outcome",
    "class_names": {"0": "completed", "1": "turned_back"},
    "instance_noun": "trip",
    "id_column": "trip_id",
    "category_names": {
        "boat": {"0": "single", "1": "tandem"},
        "tide": {"0": "slack", "1": "ebb", "2": "flood"},
    },
    "immutable_features": ["guide_years"],
    "feature_aliases": {
        "wind_kmh": ["wind", "wind speed", "how windy it was"],
        "wave_height_m": ["waves", "wave height", "swell"],
        "water_temp_c": ["water temperature", "sea temperature", "how cold the water was"],
        "distance_km": ["distance", "route length", "how far"],
        "group_size": ["group size", "number of paddlers", "how many kayakers"],
        "guide_years": ["guide experience", "guide's years", "experience of the guide"],
        "start_hour": ["start time", "launch hour", "when it set off"],
        "boat": ["kayak type", "single or tandem", "boats"],
        "tide": ["tide state", "the tide", "tidal stream"],
    },
    "seed": 0,
    "cards": {
        "description": "Guided trips of an invented sea-kayak outfitter on a rocky coast, one row per trip.",
        "feature_descriptions": {
            "wind_kmh": "mean wind speed at launch, in km per hour",
            "wave_height_m": "significant wave height at launch, in metres",
            "water_temp_c": "sea temperature at launch, in degrees Celsius",
            "distance_km": "planned length of the route, in km",
            "group_size": "number of guests on the trip",
            "guide_years": "years of experience of the lead guide",
            "start_hour": "hour of the day the trip launched (24-hour clock)",
            "boat": "whether the guests paddled single or tandem kayaks",
            "tide": "tide state at launch: slack, ebb or flood",
        },
        "target_description": "whether the trip completed its planned route or turned back early",
        "model_description": "scikit-learn MLPClassifier (one hidden layer of 6 ReLU units, L2 alpha 0.01, seed 16) "
        "behind a StandardScaler; boat and tide enter as their codes.",
        "training": "Fitted on 320 of the 400 synthetic trips; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic trips, invented for testing; not a real outfitter's logbook.",
            "A small neural network: its probabilities are not calibrated.",
            "Boat and tide enter as numeric codes, as if they were ordered.",
        ],
        "label_meanings": {
            "completed": "the group paddled the whole planned route",
            "turned_back": "the guide turned the group back before the end of the route",
        },
        "probability_meaning": "The network's softmax probability of each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(8716)
    n = SIZE
    boat = rng.choice(2, n, p=[0.65, 0.35])
    tide = rng.choice(3, n, p=[0.3, 0.35, 0.35])
    wind = np.clip(np.round(rng.gamma(3.0, 5.0, n)), 0, 60).astype(int)
    waves = np.round(np.clip(0.03 * wind + rng.normal(0.3, 0.25, n), 0.0, 3.0), 1)
    water = np.round(np.clip(rng.normal(13, 3, n), 6, 22), 1)
    distance = np.clip(np.round(rng.normal(12, 4, n)), 4, 26).astype(int)
    group = rng.integers(2, 13, n)
    guide = rng.integers(1, 21, n)
    hour = rng.choice([7, 8, 9, 10, 11, 13, 14, 15, 16], n)
    frame = pd.DataFrame(
        {
            "trip_id": np.arange(FIRST_ID, FIRST_ID + n),
            "wind_kmh": wind,
            "wave_height_m": waves,
            "water_temp_c": water,
            "distance_km": distance,
            "group_size": group,
            "guide_years": guide,
            "start_hour": hour,
            "boat": boat,
            "tide": tide,
        }
    )
    risk = (
        0.09 * (wind - 15)
        + 1.6 * (waves - 0.75)
        - 0.12 * (water - 13)
        + 0.12 * (distance - 12)
        + 0.08 * (group - 7)
        - 0.07 * (guide - 10)
        + 0.15 * (hour - 11)
        - 0.6 * boat
        + 0.5 * (tide == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (risk > 0.4).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 trips the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(87).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kayak host in memory, its network fitted on the trips outside `held_out_ids()`."""
    import warnings

    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.trip_id.isin(test)]
    model = make_pipeline(
        StandardScaler(),
        MLPClassifier(hidden_layer_sizes=(6,), alpha=0.01, max_iter=3000, random_state=16),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(train[features], train.outcome)
    return host_from_model(model, frame[["trip_id", *features, "outcome"]], test_ids=test, **KAYAK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
