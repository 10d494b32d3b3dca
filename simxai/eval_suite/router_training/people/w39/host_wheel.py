"""The invented `wheel` host of writer w39: cheese wheels in the cellar of an invented farm dairy, one row per wheel.

`load_host()` fits a small synthetic model (degree-2 `PolynomialFeatures` feeding a `LogisticRegression`, behind a
scaler and a one-hot encoder for the milk) on 240 of the 300 wheels and builds the host from the model, the frame,
the ids of the 60 held-out wheels and the fields of its host config with `simxai.hosts.host_from_model`. It has
three labels: a wheel comes out of the cellar `prime`, `bitter` or `cracked`. Nothing here comes from a data set:
the domain, its columns and its words were invented by w39 as held-out material.

    python simxai/eval_suite/router_training/people/w39/host_wheel.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WHEEL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 110301
SIZE = 300
NUMERIC = ["age_weeks", "salt_pct", "humidity_pct", "turn_every_days", "wheel_kg", "cellar_temp_c"]
CATEGORICAL = ["milk"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WHEEL_CONFIG: dict[str, Any] = {
    "name": "cheese cellar",
    "target": "grade",
    "class_names": {"0": "prime", "1": "bitter", "2": "cracked"},
    "instance_noun": "wheel",
    "id_column": "wheel_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"milk": {"0": "cow", "1": "sheep", "2": "goat"}},
    "immutable_features": ["milk"],
    "feature_aliases": {
        "milk": ["milk type", "animal"],
        "age_weeks": ["age", "weeks in the cellar", "maturing time"],
        "salt_pct": ["salt", "brine"],
        "humidity_pct": ["humidity", "damp"],
        "turn_every_days": ["turning", "turns", "days between turns"],
        "wheel_kg": ["weight", "size", "wheel weight"],
        "cellar_temp_c": ["cellar temperature", "temperature", "temp"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Cheese wheels matured in the cellar of an invented farm dairy, one row per wheel, graded "
        "when they leave the cellar.",
        "feature_descriptions": {
            "milk": "the milk the wheel was made from: cow, sheep or goat",
            "age_weeks": "weeks the wheel has matured in the cellar",
            "salt_pct": "salt as a percentage of the curd weight",
            "humidity_pct": "relative humidity of the cellar shelf, in percent",
            "turn_every_days": "days between two turnings of the wheel",
            "wheel_kg": "weight of the wheel when it went in, in kg",
            "cellar_temp_c": "temperature of the cellar shelf, in degrees C",
        },
        "target_description": "the grade the wheel gets when it leaves the cellar",
        "model_description": "A logistic regression on the features and all their pairwise products (degree-2 "
        "polynomial features), after scaling; the milk one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic wheels; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic wheels, invented for testing; not a real dairy's cellar book.",
            "Does not know about the cultures, the rennet, the rind treatment or the season of the milk.",
        ],
        "label_meanings": {
            "prime": "a sound wheel with the flavour the dairy wants",
            "bitter": "an off, bitter taste; sold cheap or used for cooking",
            "cracked": "the rind split and the wheel dried or moulded inside",
        },
        "probability_meaning": "The model's estimated probability of each of the three grades (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(110639)
    n = SIZE
    frame = pd.DataFrame(
        {
            "wheel_no": np.arange(FIRST_ID, FIRST_ID + n),
            "milk": rng.choice(3, n, p=[0.5, 0.3, 0.2]),
            "age_weeks": np.clip(np.round(rng.normal(24, 10, n)), 4, 60).astype(int),
            "salt_pct": np.round(np.clip(rng.normal(1.9, 0.4, n), 0.8, 3.2), 1),
            "humidity_pct": np.clip(np.round(rng.normal(86, 5, n)), 70, 98).astype(int),
            "turn_every_days": rng.choice([1, 2, 3, 4, 5, 7, 10, 14], n),
            "wheel_kg": np.round(np.clip(rng.normal(8, 4, n), 1.5, 22), 1),
            "cellar_temp_c": np.round(np.clip(rng.normal(12, 1.8, n), 7, 17), 1),
        }
    )
    dry = (
        -0.18 * (frame.humidity_pct - 86)
        + 0.15 * (frame.turn_every_days - 4)
        + 0.04 * (frame.age_weeks - 24)
        + 0.25 * (frame.cellar_temp_c - 12)
        + rng.normal(0, 0.6, n)
    )
    off = (
        -1.6 * (frame.salt_pct - 1.9)
        + 0.35 * (frame.cellar_temp_c - 12)
        + 0.6 * (frame.milk == 2)
        + 0.03 * (frame.wheel_kg - 8)
        + rng.normal(0, 0.6, n)
    )
    frame["grade"] = np.where(dry > 1.0, 2, np.where(off > 0.8, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 wheels the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1163).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented wheel host in memory, its model fitted on the wheels outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.wheel_no.isin(test)]
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
            ("pairs", PolynomialFeatures(degree=2, include_bias=False)),
            ("logistic", LogisticRegression(C=0.5, max_iter=5000)),
        ]
    )
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["wheel_no", *FEATURES, "grade"]], test_ids=test, **WHEEL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
