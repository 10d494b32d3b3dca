"""The invented `hive` host of writer w38: honeybee colonies of a valley apiary, one row per colony and winter.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier`, behind a one-hot encoder for the bee
breed) on 240 of the 300 colonies and builds the host from the model, the frame, the ids of the 60 held-out
colonies and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: after winter a
colony is `strong`, `weak` or `dead`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w38.

    python simxai/eval_suite/router_training/people/w38/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 108501
SIZE = 300
NUMERIC = ["varroa_per100", "honey_stores_kg", "bee_frames", "queen_age", "sugar_feed_l", "altitude_m"]
CATEGORICAL = ["breed"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "colony overwintering",
    "target": "spring_state",
    "class_names": {"0": "strong", "1": "weak", "2": "dead"},
    "instance_noun": "colony",
    "id_column": "colony_id",
    "categorical_features": CATEGORICAL,
    "category_names": {"breed": {"0": "carniolan", "1": "buckfast", "2": "dark_local"}},
    "immutable_features": ["breed", "altitude_m"],
    "feature_aliases": {
        "breed": ["bee breed", "race", "strain"],
        "varroa_per100": ["mites", "varroa", "mite count", "mite load"],
        "honey_stores_kg": ["honey", "stores", "honey stores"],
        "bee_frames": ["frames", "frames of bees", "cluster size"],
        "queen_age": ["queen age", "age of the queen"],
        "sugar_feed_l": ["feed", "syrup", "sugar syrup"],
        "altitude_m": ["altitude", "elevation", "height of the stand"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Honeybee colonies of an invented valley apiary, one row per colony going into winter, "
        "with how the colony came out in spring.",
        "feature_descriptions": {
            "breed": "the bee breed: carniolan, buckfast or dark_local",
            "varroa_per100": "varroa mites per 100 bees at the autumn wash",
            "honey_stores_kg": "honey left in the hive in October, in kilograms",
            "bee_frames": "frames covered with bees in October",
            "queen_age": "age of the queen, in years",
            "sugar_feed_l": "sugar syrup fed in autumn, in litres",
            "altitude_m": "altitude of the hive stand, in metres",
        },
        "target_description": "the colony's state at the first spring inspection",
        "model_description": "An extra-trees ensemble of 120 randomised trees (at most 6 deep); the breed one-hot "
        "encoded.",
        "training": "Fitted on 240 of the 300 synthetic colonies; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic colonies, invented for testing; not a real beekeeper's records.",
            "Knows nothing of nosema, wasps, woodpeckers or pesticide drift.",
        ],
        "label_meanings": {
            "strong": "the colony covers five frames or more at the first spring check",
            "weak": "the colony lives but covers fewer than five frames",
            "dead": "the colony died over winter",
        },
        "probability_meaning": "The share of the trees' votes for each spring state (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(108508)
    n = SIZE
    breed = rng.choice(3, n, p=[0.45, 0.30, 0.25])
    frame = pd.DataFrame(
        {
            "colony_id": np.arange(FIRST_ID, FIRST_ID + n),
            "breed": breed,
            "varroa_per100": np.round(np.clip(rng.gamma(1.8, 1.4, n), 0.0, 14.0), 1),
            "honey_stores_kg": np.round(np.clip(rng.normal(16, 5, n), 3, 32), 1),
            "bee_frames": np.clip(np.round(rng.normal(7, 2.2, n)), 2, 12).astype(int),
            "queen_age": rng.choice([1, 2, 3, 4], n, p=[0.4, 0.3, 0.2, 0.1]),
            "sugar_feed_l": np.round(np.clip(rng.normal(10, 4, n), 0, 22)).astype(int),
            "altitude_m": rng.choice([420, 650, 880, 1150], n),
        }
    )
    health = (
        -0.45 * frame.varroa_per100
        + 0.12 * frame.honey_stores_kg
        + 0.35 * frame.bee_frames
        - 0.35 * frame.queen_age
        + 0.06 * frame.sugar_feed_l
        - 0.0012 * frame.altitude_m
        + 0.5 * (frame.breed == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["spring_state"] = np.where(health > 3.1, 0, np.where(health > 1.9, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 colonies the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1085).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the colonies outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.colony_id.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ]
                ),
            ),
            ("trees", ExtraTreesClassifier(n_estimators=120, max_depth=6, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.spring_state)
    return host_from_model(model, frame[["colony_id", *FEATURES, "spring_state"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
