"""The invented `mooring` host of guard writer g40: harbour swing moorings and the state a diver's check gave them.

`load_host()` builds a seeded frame of 200 swing moorings (ids 150201-150400) of an invented small-boat harbour and
fits a scikit-learn `RandomForestClassifier` on 160 of them; the other 40 are held out for the performance figures.
Each row is one mooring; the harbour's spring dive recorded it `holding`, `chafed` or `dragging`. Nothing here comes
from a data set: the domain, its columns and its words were invented by g40. Feature names mix styles (camelCase,
snake_case, spaces, units in brackets); `is_serviced` holds True/False.

    python simxai/eval_suite/guard/written/g40/host_mooring.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MOORING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 150201
SIZE = 200
FEATURES = [
    "chainAgeYears",
    "shackle wear mm",
    "storm_days",
    "Sinker Mass [kg]",
    "is_serviced",
    "Berth Zone",
    "Boat Length M",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MOORING_CONFIG: dict[str, Any] = {
    "name": "small boat harbour mooring dive log",
    "target": "state",
    "class_names": {"0": "holding", "1": "chafed", "2": "dragging"},
    "instance_noun": "mooring",
    "id_column": "mooring_id",
    "category_names": {
        "Berth Zone": {"0": "inner", "1": "outer", "2": "channel"},
        "is_serviced": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Sinker Mass [kg]"],
    "feature_aliases": {
        "chainAgeYears": ["chain age", "age of the chain", "how old the chain is"],
        "shackle wear mm": ["shackle wear", "worn shackle", "wear on the shackle"],
        "storm_days": ["storm days", "stormy days", "days of storm"],
        "Sinker Mass [kg]": ["sinker mass", "sinker weight", "how heavy the sinker is"],
        "is_serviced": ["serviced", "last winter's service", "whether it was serviced"],
        "Berth Zone": ["zone", "berth zone", "where in the harbour it lies"],
        "Boat Length M": ["boat length", "length of the boat", "how long the boat is"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Swing moorings of an invented small-boat harbour, one row per mooring, with the state the "
        "spring dive found.",
        "feature_descriptions": {
            "chainAgeYears": "years since the riser chain was laid",
            "shackle wear mm": "wear measured on the bottom shackle's pin, in millimetres",
            "storm_days": "days with gale warnings over the last winter",
            "Sinker Mass [kg]": "mass of the concrete sinker, in kilograms",
            "is_serviced": "whether the mooring was lifted and serviced last winter (True) or not (False)",
            "Berth Zone": "where the mooring lies: the inner basin, the outer harbour or beside the channel",
            "Boat Length M": "length of the boat on the mooring, in metres",
        },
        "target_description": "what the spring dive recorded: holding (fit for the season), chafed (chain or "
        "shackle to be renewed before autumn) or dragging (the sinker has moved; the boat must come off)",
        "model_description": "a scikit-learn RandomForestClassifier (80 trees, depth at most 5, seed 43) on the raw "
        "columns; the zone enters as its code and the service as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic moorings; the other 40 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic moorings, invented for testing; not a real harbour's records.",
            "Only 40 moorings are held out, so each performance figure moves a lot with one mooring.",
        ],
        "label_meanings": {
            "holding": "the mooring is fit for the season as it is",
            "chafed": "chain or shackle must be renewed before autumn",
            "dragging": "the sinker has moved and the boat must come off the mooring",
        },
        "probability_meaning": "The share of the forest's trees voting for each state (from predict_proba); the "
        "three sum to 1 and the state with the highest share is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(40201)
    n = SIZE
    age = rng.integers(1, 16, n)
    wear = np.round(rng.uniform(0.0, 9.0, n), 1)
    storms = rng.integers(0, 40, n)
    sinker = rng.choice([250, 400, 600, 800], n)
    serviced = rng.random(n) < 0.55
    zone = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    length = np.round(rng.uniform(4.0, 12.0, n), 1)
    frame = pd.DataFrame(
        {
            "mooring_id": np.arange(FIRST_ID, FIRST_ID + n),
            "chainAgeYears": age,
            "shackle wear mm": wear,
            "storm_days": storms,
            "Sinker Mass [kg]": sinker,
            "is_serviced": serviced,
            "Berth Zone": zone,
            "Boat Length M": length,
        }
    )
    strain = 0.25 * (length - 8) + 0.05 * (storms - 20) + 0.5 * (zone == 1) + 0.9 * (zone == 2)
    strain = strain - 0.004 * (sinker - 500) + rng.normal(0, 0.6, n)
    chafe = 0.2 * (age - 8) + 0.45 * (wear - 4.5) - 0.9 * serviced + rng.normal(0, 0.7, n)
    state = np.where(strain > 1.0, 2, np.where(chafe > 0.0, 1, 0))
    frame["state"] = state
    return frame


def held_out_ids() -> list[int]:
    """The 40 moorings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1502).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented mooring host in memory, fitted on the moorings outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.mooring_id.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=5, random_state=43)
    model.fit(train[FEATURES], train.state)
    return host_from_model(model, frame[["mooring_id", *FEATURES, "state"]], test_ids=test, **MOORING_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
