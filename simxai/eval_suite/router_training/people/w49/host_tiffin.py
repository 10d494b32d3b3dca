"""The invented `tiffin` host of writer w49: evening tiffin (lunch-box) delivery runs of a small home mess.

`load_host()` fits a small synthetic model (a logistic regression on an RBF kernel approximation, `Nystroem` with
60 components, behind a scaler, with the area and the True/False rain column one-hot encoded, a `Pipeline`) on 240
of the 300 runs and builds the host from the model, the frame, the ids of the 60 held-out runs and the fields of
its host config with `simxai.hosts.host_from_model`. It has two labels: a run delivers `on_time` or `late`.
Nothing here comes from a data set: the domain, its columns and its words were invented by w49 so that the router
meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w49/host_tiffin.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TIFFIN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 120801
SIZE = 300
NUMERIC = ["distance (km)", "boxes", "DepartureDelayMin", "rider_experience_months", "traffic index", "ScooterAge"]
CATEGORICAL = ["area", "raining"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TIFFIN_CONFIG: dict[str, Any] = {
    "name": "tiffin delivery runs",
    "target": "arrival",
    "class_names": {"0": "on_time", "1": "late"},
    "instance_noun": "run",
    "id_column": "run_id",
    "category_names": {"area": {"0": "jayalakshmipuram", "1": "kuvempunagar", "2": "vijayanagar"}},
    "immutable_features": ["area"],
    "feature_aliases": {
        "area": ["area", "locality", "route area", "side of town"],
        "raining": ["rain", "raining", "rainy", "wet weather"],
        "distance (km)": ["distance", "km", "kilometres", "route length"],
        "boxes": ["boxes", "tiffins", "number of boxes", "dabbas"],
        "DepartureDelayMin": ["departure delay", "delay at start", "left late by", "minutes late leaving"],
        "rider_experience_months": ["rider experience", "experience", "months on the job", "rider months"],
        "traffic index": ["traffic", "traffic index", "traffic level", "jam"],
        "ScooterAge": ["scooter age", "age of the scooter", "vehicle age", "bike age"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Evening delivery runs of an invented home tiffin mess in Mysuru, one row per run of one "
        "rider, used to plan which runs will reach the customers by 8 pm.",
        "feature_descriptions": {
            "area": "the part of town the run serves: jayalakshmipuram, kuvempunagar or vijayanagar",
            "raining": "whether it was raining when the run left (True/False)",
            "distance (km)": "length of the route, in kilometres",
            "boxes": "number of tiffin boxes on the run",
            "DepartureDelayMin": "minutes the run left after the planned 7 pm start",
            "rider_experience_months": "months the rider has delivered for the mess",
            "traffic index": "traffic level on the route from the map app, 1 (free) to 10 (jammed)",
            "ScooterAge": "age of the rider's scooter, in years",
        },
        "target_description": "whether every box of the run was delivered by 8 pm (on_time) or not (late)",
        "model_description": "A logistic regression on a 60-component RBF kernel approximation (Nystroem) of the "
        "scaled numeric columns and the one-hot area and rain columns.",
        "training": "Fitted on 240 of the 300 synthetic runs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic runs, invented for testing; not a real mess's records.",
            "Does not know road works, festivals, a puncture or a customer who is not at home.",
        ],
        "label_meanings": {
            "on_time": "every box of the run delivered by 8 pm",
            "late": "at least one box delivered after 8 pm",
        },
        "probability_meaning": "The logistic regression's estimated chance of each outcome, adding up to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(120849)
    n = SIZE
    area = rng.choice(3, n, p=[0.35, 0.35, 0.3])
    frame = pd.DataFrame(
        {
            "run_id": np.arange(FIRST_ID, FIRST_ID + n),
            "area": area,
            "raining": rng.random(n) < 0.3,
            "distance (km)": np.round(rng.uniform(1.0, 14.0, n), 1),
            "boxes": rng.integers(5, 41, n),
            "DepartureDelayMin": rng.integers(0, 31, n),
            "rider_experience_months": rng.integers(1, 61, n),
            "traffic index": rng.integers(1, 11, n),
            "ScooterAge": rng.integers(0, 13, n),
        }
    )
    score = (
        0.22 * (frame["distance (km)"] - 7.5)
        + 0.05 * (frame.boxes - 22)
        + 0.09 * (frame.DepartureDelayMin - 15)
        - 0.025 * (frame.rider_experience_months - 30)
        + 0.28 * (frame["traffic index"] - 5.5)
        + 0.06 * (frame.ScooterAge - 6)
        + 1.1 * frame.raining
        + 0.5 * (area == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["arrival"] = (score > np.quantile(score, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 runs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1208).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tiffin host in memory, its model fitted on the runs outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.kernel_approximation import Nystroem
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.run_id.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("scaled", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            ("kernel", Nystroem(kernel="rbf", gamma=0.05, n_components=60, random_state=0)),
            ("logistic", LogisticRegression(C=1.0, max_iter=3000)),
        ]
    )
    model.fit(train[FEATURES], train.arrival)
    return host_from_model(model, frame[["run_id", *FEATURES, "arrival"]], test_ids=test, **TIFFIN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
