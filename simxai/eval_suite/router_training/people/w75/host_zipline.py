"""The invented `zipline` host of writer w75: the line captain's call on each ride at a forest zipline park.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the line as
its code, no `Pipeline`) on 192 of the 240 rides and builds the host from the model, the frame, the ids of the 48
held-out rides and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a ride is
a `go` or a `hold`. Nothing here comes from a data set: the domain, its columns and its words were invented by w75
so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w75/host_zipline.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ZIPLINE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 153101
SIZE = 240
FEATURES = [
    "line",
    "wind speed (km/h)",
    "rider_weight_kg",
    "GustCount",
    "line sag (cm)",
    "harness_age_months",
    "MinutesSinceCheck",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ZIPLINE_CONFIG: dict[str, Any] = {
    "name": "zipline ride calls",
    "target": "ride_call",
    "class_names": {"0": "go", "1": "hold"},
    "instance_noun": "ride",
    "id_column": "ride_no",
    "category_names": {"line": {"0": "canyon line", "1": "tree top", "2": "lake run"}},
    "immutable_features": ["line"],
    "feature_aliases": {
        "line": ["line", "zip", "cable"],
        "wind speed (km/h)": ["wind speed", "wind", "breeze"],
        "rider_weight_kg": ["rider weight", "weight", "how heavy"],
        "GustCount": ["gusts", "gust count", "gusting"],
        "line sag (cm)": ["line sag", "sag", "droop"],
        "harness_age_months": ["harness age", "harness", "how old the harness"],
        "MinutesSinceCheck": ["minutes since check", "since the check", "last check"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Rides at an invented forest zipline park, one row per rider per line, with the captain's call.",
        "feature_descriptions": {
            "line": "which line: the canyon line, the tree top or the lake run",
            "wind speed (km/h)": "wind speed at the launch platform, in kilometres per hour",
            "rider_weight_kg": "the rider's weight with gear, in kilograms",
            "GustCount": "gusts over 40 km/h in the ten minutes before the ride",
            "line sag (cm)": "sag of the cable at mid-span, in centimetres",
            "harness_age_months": "age of the harness the rider wears, in months",
            "MinutesSinceCheck": "minutes since the line was last checked by a captain",
        },
        "target_description": "the line captain's call for the ride: go or hold",
        "model_description": "A gradient-boosted tree model (50 rounds, trees 3 levels deep).",
        "training": "Fitted on 192 of the 240 synthetic rides; the other 48 are held out for the figures.",
        "limitations": [
            "Synthetic rides, invented for testing; not a real park's log.",
            "Does not know the rider's age, the forecast or which captain is on the platform.",
        ],
        "label_meanings": {
            "go": "the rider is sent down the line",
            "hold": "the rider waits on the platform",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(153111)
    n = SIZE
    line = rng.choice(3, n, p=[0.3, 0.4, 0.3])
    frame = pd.DataFrame(
        {
            "ride_no": np.arange(FIRST_ID, FIRST_ID + n),
            "line": line,
            "wind speed (km/h)": rng.integers(0, 61, n),
            "rider_weight_kg": rng.integers(30, 131, n),
            "GustCount": rng.integers(0, 13, n),
            "line sag (cm)": rng.integers(10, 81, n),
            "harness_age_months": rng.integers(0, 49, n),
            "MinutesSinceCheck": rng.integers(0, 241, n),
        }
    )
    risk = (
        0.06 * (frame["wind speed (km/h)"] - 30)
        + 0.2 * (frame.GustCount - 6)
        + 0.02 * (frame.rider_weight_kg - 80)
        + 0.03 * (frame["line sag (cm)"] - 45)
        + 0.005 * (frame.MinutesSinceCheck - 120)
        + 0.5 * (line == 0)
        + rng.normal(0, 0.7, n)
    )
    frame["ride_call"] = (risk > np.quantile(risk, 0.58)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 rides the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1531).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented zipline host in memory, its model fitted on the rides outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ride_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=50, max_depth=3, random_state=0)
    model.fit(train[FEATURES], train.ride_call)
    return host_from_model(model, frame[["ride_no", *FEATURES, "ride_call"]], test_ids=test, **ZIPLINE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
