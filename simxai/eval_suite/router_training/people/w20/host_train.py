"""The invented `train` host of writer w20: departures of a regional rail operator, on time, late or cancelled.

`load_host()` fits a small synthetic model (a bagging ensemble of decision trees, fitted on 320 of the 400
departures) and builds the host from the model, the frame, the ids of the 80 held-out departures and the fields
of its host config with `simxai.hosts.host_from_model`, following the pattern of w19's `host_dog.py`. It has
**three labels**: a departure leaves `on_time` (within 5 minutes), `late` or is `cancelled`. Nothing here comes
from a data set: the domain, its columns and its words were invented by w20 so that the router meets a host it
was not trained on.

    python simxai/eval_suite/router_training/people/w20/host_train.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TRAIN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 72001
SIZE = 400
FEATURES = [
    "departure_hour",
    "route_km",
    "stops",
    "carriages",
    "incoming_delay_min",
    "staff_short",
    "weather",
    "track_works",
    "day_type",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TRAIN_CONFIG: dict[str, Any] = {
    "name": "regional train departures",
    "target": "status",
    "class_names": {"0": "on_time", "1": "late", "2": "cancelled"},
    "instance_noun": "departure",
    "id_column": "departure_id",
    "categorical_features": ["weather", "track_works", "day_type"],
    "category_names": {
        "weather": {"0": "clear", "1": "rain", "2": "snow", "3": "storm"},
        "track_works": {"0": "no", "1": "yes"},
        "day_type": {"0": "weekday", "1": "saturday", "2": "sunday"},
    },
    "immutable_features": ["route_km", "day_type"],
    "feature_aliases": {
        "departure_hour": ["departure time", "hour", "time of day", "scheduled hour"],
        "route_km": ["route length", "distance", "km", "how far"],
        "stops": ["stops", "stations", "number of stops", "calling points"],
        "carriages": ["carriages", "coaches", "cars", "train length"],
        "incoming_delay_min": ["incoming delay", "late inbound", "delay of the incoming train", "inbound delay"],
        "staff_short": ["staff shortage", "missing crew", "crew short", "staff off"],
        "weather": ["weather", "conditions"],
        "track_works": ["engineering works", "track works", "works on the line", "maintenance"],
        "day_type": ["day", "weekday or weekend", "day of the week"],
    },
    "seed": 0,
    "cards": {
        "description": "Scheduled departures of an invented regional rail operator from its main terminus in "
        "autumn and winter 2025, one row per departure, described as known an hour before it was due.",
        "feature_descriptions": {
            "departure_hour": "the scheduled departure hour, 5 (5 am) to 23 (11 pm)",
            "route_km": "the length of the train's route, in kilometres",
            "stops": "how many intermediate stations the train calls at",
            "carriages": "how many carriages the train is formed of",
            "incoming_delay_min": "how late the train's incoming working arrived at the terminus, in minutes",
            "staff_short": "how many of the crew rostered for the train had called in sick or were missing",
            "weather": "the weather on the line an hour before departure: clear, rain, snow or storm",
            "track_works": "whether engineering works were on along the route: no or yes",
            "day_type": "weekday, saturday or sunday",
        },
        "target_description": "whether the departure left on time (within 5 minutes), late or was cancelled",
        "model_description": "A bagging ensemble: 25 decision trees, each fitted on a bootstrap sample of the "
        "training departures; the prediction is the trees' average vote.",
        "training": "Fitted on 320 of the 400 synthetic departures; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic departures, invented for testing; not a real timetable or operator.",
            "Knows nothing about the signalling, the rolling stock's faults, strikes or events in the city.",
            "Made an hour before departure: it does not update if things change in the last hour.",
        ],
        "label_meanings": {
            "on_time": "the train left within 5 minutes of its scheduled time",
            "late": "the train left more than 5 minutes after its scheduled time",
            "cancelled": "the train did not run (cancelled in full or started from a later station)",
        },
        "probability_meaning": "The share of the ensemble's trees voting for each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7220)
    n = SIZE
    frame = pd.DataFrame(
        {
            "departure_id": np.arange(FIRST_ID, FIRST_ID + n),
            "departure_hour": rng.integers(5, 24, n),
            "route_km": np.round(rng.uniform(25, 240, n)).astype(int),
            "stops": rng.integers(2, 19, n),
            "carriages": rng.choice([2, 3, 4, 6, 8], n, p=[0.2, 0.25, 0.25, 0.2, 0.1]),
            "incoming_delay_min": np.round(rng.exponential(6, n)).astype(int).clip(0, 60),
            "staff_short": rng.choice([0, 1, 2], n, p=[0.75, 0.18, 0.07]),
            "weather": rng.choice(4, n, p=[0.45, 0.3, 0.15, 0.1]),
            "track_works": rng.choice(2, n, p=[0.8, 0.2]),
            "day_type": rng.choice(3, n, p=[0.7, 0.15, 0.15]),
        }
    )
    rush = frame.departure_hour.isin([7, 8, 17, 18]).astype(float)
    lateness = (
        0.09 * frame.incoming_delay_min
        + 0.04 * frame.stops
        + 0.005 * frame.route_km
        + 0.6 * rush
        + 0.5 * (frame.weather == 1)
        + 1.0 * (frame.weather == 2)
        + 1.3 * (frame.weather == 3)
        + 0.8 * frame.track_works
        + 0.1 * frame.carriages
        + rng.normal(0, 0.5, n)
    )
    trouble = 1.4 * frame.staff_short + 1.2 * (frame.weather == 3) + 0.6 * frame.track_works + rng.normal(0, 0.5, n)
    status = np.where(trouble > 2.0, 2, np.where(lateness > 2.1, 1, 0))
    frame["status"] = status
    return frame


def held_out_ids() -> list[int]:
    """The 80 departures the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(72).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented train host in memory, its model fitted on the departures outside `held_out_ids()`."""
    from sklearn.ensemble import BaggingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.departure_id.isin(test)]
    model = BaggingClassifier(n_estimators=25, random_state=0)
    model.fit(train[FEATURES], train.status)
    return host_from_model(model, frame[["departure_id", *FEATURES, "status"]], test_ids=test, **TRAIN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
