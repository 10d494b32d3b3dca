"""The invented `cheese` host of guard writer g33: wheels aged in an affineur's cave, and how each was graded.

`load_host()` builds a seeded frame of 150 cheese wheels (ids 133551-133700) of an invented affineur and fits a
scikit-learn pipeline (a `DecisionTreeClassifier`, depth at most 5) on 120 of them; the other 30 are held out for the
performance figures. Each row is one wheel; the grading book says whether it was graded `prime` (sold at the top
price), `table` (sold as an everyday cheese) or `rejected` (not sold). Nothing here comes from a data set: the
domain, its columns and its words were invented by g33. The `RawMilk` column holds True/False; `made_yyyymmdd` is a
date written as one number.

    python simxai/eval_suite/guard/written/g33/host_cheese.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CHEESE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 133551
SIZE = 150
FEATURES = ["Wheel Weight (kg)", "salt_pct", "TurnsPerWeek", "rind washes", "aging_days", "made_yyyymmdd", "RawMilk",
            "Milk Type"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CHEESE_CONFIG: dict[str, Any] = {
    "name": "cheese cave grading",
    "target": "grade",
    "class_names": {"0": "prime", "1": "table", "2": "rejected"},
    "instance_noun": "wheel",
    "id_column": "wheel_id",
    "category_names": {
        "Milk Type": {"0": "cow", "1": "goat", "2": "sheep", "3": "buffalo"},
        "RawMilk": {"False": "False", "True": "True"},
    },
    "immutable_features": ["made_yyyymmdd"],
    "feature_aliases": {
        "Wheel Weight (kg)": ["weight", "wheel weight", "how heavy"],
        "salt_pct": ["salt", "salt content", "saltiness"],
        "TurnsPerWeek": ["turns", "turning", "turns a week"],
        "rind washes": ["washes", "rind washing", "brine washes"],
        "aging_days": ["age", "days in the cave", "aging"],
        "made_yyyymmdd": ["make date", "date made", "made on"],
        "RawMilk": ["raw milk", "unpasteurised", "raw"],
        "Milk Type": ["milk", "kind of milk", "milk animal"],
    },
    "seed": 0,
    "cards": {
        "description": "Cheese wheels aged in an invented affineur's cave, one row per wheel, with its grade.",
        "feature_descriptions": {
            "Wheel Weight (kg)": "weight of the wheel when it entered the cave, in kilograms",
            "salt_pct": "salt content of the paste, in per cent",
            "TurnsPerWeek": "how many times a week the wheel was turned",
            "rind washes": "how many times the rind was washed with brine",
            "aging_days": "days the wheel spent in the cave before grading",
            "made_yyyymmdd": "the day the wheel was made, written as YYYYMMDD",
            "RawMilk": "whether the milk was raw (True) or pasteurised (False)",
            "Milk Type": "the animal the milk came from: cow, goat, sheep or buffalo",
        },
        "target_description": "the grade the wheel was given: prime, table or rejected",
        "model_description": "a scikit-learn pipeline holding one DecisionTreeClassifier (depth at most 5, at least 4 "
        "wheels per leaf, seed 33) on the raw columns; the milk type enters as its code and raw milk as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic wheels; the other 30 are held out for the performance figures.",
        "limitations": [
            "Synthetic wheels, invented for testing; not a real cave's grading book.",
            "One small tree: its probabilities are the grade shares of a leaf, so many wheels share them.",
            "Few wheels were rejected, so that grade rests on little data.",
        ],
        "label_meanings": {
            "prime": "graded for sale at the top price",
            "table": "graded for sale as an everyday cheese",
            "rejected": "not fit for sale",
        },
        "probability_meaning": "The share of each grade among the training wheels in the tree leaf the wheel falls "
        "in; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(33135)
    n = SIZE
    milk = rng.choice(4, n, p=[0.45, 0.25, 0.2, 0.1])
    weight = np.round(rng.uniform(1.0, 12.0, n), 1)
    salt = np.round(rng.normal(1.8, 0.4, n), 2)
    turns = rng.choice([1, 2, 3, 5, 7], n, p=[0.15, 0.3, 0.25, 0.2, 0.1])
    washes = rng.integers(0, 9, n)
    aging = rng.integers(30, 400, n)
    start = np.datetime64("2025-01-06")
    made = pd.to_datetime(start + rng.integers(0, 420, n).astype("timedelta64[D]"))
    made_number = (made.year * 10000 + made.month * 100 + made.day).to_numpy().astype(int)
    raw = rng.random(n) < 0.4
    frame = pd.DataFrame(
        {
            "wheel_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Wheel Weight (kg)": weight,
            "salt_pct": salt,
            "TurnsPerWeek": turns,
            "rind washes": washes,
            "aging_days": aging,
            "made_yyyymmdd": made_number,
            "RawMilk": raw,
            "Milk Type": milk,
        }
    )
    quality = 0.004 * (aging - 200) + 0.25 * (turns - 3) + 0.5 * raw + 0.1 * (weight - 6) + rng.normal(0, 0.5, n)
    fault = 1.5 * np.abs(salt - 1.8) + 0.15 * (washes - 4) - 0.15 * turns + rng.normal(0, 0.4, n)
    grade = np.ones(n, dtype=int)
    grade[quality > 0.3] = 0
    grade[fault > 0.7] = 2
    frame["grade"] = grade
    return frame


def held_out_ids() -> list[int]:
    """The 30 wheels the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(133).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented cheese host in memory, fitted on the wheels outside `held_out_ids()`."""
    from sklearn.pipeline import make_pipeline
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.wheel_id.isin(test)]
    model = make_pipeline(DecisionTreeClassifier(max_depth=5, min_samples_leaf=4, random_state=33))
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["wheel_id", *FEATURES, "grade"]], test_ids=test, **CHEESE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
