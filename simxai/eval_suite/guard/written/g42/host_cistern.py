"""The invented `cistern` host of guard writer g42: farm rainwater cisterns and whether their water tested clean.

`load_host()` builds a seeded frame of 100 cistern water tests (ids 154201-154300) of an invented upland water
survey and fits a scikit-learn `GradientBoostingClassifier` on 80 of them; the other 20 are held out for the
performance figures. Each row is one test; the survey recorded the water `clean` or `fouled`. Nothing here comes
from a data set: the domain, its columns and its words were invented by gdev45 for g42. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `has_first_flush` holds True/False.

    python simxai/eval_suite/guard/written/g42/host_cistern.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CISTERN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 154201
SIZE = 100
FEATURES = [
    "tankAgeYrs",
    "Roof Type",
    "has_first_flush",
    "capacity m3",
    "Days Since Rain",
    "lid_gap_cm",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CISTERN_CONFIG: dict[str, Any] = {
    "name": "upland farm cistern water survey",
    "target": "water_state",
    "class_names": {"0": "clean", "1": "fouled"},
    "instance_noun": "cistern",
    "id_column": "test_id",
    "category_names": {
        "Roof Type": {"0": "slate", "1": "tin", "2": "thatch"},
        "has_first_flush": {"False": "False", "True": "True"},
    },
    "immutable_features": ["capacity m3"],
    "feature_aliases": {
        "tankAgeYrs": ["tank age", "age of the tank", "how old the cistern is"],
        "Roof Type": ["roof", "roof it drains", "catchment roof"],
        "has_first_flush": ["first flush", "diverter", "first-flush diverter"],
        "capacity m3": ["capacity", "size of the tank", "how much it holds"],
        "Days Since Rain": ["dry days", "days without rain", "days since it rained"],
        "lid_gap_cm": ["lid gap", "gap under the lid", "how badly the lid fits"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Rainwater cisterns on the farms of an invented upland valley, one row per water test, "
        "with what the survey's test found.",
        "feature_descriptions": {
            "tankAgeYrs": "years since the cistern was built",
            "Roof Type": "the roof that drains into it: slate, tin or thatch",
            "has_first_flush": "whether a first-flush diverter throws away the first dirty rain (True) or not (False)",
            "capacity m3": "how much water the cistern holds, in cubic metres",
            "Days Since Rain": "days since the last rain filled it when the sample was taken",
            "lid_gap_cm": "the widest gap between the lid and the rim, in centimetres",
        },
        "target_description": "what the water test found: clean (fit to drink after the usual filter) or "
        "fouled (bacteria above the limit; the tank must be emptied and scrubbed)",
        "model_description": "a scikit-learn GradientBoostingClassifier (60 trees, depth 2, learning rate 0.1, "
        "seed 45) on the raw columns; the roof enters as its code and the diverter as 0/1.",
        "training": "Fitted on 80 of the 100 synthetic tests; the other 20 are held out for the performance figures.",
        "limitations": [
            "Synthetic tests, invented for testing; not a real survey's records.",
            "Only 20 tests are held out, so each performance figure moves a lot with one cistern.",
        ],
        "label_meanings": {
            "clean": "the water tested fit to drink",
            "fouled": "the water failed the test and the tank needs emptying",
        },
        "probability_meaning": "The boosted model's score for each result (from predict_proba); the two sum to 1 "
        "and the result with the higher score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(45201)
    n = SIZE
    age = rng.integers(1, 41, n)
    roof = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    flush = rng.random(n) < 0.5
    capacity = rng.choice([5, 10, 20, 30], n)
    dry = rng.integers(0, 60, n)
    gap = np.round(rng.uniform(0.0, 4.0, n), 1)
    frame = pd.DataFrame(
        {
            "test_id": np.arange(FIRST_ID, FIRST_ID + n),
            "tankAgeYrs": age,
            "Roof Type": roof,
            "has_first_flush": flush,
            "capacity m3": capacity,
            "Days Since Rain": dry,
            "lid_gap_cm": gap,
        }
    )
    foul = 0.05 * (age - 20) + 0.9 * (roof == 2) - 0.3 * (roof == 0) - 1.1 * flush + 0.04 * (dry - 30)
    foul = foul + 0.6 * (gap - 2.0) - 0.02 * (capacity - 16) + rng.normal(0, 0.8, n)
    frame["water_state"] = (foul > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 20 tests the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1542).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented cistern host in memory, fitted on the tests outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.test_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=45)
    model.fit(train[FEATURES], train.water_state)
    return host_from_model(model, frame[["test_id", *FEATURES, "water_state"]], test_ids=test, **CISTERN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
