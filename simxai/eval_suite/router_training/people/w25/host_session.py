"""The invented `session` host of writer w25: blood donation sessions of a regional blood service and their targets.

`load_host()` fits a small synthetic model (a nearest-centroid classifier behind one-hot categories and scaled
numbers, fitted on 320 of the 400 sessions) and builds the host from the model, the frame, the ids of the 80
held-out sessions and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of
w23's `host_batch.py`. It has two labels: a session `met_target` (collected at least 90 % of the units it was
planned for) or `missed_target`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w25 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w25/host_session.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SESSION_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 89001
SIZE = 400
NUMERIC = ["planned_units", "booked_pct", "nurses_on_shift", "hours_open", "forecast_temp_c", "days_advertised"]
CATEGORICAL = ["venue_type", "school_holiday"]
FEATURES = NUMERIC + CATEGORICAL
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SESSION_CONFIG: dict[str, Any] = {
    "name": "blood donation session targets",
    "target": "collection_result",
    "class_names": {"0": "met_target", "1": "missed_target"},
    "instance_noun": "session",
    "id_column": "session_code",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "venue_type": {"0": "community_hall", "1": "workplace", "2": "campus", "3": "mobile_unit"},
        "school_holiday": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["venue_type"],
    "feature_aliases": {
        "planned_units": ["target units", "planned", "units planned", "target"],
        "booked_pct": ["booked", "bookings", "appointments booked", "% booked", "fill"],
        "nurses_on_shift": ["nurses", "staff", "rn", "staffing", "chairs staffed"],
        "hours_open": ["hours", "opening hours", "how long open", "session length"],
        "forecast_temp_c": ["temperature", "temp", "weather", "forecast"],
        "days_advertised": ["advertising", "days of adverts", "publicity", "notice"],
        "venue_type": ["venue", "site type", "location type"],
        "school_holiday": ["holidays", "half term", "school hols"],
    },
    "seed": 0,
    "cards": {
        "description": "Donation sessions of an invented regional blood service in 2025-2026, one row per "
        "session, as the planning team set them up a week ahead.",
        "feature_descriptions": {
            "planned_units": "units of whole blood the session was planned to collect",
            "booked_pct": "share of the appointment slots booked a week before the session, in %",
            "nurses_on_shift": "registered nurses and donor carers rostered for the session",
            "hours_open": "how many hours the session was open",
            "forecast_temp_c": "the day's forecast maximum temperature, in degrees C",
            "days_advertised": "days the session was advertised locally before it ran",
            "venue_type": "the kind of venue: community_hall, workplace, campus or mobile_unit",
            "school_holiday": "whether the session fell in a school holiday: no or yes",
        },
        "target_description": "whether the session collected at least 90 % of its planned units (met_target) "
        "or not (missed_target)",
        "model_description": "Nearest-centroid classifier (Euclidean) on scaled numbers and one-hot categories: a "
        "session gets the label of the closer class average, its probabilities from the distances.",
        "training": "Fitted on 320 of the 400 synthetic sessions; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic sessions, invented for testing; not a real blood service's records.",
            "Does not know the town, the blood groups in demand, parking, or staff sickness on the day.",
            "Each class is one average session, so unusual sessions that meet their target are often missed.",
        ],
        "label_meanings": {
            "met_target": "the session collected 90 % or more of its planned units",
            "missed_target": "the session collected less than 90 % of its planned units",
        },
        "probability_meaning": "The model's estimated probability of each result, from the session's distance to "
        "each class average (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(8925)
    n = SIZE
    frame = pd.DataFrame(
        {
            "session_code": np.arange(FIRST_ID, FIRST_ID + n),
            "planned_units": rng.integers(30, 121, n),
            "booked_pct": np.round(np.clip(rng.normal(68, 16, n), 15, 100)),
            "nurses_on_shift": rng.integers(3, 11, n),
            "hours_open": rng.choice([4, 5, 6, 7, 8], n),
            "forecast_temp_c": np.round(rng.normal(14, 7, n)),
            "days_advertised": rng.integers(0, 29, n),
            "venue_type": rng.choice(4, n, p=[0.4, 0.25, 0.15, 0.2]),
            "school_holiday": rng.choice(2, n, p=[0.8, 0.2]),
        }
    )
    shortfall = (
        -0.05 * (frame.booked_pct - 68)
        + 0.025 * (frame.planned_units - 75)
        - 0.35 * (frame.nurses_on_shift - 6)
        - 0.2 * (frame.hours_open - 6)
        + 0.06 * np.abs(frame.forecast_temp_c - 15)
        - 0.04 * frame.days_advertised
        + 0.8 * frame.school_holiday
        + np.where(frame.venue_type == 3, 0.6, np.where(frame.venue_type == 2, 0.3, 0.0))
        + rng.normal(0, 0.7, n)
    )
    frame["collection_result"] = (shortfall > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 sessions the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(89).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented session host in memory, its model fitted on the sessions outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import NearestCentroid
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.session_code.isin(test)]
    prepare = ColumnTransformer(
        [("num", StandardScaler(), NUMERIC), ("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL)]
    )
    model = Pipeline([("prepare", prepare), ("centroid", NearestCentroid())])
    model.fit(train[FEATURES], train.collection_result)
    return host_from_model(
        model, frame[["session_code", *FEATURES, "collection_result"]], test_ids=test, **SESSION_CONFIG
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
