"""The invented `surf` host of writer w77: the head coach's call on each lesson at a small surf school.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the beach as
its code, no `Pipeline`) on 192 of the 240 lessons and builds the host from the model, the frame, the ids of the
48 held-out lessons and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a
lesson is `on` or `cancelled`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w77 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w77/host_surf.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SURF_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 155301
SIZE = 240
FEATURES = [
    "beach",
    "wave height (m)",
    "wind_speed_kt",
    "water temp (C)",
    "RipCurrents",
    "students_booked",
    "TideHoursFromLow",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SURF_CONFIG: dict[str, Any] = {
    "name": "surf lesson calls",
    "target": "lesson_call",
    "class_names": {"0": "on", "1": "cancelled"},
    "instance_noun": "lesson",
    "id_column": "lesson_no",
    "category_names": {"beach": {"0": "north bay", "1": "harbour wall", "2": "long strand"}},
    "immutable_features": ["beach"],
    "feature_aliases": {
        "beach": ["beach", "spot", "break"],
        "wave height (m)": ["wave height", "waves", "swell", "surf size"],
        "wind_speed_kt": ["wind speed", "wind", "knots"],
        "water temp (C)": ["water temperature", "water temp", "sea temperature"],
        "RipCurrents": ["rip currents", "rips", "rip"],
        "students_booked": ["students booked", "students", "bookings", "class size"],
        "TideHoursFromLow": ["hours from low tide", "tide", "tide hours"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Lessons at an invented surf school, one row per lesson, with the head coach's call.",
        "feature_descriptions": {
            "beach": "which beach the lesson was booked on: north bay, harbour wall or long strand",
            "wave height (m)": "average wave height at the start of the lesson, in metres",
            "wind_speed_kt": "wind speed on the beach, in knots",
            "water temp (C)": "sea temperature, in degrees Celsius",
            "RipCurrents": "rip currents the lifeguard flagged that morning",
            "students_booked": "students booked into the lesson",
            "TideHoursFromLow": "hours between low tide and the start of the lesson",
        },
        "target_description": "the head coach's call for the lesson: on or cancelled",
        "model_description": "A gradient-boosted tree model (60 rounds, depth 2).",
        "training": "Fitted on 192 of the 240 synthetic lessons; the other 48 are held out for the figures.",
        "limitations": [
            "Synthetic lessons, invented for testing; not a real school's diary.",
            "Does not know the forecast, the coaches on duty or the boards for hire.",
        ],
        "label_meanings": {
            "on": "the lesson goes ahead",
            "cancelled": "the lesson is called off",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(155311)
    n = SIZE
    beach = rng.choice(3, n, p=[0.4, 0.25, 0.35])
    frame = pd.DataFrame(
        {
            "lesson_no": np.arange(FIRST_ID, FIRST_ID + n),
            "beach": beach,
            "wave height (m)": np.round(rng.uniform(0.2, 3.5, n), 1),
            "wind_speed_kt": rng.integers(0, 36, n),
            "water temp (C)": np.round(rng.uniform(8.0, 20.0, n), 1),
            "RipCurrents": rng.integers(0, 7, n),
            "students_booked": rng.integers(1, 13, n),
            "TideHoursFromLow": np.round(rng.uniform(0.0, 6.0, n), 1),
        }
    )
    risk = (
        0.9 * (frame["wave height (m)"] - 1.6)
        + 0.08 * (frame.wind_speed_kt - 15)
        - 0.1 * (frame["water temp (C)"] - 14)
        + 0.45 * (frame.RipCurrents - 3)
        - 0.05 * (frame.students_booked - 6)
        + 0.5 * (beach == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["lesson_call"] = (risk > np.quantile(risk, 0.58)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 lessons the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1553).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented surf host in memory, its model fitted on the lessons outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.lesson_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, random_state=0)
    model.fit(train[FEATURES], train.lesson_call)
    return host_from_model(model, frame[["lesson_no", *FEATURES, "lesson_call"]], test_ids=test, **SURF_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
