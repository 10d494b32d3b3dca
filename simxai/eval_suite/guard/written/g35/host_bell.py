"""The invented `bell` host of guard writer g35: bells cast at a small foundry, and whether each came out sound.

`load_host()` builds a seeded frame of 150 bell castings (ids 137701-137850) of an invented bell foundry and fits a
scikit-learn pipeline (`StandardScaler` then `LogisticRegression`) on 120 of them; the other 30 are held out for the
performance figures. Each row is one casting; the foundry's book says whether the bell came out `sound` or `flawed`
(cracked, porous or off its note). Nothing here comes from a data set: the domain, its columns and its words were
invented by g35. Feature names hold spaces, brackets and units; `Loam Mould` holds True/False.

    python simxai/eval_suite/guard/written/g35/host_bell.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BELL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 137701
SIZE = 150
FEATURES = ["Bell Mass [kg]", "Tin Content (%)", "Pour Temp (°C)", "Cooling Time (h)", "mould age [days]",
            "Loam Mould", "Metal Source"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BELL_CONFIG: dict[str, Any] = {
    "name": "bell foundry castings",
    "target": "casting",
    "class_names": {"0": "flawed", "1": "sound"},
    "instance_noun": "bell",
    "id_column": "bell_id",
    "category_names": {
        "Metal Source": {"0": "new ingot", "1": "scrap bronze", "2": "recast bell"},
        "Loam Mould": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Bell Mass [kg]"],
    "feature_aliases": {
        "Bell Mass [kg]": ["mass", "weight", "how heavy the bell is"],
        "Tin Content (%)": ["tin", "tin share", "tin content"],
        "Pour Temp (°C)": ["pour temperature", "pouring heat", "temperature"],
        "Cooling Time (h)": ["cooling", "cooling time", "hours to cool"],
        "mould age [days]": ["mould age", "age of the mould", "mould days"],
        "Loam Mould": ["loam", "loam mould", "clay mould"],
        "Metal Source": ["metal", "bronze source", "where the metal came from"],
    },
    "seed": 0,
    "cards": {
        "description": "Bells cast at an invented foundry, one row per casting, with whether it came out sound.",
        "feature_descriptions": {
            "Bell Mass [kg]": "mass of the finished bell, in kilograms",
            "Tin Content (%)": "tin in the bronze, in per cent",
            "Pour Temp (°C)": "temperature of the bronze at pouring, in degrees Celsius",
            "Cooling Time (h)": "hours the bell was left in the pit to cool before it was dug out",
            "mould age [days]": "days between making the mould and pouring",
            "Loam Mould": "whether the mould was loam (True) or sand (False)",
            "Metal Source": "where the bronze came from: new ingot, scrap bronze or a recast bell",
        },
        "target_description": "whether the casting came out sound or flawed",
        "model_description": "a scikit-learn pipeline, StandardScaler then LogisticRegression (C = 1, seed 35), on "
        "the raw columns; the metal source enters as its code and the loam mould as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic castings; the other 30 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic castings, invented for testing; not a real foundry's book.",
            "A linear model: it cannot see a best pouring temperature between too cold and too hot.",
        ],
        "label_meanings": {
            "flawed": "cracked, porous or off its note, so it goes back to the furnace",
            "sound": "rings true and is delivered",
        },
        "probability_meaning": "The model's estimate that the casting is sound or flawed; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(35137)
    n = SIZE
    mass = np.round(rng.uniform(20.0, 900.0, n), 0)
    tin = np.round(rng.normal(22.0, 1.5, n), 1)
    pour = np.round(rng.normal(1120.0, 40.0, n), 0)
    cooling = rng.integers(12, 97, n)
    mould = rng.integers(2, 41, n)
    loam = rng.random(n) < 0.5
    source = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "bell_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Bell Mass [kg]": mass,
            "Tin Content (%)": tin,
            "Pour Temp (°C)": pour,
            "Cooling Time (h)": cooling,
            "mould age [days]": mould,
            "Loam Mould": loam,
            "Metal Source": source,
        }
    )
    score = (
        0.03 * (cooling - 50)
        - 0.0015 * (mass - 450)
        + 0.02 * (pour - 1120)
        - 0.5 * np.abs(tin - 22.0)
        + 0.6 * loam
        - 0.5 * (source == 1)
        - 0.03 * (mould - 20)
        + rng.normal(0, 0.8, n)
    )
    frame["casting"] = (score > -0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 30 castings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(137).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bell host in memory, fitted on the castings outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bell_id.isin(test)]
    model = make_pipeline(StandardScaler(), LogisticRegression(C=1.0, random_state=35))
    model.fit(train[FEATURES], train.casting)
    return host_from_model(model, frame[["bell_id", *FEATURES, "casting"]], test_ids=test, **BELL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
