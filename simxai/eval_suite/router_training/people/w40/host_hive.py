"""The invented `hive` host of writer w40: weekly inspections of the rooftop beehives of a city apiary.

`load_host()` fits a small synthetic model (a scaler, degree-2 `PolynomialFeatures` and a `LogisticRegression`,
behind a one-hot encoder for the hive type) on 240 of the 300 inspections and builds the host with
`simxai.hosts.host_from_model`. Three labels: at an inspection a colony is `thriving`, `queenless` or `swarming`.
Nothing here comes from a data set: the domain, its columns and its words were invented by w40.

    python simxai/eval_suite/router_training/people/w40/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 110901
SIZE = 300
NUMERIC = ["brood_frames", "mites_per_100", "forage_km", "roof_temp_c", "honey_kg", "colony_months"]
CATEGORICAL = ["hive_type"]
FEATURES = [*CATEGORICAL, *NUMERIC]
HIVE_CONFIG: dict[str, Any] = {
    "name": "rooftop hives",
    "target": "state",
    "class_names": {"0": "thriving", "1": "queenless", "2": "swarming"},
    "instance_noun": "inspection",
    "id_column": "inspection_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"hive_type": {"0": "langstroth", "1": "top_bar", "2": "warre"}},
    "immutable_features": ["colony_months"],
    "feature_aliases": {
        "hive_type": ["hive type", "box", "hive style"],
        "brood_frames": ["brood", "brood frames", "frames of brood"],
        "mites_per_100": ["mites", "mite count", "varroa"],
        "forage_km": ["forage distance", "flight distance", "forage"],
        "roof_temp_c": ["roof temperature", "temperature", "heat"],
        "honey_kg": ["honey", "stores", "honey stores"],
        "colony_months": ["colony age", "age of the colony"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Weekly inspections of the rooftop beehives of an invented city apiary, one row per "
        "hive and visit.",
        "feature_descriptions": {
            "hive_type": "the kind of hive: langstroth, top_bar or warre",
            "brood_frames": "frames holding brood at the inspection",
            "mites_per_100": "varroa mites counted per 100 bees in a wash",
            "forage_km": "estimated distance to the main forage, in km",
            "roof_temp_c": "mean roof temperature the week before, in degrees C",
            "honey_kg": "estimated honey stores in the hive, in kg",
            "colony_months": "age of the colony, in months",
        },
        "target_description": "the state of the colony: thriving, queenless or swarming",
        "model_description": "Degree-2 polynomial features of the scaled measurements and the one-hot hive type, "
        "fed to a logistic regression.",
        "training": "Fitted on 240 of the 300 synthetic inspections; the other 60 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic inspections, invented for testing; not a real apiary's records.",
            "Does not know the queen's age, the weather on the day or the bees' temper.",
        ],
        "label_meanings": {
            "thriving": "a laying queen, brood and stores in order",
            "queenless": "no laying queen found, no eggs",
            "swarming": "queen cells capped or a swarm already left",
        },
        "probability_meaning": "The model's estimated probability of each of the three states (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(110977)
    n = SIZE
    frame = pd.DataFrame(
        {
            "inspection_no": np.arange(FIRST_ID, FIRST_ID + n),
            "hive_type": rng.choice(3, n, p=[0.6, 0.25, 0.15]),
            "brood_frames": np.clip(np.round(rng.normal(6, 2.2, n)), 0, 12).astype(int),
            "mites_per_100": np.round(np.clip(rng.gamma(1.6, 1.5, n), 0, 15), 1),
            "forage_km": np.round(np.clip(rng.normal(1.8, 0.8, n), 0.2, 5), 1),
            "roof_temp_c": np.round(np.clip(rng.normal(22, 5, n), 8, 38), 1),
            "honey_kg": np.round(np.clip(rng.normal(12, 6, n), 0, 35), 1),
            "colony_months": rng.choice([3, 8, 14, 26, 40], n),
        }
    )
    crowd = (
        0.5 * (frame.brood_frames - 6)
        + 0.12 * (frame.honey_kg - 12)
        + 0.15 * (frame.roof_temp_c - 22)
        - 0.6 * (frame.hive_type == 2)
        + rng.normal(0, 0.7, n)
    )
    failing = (
        0.35 * frame.mites_per_100
        - 0.55 * frame.brood_frames
        + 0.03 * frame.colony_months
        + 0.4 * frame.forage_km
        + rng.normal(0, 0.8, n)
    )
    frame["state"] = np.where(failing > -0.6, 1, np.where(crowd > 1.3, 2, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 inspections the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1109).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the inspections outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.inspection_no.isin(test)]
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
            ("poly", PolynomialFeatures(degree=2, include_bias=False)),
            ("logit", LogisticRegression(C=0.5, max_iter=3000)),
        ]
    )
    model.fit(train[FEATURES], train.state)
    return host_from_model(model, frame[["inspection_no", *FEATURES, "state"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
