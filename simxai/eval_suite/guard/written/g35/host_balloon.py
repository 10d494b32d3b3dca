"""The invented `balloon` host of guard writer g35: booked hot-air balloon flights, and what became of each.

`load_host()` builds a seeded frame of 150 booked flights (ids 137851-138000) of an invented balloon operator and
fits a scikit-learn pipeline (a `RandomForestClassifier` of 40 shallow trees) on 120 of them; the other 30 are held
out for the performance figures. Each row is one booked flight; the operator's log says whether it `flew` as planned,
was `moved` to another slot, or was `cancelled`. Nothing here comes from a data set: the domain, its columns and its
words were invented by g35. `dawn_slot` holds True/False.

    python simxai/eval_suite/guard/written/g35/host_balloon.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BALLOON_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 137851
SIZE = 150
FEATURES = ["wind_kt", "CloudBaseFt", "passengers", "pilot hours", "dawn_slot", "Launch Field"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BALLOON_CONFIG: dict[str, Any] = {
    "name": "balloon flight bookings",
    "target": "outcome",
    "class_names": {"0": "flew", "1": "moved", "2": "cancelled"},
    "instance_noun": "flight",
    "id_column": "flight_id",
    "category_names": {
        "Launch Field": {"0": "meadow", "1": "school field", "2": "castle park", "3": "airstrip"},
        "dawn_slot": {"False": "False", "True": "True"},
    },
    "immutable_features": ["passengers"],
    "feature_aliases": {
        "wind_kt": ["wind", "wind speed", "knots of wind"],
        "CloudBaseFt": ["cloud base", "cloud height", "ceiling"],
        "passengers": ["passengers", "people on board", "basket load"],
        "pilot hours": ["pilot experience", "pilot's hours", "hours flown"],
        "dawn_slot": ["dawn", "morning slot", "sunrise flight"],
        "Launch Field": ["field", "launch site", "where it takes off"],
    },
    "seed": 0,
    "cards": {
        "description": "Hot-air balloon flights booked with an invented operator, one row per booking, with what "
        "became of it.",
        "feature_descriptions": {
            "wind_kt": "forecast surface wind at launch time, in knots",
            "CloudBaseFt": "forecast cloud base, in feet",
            "passengers": "passengers booked into the basket",
            "pilot hours": "the pilot's logged hours in command",
            "dawn_slot": "whether the flight was booked at dawn (True) or in the evening (False)",
            "Launch Field": "the launch site: meadow, school field, castle park or airstrip",
        },
        "target_description": "what became of the booking: flew, moved to another slot, or cancelled",
        "model_description": "a scikit-learn pipeline holding a RandomForestClassifier (40 trees, depth at most 4, "
        "seed 35) on the raw columns; the launch field enters as its code and the dawn slot as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic bookings; the other 30 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic bookings, invented for testing; not a real operator's log.",
            "Few flights were cancelled outright, so that outcome rests on little data.",
        ],
        "label_meanings": {
            "flew": "the flight went ahead in its booked slot",
            "moved": "the flight was moved to another slot",
            "cancelled": "the flight was cancelled and refunded",
        },
        "probability_meaning": "The share of the forest's trees' votes (averaged leaf shares) for each outcome; the "
        "three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(35851)
    n = SIZE
    wind = np.round(rng.gamma(3.0, 2.5, n), 1)
    cloud = (rng.integers(8, 60, n) * 100).astype(int)
    passengers = rng.integers(2, 17, n)
    hours = rng.integers(80, 2400, n)
    dawn = rng.random(n) < 0.55
    field = rng.choice(4, n, p=[0.35, 0.25, 0.25, 0.15])
    frame = pd.DataFrame(
        {
            "flight_id": np.arange(FIRST_ID, FIRST_ID + n),
            "wind_kt": wind,
            "CloudBaseFt": cloud,
            "passengers": passengers,
            "pilot hours": hours,
            "dawn_slot": dawn,
            "Launch Field": field,
        }
    )
    risk = 0.35 * (wind - 7) - 0.0012 * (cloud - 3000) + 0.05 * (passengers - 8) - 0.6 * dawn
    risk = risk - 0.0004 * (hours - 1000) + 0.4 * (field == 1) + rng.normal(0, 0.8, n)
    outcome = np.zeros(n, dtype=int)
    outcome[risk > 0.4] = 1
    outcome[risk > 2.2] = 2
    frame["outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 30 bookings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(138).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented balloon host in memory, fitted on the bookings outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.flight_id.isin(test)]
    model = make_pipeline(RandomForestClassifier(n_estimators=40, max_depth=4, random_state=35))
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["flight_id", *FEATURES, "outcome"]], test_ids=test, **BALLOON_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
