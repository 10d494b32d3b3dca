"""The invented `elevator` host of test set ao: the passenger lifts a maintenance firm looks after.

One row per elevator: its drive type, its rise in metres, its rated car load, how many trips it makes a day, how many
days since its last service visit, how many door faults it logged in the last month and how many years it has been
in service. `load_host()` fits a seeded histogram gradient-boosting classifier (in a `Pipeline`, the drive type
one-hot encoded) on 240 of the 300 elevators and builds the host with `simxai.hosts.host_from_model`. Two labels,
the result of the yearly safety inspection: `pass` or `fail`. Nothing here comes from a data set: the domain, its
columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-07ao/host_elevator.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ELEVATOR_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 151201
SIZE = 300
NUMERIC = [
    "Rise (m)",
    "Car Load (kg)",
    "trips_per_day",
    "days_since_service",
    "DoorFaults",
    "YearsInService",
]
CATEGORICAL = ["DriveType"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ELEVATOR_CONFIG: dict[str, Any] = {
    "name": "passenger elevator inspections",
    "target": "InspectionResult",
    "class_names": {"0": "pass", "1": "fail"},
    "instance_noun": "elevator",
    "id_column": "ElevatorID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["DriveType"],
    "feature_aliases": {
        "DriveType": ["drive", "drive type", "machine type"],
        "Rise (m)": ["rise", "travel height", "height"],
        "Car Load (kg)": ["car load", "load", "capacity", "rated load"],
        "trips_per_day": ["trips per day", "trips", "daily trips"],
        "days_since_service": ["days since service", "service", "last service"],
        "DoorFaults": ["door faults", "door fault", "door errors"],
        "YearsInService": ["years in service", "age", "years"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The passenger elevators an invented maintenance firm looks after, one row per elevator, "
        "with the result of its latest yearly safety inspection.",
        "feature_descriptions": {
            "DriveType": "how the car is driven: hydraulic, traction or mrl (traction without a machine room)",
            "Rise (m)": "the height the car travels from the lowest to the highest stop, in metres (3 to 88)",
            "Car Load (kg)": "the rated load of the car in kilograms (320 to 1820)",
            "trips_per_day": "the average number of trips a day over the last month (20 to 1125)",
            "days_since_service": "days since the last maintenance visit (0 to 240)",
            "DoorFaults": "door faults logged by the controller in the last month (0 to 12)",
            "YearsInService": "years since the elevator was installed (1 to 45)",
        },
        "target_description": "the result of the yearly safety inspection: pass or fail",
        "model_description": "A histogram gradient-boosting classifier (80 seeded rounds of trees with at most 15 "
        "leaves) on the one-hot-encoded drive type and the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic elevators; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic elevators, invented for testing; not a real maintenance firm's records.",
            "Sees only the logged columns, not the inspector, the building or the parts fitted.",
        ],
        "label_meanings": {
            "pass": "the elevator passed its yearly safety inspection",
            "fail": "the inspector found a defect and took the elevator out of service until it is repaired",
        },
        "probability_meaning": "The boosted trees' estimate of how likely each inspection result is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(151201)
    n = SIZE
    drives = rng.choice(["hydraulic", "traction", "mrl"], n, p=[0.3, 0.45, 0.25])
    rise = np.round(np.clip(np.where(drives == "hydraulic", rng.normal(12, 5, n), rng.normal(35, 18, n)), 3, 90), 0)
    load = np.round(np.clip(rng.normal(900, 350, n), 320, 2000) / 10, 0) * 10
    trips = np.round(np.clip(rng.normal(450, 250, n), 20, 1200), 0)
    days = rng.integers(0, 241, n)
    years = rng.integers(1, 46, n)
    doors = np.clip(rng.poisson(1.0 + trips / 400 + years / 20), 0, 15)
    frame = pd.DataFrame(
        {
            "ElevatorID": np.arange(FIRST_ID, FIRST_ID + n),
            "DriveType": drives,
            "Rise (m)": rise,
            "Car Load (kg)": load,
            "trips_per_day": trips,
            "days_since_service": days,
            "DoorFaults": doors,
            "YearsInService": years,
        }
    )
    # a failed inspection: long gaps between services, worn doors, old hydraulic units
    risk = (
        0.012 * (days - 120)
        + 0.35 * (doors - 3)
        + 0.04 * (years - 20)
        + np.where(drives == "hydraulic", 0.5, 0.0)
        + 0.001 * (trips - 450)
        + rng.normal(0, 0.8, n)
    )
    frame["InspectionResult"] = (risk > 0.6).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 elevators the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1512).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented elevator host in memory, its model fitted on the elevators outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ElevatorID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    boost = HistGradientBoostingClassifier(max_iter=80, max_leaf_nodes=15, learning_rate=0.1, random_state=151)
    model = Pipeline([("columns", columns), ("boost", boost)])
    model.fit(train[FEATURES], train.InspectionResult)
    rows = frame[["ElevatorID", *FEATURES, "InspectionResult"]]
    return host_from_model(model, rows, test_ids=test, **ELEVATOR_CONFIG)


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
    recorded = Counter(ELEVATOR_CONFIG["class_names"][str(s)] for s in _frame().InspectionResult)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
