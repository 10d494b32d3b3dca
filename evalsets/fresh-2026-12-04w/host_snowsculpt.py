"""The invented `snowsculpt` host of writer freshW: entries of an invented snow-sculpture festival.

One row per sculpture carved for the festival; the label is how it stood on judging day (the fourth morning):
`intact`, `slumped` (sagged or lost detail) or `collapsed`. `load_host()` fits a small synthetic model, a seeded
`QuadraticDiscriminantAnalysis` (with `reg_param` 0.3) behind a scaler and a one-hot encoder for the style, on 240
of the 300 entries and builds the host with `simxai.hosts.in_memory.host_from_model`, the other 60 held out.
Nothing here comes from a data set: the domain, its columns and its words were invented for test set "w".

    python evalsets/fresh-2026-12-04w/host_snowsculpt.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SNOW_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 111501
SIZE = 300
NUMERIC = ["HeightM", "air_temp_c", "wind_kmh", "Overhang (cm)", "density_kg_m3", "SunHours", "Team Size"]
CATEGORICAL = ["Style"]
FEATURES = [*CATEGORICAL, *NUMERIC]
SNOW_CONFIG: dict[str, Any] = {
    "name": "snow sculpture survival",
    "target": "Outcome",
    "class_names": {"0": "intact", "1": "slumped", "2": "collapsed"},
    "instance_noun": "sculpture",
    "id_column": "EntryNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Style": {"0": "figurative", "1": "abstract", "2": "architectural"}},
    "immutable_features": ["Style", "Team Size"],
    "feature_aliases": {
        "Style": ["style", "kind of sculpture"],
        "HeightM": ["height", "how tall"],
        "air_temp_c": ["air temperature", "temperature", "temp"],
        "wind_kmh": ["wind", "wind speed"],
        "Overhang (cm)": ["overhang", "overhang cm"],
        "density_kg_m3": ["snow density", "density"],
        "SunHours": ["sun hours", "sunshine", "hours of sun"],
        "Team Size": ["team size", "carvers", "team"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Entries of an invented winter snow-sculpture festival, one row per sculpture, used by the "
        "organisers to decide which pieces need shade cloth or bracing before judging day.",
        "feature_descriptions": {
            "Style": "the style of the piece: figurative, abstract or architectural",
            "HeightM": "height of the finished sculpture, in metres",
            "air_temp_c": "mean air temperature over the display days, in degrees Celsius",
            "wind_kmh": "mean wind speed over the display days, in km/h",
            "Overhang (cm)": "the longest unsupported overhang, in centimetres",
            "density_kg_m3": "density of the packed snow block, in kg per cubic metre",
            "SunHours": "hours of direct sun on the piece before judging",
            "Team Size": "number of carvers in the team",
        },
        "target_description": "how the sculpture stood on judging day: intact, slumped or collapsed",
        "model_description": "Quadratic discriminant analysis (regularised, reg_param 0.3) on the scaled columns; "
        "the style one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic entries; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic entries, invented for testing; not a real festival's records.",
            "Does not know about vandalism, snowfall during display or the carvers' skill.",
        ],
        "label_meanings": {
            "intact": "the piece stood on judging day with its detail kept",
            "slumped": "the piece stood but sagged or lost detail",
            "collapsed": "the piece fell, in whole or in large part, before judging",
        },
        "probability_meaning": "The model's posterior probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(111500)
    n = SIZE
    style = rng.choice(3, n, p=[0.4, 0.3, 0.3])
    height = np.round(np.clip(rng.normal(2.6, 0.8, n), 1.0, 5.0), 1)
    temp = np.round(np.clip(rng.normal(-7, 4.5, n), -19, 3), 1)
    wind = np.clip(np.round(rng.gamma(2.0, 7.0, n)), 0, 70).astype(int)
    overhang = np.clip(np.round(rng.gamma(2.0, 18.0, n) * (1 + 0.5 * (style == 2))), 0, 160).astype(int)
    density = np.clip(np.round(rng.normal(520, 70, n), -1), 340, 700).astype(int)
    sun = np.round(np.clip(rng.gamma(2.0, 4.0, n), 0, 36), 1)
    team = rng.integers(2, 7, n)
    frame = pd.DataFrame(
        {
            "EntryNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Style": style,
            "HeightM": height,
            "air_temp_c": temp,
            "wind_kmh": wind,
            "Overhang (cm)": overhang,
            "density_kg_m3": density,
            "SunHours": sun,
            "Team Size": team,
        }
    )
    risk = (
        0.32 * (temp + 7)
        + 0.09 * sun
        + 0.022 * overhang
        + 0.45 * (height - 2.6)
        + 0.02 * wind
        - 0.012 * (density - 520)
        + 0.3 * (style == 2)
        - 0.1 * (team - 4)
        + rng.normal(0, 0.7, n)
    )
    frame["Outcome"] = np.digitize(risk, [1.2, 2.5]).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 entries the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1115).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented snow-sculpture host in memory, its model fitted on the entries outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.EntryNo.isin(test)]
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
            ("qda", QuadraticDiscriminantAnalysis(reg_param=0.3)),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["EntryNo", *FEATURES, "Outcome"]], test_ids=test, **SNOW_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
