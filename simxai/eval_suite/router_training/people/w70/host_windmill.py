"""The invented `windmill` host of writer w70: the miller's call each morning at a heritage windmill.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the mill as
its code, no `Pipeline`) on 192 of the 240 mornings and builds the host from the model, the frame, the ids of the
48 held-out mornings and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: on
a morning the mill either sets its sails to `grind` or stays `idle`. Nothing here comes from a data set: the
domain, its columns and its words were invented by w70 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w70/host_windmill.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WINDMILL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 148101
SIZE = 240
FEATURES = [
    "mill",
    "wind speed (mph)",
    "gust_factor",
    "grain stock (t)",
    "StoneWear",
    "hours of daylight",
    "VolunteerCount",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WINDMILL_CONFIG: dict[str, Any] = {
    "name": "windmill grinding calls",
    "target": "day_call",
    "class_names": {"0": "grind", "1": "idle"},
    "instance_noun": "day",
    "id_column": "day_no",
    "category_names": {"mill": {"0": "post mill", "1": "tower mill", "2": "smock mill"}},
    "immutable_features": ["mill"],
    "feature_aliases": {
        "mill": ["mill", "which mill", "mill type"],
        "wind speed (mph)": ["wind", "wind speed", "breeze"],
        "gust_factor": ["gusts", "gust factor", "gustiness"],
        "grain stock (t)": ["grain", "grain stock", "stock", "tonnes of grain"],
        "StoneWear": ["stone wear", "millstone wear", "wear"],
        "hours of daylight": ["daylight", "light", "hours of light"],
        "VolunteerCount": ["volunteers", "helpers", "crew"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Mornings at an invented heritage windmill trust, one row per mill per morning, with the "
        "miller's call on whether to grind.",
        "feature_descriptions": {
            "mill": "which of the trust's mills: the post mill, the tower mill or the smock mill",
            "wind speed (mph)": "mean wind speed at the cap that morning, in miles per hour",
            "gust_factor": "peak gust divided by mean wind speed",
            "grain stock (t)": "tonnes of grain in the bins waiting to be ground",
            "StoneWear": "wear of the millstones on a 0 (new dressed) to 10 (needs dressing) scale",
            "hours of daylight": "hours of daylight that day",
            "VolunteerCount": "volunteers signed in that morning",
        },
        "target_description": "the miller's call for the morning: grind or idle",
        "model_description": "A gradient-boosted ensemble of shallow trees (60 trees, depth 2) on the raw numbers.",
        "training": "Fitted on 192 of the 240 synthetic mornings; the other 48 are held out for the figures.",
        "limitations": [
            "Synthetic mornings, invented for testing; not a real mill's log.",
            "Does not know the wind direction, visitor bookings or the state of the sails' cloth.",
        ],
        "label_meanings": {
            "grind": "the sails are set and the stones run that day",
            "idle": "the mill stays still that day",
        },
        "probability_meaning": "The boosted ensemble's estimate of how likely each call is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(148111)
    n = SIZE
    mill = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    frame = pd.DataFrame(
        {
            "day_no": np.arange(FIRST_ID, FIRST_ID + n),
            "mill": mill,
            "wind speed (mph)": rng.integers(0, 46, n),
            "gust_factor": np.round(rng.uniform(1.0, 2.5, n), 2),
            "grain stock (t)": np.round(rng.uniform(0.0, 12.0, n), 1),
            "StoneWear": rng.integers(0, 11, n),
            "hours of daylight": np.round(rng.uniform(7.0, 17.0, n), 1),
            "VolunteerCount": rng.integers(0, 9, n),
        }
    )
    still = (
        0.09 * np.abs(frame["wind speed (mph)"] - 20)
        + 1.2 * (frame.gust_factor - 1.5)
        - 0.18 * frame["grain stock (t)"]
        + 0.15 * frame.StoneWear
        - 0.1 * frame["hours of daylight"]
        - 0.25 * frame.VolunteerCount
        + 0.3 * (mill == 0)
        + rng.normal(0, 0.5, n)
    )
    frame["day_call"] = (still > np.quantile(still, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 mornings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1481).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented windmill host in memory, its model fitted on the mornings outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.day_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, random_state=0)
    model.fit(train[FEATURES], train.day_call)
    return host_from_model(model, frame[["day_no", *FEATURES, "day_call"]], test_ids=test, **WINDMILL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
