"""The invented `mushroom` host of guard writer g39: grow blocks of a mushroom farm and whether they fruited.

`load_host()` builds a seeded frame of 100 substrate blocks (ids 147601-147700) of an invented cellar mushroom farm
and fits a scikit-learn `GradientBoostingClassifier` on 80 of them; the other 20 are held out for the performance
figures. Each row is one block; the farm's log recorded it `fruited` or `stalled`. Nothing here comes from a data
set: the domain, its columns and its words were invented by g39. Feature names mix styles (camelCase, snake_case,
spaces, units in brackets); `is_pasteurised` holds True/False.

    python simxai/eval_suite/guard/written/g39/host_mushroom.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MUSHROOM_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 147601
SIZE = 100
FEATURES = [
    "incubationDays",
    "Substrate",
    "is_pasteurised",
    "air humidity [%]",
    "Room Temp C",
    "spawn_rate_pct",
    "block_mass_kg",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MUSHROOM_CONFIG: dict[str, Any] = {
    "name": "cellar mushroom farm grow log",
    "target": "outcome",
    "class_names": {"0": "fruited", "1": "stalled"},
    "instance_noun": "block",
    "id_column": "block_id",
    "category_names": {
        "Substrate": {"0": "straw", "1": "sawdust", "2": "coffee"},
        "is_pasteurised": {"False": "False", "True": "True"},
    },
    "immutable_features": ["block_mass_kg"],
    "feature_aliases": {
        "incubationDays": ["incubation", "days of incubation", "how long it incubated"],
        "Substrate": ["substrate", "growing medium", "what it grows on"],
        "is_pasteurised": ["pasteurised", "heat treated", "pasteurisation"],
        "air humidity [%]": ["humidity", "air humidity", "how humid the room is"],
        "Room Temp C": ["room temperature", "temperature", "how warm the room is"],
        "spawn_rate_pct": ["spawn rate", "spawn share", "how much spawn"],
        "block_mass_kg": ["block mass", "block weight", "how heavy the block is"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Substrate blocks of an invented cellar mushroom farm, one row per block, with whether the "
        "block fruited.",
        "feature_descriptions": {
            "incubationDays": "days the block incubated before it was moved to the fruiting room",
            "Substrate": "what the block is made of: straw, sawdust or coffee grounds",
            "is_pasteurised": "whether the substrate was pasteurised (True) or used raw (False)",
            "air humidity [%]": "average air humidity of the fruiting room, in percent",
            "Room Temp C": "average temperature of the fruiting room, in degrees Celsius",
            "spawn_rate_pct": "spawn as a share of the block's wet mass, in percent",
            "block_mass_kg": "wet mass of the block, in kilograms",
        },
        "target_description": "what the farm's log recorded: fruited (a first flush was picked within six weeks) "
        "or stalled",
        "model_description": "a scikit-learn GradientBoostingClassifier (50 trees, depth 2, learning rate 0.1, "
        "seed 39) on the raw columns; the substrate enters as its code and the pasteurisation as 0/1.",
        "training": "Fitted on 80 of the 100 synthetic blocks; the other 20 are held out for the performance figures.",
        "limitations": [
            "Synthetic blocks, invented for testing; not a real farm's records.",
            "Only 20 blocks are held out, so each performance figure moves a lot with one block.",
        ],
        "label_meanings": {
            "fruited": "the block gave a first flush within six weeks",
            "stalled": "the block gave no flush within six weeks and is composted",
        },
        "probability_meaning": "The model's score for each outcome (from predict_proba); the two sum to 1 and the "
        "outcome with the higher score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(39601)
    n = SIZE
    days = rng.integers(10, 40, n)
    substrate = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    pasteurised = rng.random(n) < 0.6
    humidity = np.round(rng.uniform(70.0, 98.0, n), 1)
    temp = np.round(rng.uniform(12.0, 26.0, n), 1)
    spawn = np.round(rng.uniform(2.0, 12.0, n), 1)
    mass = np.round(rng.uniform(1.5, 6.0, n), 1)
    frame = pd.DataFrame(
        {
            "block_id": np.arange(FIRST_ID, FIRST_ID + n),
            "incubationDays": days,
            "Substrate": substrate,
            "is_pasteurised": pasteurised,
            "air humidity [%]": humidity,
            "Room Temp C": temp,
            "spawn_rate_pct": spawn,
            "block_mass_kg": mass,
        }
    )
    risk = -0.12 * (days - 25) - 0.12 * (humidity - 84) + 0.2 * np.abs(temp - 18) - 1.0 * pasteurised
    risk = risk + 0.8 * (substrate == 2) - 0.4 * (substrate == 0) - 0.15 * (spawn - 7) + rng.normal(0, 0.8, n)
    frame["outcome"] = (risk > 0.9).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 20 blocks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1476).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented mushroom host in memory, fitted on the blocks outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.block_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=50, max_depth=2, learning_rate=0.1, random_state=39)
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["block_id", *FEATURES, "outcome"]], test_ids=test, **MUSHROOM_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
