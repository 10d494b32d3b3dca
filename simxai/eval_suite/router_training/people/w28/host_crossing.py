"""The invented `crossing` host of writer w28: crossings of a small island car ferry and whether they left on time.

`load_host()` fits a small synthetic model (an additive spline logistic model: scikit-learn's `SplineTransformer`
on each number, a one-hot encoder on each category, then an L2 `LogisticRegression`, in a `Pipeline`) on 240 of
the 300 crossings and builds the host from the model, the frame, the ids of the 60 held-out crossings and the
fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w26's `host_crate.py`. It
has two labels: the ferry cast off `on_time` (within five minutes of the timetable) or `late`. Nothing here comes
from a data set: the domain, its columns and its words were invented by w28 so that the router meets a host it
was not trained on.

    python simxai/eval_suite/router_training/people/w28/host_crossing.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CROSSING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 96501
SIZE = 300
NUMERIC = ["cars", "lorries", "foot_pax", "wind_kt", "tide_m", "deck_crew"]
CATEGORICAL = ["direction", "day_type"]
FEATURES = NUMERIC + CATEGORICAL
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CROSSING_CONFIG: dict[str, Any] = {
    "name": "island car ferry crossings",
    "target": "departure",
    "class_names": {"0": "on_time", "1": "late"},
    "instance_noun": "crossing",
    "id_column": "sailing_no",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "direction": {"0": "outbound", "1": "inbound"},
        "day_type": {"0": "weekday", "1": "weekend", "2": "holiday"},
    },
    "immutable_features": ["direction"],
    "feature_aliases": {
        "cars": ["cars booked", "car count", "vehicles"],
        "lorries": ["trucks", "lorry count", "freight"],
        "foot_pax": ["foot passengers", "walk-ons", "passengers"],
        "wind_kt": ["wind", "wind speed", "knots"],
        "tide_m": ["tide", "tide height", "water level"],
        "deck_crew": ["crew", "deckhands", "crew on deck"],
        "direction": ["outbound or inbound", "way"],
        "day_type": ["day", "kind of day"],
    },
    "seed": 0,
    "cards": {
        "description": "Sailings of an invented small car ferry between the mainland and an island in autumn "
        "2026, one row per crossing; the label is whether it cast off on time.",
        "feature_descriptions": {
            "cars": "cars booked on the sailing",
            "lorries": "lorries and vans over 3.5 t booked on the sailing",
            "foot_pax": "foot passengers who boarded",
            "wind_kt": "wind at the mainland slipway at loading time, in knots",
            "tide_m": "tide height at the slipway at loading time, in metres (a low tide makes the ramp steep)",
            "deck_crew": "deckhands on shift for loading",
            "direction": "outbound (mainland to island) or inbound",
            "day_type": "weekday, weekend or holiday",
        },
        "target_description": "whether the ferry cast off within five minutes of the timetable (on_time) or later "
        "(late)",
        "model_description": "An additive spline logistic model: each number goes through a cubic B-spline basis "
        "(5 knots), each category through one-hot columns, and an L2-regularised logistic regression weighs "
        "them, so each feature has its own smooth curve and the curves add up.",
        "training": "Fitted on 240 of the 300 synthetic crossings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic crossings, invented for testing; not a real ferry's log.",
            "Does not know the skipper, breakdowns, the previous sailing's delay or a late coach party.",
            "Additive: it cannot see that a low tide matters more when the deck is full of lorries.",
        ],
        "label_meanings": {
            "on_time": "the ferry cast off no more than five minutes after the timetable",
            "late": "the ferry cast off more than five minutes late",
        },
        "probability_meaning": "The model's estimated probability that the crossing leaves on time or late (they "
        "add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(28965)
    n = SIZE
    frame = pd.DataFrame(
        {
            "sailing_no": np.arange(FIRST_ID, FIRST_ID + n),
            "cars": rng.integers(4, 41, n),
            "lorries": rng.integers(0, 7, n),
            "foot_pax": rng.integers(0, 121, n),
            "wind_kt": np.round(np.clip(rng.gamma(2.5, 5, n), 0, 45)),
            "tide_m": np.round(rng.uniform(0.3, 4.8, n), 1),
            "deck_crew": rng.integers(2, 6, n),
            "direction": rng.choice(2, n),
            "day_type": rng.choice(3, n, p=[0.6, 0.3, 0.1]),
        }
    )
    delay = (
        0.07 * (frame.cars - 22)
        + 0.35 * (frame.lorries - 3)
        + 0.006 * (frame.foot_pax - 60)
        + 0.004 * (frame.wind_kt - 12) ** 2 * np.sign(frame.wind_kt - 12)
        + 0.5 * (frame.tide_m < 1.2)
        - 0.45 * (frame.deck_crew - 3.5)
        + 0.5 * (frame.day_type > 0)
        + rng.normal(0, 0.8, n)
    )
    frame["departure"] = (delay > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 crossings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(965).choice(ids, SIZE // 5, replace=False))


def _model() -> Any:
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, SplineTransformer

    prepare = ColumnTransformer(
        [
            ("num", SplineTransformer(n_knots=5, degree=3), NUMERIC),
            ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
        ]
    )
    return Pipeline([("prepare", prepare), ("logit", LogisticRegression(C=0.5, max_iter=2000))])


def load_host() -> TabularHost:
    """Build the invented crossing host in memory, its model fitted on the crossings outside `held_out_ids()`."""
    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.sailing_no.isin(test)]
    model = _model().fit(train[FEATURES], train.departure)
    return host_from_model(model, frame[["sailing_no", *FEATURES, "departure"]], test_ids=test, **CROSSING_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
