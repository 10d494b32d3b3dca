"""The invented `hydrant` host of guard writer gset35: fire hydrants on an invented town's water network.

`load_host()` builds a seeded frame of 300 hydrants (ids 130701-131000) and fits scikit-learn's
`RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each hydrant's
last annual flow test is recorded as `serviceable`, `leaking` (water seeps at the barrel or the caps) or `seized`
(the operating nut would not turn). Nothing here comes from a data set: the domain, its columns and its words
were invented by gset35.

    python evalsets/guard-2026-12-06af/host_hydrant.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HYDRANT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 130701
SIZE = 300
NUMERIC = [
    "Static Pressure (bar)",
    "years_since_flush",
    "MainDiameter",
    "install age (years)",
    "Frost Days (per year)",
    "valve_turns",
]
CATEGORICAL = ["Maker", "bollard_guarded"]
HYDRANT_CONFIG: dict[str, Any] = {
    "name": "town water network hydrant survey",
    "target": "flow_test",
    "class_names": {"0": "serviceable", "1": "leaking", "2": "seized"},
    "instance_noun": "hydrant",
    "id_column": "hydrant_no",
    "category_names": {
        "Maker": {"0": "Castwell", "1": "Ironbrook", "2": "Delmar", "3": "Kestrel"},
        "bollard_guarded": {"0": "False", "1": "True"},
    },
    "immutable_features": ["MainDiameter", "install age (years)"],
    "feature_aliases": {
        "Static Pressure (bar)": ["static pressure", "standing pressure"],
        "years_since_flush": ["years since flushing", "time since the last flush"],
        "MainDiameter": ["main diameter", "pipe size"],
        "install age (years)": ["install age", "age of the hydrant"],
        "Frost Days (per year)": ["frost days", "days below freezing"],
        "valve_turns": ["valve turns", "turns to open"],
        "Maker": ["maker", "manufacturer"],
        "bollard_guarded": ["bollard", "guard posts"],
    },
    "seed": 0,
    "cards": {
        "description": "Fire hydrants on an invented town's water network, one row per hydrant from the survey.",
        "feature_descriptions": {
            "Static Pressure (bar)": "the water pressure at the hydrant with no flow, in bar",
            "years_since_flush": "years since the hydrant was last flushed",
            "MainDiameter": "the diameter of the water main it sits on, in millimetres (100 to 300)",
            "install age (years)": "years since the hydrant was installed",
            "Frost Days (per year)": "days a year below freezing at the hydrant's street, from the town's map",
            "valve_turns": "turns of the operating nut needed to open it fully at the last test",
            "Maker": "who cast it: Castwell, Ironbrook, Delmar or Kestrel",
            "bollard_guarded": "whether posts guard it from traffic",
        },
        "target_description": "the result of the hydrant's last annual flow test",
        "model_description": "scikit-learn RandomForestClassifier (25 trees, depth at most 5, at least 4 hydrants "
        "a leaf); the maker and the bollards enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic hydrants; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic hydrants, invented for testing; not a real town's survey.",
            "The maker enters as a numeric code.",
            "Its probabilities are the forest's averaged leaf shares, not calibrated failure rates.",
        ],
        "label_meanings": {
            "serviceable": "passed the flow test: no seepage, the nut turned freely",
            "leaking": "water seeped at the barrel, the caps or the drain valve during the test",
            "seized": "the operating nut would not turn, or turned only with a cheater bar",
        },
        "probability_meaning": "The forest's average, over its 25 trees, of each result's share among the training "
        "hydrants in the leaf the hydrant falls in.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3061)
    n = SIZE
    pressure = np.round(np.clip(rng.normal(4.5, 1.1, n), 1.5, 8.0), 1)
    flush = np.round(np.clip(rng.gamma(2.0, 1.6, n), 0.0, 15.0), 1)
    diameter = rng.choice([100, 150, 200, 300], n, p=[0.3, 0.4, 0.2, 0.1])
    age = rng.integers(1, 60, n)
    frost = rng.integers(10, 120, n)
    turns = rng.integers(8, 25, n)
    maker = rng.choice(4, n, p=[0.35, 0.3, 0.2, 0.15])
    bollard = rng.choice(2, n, p=[0.55, 0.45])
    frame = pd.DataFrame(
        {
            "hydrant_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Static Pressure (bar)": pressure,
            "years_since_flush": flush,
            "MainDiameter": diameter,
            "install age (years)": age,
            "Frost Days (per year)": frost,
            "valve_turns": turns,
            "Maker": maker,
            "bollard_guarded": bollard,
        }
    )
    seize = 0.35 * (flush - 3) + 0.03 * (age - 30) + 0.1 * (turns - 16) + 0.4 * (maker == 2) + rng.normal(0, 0.9, n)
    leak = 0.7 * (pressure - 4.5) + 0.02 * (frost - 60) - 0.3 * bollard + rng.normal(0, 0.8, n)
    outcome = np.where(leak > 0.6, 1, 0)
    outcome[seize > 1.1] = 2
    frame["flow_test"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 hydrants the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(3016).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hydrant host in memory, fitted on the hydrants outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.hydrant_no.isin(test)]
    model = RandomForestClassifier(n_estimators=25, max_depth=5, min_samples_leaf=4, random_state=0)
    model.fit(train[features], train.flow_test)
    return host_from_model(model, frame[["hydrant_no", *features, "flow_test"]], test_ids=test, **HYDRANT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
