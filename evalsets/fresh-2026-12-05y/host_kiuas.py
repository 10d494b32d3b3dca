"""The invented `kiuas` host of test set y: loads of stones in the wood- or electric-heated stoves of a public sauna.

One row per load of stones laid in a stove (a *kiuas*) and inspected when it was taken out. `load_host()` fits a
seeded linear discriminant analysis (`LinearDiscriminantAnalysis`) behind a scaler and a one-hot encoder on 240 of
the 300 loads and builds the host with `simxai.hosts.host_from_model`. Two labels: a load comes out `sound` or
`cracked` (more than a tenth of its stones split or crumbled). Nothing here comes from a data set: the domain, its
columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-05y/host_kiuas.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KIUAS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 115701
SIZE = 300
NUMERIC = ["peak_temp_c", "LoylyL", "Mass (kg)", "heating cycles", "StoneAgeWks"]
CATEGORICAL = ["StoneType", "WoodFired"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
KIUAS_CONFIG: dict[str, Any] = {
    "name": "sauna stove stones",
    "target": "Outcome",
    "class_names": {"0": "sound", "1": "cracked"},
    "instance_noun": "load",
    "id_column": "LoadNo",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["StoneType"],
    "feature_aliases": {
        "StoneType": ["stone type", "stone", "rock"],
        "WoodFired": ["wood fired", "wood stove", "wood-burning"],
        "peak_temp_c": ["peak temperature", "stove temperature", "heat"],
        "LoylyL": ["loyly", "water thrown", "steam water", "litres of water"],
        "Mass (kg)": ["mass", "stone mass", "weight of the load"],
        "heating cycles": ["cycles", "heatings a week", "firings"],
        "StoneAgeWks": ["stone age", "age of the stones", "weeks in the stove"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Loads of stones in the stoves of an invented public sauna by a lake, one row per load, "
        "logged by the sauna keeper to plan when to buy and sort new stones.",
        "feature_descriptions": {
            "StoneType": "the rock of the load: olivine_diabase, peridotite or soapstone",
            "WoodFired": "True for the wood-burning stove, False for the electric ones",
            "peak_temp_c": "the hottest reading on the stove's top stones in a typical evening, in degrees Celsius",
            "LoylyL": "litres of water thrown on the stones in a typical evening",
            "Mass (kg)": "the mass of the whole load of stones, in kilograms",
            "heating cycles": "how many times a week the stove is heated up from cold",
            "StoneAgeWks": "how many weeks the load had been in the stove when it was inspected",
        },
        "target_description": "whether the load came out sound or cracked at inspection",
        "model_description": "A linear discriminant analysis on the scaled numbers, the stone type and the "
        "stove kind one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic loads; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic loads, invented for testing; not a real sauna's records.",
            "Knows nothing of how the stones were stacked, of salt water or of a dropped bucket.",
        ],
        "label_meanings": {
            "sound": "at most a tenth of the stones were split or crumbled at inspection",
            "cracked": "more than a tenth of the stones were split or crumbled at inspection",
        },
        "probability_meaning": "The discriminant's posterior probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(115701)
    n = SIZE
    stone = rng.choice(["olivine_diabase", "peridotite", "soapstone"], n, p=[0.5, 0.3, 0.2])
    wood = rng.random(n) < 0.4
    temp = np.round(np.clip(rng.normal(360, 55, n) + 40 * wood, 240, 520)).astype(int)
    loyly = np.round(np.clip(rng.gamma(3.0, 3.5, n), 1.0, 32.0), 1)
    mass = np.round(np.clip(rng.normal(60, 22, n), 18, 130)).astype(int)
    cycles = rng.integers(3, 22, n)
    age = rng.integers(1, 81, n)
    frame = pd.DataFrame(
        {
            "LoadNo": np.arange(FIRST_ID, FIRST_ID + n),
            "StoneType": stone,
            "WoodFired": wood,
            "peak_temp_c": temp,
            "LoylyL": loyly,
            "Mass (kg)": mass,
            "heating cycles": cycles,
            "StoneAgeWks": age,
        }
    )
    risk = (
        0.011 * (frame.peak_temp_c - 360)
        + 0.09 * frame.LoylyL
        - 0.012 * frame["Mass (kg)"]
        + 0.08 * frame["heating cycles"]
        + 0.035 * frame.StoneAgeWks
        + 0.5 * frame.WoodFired
        - 0.9 * (frame.StoneType == "soapstone")
        + 0.5 * (frame.StoneType == "peridotite")
        + rng.normal(0, 0.8, n)
    )
    frame["Outcome"] = (risk > 2.6).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 loads the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1157).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kiuas host in memory, its model fitted on the loads outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

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
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("lda", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["LoadNo", *FEATURES, "Outcome"]], test_ids=test, **KIUAS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
