"""The invented `flight` host of writer w28: morning and evening flights of a small hot-air balloon ride company.

`load_host()` fits a small synthetic model (scikit-learn's graph-based `LabelPropagation` with a k-nearest-neighbour
kernel, behind a scaler and a one-hot encoder in a `Pipeline`) on 288 of the 360 planned flights and builds the
host from the model, the frame, the ids of the 72 held-out flights and the fields of its host config with
`simxai.hosts.host_from_model`, following the pattern of w26's `host_crate.py`. It has three labels: the flight
went as booked (`full_flight`), was cut short and landed early (`short_hop`), or never left the field
(`scrubbed`). Nothing here comes from a data set: the domain, its columns and its words were invented by w28 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w28/host_flight.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FLIGHT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 96001
SIZE = 360
NUMERIC = ["wind_kt", "gust_kt", "cloudbase_ft", "temp_c", "pax", "envelope_hrs"]
CATEGORICAL = ["launch_site", "slot"]
FEATURES = NUMERIC + CATEGORICAL
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FLIGHT_CONFIG: dict[str, Any] = {
    "name": "hot-air balloon ride flights",
    "target": "outcome",
    "class_names": {"0": "full_flight", "1": "short_hop", "2": "scrubbed"},
    "instance_noun": "flight",
    "id_column": "flight_no",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "launch_site": {"0": "meadow", "1": "school_field", "2": "river_park"},
        "slot": {"0": "dawn", "1": "dusk"},
    },
    "immutable_features": ["launch_site"],
    "feature_aliases": {
        "wind_kt": ["wind", "wind speed", "surface wind", "knots"],
        "gust_kt": ["gusts", "gust", "gust speed"],
        "cloudbase_ft": ["cloud base", "cloudbase", "ceiling", "clouds"],
        "temp_c": ["temperature", "temp", "air temperature"],
        "pax": ["passengers", "people in the basket", "basket load"],
        "envelope_hrs": ["envelope hours", "envelope age", "balloon hours"],
        "launch_site": ["site", "launch site", "field"],
        "slot": ["time slot", "morning or evening"],
    },
    "seed": 0,
    "cards": {
        "description": "Planned passenger flights of an invented hot-air balloon ride company in summer 2026, one "
        "row per planned flight; the label is how the flight went.",
        "feature_descriptions": {
            "wind_kt": "surface wind at the launch field at briefing time, in knots",
            "gust_kt": "forecast gusts for the flight window, in knots",
            "cloudbase_ft": "forecast cloud base, in feet above the field",
            "temp_c": "air temperature at launch, in degrees C",
            "pax": "number of paying passengers in the basket",
            "envelope_hrs": "flying hours on the envelope (the fabric balloon) so far",
            "launch_site": "where the flight launched from: meadow, school_field or river_park",
            "slot": "dawn or dusk flight",
        },
        "target_description": "how the planned flight went: a full flight of about an hour, a short hop landed "
        "early, or scrubbed on the field",
        "model_description": "scikit-learn's LabelPropagation (a graph-based, semi-supervised classifier, here "
        "given every training label) with a 7-nearest-neighbour kernel, on standardised numbers and one-hot "
        "categories: a flight takes the label mass that spreads to it from similar past flights.",
        "training": "Fitted on 288 of the 360 synthetic flights; the other 72 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic flights, invented for testing; not a real company's log.",
            "Does not know the pilot, the forecast's source, the landing fields downwind or airspace notices.",
            "A nearest-neighbour model: its probabilities move in steps and it is unsure far from past flights.",
        ],
        "label_meanings": {
            "full_flight": "the balloon flew the booked flight of about an hour and landed normally",
            "short_hop": "the balloon took off but landed early, under 30 minutes, because of the weather",
            "scrubbed": "the flight was cancelled on the field and the passengers rebooked",
        },
        "probability_meaning": "The share of label mass the flight received from similar past flights, per "
        "outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(28096)
    n = SIZE
    wind = np.round(np.clip(rng.gamma(2.2, 2.4, n), 0, 18), 1)
    frame = pd.DataFrame(
        {
            "flight_no": np.arange(FIRST_ID, FIRST_ID + n),
            "wind_kt": wind,
            "gust_kt": np.round(wind + np.clip(rng.gamma(1.5, 2.5, n), 0, 15), 1),
            "cloudbase_ft": np.round(np.clip(rng.normal(3500, 1300, n), 400, 8000), -2),
            "temp_c": np.round(np.clip(rng.normal(17, 5, n), 4, 31)),
            "pax": rng.integers(2, 13, n),
            "envelope_hrs": rng.integers(20, 520, n),
            "launch_site": rng.choice(3, n, p=[0.45, 0.3, 0.25]),
            "slot": rng.choice(2, n, p=[0.6, 0.4]),
        }
    )
    risk = (
        0.35 * (frame.wind_kt - 5)
        + 0.22 * (frame.gust_kt - frame.wind_kt - 4)
        - 0.0006 * (frame.cloudbase_ft - 3500)
        + 0.06 * (frame.temp_c - 17) * (frame.slot == 1)
        + 0.08 * (frame.pax - 7)
        + 0.4 * (frame.launch_site == 2)
        + 0.5 * frame.slot
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = np.select([risk > 1.6, risk > 0.3], [2, 1], 0)
    return frame


def held_out_ids() -> list[int]:
    """The 72 flights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(96).choice(ids, SIZE // 5, replace=False))


def _model() -> Any:
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.semi_supervised import LabelPropagation

    prepare = ColumnTransformer(
        [
            ("num", StandardScaler(), NUMERIC),
            ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
        ]
    )
    return Pipeline([("prepare", prepare), ("spread", LabelPropagation(kernel="knn", n_neighbors=7, max_iter=2000))])


def load_host() -> TabularHost:
    """Build the invented flight host in memory, its model fitted on the flights outside `held_out_ids()`."""
    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.flight_no.isin(test)]
    model = _model().fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["flight_no", *FEATURES, "outcome"]], test_ids=test, **FLIGHT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
