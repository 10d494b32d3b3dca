"""The invented `crew` host of writer w30: a rowing club's crews in the last week before a regatta.

`load_host()` fits a small synthetic model (a seeded histogram gradient boosting classifier behind a one-hot encoding
of the boat class and of seat_raced, in a pipeline; written first with CatBoost, an optional extra that the quick
start's install leaves out) on 240 of the 300 crews and builds the host
from the model, the frame, the ids of the 60 held-out crews and the fields of its host config with
`simxai.hosts.host_from_model`, following the pattern of w27's hosts. It has two labels: a crew is `not_ready` or
`race_ready` for the regatta. Nothing here comes from a data set: the domain, its columns and its words were invented
by w30 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w30/host_crew.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CREW_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 99401
SIZE = 300
NUMERIC = [
    "split_500m_s",
    "strokeRate",
    "ErgScore",
    "sessions_per_week",
    "weeks_together",
    "missed_outings",
    "avg_age",
]
CATEGORICAL = ["BoatClass", "seat_raced"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CREW_CONFIG: dict[str, Any] = {
    "name": "regatta crew readiness",
    "target": "regatta_call",
    "class_names": {"0": "not_ready", "1": "race_ready"},
    "instance_noun": "crew",
    "id_column": "crew_id",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "BoatClass": {"0": "single", "1": "double", "2": "coxed_four", "3": "eight"},
        "seat_raced": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["BoatClass", "avg_age"],
    "feature_aliases": {
        "split_500m_s": ["split", "500m split", "500 split", "pace"],
        "strokeRate": ["stroke rate", "rate", "rating", "strokes per minute"],
        "ErgScore": ["erg score", "erg", "ergo score", "ergo"],
        "sessions_per_week": ["sessions", "outings a week", "training sessions"],
        "weeks_together": ["weeks together", "time together", "how long together"],
        "missed_outings": ["missed outings", "missed sessions", "absences"],
        "avg_age": ["age", "average age"],
        "BoatClass": ["boat class", "boat", "boat type"],
        "seat_raced": ["seat racing", "seat raced", "seat race"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Crews of an invented rowing club in the last week before a regatta, one row per crew with "
        "its recent training and test figures.",
        "feature_descriptions": {
            "split_500m_s": "the crew's average 500 m split on the water in its last timed piece, in seconds",
            "strokeRate": "the crew's average stroke rate in that piece, in strokes per minute",
            "ErgScore": "the crew's mean 2k ergometer score, as a percentage of the club's target for the class",
            "sessions_per_week": "water and land sessions a week over the last month",
            "weeks_together": "weeks the crew has trained in this line-up",
            "missed_outings": "outings missed by any crew member over the last month",
            "avg_age": "the crew's average age in years",
            "BoatClass": "the boat class: single, double, coxed_four or eight",
            "seat_raced": "whether the line-up was settled by seat racing: no or yes",
        },
        "target_description": "the coaches' call a week before the regatta: not_ready or race_ready",
        "model_description": "A histogram gradient boosting classifier (200 trees of depth 4) behind a one-hot "
        "encoding of the boat class and of seat_raced.",
        "training": "Fitted on 240 of the 300 synthetic crews; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic crews, invented for testing; not a real club's records.",
            "Does not know about the weather, the course, the draw, illness on the day or the boat's rigging.",
            "A split is only comparable within a boat class: an eight is faster than a single.",
        ],
        "label_meanings": {
            "not_ready": "the crew should not race this regatta yet",
            "race_ready": "the crew is ready to race at the regatta",
        },
        "probability_meaning": "The model's estimated probability of each of the two calls (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(99430)
    n = SIZE
    boat = rng.choice(4, n, p=[0.2, 0.3, 0.3, 0.2])
    base_split = np.array([112.0, 104.0, 100.0, 92.0])[boat]
    frame = pd.DataFrame(
        {
            "crew_id": np.arange(FIRST_ID, FIRST_ID + n),
            "split_500m_s": np.round(base_split + rng.normal(0, 5, n), 1),
            "strokeRate": rng.integers(26, 41, n),
            "ErgScore": np.round(np.clip(rng.normal(90, 6, n), 72, 104), 1),
            "sessions_per_week": rng.integers(2, 10, n),
            "weeks_together": rng.integers(1, 27, n),
            "missed_outings": rng.poisson(2.0, n),
            "avg_age": np.round(np.clip(rng.normal(28, 10, n), 15, 60), 1),
            "BoatClass": boat,
            "seat_raced": rng.choice(2, n, p=[0.55, 0.45]),
        }
    )
    score = (
        -0.35 * (frame.split_500m_s - base_split)
        + 0.12 * (frame.strokeRate - 32)
        + 0.18 * (frame.ErgScore - 90)
        + 0.3 * (frame.sessions_per_week - 5)
        + 0.09 * (frame.weeks_together - 10)
        - 0.45 * frame.missed_outings
        + 0.6 * frame.seat_raced
        - 0.3 * (frame.BoatClass == 3)
        + rng.normal(0, 0.9, n)
    )
    frame["regatta_call"] = (score > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 crews the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(994).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented crew host in memory, its model fitted on the crews outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.crew_id.isin(test)]
    # (written first with CatBoost, an optional extra the quick start's install leaves out; the training data read
    # from this host is its schema, which the model family does not change)
    categorical = ["BoatClass", "seat_raced"]
    encode = ColumnTransformer(
        [("categories", OneHotEncoder(handle_unknown="ignore"), categorical)], remainder="passthrough"
    )
    boost = HistGradientBoostingClassifier(max_iter=200, max_depth=4, learning_rate=0.08, random_state=0)
    model = Pipeline([("encode", encode), ("boost", boost)])
    model.fit(train[FEATURES], train.regatta_call)
    return host_from_model(model, frame[["crew_id", *FEATURES, "regatta_call"]], test_ids=test, **CREW_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
