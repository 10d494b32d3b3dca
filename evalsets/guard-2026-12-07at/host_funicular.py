"""The invented `funicular` host of guard writer gsetat: a mountain railway's morning checks of its funicular cars.

`load_host()` builds a seeded frame of 300 morning checks (ids 164101-164400) and fits a scikit-learn `Pipeline`
(a `StandardScaler` and a `LogisticRegression`) on 240 of them; the other 60 are held out for the performance
figures. Each check ends in one of two calls: `full_service` (the car runs the timetable) or `safety_hold` (the car
stays in the station until the engineer has looked at it). Nothing here comes from a data set: the domain, its
columns and its words were invented by gsetat.

    python -W error evalsets/guard-2026-12-07at/host_funicular.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FUNICULAR_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 164101
SIZE = 300
NUMERIC = [
    "wind_gust_kmh",
    "PadLiningMm",
    "Cable Stretch [cm]",
    "riders per day",
    "Track Age (yrs)",
]
CATEGORICAL = ["Haul", "heater_ok"]
FUNICULAR_CONFIG: dict[str, Any] = {
    "name": "mountain funicular checks",
    "target": "engineer_call",
    "class_names": {"0": "full_service", "1": "safety_hold"},
    "instance_noun": "car",
    "id_column": "check_no",
    "category_names": {
        "Haul": {"0": "electric", "1": "water_ballast", "2": "hybrid"},
        "heater_ok": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Haul"],
    "feature_aliases": {
        "wind_gust_kmh": ["wind gusts", "gusts"],
        "PadLiningMm": ["brake pads", "pad thickness"],
        "Cable Stretch [cm]": ["cable stretch", "stretch of the cable"],
        "riders per day": ["daily riders", "riders"],
        "Track Age (yrs)": ["track age", "age of the track"],
        "Haul": ["haul", "drive system"],
        "heater_ok": ["heater ok", "working rail heater"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Morning checks of an invented mountain railway's funicular cars, one row per check.",
        "feature_descriptions": {
            "wind_gust_kmh": "strongest wind gust at the summit station during the check, in km/h",
            "PadLiningMm": "thickness left on the car's emergency brake pads, in millimetres",
            "Cable Stretch [cm]": "stretch of the haul cable since it was last shortened, in centimetres",
            "riders per day": "riders the car carried on an average day of the last week",
            "Track Age (yrs)": "years since the track under the car's section was relaid",
            "Haul": "what moves the cars: electric winch, water ballast or a hybrid of both",
            "heater_ok": "whether the rail heater worked at the check",
        },
        "target_description": "what the duty engineer decided for the car after the morning check",
        "model_description": "scikit-learn Pipeline: StandardScaler then LogisticRegression (C=0.5); the haul "
        "system and the heater flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic checks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic funicular checks, invented for testing; not a real railway.",
            "Checks from the winter season only: summer heat is not represented.",
            "Few hybrid cars, so their figures are noisy.",
        ],
        "label_meanings": {
            "full_service": "the car runs the day's timetable",
            "safety_hold": "the car stays in the station until the engineer has looked at it",
        },
        "probability_meaning": "The logistic model's probability of each call; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(16410)
    n = SIZE
    gust = np.round(np.clip(rng.normal(38.0, 16.0, n), 0.0, 110.0), 0)
    pads = np.round(np.clip(rng.normal(9.0, 2.6, n), 2.0, 16.0), 1)
    stretch = np.round(np.clip(rng.normal(14.0, 6.0, n), 0.0, 40.0), 1)
    riders = np.round(np.clip(rng.normal(420.0, 150.0, n), 20.0, 1000.0), 0)
    age = np.round(np.clip(rng.normal(22.0, 11.0, n), 1.0, 60.0), 0)
    haul = rng.choice(3, n, p=[0.5, 0.35, 0.15])
    heater = rng.choice(2, n, p=[0.25, 0.75])
    frame = pd.DataFrame(
        {
            "check_no": np.arange(FIRST_ID, FIRST_ID + n),
            "wind_gust_kmh": gust,
            "PadLiningMm": pads,
            "Cable Stretch [cm]": stretch,
            "riders per day": riders,
            "Track Age (yrs)": age,
            "Haul": haul,
            "heater_ok": heater,
        }
    )
    score = (
        0.05 * (gust - 38.0)
        - 0.28 * (pads - 9.0)
        + 0.09 * (stretch - 14.0)
        + 0.001 * (riders - 420.0)
        + 0.025 * (age - 22.0)
        - 0.7 * (heater - 0.75)
        + 0.25 * (haul == 1)
        + rng.normal(0, 1.0, n)
    )
    frame["engineer_call"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(16411).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented funicular host in memory, fitted on the checks outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.check_no.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logit", LogisticRegression(C=0.5, max_iter=1000))])
    model.fit(train[features], train.engineer_call)
    return host_from_model(model, frame[["check_no", *features, "engineer_call"]], test_ids=test, **FUNICULAR_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
