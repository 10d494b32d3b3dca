"""The invented `carousel` host of guard writer gset47: a fairground's morning check of its carousels.

`load_host()` builds a seeded frame of 300 carousel checks (ids 159301-159600) and fits a scikit-learn
`LogisticRegression` on 240 of them; the other 60 are held out for the performance figures. Each check ends in one of
two calls: `open` (the carousel runs for riders that day) or `shut` (it stays roped off for the fitter). Nothing here
comes from a data set: the domain, its columns and its words were invented by gset47.

    python -W error evalsets/guard-2026-12-07ar/host_carousel.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CAROUSEL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 159301
SIZE = 300
NUMERIC = [
    "bearing_play_mm",
    "MotorHoursK",
    "Paint Flaking [%]",
    "riders per day",
    "Organ Age (yrs)",
]
CATEGORICAL = ["Drive", "lights_ok"]
CAROUSEL_CONFIG: dict[str, Any] = {
    "name": "fairground carousel check",
    "target": "morning_call",
    "class_names": {"0": "open", "1": "shut"},
    "instance_noun": "carousel",
    "id_column": "carousel_no",
    "category_names": {
        "Drive": {"0": "belt", "1": "gear", "2": "hydraulic"},
        "lights_ok": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Drive"],
    "feature_aliases": {
        "bearing_play_mm": ["bearing play", "play in the centre bearing"],
        "MotorHoursK": ["motor hours", "thousands of motor hours"],
        "Paint Flaking [%]": ["paint flaking", "flaking paint"],
        "riders per day": ["daily riders", "riders"],
        "Organ Age (yrs)": ["organ age", "age of the band organ"],
        "Drive": ["drive", "drive type"],
        "lights_ok": ["lights ok", "working lights"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Carousels checked by an invented fairground's fitter each morning, one row per check.",
        "feature_descriptions": {
            "bearing_play_mm": "play measured in the centre bearing, in millimetres",
            "MotorHoursK": "hours the drive motor has run since its last rebuild, in thousands",
            "Paint Flaking [%]": "share of the horses' paint that is flaking, in percent",
            "riders per day": "riders the carousel carried on an average day last week",
            "Organ Age (yrs)": "age of the carousel's band organ, in years",
            "Drive": "how the platform is turned: belt, gear or hydraulic",
            "lights_ok": "whether every bulb on the canopy lit at the check",
        },
        "target_description": "what the fairground's fitter decided for the carousel that morning",
        "model_description": "scikit-learn LogisticRegression (C=0.5) on standardised columns; the drive and "
        "the lights flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic checks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic carousels, invented for testing; not a real fairground.",
            "Checks from one summer season only: winter storage damage is not represented.",
            "Few hydraulic drives, so their figures are noisy.",
        ],
        "label_meanings": {
            "open": "the carousel runs for riders that day",
            "shut": "the carousel stays roped off until the fitter has seen to it",
        },
        "probability_meaning": "The model's estimated chance of each call; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(15930)
    n = SIZE
    play = np.round(np.clip(rng.normal(1.2, 0.5, n), 0.1, 3.0), 2)
    motor = np.round(np.clip(rng.normal(6.0, 2.5, n), 0.2, 14.0), 1)
    paint = np.round(np.clip(rng.normal(20.0, 12.0, n), 0.0, 70.0), 0)
    riders = np.round(np.clip(rng.normal(420.0, 150.0, n), 40.0, 900.0), 0)
    organ = np.round(np.clip(rng.normal(35.0, 20.0, n), 1.0, 110.0), 0)
    drive = rng.choice(3, n, p=[0.45, 0.4, 0.15])
    lights = rng.choice(2, n, p=[0.25, 0.75])
    frame = pd.DataFrame(
        {
            "carousel_no": np.arange(FIRST_ID, FIRST_ID + n),
            "bearing_play_mm": play,
            "MotorHoursK": motor,
            "Paint Flaking [%]": paint,
            "riders per day": riders,
            "Organ Age (yrs)": organ,
            "Drive": drive,
            "lights_ok": lights,
        }
    )
    score = (
        -0.6
        + 1.6 * (play - 1.2)
        + 0.22 * (motor - 6.0)
        + 0.01 * (paint - 20.0)
        + 0.001 * (riders - 420.0)
        - 0.7 * lights
        + 0.3 * (drive == 2)
        + rng.normal(0, 0.9, n)
    )
    frame["morning_call"] = (score > -0.5).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(15931).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented carousel host in memory, fitted on the checks outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.carousel_no.isin(test)]
    model = make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=1000))
    model.fit(train[features], train.morning_call)
    return host_from_model(model, frame[["carousel_no", *features, "morning_call"]], test_ids=test, **CAROUSEL_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
