"""The invented `ferry` host of test set ag: the crossings of an invented island ferry line.

One row per crossing, as the line's harbour master logged it: the vessel, whether it was a night sailing, the
crew on duty, the wind speed and wave height forecast at departure, the vessel's age, the cars booked aboard and
the days since the vessel's last service. `load_host()` fits a seeded multinomial logistic regression (on the
one-hot-encoded vessel and night flag and the standardised numbers) on 240 of the 300 crossings and builds the host
with `simxai.hosts.host_from_model`. Three labels, how the crossing went: `on_time`, `delayed` (it sailed more than
twenty minutes late) or `cancelled`. Nothing here comes from a data set: the domain, its columns and its words were
invented for this test set.

    python evalsets/fresh-2026-12-06ag/host_ferry.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FERRY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 131601
SIZE = 300
NUMERIC = [
    "crew_on_duty",
    "Wind Speed (knots)",
    "VesselAgeYears",
    "cars aboard",
    "Wave Height (m)",
    "days_since_service",
]
CATEGORICAL = ["Vessel", "NightSailing"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FERRY_CONFIG: dict[str, Any] = {
    "name": "island ferry crossings",
    "target": "Outcome",
    "class_names": {"0": "on_time", "1": "delayed", "2": "cancelled"},
    "instance_noun": "crossing",
    "id_column": "CrossingID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Vessel"],
    "feature_aliases": {
        "Vessel": ["vessel", "ship", "boat", "ferry"],
        "NightSailing": ["night sailing", "night crossing", "at night", "overnight"],
        "crew_on_duty": ["crew on duty", "crew", "crew size", "deckhands"],
        "Wind Speed (knots)": ["wind speed", "wind", "knots", "gusts"],
        "VesselAgeYears": ["vessel age", "age of the ship", "ship age", "years in service"],
        "cars aboard": ["cars", "vehicles", "cars booked", "car deck"],
        "Wave Height (m)": ["wave height", "waves", "swell", "sea state"],
        "days_since_service": ["days since service", "days since maintenance", "service gap"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The crossings of an invented island ferry line, one row per crossing, logged by its "
        "harbour master.",
        "feature_descriptions": {
            "Vessel": "the ship that sailed: Gannet, Kittiwake, Puffin or Skerry",
            "NightSailing": "True when the crossing left after dark",
            "crew_on_duty": "how many crew were on duty (3 to 12)",
            "Wind Speed (knots)": "the wind speed forecast at departure, in knots",
            "VesselAgeYears": "how many years the vessel has been in service",
            "cars aboard": "how many cars were booked on the car deck",
            "Wave Height (m)": "the wave height forecast at departure, in metres",
            "days_since_service": "how many days since the vessel's last service",
        },
        "target_description": "how the crossing went: on_time, delayed or cancelled",
        "model_description": "A multinomial logistic regression on the one-hot-encoded vessel and night flag and "
        "the standardised numbers; the probabilities are its softmax outputs.",
        "training": "Fitted on 240 of the 300 synthetic crossings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic crossings, invented for testing; not a real ferry line's records.",
            "Knows nothing of the tides or the harbour's traffic beyond the logged columns.",
        ],
        "label_meanings": {
            "on_time": "the ferry left within twenty minutes of its timetable",
            "delayed": "the ferry sailed, but more than twenty minutes late",
            "cancelled": "the crossing did not sail",
        },
        "probability_meaning": "The model's softmax share of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(131601)
    n = SIZE
    vessel = rng.choice(["Gannet", "Kittiwake", "Puffin", "Skerry"], n, p=[0.3, 0.3, 0.25, 0.15])
    night = rng.random(n) < 0.35
    crew = rng.integers(3, 13, n)
    wind = np.round(np.clip(rng.gamma(2.5, 6.0, n), 0.0, 55.0), 1)
    age = rng.integers(2, 41, n)
    cars = rng.integers(0, 121, n)
    waves = np.round(np.clip(rng.gamma(2.0, 0.7, n), 0.1, 6.0), 1)
    gap = rng.integers(7, 60, n)
    frame = pd.DataFrame(
        {
            "CrossingID": np.arange(FIRST_ID, FIRST_ID + n),
            "Vessel": vessel,
            "NightSailing": night,
            "crew_on_duty": crew,
            "Wind Speed (knots)": wind,
            "VesselAgeYears": age,
            "cars aboard": cars,
            "Wave Height (m)": waves,
            "days_since_service": gap,
        }
    )
    sturdy = np.select([vessel == "Gannet", vessel == "Skerry"], [0.6, -0.5], 0.0)
    rough = 0.08 * wind + 0.7 * waves - sturdy + 0.02 * age + 0.3 * night + rng.normal(0, 0.6, n)
    slow = 0.02 * cars - 0.2 * crew + 0.03 * gap + 0.02 * wind + 0.4 * night + rng.normal(0, 0.6, n)
    outcome = np.where(rough > np.quantile(rough, 0.67), 2, np.where(slow > np.quantile(slow, 0.5), 1, 0))
    frame["Outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 crossings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1316).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented ferry host in memory, its model fitted on the crossings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.CrossingID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    model = Pipeline([("columns", columns), ("logit", LogisticRegression(C=1.0, max_iter=2000))])
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["CrossingID", *FEATURES, "Outcome"]], test_ids=test, **FERRY_CONFIG)


if __name__ == "__main__":
    from collections import Counter

    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    predict, score = default_registry().get("get_prediction"), default_registry().get("get_model_performance")
    assert predict is not None and score is not None
    recorded = Counter(FERRY_CONFIG["class_names"][str(g)] for g in _frame().Outcome)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
