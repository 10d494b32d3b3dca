"""The invented `slope` host of writer w19: backcountry slopes and the avalanche danger rated for them.

`load_host()` fits a small synthetic model (a seeded linear discriminant analysis on a seeded frame, fitted on
320 of the 400 slope-days) and builds the host from the model, the frame, the ids of the 80 held-out slope-days
and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w18's
`host_colony.py`. It has four labels: the danger rated for a slope on a day is `low`, `moderate`, `considerable`
or `high`. Nothing here comes from a data set: the domain, its columns and its words were invented by w19 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w19/host_slope.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SLOPE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 65001
SIZE = 400
FEATURES = [
    "slope_angle_deg",
    "new_snow_cm",
    "wind_speed_kmh",
    "temp_change_c",
    "weak_layer_depth_cm",
    "elevation_m",
    "aspect",
    "ect_result",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SLOPE_CONFIG: dict[str, Any] = {
    "name": "backcountry avalanche danger",
    "target": "danger_rating",
    "class_names": {"0": "low", "1": "moderate", "2": "considerable", "3": "high"},
    "instance_noun": "slope",
    "id_column": "slope_day_id",
    "categorical_features": ["aspect", "ect_result"],
    "category_names": {
        "aspect": {"0": "north", "1": "east", "2": "south", "3": "west"},
        "ect_result": {"0": "no_fracture", "1": "no_propagation", "2": "propagation"},
    },
    "immutable_features": ["elevation_m", "aspect"],
    "feature_aliases": {
        "slope_angle_deg": ["slope angle", "steepness", "incline", "angle", "pitch"],
        "new_snow_cm": ["new snow", "fresh snow", "snowfall", "storm snow", "72 hour snow"],
        "wind_speed_kmh": ["wind", "wind speed", "ridge wind"],
        "temp_change_c": ["warming", "temperature change", "temp change"],
        "weak_layer_depth_cm": ["weak layer depth", "depth of the weak layer", "burial depth", "persistent layer"],
        "elevation_m": ["elevation", "altitude", "height"],
        "aspect": ["exposure", "facing", "orientation"],
        "ect_result": ["ect", "extended column test", "stability test", "column test"],
    },
    "seed": 0,
    "cards": {
        "description": "Slope-days of an invented mountain guiding cooperative: one row per slope and day of "
        "the 2025-26 winter, with the weather and snowpack observations of that morning and the avalanche "
        "danger the cooperative's forecasters rated for the slope.",
        "feature_descriptions": {
            "slope_angle_deg": "steepest angle of the slope in degrees",
            "new_snow_cm": "new snow over the previous 72 hours, in centimetres",
            "wind_speed_kmh": "mean ridge-top wind speed over the previous 24 hours, in km/h",
            "temp_change_c": "change of the air temperature over the previous 24 hours, in degrees Celsius",
            "weak_layer_depth_cm": "depth of the shallowest buried weak layer below the surface, in centimetres",
            "elevation_m": "elevation of the slope's start zone in metres above sea level",
            "aspect": "the direction the slope faces: north, east, south or west",
            "ect_result": "extended column test of that morning: no_fracture, no_propagation or propagation",
        },
        "target_description": "the avalanche danger the forecasters rated for the slope that day",
        "model_description": "Linear discriminant analysis (4 labels, shared covariance, Bayes rule).",
        "training": "Fitted on 320 of the 400 synthetic slope-days; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic slope-days, invented for testing; not real forecasts. Never use it to choose a line.",
            "Knows nothing about terrain traps, cornices, the group on the slope or the forecast for the day after.",
            "One morning's observations per row: it does not follow the snowpack through the day.",
        ],
        "label_meanings": {
            "low": "generally safe conditions; avalanches only in isolated extreme terrain",
            "moderate": "heightened conditions on specific terrain; careful route finding needed",
            "considerable": "dangerous conditions; human-triggered avalanches likely",
            "high": "very dangerous conditions; travel in avalanche terrain not recommended",
        },
        "probability_meaning": "The model's estimated probability of each danger level (the four add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6519)
    n = SIZE
    days_since = np.clip(np.round(rng.exponential(4.0, n)), 0, 21).astype(int)
    new_snow = np.clip(np.round(rng.gamma(1.4, 16, n) * np.exp(-0.12 * days_since)), 0, 95).astype(int)
    frame = pd.DataFrame(
        {
            "slope_day_id": np.arange(FIRST_ID, FIRST_ID + n),
            "slope_angle_deg": np.clip(np.round(rng.normal(35, 5.5, n)), 22, 52).astype(int),
            "new_snow_cm": new_snow,
            "wind_speed_kmh": np.clip(np.round(rng.gamma(2.2, 10, n)), 0, 90).astype(int),
            "temp_change_c": np.round(np.clip(rng.normal(0.5, 3.5, n), -10, 12), 1),
            "weak_layer_depth_cm": np.clip(np.round(rng.normal(60, 28, n)), 10, 160).astype(int),
            "elevation_m": np.round(rng.uniform(1200, 3400, n) / 10).astype(int) * 10,
            "aspect": rng.choice(4, n, p=[0.3, 0.25, 0.2, 0.25]),
            "ect_result": rng.choice(3, n, p=[0.35, 0.4, 0.25]),
        }
    )
    score = (
        0.06 * (frame.slope_angle_deg - 35)
        + 0.035 * (frame.new_snow_cm - 20)
        + 0.025 * (frame.wind_speed_kmh - 22)
        + 0.1 * frame.temp_change_c
        - 0.012 * (frame.weak_layer_depth_cm - 60)
        + 0.0004 * (frame.elevation_m - 2300)
        + 0.25 * (frame.aspect == 0)
        - 0.15 * (frame.aspect == 2)
        + 0.6 * (frame.ect_result == 2)
        - 0.35 * (frame.ect_result == 0)
        + rng.normal(0, 0.35, n)
    )
    frame["danger_rating"] = np.digitize(score, [-0.6, 0.25, 1.1])
    return frame


def held_out_ids() -> list[int]:
    """The 80 slope-days the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(65).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented slope host in memory, its model fitted on the slope-days outside `held_out_ids()`."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.slope_day_id.isin(test)]
    model = LinearDiscriminantAnalysis()
    model.fit(train[FEATURES], train.danger_rating)
    return host_from_model(model, frame[["slope_day_id", *FEATURES, "danger_rating"]], test_ids=test, **SLOPE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
