"""The invented `lock` host of writer w33: passages of narrowboats up an invented flight of canal locks.

`load_host()` fits a small synthetic model (a seeded `MLPClassifier`, one hidden layer of 12 units, behind a scaler
and a one-hot encoder for the lock) on 240 of the 300 passages and builds the host with
`simxai.hosts.host_from_model`, following the pattern of the example folder. Two labels: a passage `cleared` the
flight inside its slot or was `held_up`. Domain, columns and words were invented by w33; nothing comes from a data set.

    python simxai/eval_suite/router_training/people/w33/host_lock.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LOCK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 103701
SIZE = 300
NUMERIC = ["BoatLengthFt", "boats_queued", "pound_level_cm", "HourOfDay", "crew_size", "HullAgeYrs"]
CATEGORICAL = ["Lock"]
FEATURES = [*CATEGORICAL, *NUMERIC]
LOCK_CONFIG: dict[str, Any] = {
    "name": "lock flight passages",
    "target": "Passage",
    "class_names": {"0": "cleared", "1": "held_up"},
    "instance_noun": "passage",
    "id_column": "PassageNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Lock": {"0": "top_lock", "1": "middle_flight", "2": "bottom_lock"}},
    "immutable_features": ["Lock", "HullAgeYrs"],
    "feature_aliases": {
        "Lock": ["lock", "which lock", "starting lock"],
        "BoatLengthFt": ["boat length", "length", "length of the boat"],
        "boats_queued": ["queue", "boats queued", "boats waiting"],
        "pound_level_cm": ["pound level", "water level", "level in the pound"],
        "HourOfDay": ["hour", "time of day", "hour of day"],
        "crew_size": ["crew", "crew size", "hands aboard"],
        "HullAgeYrs": ["hull age", "age of the hull", "boat age"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Passages of narrowboats up an invented flight of canal locks, one row per passage, used by "
        "the lock-keeper to warn boaters and plan volunteer shifts.",
        "feature_descriptions": {
            "Lock": "the lock the boat entered the flight at: top_lock, middle_flight or bottom_lock",
            "BoatLengthFt": "length of the boat in feet, 25 to 72",
            "boats_queued": "boats already waiting at the flight when this one arrived",
            "pound_level_cm": "water level in the pound above the lock against its normal mark, in centimetres",
            "HourOfDay": "hour the boat arrived at the flight, 7 to 19",
            "crew_size": "people aboard able to work the paddles and gates",
            "HullAgeYrs": "age of the boat's hull in years",
        },
        "target_description": "whether the boat cleared the flight inside its slot or was held up past it",
        "model_description": "A small neural network (multi-layer perceptron, one hidden layer of 12 units) on the "
        "scaled columns; the lock one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic passages; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic passages, invented for testing; not a real canal trust's records.",
            "Knows nothing about broken gate paddles, ice, or swans nesting on the lock side.",
        ],
        "label_meanings": {
            "cleared": "the boat got through the flight inside its booked slot",
            "held_up": "the boat was still in the flight when its slot ran out",
        },
        "probability_meaning": "The network's softmax output for each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(103733)
    n = SIZE
    lock = rng.choice(3, n, p=[0.3, 0.45, 0.25])
    frame = pd.DataFrame(
        {
            "PassageNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Lock": lock,
            "BoatLengthFt": rng.choice([25, 32, 40, 45, 50, 57, 62, 70, 72], n),
            "boats_queued": rng.poisson(3.0, n),
            "pound_level_cm": np.round(rng.normal(-5, 12, n)).astype(int),
            "HourOfDay": rng.integers(7, 20, n),
            "crew_size": rng.choice([1, 2, 2, 3, 4, 5], n),
            "HullAgeYrs": rng.integers(1, 61, n),
        }
    )
    risk = (
        0.035 * frame.BoatLengthFt
        + 0.45 * frame.boats_queued
        - 0.06 * frame.pound_level_cm
        - 0.5 * frame.crew_size
        + 0.6 * frame.HourOfDay.between(11, 15)
        + 0.012 * frame.HullAgeYrs
        + 0.5 * (frame.Lock == 0)
        + rng.normal(0, 0.7, n)
    )
    frame["Passage"] = (risk > 2.4).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 passages the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1037).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lock host in memory, its model fitted on the passages outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.PassageNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            (
                "mlp",
                MLPClassifier(hidden_layer_sizes=(12,), alpha=1.0, max_iter=2000, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Passage)
    return host_from_model(model, frame[["PassageNo", *FEATURES, "Passage"]], test_ids=test, **LOCK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
