"""The invented `rink` host of writer w66: ice checks before each public session at a community ice rink.

`load_host()` fits a small synthetic model (a `GaussianNB` on the standardised numbers, the pad one-hot encoded, a
`Pipeline`) on 192 of the 240 checks and builds the host from the model, the frame, the ids of the 48 held-out
checks and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: after the check
the ice is `skateable` as it is or needs a `resurface` before the session. Nothing here comes from a data set: the
domain, its columns and its words were invented by w66 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w66/host_rink.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["RINK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 142901
SIZE = 240
NUMERIC = [
    "ice temp (C)",
    "ice thickness (mm)",
    "skaters_last_session",
    "GougeCount",
    "hours since resurfaced",
    "HallHumidity",
]
CATEGORICAL = ["pad"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
RINK_CONFIG: dict[str, Any] = {
    "name": "rink ice checks",
    "target": "ice_call",
    "class_names": {"0": "skateable", "1": "resurface"},
    "instance_noun": "check",
    "id_column": "ice_check_no",
    "category_names": {"pad": {"0": "main pad", "1": "training pad", "2": "kids pad"}},
    "immutable_features": ["pad"],
    "feature_aliases": {
        "pad": ["pad", "which pad", "sheet"],
        "ice temp (C)": ["ice temperature", "ice temp", "temp", "how cold the ice"],
        "ice thickness (mm)": ["thickness", "ice thickness", "how thick", "depth of ice"],
        "skaters_last_session": ["skaters", "skaters last session", "how many skated", "crowd"],
        "GougeCount": ["gouges", "gouge count", "ruts", "cuts in the ice"],
        "hours since resurfaced": ["hours since resurfacing", "since resurfaced", "since the zamboni", "last flood"],
        "HallHumidity": ["humidity", "hall humidity", "how damp"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Ice checks before each public session at an invented community ice rink, one row per pad "
        "per session, with whether the ice was skated as it was or resurfaced first.",
        "feature_descriptions": {
            "pad": "which ice pad was checked: main pad, training pad or kids pad",
            "ice temp (C)": "surface temperature of the ice, in degrees Celsius",
            "ice thickness (mm)": "thickness of the ice at the blue line, in millimetres",
            "skaters_last_session": "how many skaters were on the pad in the session before",
            "GougeCount": "deep gouges counted on a walk of the pad",
            "hours since resurfaced": "hours since the pad was last resurfaced",
            "HallHumidity": "relative humidity in the hall, in per cent",
        },
        "target_description": "the ice before the session: skateable as it is, or resurface first",
        "model_description": "A Gaussian naive Bayes classifier on the standardised numbers, the pad one-hot encoded.",
        "training": "Fitted on 192 of the 240 synthetic checks; the other 48 are held out for the performance figures.",
        "limitations": [
            "Synthetic checks, invented for testing; not a real rink's log.",
            "Does not know the outside weather, the ice plant's state or which club booked the session.",
        ],
        "label_meanings": {
            "skateable": "the ice passed the check and the session starts on it as it is",
            "resurface": "the ice failed the check and is resurfaced before the session",
        },
        "probability_meaning": "The naive Bayes model's estimate of how likely each call is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(142907)
    n = SIZE
    pad = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "ice_check_no": np.arange(FIRST_ID, FIRST_ID + n),
            "pad": pad,
            "ice temp (C)": np.round(rng.uniform(-9.0, -3.0, n), 1),
            "ice thickness (mm)": rng.integers(20, 51, n),
            "skaters_last_session": rng.integers(0, 301, n),
            "GougeCount": rng.integers(0, 41, n),
            "hours since resurfaced": rng.integers(0, 13, n),
            "HallHumidity": rng.integers(30, 81, n),
        }
    )
    wear = (
        0.006 * frame.skaters_last_session
        + 0.06 * frame.GougeCount
        + 0.15 * frame["hours since resurfaced"]
        + 0.25 * frame["ice temp (C)"]
        - 0.03 * frame["ice thickness (mm)"]
        + 0.02 * frame.HallHumidity
        + 0.4 * (pad == 2)
        + rng.normal(0, 0.5, n)
    )
    frame["ice_call"] = (wear > np.quantile(wear, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1429).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented rink host in memory, its model fitted on the checks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ice_check_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            ("bayes", GaussianNB()),
        ]
    )
    model.fit(train[FEATURES], train.ice_call)
    return host_from_model(model, frame[["ice_check_no", *FEATURES, "ice_call"]], test_ids=test, **RINK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
