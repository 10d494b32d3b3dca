"""The invented `truffle` host of helper freshX: outings of truffle-hunting dogs in an invented oak wood.

One row per outing (a dog, its handler and a patch of wood on one morning). `load_host()` fits a seeded
`AdaBoostClassifier` of depth-2 decision trees behind a scaler and a one-hot encoder for the breed on 240 of the 300
outings and builds the host with `simxai.hosts.host_from_model`. Three labels: `haul` (a good find), `meagre` (a
truffle or two) and `blank` (nothing). Nothing here comes from a data set: the domain, its columns and its numbers
were invented for this test set.

    python evalsets/fresh-2026-12-04x/host_truffle.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TRUFFLE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 113601
SIZE = 300
NUMERIC = ["DogAgeYrs", "soil_temp_c", "RainMm", "Area (ha)", "hunt_minutes", "oak share pct"]
CATEGORICAL = ["Breed"]
FEATURES = [*CATEGORICAL, *NUMERIC]
TRUFFLE_CONFIG: dict[str, Any] = {
    "name": "truffle hunt yield",
    "target": "Yield",
    "class_names": {"0": "haul", "1": "meagre", "2": "blank"},
    "instance_noun": "outing",
    "id_column": "HuntNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Breed": {"0": "lagotto", "1": "beagle", "2": "mixed"}},
    "immutable_features": ["Breed"],
    "feature_aliases": {
        "Breed": ["breed", "dog breed", "kind of dog"],
        "DogAgeYrs": ["dog age", "age of the dog", "dog's age"],
        "soil_temp_c": ["soil temperature", "ground temperature", "soil temp"],
        "RainMm": ["rain", "rainfall", "recent rain"],
        "Area (ha)": ["area", "patch size", "hectares"],
        "hunt_minutes": ["hunt length", "minutes hunted", "duration"],
        "oak share pct": ["oak share", "oaks", "share of oak"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Morning outings of truffle-hunting dogs in an invented oak and hazel wood, one row per "
        "outing, used by a small cooperative to plan which patches to send its dogs to.",
        "feature_descriptions": {
            "Breed": "the dog's breed: lagotto, beagle or mixed",
            "DogAgeYrs": "the dog's age in years",
            "soil_temp_c": "soil temperature at ten centimetres, in degrees Celsius",
            "RainMm": "rain in the fourteen days before the outing, in millimetres",
            "Area (ha)": "size of the patch searched, in hectares",
            "hunt_minutes": "how long the dog searched, in minutes",
            "oak share pct": "share of oak among the trees of the patch, in percent",
        },
        "target_description": "how much the outing found: a haul, a meagre find or nothing at all",
        "model_description": "AdaBoost over 60 depth-2 decision trees on the scaled columns; the breed one-hot "
        "encoded.",
        "training": "Fitted on 240 of the 300 synthetic outings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic outings, invented for testing; not a real cooperative's records.",
            "Knows nothing of wild boar digging, poachers or the handler's own experience.",
        ],
        "label_meanings": {
            "haul": "the dog found several good truffles, worth the morning",
            "meagre": "one or two small truffles",
            "blank": "nothing found",
        },
        "probability_meaning": "The boosted ensemble's weighted vote for each outcome, scaled to add up to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(113613)
    n = SIZE
    breed = rng.choice(3, n, p=[0.45, 0.25, 0.30])
    frame = pd.DataFrame(
        {
            "HuntNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Breed": breed,
            "DogAgeYrs": rng.integers(1, 14, n),
            "soil_temp_c": np.round(np.clip(rng.normal(8.5, 3.0, n), 1.0, 17.0), 1),
            "RainMm": np.clip(np.round(rng.gamma(2.2, 18.0, n)), 0, 140).astype(int),
            "Area (ha)": np.round(np.clip(rng.gamma(2.0, 1.8, n), 0.5, 14.0), 1),
            "hunt_minutes": np.clip(np.round(rng.normal(110, 40, n) / 5) * 5, 30, 240).astype(int),
            "oak share pct": np.clip(np.round(rng.normal(55, 20, n)), 5, 95).astype(int),
        }
    )
    score = (
        0.9 * (frame.Breed == 0)
        - 0.3 * (frame.Breed == 1)
        - 0.12 * np.abs(frame.DogAgeYrs - 5)
        - 0.18 * np.abs(frame.soil_temp_c - 9)
        + 0.02 * np.minimum(frame.RainMm, 70)
        - 0.015 * np.maximum(frame.RainMm - 90, 0)
        + 0.12 * frame["Area (ha)"]
        + 0.008 * frame.hunt_minutes
        + 0.025 * frame["oak share pct"]
        + rng.normal(0, 0.7, n)
    )
    frame["Yield"] = np.where(score > 3.6, 0, np.where(score > 2.4, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 outings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1136).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented truffle host in memory, its model fitted on the outings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.HuntNo.isin(test)]
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
                "boost",
                AdaBoostClassifier(
                    DecisionTreeClassifier(max_depth=2, random_state=0), n_estimators=60, random_state=0
                ),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Yield)
    return host_from_model(model, frame[["HuntNo", *FEATURES, "Yield"]], test_ids=test, **TRUFFLE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
