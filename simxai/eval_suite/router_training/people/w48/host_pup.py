"""The invented `pup` host of writer w48: seal pups taken in by an invented seal rescue station, one row per pup.

`load_host()` fits a small synthetic model (a support vector machine with an RBF kernel, its probabilities
Platt-scaled by `CalibratedClassifierCV`, behind a scaler and a one-hot encoder for the finding place and the
lungworm flag) on 240 of the 300 pups and builds the host from the model, the frame, the ids of the 60 held-out pups
and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a pup is `released` back
to the Wadden Sea within its season or `kept` (held over, or handed on to a sanctuary). Nothing here comes from a
data set: the domain, its columns and its words were invented by w48 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w48/host_pup.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PUP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 119001
SIZE = 300
NUMERIC = ["AdmitWeight_kg", "AgeWeeks", "DaysInCare", "WhiteCells", "pool_temp_C", "FishPerDay_kg"]
CATEGORICAL = ["FoundAt", "Lungworm"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PUP_CONFIG: dict[str, Any] = {
    "name": "seal pup rescue",
    "target": "Outcome",
    "class_names": {"0": "released", "1": "kept"},
    "instance_noun": "pup",
    "id_column": "PupNo",
    "category_names": {"FoundAt": {"0": "beach", "1": "harbour", "2": "sandbank"}},
    "immutable_features": ["AgeWeeks"],
    "feature_aliases": {
        "FoundAt": ["found at", "where found", "finding place"],
        "Lungworm": ["lungworm", "worms", "lung worm"],
        "AdmitWeight_kg": ["admission weight", "weight", "weight at intake"],
        "AgeWeeks": ["age", "age in weeks"],
        "DaysInCare": ["days in care", "care days", "stay"],
        "WhiteCells": ["white cells", "white blood cells", "wbc"],
        "pool_temp_C": ["pool temperature", "water temp", "pool temp"],
        "FishPerDay_kg": ["fish per day", "herring", "daily fish"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Seal pups taken in by an invented seal rescue station on the Wadden coast, one row per pup, "
        "recorded at the end of its season.",
        "feature_descriptions": {
            "FoundAt": "where the pup was found: beach, harbour or sandbank",
            "Lungworm": "whether lungworm was found at intake (True/False)",
            "AdmitWeight_kg": "the pup's weight when it came in, in kilograms",
            "AgeWeeks": "the pup's estimated age at intake, in weeks",
            "DaysInCare": "days the pup has spent at the station",
            "WhiteCells": "white blood cell count at the last check, in thousands per microlitre",
            "pool_temp_C": "temperature of the pup's pool, in degrees C",
            "FishPerDay_kg": "herring eaten per day in the last week, in kilograms",
        },
        "target_description": "whether the pup is released within its season or kept",
        "model_description": "A support vector machine with an RBF kernel (C=2), its scores Platt-scaled into "
        "probabilities (five folds, one fit), on the scaled numbers and the one-hot encoded finding place and "
        "lungworm flag.",
        "training": "Fitted on 240 of the 300 synthetic pups; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pups, invented for testing; not a real rescue station's records.",
            "Does not know the pup's species, its injuries or the keeper on duty.",
        ],
        "label_meanings": {
            "released": "the pup is fit and goes back to the sea within its season",
            "kept": "the pup stays on past its season or goes to a sanctuary",
        },
        "probability_meaning": "The model's estimated probability of each outcome, from Platt scaling of the SVM's "
        "scores (the two add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(119111)
    n = SIZE
    age = rng.integers(1, 13, n)
    weight = np.round(np.clip(rng.normal(7 + 0.6 * age, 2.0, n), 5, 22), 1)
    lungworm = rng.random(n) < 0.35
    frame = pd.DataFrame(
        {
            "PupNo": np.arange(FIRST_ID, FIRST_ID + n),
            "FoundAt": rng.choice(3, n, p=[0.5, 0.2, 0.3]),
            "Lungworm": lungworm,
            "AdmitWeight_kg": weight,
            "AgeWeeks": age,
            "DaysInCare": np.clip(np.round(rng.normal(55 + 15 * lungworm, 20, n)), 10, 130).astype(int),
            "WhiteCells": np.round(np.clip(rng.normal(11 + 4 * lungworm, 4, n), 4, 32), 1),
            "pool_temp_C": np.round(rng.uniform(6, 18, n), 1),
            "FishPerDay_kg": np.round(np.clip(rng.normal(1.6, 0.5, n), 0.2, 3.2), 1),
        }
    )
    fit = (
        0.25 * (frame.AdmitWeight_kg - 10)
        - 1.1 * frame.Lungworm
        - 0.12 * (frame.WhiteCells - 11)
        + 0.9 * (frame.FishPerDay_kg - 1.6)
        + 0.02 * (frame.DaysInCare - 55)
        - 0.6 * (frame.FoundAt == 1)
        - 0.08 * np.abs(frame.pool_temp_C - 12)
        + rng.normal(0, 0.7, n)
    )
    frame["Outcome"] = (fit < np.quantile(fit, 0.42)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 pups the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1190).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pup host in memory, its model fitted on the pups outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import SVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.PupNo.isin(test)]
    encoder = OneHotEncoder(handle_unknown="ignore", sparse_output=False)
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer([("categories", encoder, CATEGORICAL), ("numbers", StandardScaler(), NUMERIC)]),
            ),
            ("svm", CalibratedClassifierCV(SVC(kernel="rbf", C=2.0), method="sigmoid", ensemble=False)),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["PupNo", *FEATURES, "Outcome"]], test_ids=test, **PUP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
