"""The invented `bus` host of writer w31: school buses of a county fleet before the next route week.

`load_host()` fits a small synthetic model (a `LinearDiscriminantAnalysis`, behind a scaler and a one-hot encoder
for the route type) on 320 of the 400 buses and builds the host from the model, the frame, the ids of the 80
held-out buses and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of
w29's hosts. It has two labels: a bus `breaks_down` or `runs_fine` before the next route week. Nothing here comes
from a data set: the domain, its columns and its words were invented by w31 so that the router meets a host it was
not trained on.

    python simxai/eval_suite/router_training/people/w31/host_bus.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BUS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 101001
SIZE = 400
NUMERIC = ["odometer_mi", "EngineHrs", "brakePadMm", "tireTread32nds", "daysSinceService", "oilLifePct", "busAgeYrs"]
CATEGORICAL = ["route_type"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BUS_CONFIG: dict[str, Any] = {
    "name": "school bus breakdown risk",
    "target": "next_week",
    "class_names": {"0": "runs_fine", "1": "breaks_down"},
    "instance_noun": "bus",
    "id_column": "unitNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"route_type": {"0": "town", "1": "rural", "2": "gravel"}},
    "immutable_features": ["busAgeYrs"],
    "feature_aliases": {
        "odometer_mi": ["miles", "mileage", "odometer"],
        "EngineHrs": ["engine hours", "hours on the engine"],
        "brakePadMm": ["brake pads", "pads", "brake pad"],
        "tireTread32nds": ["tread", "tire tread", "tires"],
        "daysSinceService": ["days since service", "since its last service", "service"],
        "oilLifePct": ["oil life", "oil"],
        "busAgeYrs": ["age", "bus age", "years old"],
        "route_type": ["route", "route type"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "School buses of an invented county fleet, one row per bus at the Friday shop check, "
        "with the columns as the fleet system exports them.",
        "feature_descriptions": {
            "odometer_mi": "odometer reading, in miles",
            "EngineHrs": "engine hours on the hour meter",
            "brakePadMm": "thinnest brake pad measured, in mm",
            "tireTread32nds": "shallowest tire tread, in 32nds of an inch",
            "daysSinceService": "days since the last scheduled service",
            "oilLifePct": "oil life left per the engine computer, in percent",
            "busAgeYrs": "the bus's age in years",
            "route_type": "the route it runs: town, rural or gravel",
        },
        "target_description": "whether the bus breaks down or runs fine before the next route week",
        "model_description": "A linear discriminant analysis on the scaled columns (route type one-hot encoded).",
        "training": "Fitted on 320 of the 400 synthetic buses; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic buses, invented for testing; not a real fleet.",
            "Does not know the driver, the weather or the recall notices.",
            "A linear model with one shared covariance: it cannot see that worn pads matter more on gravel.",
        ],
        "label_meanings": {
            "breaks_down": "the bus has a road call or is pulled from its route before the next route week",
            "runs_fine": "the bus runs its routes all week without a road call",
        },
        "probability_meaning": "The model's estimated probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(101031)
    n = SIZE
    age = rng.integers(1, 19, n)
    odometer = np.round(np.clip(age * 11000 + rng.normal(0, 20000, n), 3000, 260000), -2)
    frame = pd.DataFrame(
        {
            "unitNo": np.arange(FIRST_ID, FIRST_ID + n),
            "odometer_mi": odometer.astype(int),
            "EngineHrs": np.round(np.clip(odometer / 28 + rng.normal(0, 600, n), 100, 11000)).astype(int),
            "brakePadMm": np.round(np.clip(rng.normal(8, 3, n), 1, 15), 1),
            "tireTread32nds": np.clip(rng.normal(10, 3, n).round(), 2, 18).astype(int),
            "daysSinceService": rng.integers(2, 180, n),
            "oilLifePct": rng.integers(5, 101, n),
            "busAgeYrs": age,
            "route_type": rng.choice(3, n, p=[0.4, 0.4, 0.2]),
        }
    )
    risk = (
        0.000012 * (frame.odometer_mi - 100000)
        - 0.28 * (frame.brakePadMm - 8)
        - 0.15 * (frame.tireTread32nds - 10)
        + 0.012 * (frame.daysSinceService - 90)
        - 0.015 * (frame.oilLifePct - 50)
        + 0.06 * (frame.busAgeYrs - 9)
        + 0.5 * frame.route_type
        + rng.normal(0, 0.8, n)
    )
    frame["next_week"] = (risk > 0.9).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 buses the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1031).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bus host in memory, its model fitted on the buses outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.unitNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("lda", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.next_week)
    return host_from_model(model, frame[["unitNo", *FEATURES, "next_week"]], test_ids=test, **BUS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
