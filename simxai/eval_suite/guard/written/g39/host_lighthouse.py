"""The invented `lighthouse` host of guard writer g39: coastal beacons and the state their yearly survey found.

`load_host()` builds a seeded frame of 200 beacons (ids 147401-147600) looked after by an invented coastal trust
and fits a scikit-learn `RandomForestClassifier` on 160 of them; the other 40 are held out for the performance
figures. Each row is one beacon; the trust's autumn survey recorded it `sound`, `worn` or `failing`. Nothing here
comes from a data set: the domain, its columns and its words were invented by g39. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `is_automated` holds True/False.

    python simxai/eval_suite/guard/written/g39/host_lighthouse.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LIGHTHOUSE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 147401
SIZE = 200
FEATURES = [
    "towerAgeYears",
    "lens cracks",
    "salt_spray_days",
    "Lamp Power [W]",
    "is_automated",
    "Coast Side",
    "Keeper Visits Per Year",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LIGHTHOUSE_CONFIG: dict[str, Any] = {
    "name": "coastal trust beacon survey",
    "target": "state",
    "class_names": {"0": "sound", "1": "worn", "2": "failing"},
    "instance_noun": "beacon",
    "id_column": "beacon_id",
    "category_names": {
        "Coast Side": {"0": "north", "1": "west", "2": "south"},
        "is_automated": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Lamp Power [W]"],
    "feature_aliases": {
        "towerAgeYears": ["tower age", "age of the tower", "how old the tower is"],
        "lens cracks": ["cracks", "cracked lens panes", "lens damage"],
        "salt_spray_days": ["salt spray", "days of spray", "spray days"],
        "Lamp Power [W]": ["lamp power", "wattage", "bulb power"],
        "is_automated": ["automated", "automatic", "unmanned"],
        "Coast Side": ["coast", "side of the coast", "shore"],
        "Keeper Visits Per Year": ["keeper visits", "visits", "how often a keeper calls"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Beacons looked after by an invented coastal trust, one row per beacon, with the state the "
        "trust's autumn survey gave it.",
        "feature_descriptions": {
            "towerAgeYears": "years since the tower was built",
            "lens cracks": "number of cracked panes counted in the lens",
            "salt_spray_days": "days in the past year with heavy salt spray on the lantern",
            "Lamp Power [W]": "power of the beacon's lamp, in watts",
            "is_automated": "whether the beacon runs without a keeper (True) or is kept by hand (False)",
            "Coast Side": "the stretch of coast the beacon stands on: north, west or south",
            "Keeper Visits Per Year": "how many times a keeper or technician called in the past year",
        },
        "target_description": "the state the survey recorded: sound, worn (needs work within a year) or failing "
        "(needs work now)",
        "model_description": "a scikit-learn RandomForestClassifier (80 trees, depth at most 5, seed 39) on the raw "
        "columns; the coast enters as its code and the automation as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic beacons; the other 40 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic beacons, invented for testing; not a real trust's records.",
            "Only 40 beacons are held out, so each performance figure moves a lot with one beacon.",
        ],
        "label_meanings": {
            "sound": "the beacon needs no work",
            "worn": "the beacon needs work within a year",
            "failing": "the beacon needs work now",
        },
        "probability_meaning": "The share of the forest's trees voting for each state (predict_proba); the three sum "
        "to 1 and the state with the highest share is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(39401)
    n = SIZE
    age = rng.integers(10, 180, n)
    cracks = rng.poisson(1.2, n)
    spray = rng.integers(5, 120, n)
    power = rng.choice([250, 500, 1000, 1500], n)
    automated = rng.random(n) < 0.55
    side = rng.choice(3, n, p=[0.35, 0.35, 0.3])
    visits = rng.integers(0, 20, n)
    frame = pd.DataFrame(
        {
            "beacon_id": np.arange(FIRST_ID, FIRST_ID + n),
            "towerAgeYears": age,
            "lens cracks": cracks,
            "salt_spray_days": spray,
            "Lamp Power [W]": power,
            "is_automated": automated,
            "Coast Side": side,
            "Keeper Visits Per Year": visits,
        }
    )
    wear = 0.01 * (age - 95) + 0.6 * cracks + 0.02 * (spray - 62) + 0.0004 * (power - 800) + 0.4 * automated
    wear = wear + 0.5 * (side == 1) - 0.3 * (side == 2) - 0.07 * (visits - 10) + rng.normal(0, 0.6, n)
    frame["state"] = np.digitize(wear, [0.2, 1.3])
    return frame


def held_out_ids() -> list[int]:
    """The 40 beacons the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1474).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented beacon host in memory, fitted on the beacons outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.beacon_id.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=5, random_state=39)
    model.fit(train[FEATURES], train.state)
    return host_from_model(model, frame[["beacon_id", *FEATURES, "state"]], test_ids=test, **LIGHTHOUSE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
