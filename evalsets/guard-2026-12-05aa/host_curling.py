"""The invented `curling` host of guard writer guardAA: stones delivered at an invented club bonspiel.

`load_host()` builds a seeded frame of 300 curling deliveries (ids 120201-120500) logged by the ice crew of an
invented club bonspiel and fits scikit-learn's `QuadraticDiscriminantAnalysis` (reg_param 0.05) on 240
of them; the other 60 are held out for the performance figures. Each delivery ends `house` (the stone came to
rest in the rings), `hogged` (it stopped short of the hog line and was removed) or `through` (it slid past the
back line). Nothing here comes from a data set: the domain, its columns and its words were invented by guardAA.

    python evalsets/guard-2026-12-05aa/host_curling.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CURLING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 120201
SIZE = 300
NUMERIC = ["release_speed", "Sweep Seconds", "iceTempC", "HandleSpin (rot)", "pebble_age_min", "thrower_caps"]
CATEGORICAL = ["TurnHand", "HammerEnd"]
CURLING_CONFIG: dict[str, Any] = {
    "name": "club bonspiel delivery log",
    "target": "rest",
    "class_names": {"0": "house", "1": "hogged", "2": "through"},
    "instance_noun": "delivery",
    "id_column": "delivery_no",
    "category_names": {
        "TurnHand": {"0": "in-turn", "1": "out-turn", "2": "no-turn"},
        "HammerEnd": {"0": "False", "1": "True"},
    },
    "immutable_features": ["thrower_caps"],
    "feature_aliases": {
        "release_speed": ["speed", "release speed", "weight"],
        "Sweep Seconds": ["sweeping", "sweep time"],
        "iceTempC": ["ice temperature", "ice temp"],
        "HandleSpin (rot)": ["rotations", "handle spin"],
        "pebble_age_min": ["pebble age", "pebble"],
        "thrower_caps": ["caps", "experience"],
        "TurnHand": ["turn", "handle turn"],
        "HammerEnd": ["hammer", "last stone"],
    },
    "seed": 0,
    "cards": {
        "description": "Curling deliveries logged by the ice crew of an invented club bonspiel, one row per stone.",
        "feature_descriptions": {
            "release_speed": "speed of the stone at the hog line, in m/s",
            "Sweep Seconds": "seconds the sweepers brushed in front of the stone",
            "iceTempC": "surface temperature of the ice, in degrees Celsius",
            "HandleSpin (rot)": "rotations of the handle from release to rest",
            "pebble_age_min": "minutes since the ice was last pebbled",
            "thrower_caps": "club caps of the thrower (matches played for the club)",
            "TurnHand": "the turn put on the handle: in-turn, out-turn or no-turn",
            "HammerEnd": "whether the delivering team held the hammer (last stone) in that end",
        },
        "target_description": "where the stone came to rest",
        "model_description": "scikit-learn QuadraticDiscriminantAnalysis (reg_param 0.05); the turn and "
        "the hammer enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic deliveries; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic deliveries, invented for testing; not a real club's log.",
            "One Gaussian per outcome: a stone's outcome is judged by its distance to each outcome's cloud of "
            "deliveries, not by rules on single columns.",
            "The turn enters as a numeric code.",
        ],
        "label_meanings": {
            "house": "the stone came to rest inside the rings",
            "hogged": "the stone stopped before the far hog line and was taken off",
            "through": "the stone slid past the back line and was taken off",
        },
        "probability_meaning": "The quadratic discriminant model's posterior probability of each outcome; the three "
        "sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(1205)
    n = SIZE
    speed = np.round(np.clip(rng.normal(2.2, 0.18, n), 1.6, 2.8), 2)
    sweep = np.round(np.clip(rng.gamma(2.0, 2.5, n), 0, 25), 1)
    ice = np.round(np.clip(rng.normal(-4.5, 0.8, n), -7.0, -2.0), 1)
    spin = np.clip(np.round(rng.normal(3.0, 0.9, n)), 0, 6).astype(int)
    pebble = np.clip(np.round(rng.exponential(25, n)), 0, 120).astype(int)
    caps = rng.integers(0, 41, n)
    turn = rng.choice(3, n, p=[0.45, 0.45, 0.10])
    hammer = rng.choice(2, n, p=[0.5, 0.5])
    frame = pd.DataFrame(
        {
            "delivery_no": np.arange(FIRST_ID, FIRST_ID + n),
            "release_speed": speed,
            "Sweep Seconds": sweep,
            "iceTempC": ice,
            "HandleSpin (rot)": spin,
            "pebble_age_min": pebble,
            "thrower_caps": caps,
            "TurnHand": turn,
            "HammerEnd": hammer,
        }
    )
    reach = 4.0 * (speed - 2.2) + 0.06 * (sweep - 5) + 0.25 * (ice + 4.5) - 0.008 * (pebble - 25)
    reach = reach + 0.3 * (turn == 2) + rng.normal(0, 0.45 - 0.006 * caps, n)
    outcome = np.zeros(n, dtype=int)
    outcome[reach < -0.45] = 1
    outcome[reach > 0.55] = 2
    frame["rest"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 deliveries the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1250).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented curling host in memory, fitted on the deliveries outside `held_out_ids()`."""
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.delivery_no.isin(test)]
    model = QuadraticDiscriminantAnalysis(reg_param=0.05)
    model.fit(train[features], train.rest)
    return host_from_model(model, frame[["delivery_no", *features, "rest"]], test_ids=test, **CURLING_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
