"""The invented `shack` host of writer w50: ice-fishing shacks rented out by the night on an invented frozen river.

`load_host()` fits a small synthetic model (a bagged ensemble of 25 logistic regressions, each on a bootstrap
draw of the rows, behind a scaler and a one-hot encoder for the bait and the heater flag) on 240 of the 300
rentals and builds the host from the model, the frame, the ids of the 60 held-out rentals and the fields of its
host config with `simxai.hosts.host_from_model`. It has two labels: a night in a shack ended with a `catch` worth
the name (a full pail of tomcod) or `skunked`. Nothing here comes from a data set: the domain, its columns and
its words were invented by w50 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w50/host_shack.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SHACK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 121401
SIZE = 300
NUMERIC = ["IceThickness_cm", "holes drilled", "ShoreDistance_m", "night low (°C)", "TideHour", "anglers"]
CATEGORICAL = ["Bait", "Heated"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SHACK_CONFIG: dict[str, Any] = {
    "name": "ice fishing shacks",
    "target": "Night",
    "class_names": {"0": "catch", "1": "skunked"},
    "instance_noun": "rental",
    "id_column": "RentalNo",
    "category_names": {"Bait": {"0": "minnow", "1": "shrimp", "2": "worm"}},
    "immutable_features": ["ShoreDistance_m"],
    "feature_aliases": {
        "Bait": ["bait"],
        "Heated": ["heater", "heated", "stove"],
        "IceThickness_cm": ["ice thickness", "ice", "thickness of the ice"],
        "holes drilled": ["holes", "number of holes", "lines"],
        "ShoreDistance_m": ["distance from shore", "distance", "how far out"],
        "night low (°C)": ["night low", "temperature", "cold"],
        "TideHour": ["tide hour", "hours after high tide", "tide"],
        "anglers": ["anglers", "people in the shack", "fishers"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Nights in ice-fishing shacks rented out on an invented frozen tidal river in Québec, one row "
        "per rental (one shack, one night).",
        "feature_descriptions": {
            "Bait": "the bait the anglers used: minnow, shrimp or worm",
            "Heated": "whether the shack's stove was lit (True/False)",
            "IceThickness_cm": "thickness of the ice under the shack, in centimetres",
            "holes drilled": "count of holes drilled through the shack's floor",
            "ShoreDistance_m": "distance of the shack from the shore, in metres",
            "night low (°C)": "the night's lowest air temperature, in degrees C",
            "TideHour": "hours after high tide when the anglers started",
            "anglers": "count of anglers in the shack",
        },
        "target_description": "whether the night ended with a catch (a pail of tomcod or more) or skunked",
        "model_description": "A bagged ensemble of 25 logistic regressions (bootstrap draws of the rows), their "
        "probabilities averaged, on the scaled numbers and the one-hot encoded bait and heater flag.",
        "training": "Fitted on 240 of the 300 synthetic rentals; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic rentals, invented for testing; not a real outfitter's records.",
            "Does not know the anglers' skill, the moon or the fish counted, only catch or skunked.",
        ],
        "label_meanings": {
            "catch": "the night ended with at least a pail of fish",
            "skunked": "the night ended with less than a pail, often nothing",
        },
        "probability_meaning": "The average of the 25 logistic regressions' probabilities of each outcome (the two "
        "add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(121499)
    n = SIZE
    cold = np.round(rng.uniform(-34, -5, n), 1)
    frame = pd.DataFrame(
        {
            "RentalNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Bait": rng.choice(3, n, p=[0.45, 0.35, 0.2]),
            "Heated": rng.random(n) < 0.7,
            "IceThickness_cm": np.clip(np.round(rng.normal(45 - 0.6 * (cold + 20), 10, n)), 20, 80).astype(int),
            "holes drilled": rng.integers(1, 9, n),
            "ShoreDistance_m": rng.integers(30, 401, n),
            "night low (°C)": cold,
            "TideHour": np.round(rng.uniform(0, 12, n), 1),
            "anglers": rng.integers(1, 9, n),
        }
    )
    luck = (
        0.004 * (frame.ShoreDistance_m - 200)
        + 0.25 * (frame["holes drilled"] - 4)
        + 0.6 * (frame.Bait == 1)
        - 0.5 * (frame.Bait == 2)
        - 0.15 * np.abs(frame.TideHour - 5)
        + 0.03 * (frame["night low (°C)"] + 20)
        + 0.4 * frame.Heated
        + rng.normal(0, 0.7, n)
    )
    frame["Night"] = (luck < np.quantile(luck, 0.45)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 rentals the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1214).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented shack host in memory, its model fitted on the rentals outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import BaggingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.RentalNo.isin(test)]
    encoder = OneHotEncoder(handle_unknown="ignore", sparse_output=False)
    bagged = BaggingClassifier(LogisticRegression(max_iter=500), n_estimators=25, random_state=0)
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer([("categories", encoder, CATEGORICAL), ("numbers", StandardScaler(), NUMERIC)]),
            ),
            ("bagged", bagged),
        ]
    )
    model.fit(train[FEATURES], train.Night)
    return host_from_model(model, frame[["RentalNo", *FEATURES, "Night"]], test_ids=test, **SHACK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
