"""The invented `marquee` host of guard writer g41: hired party marquees and whether they came back intact.

`load_host()` builds a seeded frame of 100 marquee hires (ids 152001-152100) of an invented village tent-hire
firm and fits a scikit-learn `GradientBoostingClassifier` on 80 of them; the other 20 are held out for the
performance figures. Each row is one hire; the firm's return check recorded the marquee `intact` or `damaged`.
Nothing here comes from a data set: the domain, its columns and its words were invented by gdev44 for g41. Feature
names mix styles (camelCase, snake_case, spaces, units in brackets); `was_double_staked` holds True/False.

    python simxai/eval_suite/guard/written/g41/host_marquee.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MARQUEE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 152001
SIZE = 100
FEATURES = [
    "canvasAgeYrs",
    "Site Surface",
    "was_double_staked",
    "pole count",
    "Wind Gust [km/h]",
    "hire_days",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MARQUEE_CONFIG: dict[str, Any] = {
    "name": "village marquee hire return check",
    "target": "return_state",
    "class_names": {"0": "intact", "1": "damaged"},
    "instance_noun": "marquee",
    "id_column": "hire_id",
    "category_names": {
        "Site Surface": {"0": "lawn", "1": "gravel", "2": "meadow"},
        "was_double_staked": {"False": "False", "True": "True"},
    },
    "immutable_features": ["pole count"],
    "feature_aliases": {
        "canvasAgeYrs": ["canvas age", "age of the canvas", "how old the canvas is"],
        "Site Surface": ["surface", "site", "ground it stood on"],
        "was_double_staked": ["double staked", "double staking", "extra stakes"],
        "pole count": ["poles", "number of poles", "how many poles"],
        "Wind Gust [km/h]": ["wind gust", "gusts", "strongest gust"],
        "hire_days": ["hire days", "length of the hire", "how long it was out"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Party marquees of an invented village tent-hire firm, one row per hire, with the state "
        "the return check found.",
        "feature_descriptions": {
            "canvasAgeYrs": "years since the marquee's canvas was made",
            "Site Surface": "what the marquee stood on: a lawn, gravel or a rough meadow",
            "was_double_staked": "whether the guy lines were double staked (True) or not (False)",
            "pole count": "number of upright poles the marquee has",
            "Wind Gust [km/h]": "strongest gust during the hire, in kilometres per hour",
            "hire_days": "days the marquee was out on hire",
        },
        "target_description": "what the return check found: intact (ready to hire again) or damaged (torn "
        "canvas, bent poles or lost fittings to repair first)",
        "model_description": "a scikit-learn GradientBoostingClassifier (50 trees, depth 2, learning rate 0.1, "
        "seed 44) on the raw columns; the surface enters as its code and the staking as 0/1.",
        "training": "Fitted on 80 of the 100 synthetic hires; the other 20 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic hires, invented for testing; not a real firm's records.",
            "Only 20 hires are held out, so each performance figure moves a lot with one marquee.",
        ],
        "label_meanings": {
            "intact": "the marquee came back ready to hire again",
            "damaged": "the marquee came back needing repair before its next hire",
        },
        "probability_meaning": "The boosted model's score for each outcome (from predict_proba); the two sum to 1 "
        "and the outcome with the higher score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(42001)
    n = SIZE
    age = rng.integers(1, 13, n)
    surface = rng.choice(3, n, p=[0.5, 0.2, 0.3])
    staked = rng.random(n) < 0.5
    poles = rng.choice([2, 3, 4, 6], n)
    gust = rng.integers(10, 80, n)
    days = rng.integers(1, 8, n)
    frame = pd.DataFrame(
        {
            "hire_id": np.arange(FIRST_ID, FIRST_ID + n),
            "canvasAgeYrs": age,
            "Site Surface": surface,
            "was_double_staked": staked,
            "pole count": poles,
            "Wind Gust [km/h]": gust,
            "hire_days": days,
        }
    )
    harm = 0.06 * (gust - 45) + 0.2 * (age - 6) - 1.0 * staked + 0.6 * (surface == 2) + 0.15 * (days - 4)
    harm = harm + 0.1 * (poles - 4) + rng.normal(0, 0.8, n)
    frame["return_state"] = (harm > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 20 hires the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1520).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented marquee host in memory, fitted on the hires outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.hire_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=50, max_depth=2, learning_rate=0.1, random_state=44)
    model.fit(train[FEATURES], train.return_state)
    return host_from_model(model, frame[["hire_id", *FEATURES, "return_state"]], test_ids=test, **MARQUEE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
