"""The invented `lift` host of writer w21: passenger lifts of a maintenance contractor and their service status.

`load_host()` fits a small synthetic model (soft voting over a scaled logistic regression, a shallow decision
tree and a Gaussian naive Bayes, on a seeded frame, fitted on 320 of the 400 lift inspections) and builds the
host from the model, the frame, the ids of the 80 held-out inspections and the fields of its host config with
`simxai.hosts.host_from_model`, following the pattern of w19's `host_dog.py`. It has **three labels**: a lift is
`ok`, due for `service_soon` or `out_of_order`. Nothing here comes from a data set: the domain, its columns and
its words were invented by w21 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w21/host_lift.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LIFT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 73001
SIZE = 400
FEATURES = [
    "age_years",
    "trips_per_day",
    "door_faults_30d",
    "days_since_service",
    "motor_temp_c",
    "vibration_mm_s",
    "drive_type",
    "building_type",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LIFT_CONFIG: dict[str, Any] = {
    "name": "lift servicing",
    "target": "status",
    "class_names": {"0": "ok", "1": "service_soon", "2": "out_of_order"},
    "instance_noun": "lift",
    "id_column": "lift_id",
    "categorical_features": ["drive_type", "building_type"],
    "category_names": {
        "drive_type": {"0": "traction", "1": "hydraulic", "2": "machine_room_less"},
        "building_type": {"0": "office", "1": "residential", "2": "hospital", "3": "shopping_centre"},
    },
    "immutable_features": ["drive_type", "building_type"],
    "feature_aliases": {
        "age_years": ["age", "how old", "years in service"],
        "trips_per_day": ["trips", "journeys per day", "usage", "traffic"],
        "door_faults_30d": ["door faults", "door trips", "door errors", "door problems"],
        "days_since_service": ["last service", "days since maintenance", "time since service"],
        "motor_temp_c": ["motor temperature", "motor temp", "temperature"],
        "vibration_mm_s": ["vibration", "ride vibration", "shaking"],
        "drive_type": ["drive", "lift type", "machine type"],
        "building_type": ["building", "type of building", "site type"],
    },
    "seed": 0,
    "cards": {
        "description": "Monthly inspections of passenger lifts looked after by an invented maintenance contractor "
        "in 2025, one row per lift, with the status its engineer gave the lift at the inspection.",
        "feature_descriptions": {
            "age_years": "years since the lift was installed",
            "trips_per_day": "average number of trips a day over the last month",
            "door_faults_30d": "door faults logged by the controller in the last 30 days",
            "days_since_service": "days since the lift's last planned maintenance visit",
            "motor_temp_c": "peak motor temperature over the last week, in degrees Celsius",
            "vibration_mm_s": "car vibration measured on a test ride, in mm/s (RMS)",
            "drive_type": "drive: traction, hydraulic or machine_room_less",
            "building_type": "building: office, residential, hospital or shopping_centre",
        },
        "target_description": "the status the engineer gave the lift at the inspection",
        "model_description": "Soft-voting ensemble: a scaled logistic regression, a depth-4 decision tree and a "
        "Gaussian naive Bayes, their class probabilities averaged.",
        "training": "Fitted on 320 of the 400 synthetic inspections; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic lifts, invented for testing; not real installations.",
            "Knows nothing about the lift's brand, its safety gear, its emergency phone or the building's fire plan.",
            "A status for the day of the inspection: it does not forecast when a lift will break down.",
        ],
        "label_meanings": {
            "ok": "the lift may run normally until the next planned visit",
            "service_soon": "the lift may run but needs a maintenance visit within two weeks",
            "out_of_order": "the lift must be taken out of service until it is repaired",
        },
        "probability_meaning": "The ensemble's averaged probability of each status (the three add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7321)
    n = SIZE
    drive = rng.choice(3, n, p=[0.45, 0.25, 0.3])
    building = rng.choice(4, n, p=[0.35, 0.35, 0.12, 0.18])
    base_trips = np.array([350, 180, 600, 900])[building]
    frame = pd.DataFrame(
        {
            "lift_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age_years": rng.integers(1, 36, n),
            "trips_per_day": np.round(np.clip(base_trips * rng.normal(1, 0.3, n), 40, 1600)).astype(int),
            "door_faults_30d": rng.poisson(2.2, n),
            "days_since_service": rng.integers(3, 120, n),
            "motor_temp_c": np.round(np.clip(rng.normal(58, 9, n) + 6 * (drive == 1), 35, 95)).astype(int),
            "vibration_mm_s": np.round(np.clip(rng.gamma(3.0, 0.45, n), 0.3, 6), 1),
            "drive_type": drive,
            "building_type": building,
        }
    )
    wear = (
        0.04 * (frame.age_years - 15)
        + 0.0012 * (frame.trips_per_day - 450)
        + 0.35 * (frame.door_faults_30d - 2)
        + 0.015 * (frame.days_since_service - 60)
        + 0.06 * (frame.motor_temp_c - 60)
        + 0.6 * (frame.vibration_mm_s - 1.3)
        + 0.3 * (frame.drive_type == 1)
        + rng.normal(0, 0.5, n)
    )
    frame["status"] = np.where(wear > 1.5, 2, np.where(wear > 0.1, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 80 inspections the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(73).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lift host in memory, its model fitted on the lifts outside `held_out_ids()`."""
    from sklearn.ensemble import VotingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.lift_id.isin(test)]
    model = VotingClassifier(
        [
            ("logistic", make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))),
            ("tree", DecisionTreeClassifier(max_depth=4, random_state=0)),
            ("bayes", GaussianNB()),
        ],
        voting="soft",
    )
    model.fit(train[FEATURES], train.status)
    return host_from_model(model, frame[["lift_id", *FEATURES, "status"]], test_ids=test, **LIFT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
