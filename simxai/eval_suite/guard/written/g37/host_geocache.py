"""The invented `geocache` host of guard writer g37: hidden caches and whether a check visit found them intact.

`load_host()` builds a seeded frame of 100 caches (ids 143401-143500) hidden by an invented hiking club and fits a
scikit-learn `GradientBoostingClassifier` on 80 of them; the other 20 are held out for the performance figures.
Each row is one cache; the club's spring check visit recorded it `intact` or `missing`. Nothing here comes from a
data set: the domain, its columns and its words were invented by g37. Feature names mix styles (camelCase,
snake_case, spaces, units in brackets); `under_rock` holds True/False.

    python simxai/eval_suite/guard/written/g37/host_geocache.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GEOCACHE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 143401
SIZE = 100
FEATURES = ["hideAgeMonths", "Container Type", "under_rock", "distance to trail [m]", "Visits Per Month",
            "altitude_m"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
GEOCACHE_CONFIG: dict[str, Any] = {
    "name": "hiking club cache checks",
    "target": "state",
    "class_names": {"0": "intact", "1": "missing"},
    "instance_noun": "cache",
    "id_column": "cache_id",
    "category_names": {
        "Container Type": {"0": "film canister", "1": "lunchbox", "2": "ammo can"},
        "under_rock": {"False": "False", "True": "True"},
    },
    "immutable_features": ["altitude_m"],
    "feature_aliases": {
        "hideAgeMonths": ["age of the hide", "months hidden", "how long it has been out"],
        "Container Type": ["container", "box type", "what it is kept in"],
        "under_rock": ["under a rock", "rock cover", "hidden under stone"],
        "distance to trail [m]": ["distance to the trail", "how far off the path", "trail distance"],
        "Visits Per Month": ["visits", "monthly visits", "how often it is visited"],
        "altitude_m": ["altitude", "height above sea level", "elevation"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Caches hidden along the trails of an invented hiking club, one row per cache, with what "
        "the club's spring check visit found.",
        "feature_descriptions": {
            "hideAgeMonths": "months since the cache was hidden",
            "Container Type": "what the cache is kept in: film canister, lunchbox or ammo can",
            "under_rock": "whether the cache sits under a rock (True) or not (False)",
            "distance to trail [m]": "distance from the nearest marked trail, in metres",
            "Visits Per Month": "logged visits per month over the last year",
            "altitude_m": "altitude of the hide, in metres above sea level",
        },
        "target_description": "what the check visit found: intact (the cache in place and dry) or missing "
        "(gone or ruined)",
        "model_description": "a scikit-learn GradientBoostingClassifier (70 trees, depth 2, learning rate 0.1, "
        "seed 37) on the raw columns; the container enters as its code and the rock cover as 0/1.",
        "training": "Fitted on 80 of the 100 synthetic caches; the other 20 are held out for the performance figures.",
        "limitations": [
            "Synthetic caches, invented for testing; not a real club's log.",
            "Only 20 caches are held out, so each performance figure moves a lot with one cache.",
        ],
        "label_meanings": {
            "intact": "the cache was found in place and usable",
            "missing": "the cache was gone or ruined and needs replacing",
        },
        "probability_meaning": "The model's score for each state (from predict_proba); the two sum to 1 and the "
        "state with the higher score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(37401)
    n = SIZE
    age = rng.integers(1, 73, n)
    container = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    rock = rng.random(n) < 0.5
    distance = np.round(rng.uniform(2.0, 120.0, n), 0)
    visits = np.round(rng.gamma(2.0, 3.0, n), 1)
    altitude = rng.integers(150, 1400, n)
    frame = pd.DataFrame(
        {
            "cache_id": np.arange(FIRST_ID, FIRST_ID + n),
            "hideAgeMonths": age,
            "Container Type": container,
            "under_rock": rock,
            "distance to trail [m]": distance,
            "Visits Per Month": visits,
            "altitude_m": altitude,
        }
    )
    risk = 0.04 * (age - 36) + 0.9 * (container == 0) - 0.8 * (container == 2) - 0.7 * rock
    risk = risk - 0.015 * (distance - 60) + 0.12 * (visits - 6) + rng.normal(0, 0.8, n)
    frame["state"] = (risk > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 20 caches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1438).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented geocache host in memory, fitted on the caches outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.cache_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=70, max_depth=2, learning_rate=0.1, random_state=37)
    model.fit(train[FEATURES], train.state)
    return host_from_model(model, frame[["cache_id", *FEATURES, "state"]], test_ids=test, **GEOCACHE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
