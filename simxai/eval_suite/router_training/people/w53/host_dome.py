"""The invented `dome` host of writer w53: public night sessions at a small town observatory.

`load_host()` fits a small synthetic model (a histogram gradient-boosting classifier of shallow trees, the season
and the True/False school-group column one-hot encoded, a `Pipeline`) on 240 of the 300 announced sessions and
builds the host from the model, the frame, the ids of the 60 held-out sessions and the fields of its host config
with `simxai.hosts.host_from_model`. It has two labels: a session was `observed` (the public looked through the
telescope) or `clouded_out`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w53 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w53/host_dome.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DOME_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 125001
SIZE = 300
NUMERIC = [
    "cloud cover (%)",
    "HumidityPct",
    "moon_illumination",
    "SeeingArcsec",
    "wind (m/s)",
    "booked visitors",
]
CATEGORICAL = ["season", "school_group"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DOME_CONFIG: dict[str, Any] = {
    "name": "observatory public night sessions",
    "target": "session_outcome",
    "class_names": {"0": "observed", "1": "clouded_out"},
    "instance_noun": "session",
    "id_column": "session_no",
    "category_names": {"season": {"0": "winter", "1": "spring", "2": "summer", "3": "autumn"}},
    "immutable_features": ["season"],
    "feature_aliases": {
        "season": ["season", "time of year", "which season"],
        "school_group": ["school group", "school class", "pupils booked", "a class booked"],
        "cloud cover (%)": ["cloud cover", "clouds", "cloudiness", "noon cloud forecast"],
        "HumidityPct": ["humidity", "damp", "relative humidity", "moisture in the air"],
        "moon_illumination": ["moon illumination", "moon", "moonlight", "how full the moon"],
        "SeeingArcsec": ["seeing", "seeing in arcseconds", "air steadiness", "twinkling"],
        "wind (m/s)": ["wind", "wind speed", "gusts", "breeze"],
        "booked visitors": ["booked visitors", "visitors", "bookings", "people booked"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Public night sessions announced by an invented town observatory, one row per session, "
        "with the noon forecast and the bookings known when it was announced.",
        "feature_descriptions": {
            "season": "the season of the session: winter, spring, summer or autumn",
            "school_group": "whether a school class was booked for the session (True) or not (False)",
            "cloud cover (%)": "cloud cover forecast at noon for the evening, in percent",
            "HumidityPct": "relative humidity forecast for the evening, in percent",
            "moon_illumination": "illuminated fraction of the moon that night, in percent",
            "SeeingArcsec": "forecast seeing, in arcseconds (lower is steadier air)",
            "wind (m/s)": "forecast wind speed at the dome, in metres per second",
            "booked visitors": "visitors booked for the session by noon",
        },
        "target_description": "whether the public got to observe that night or the session was clouded out",
        "model_description": "A histogram gradient-boosting classifier of depth-3 trees (60 iterations), the "
        "season and the school-group column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic sessions; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic sessions, invented for testing; not a real observatory's log.",
            "Does not know the satellite images of the evening, the dome's slit motor or who is on duty.",
        ],
        "label_meanings": {
            "observed": "the sky opened enough for visitors to look through the telescope",
            "clouded_out": "clouds or rain all evening; only the talk and the planetarium show",
        },
        "probability_meaning": "The boosted trees' estimate, from the training sessions, of each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(125059)
    n = SIZE
    season = rng.choice(4, n, p=[0.3, 0.2, 0.2, 0.3])
    frame = pd.DataFrame(
        {
            "session_no": np.arange(FIRST_ID, FIRST_ID + n),
            "season": season,
            "school_group": rng.random(n) < 0.3,
            "cloud cover (%)": rng.integers(0, 101, n),
            "HumidityPct": rng.integers(35, 101, n),
            "moon_illumination": rng.integers(0, 101, n),
            "SeeingArcsec": np.round(rng.uniform(0.8, 5.0, n), 1),
            "wind (m/s)": np.round(rng.uniform(0.0, 14.0, n), 1),
            "booked visitors": rng.integers(0, 61, n),
        }
    )
    score = (
        0.045 * (frame["cloud cover (%)"] - 50)
        + 0.035 * (frame.HumidityPct - 68)
        + 0.4 * (season == 0)
        - 0.3 * (season == 2)
        - 0.09 * (frame["wind (m/s)"] - 7)
        + 0.15 * (frame.SeeingArcsec - 2.9)
        + rng.normal(0, 0.7, n)
    )
    frame["session_outcome"] = (score > np.quantile(score, 0.52)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 sessions the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1250).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented observatory host in memory, its model fitted on the sessions outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.session_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ],
                ),
            ),
            (
                "boosting",
                HistGradientBoostingClassifier(max_depth=3, max_iter=60, learning_rate=0.1, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.session_outcome)
    return host_from_model(model, frame[["session_no", *FEATURES, "session_outcome"]], test_ids=test, **DOME_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
