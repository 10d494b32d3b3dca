"""The invented `pet` host of writer w29: a small-animal clinic's surgical cases, one row per pet after its operation.

`load_host()` fits a small synthetic model (a Nystroem kernel approximation, `Nystroem` with an RBF kernel and 120
components, whose features feed a logistic regression, behind a scaler and a one-hot encoder for the categories) on
320 of the 400 cases and builds the host from the model, the frame, the ids of the 80 held-out cases and the fields
of its host config with `simxai.hosts.host_from_model`, following the pattern of w27's hosts. It has two labels:
after discharge a pet `recovers` at home or is `readmitted` to the clinic within 14 days. Nothing here comes from a
data set: the domain, its columns and its words were invented by w29 so that the router meets a host it was not
trained on. The column names are spelled the way a clinic system's export spells them.

    python simxai/eval_suite/router_training/people/w29/host_pet.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PET_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 98001
SIZE = 400
NUMERIC = ["AgeYrs", "Weight_kg", "AnaesthMins", "PreOpHCT", "ASA_Grade", "PostOpTempC", "PainScore"]
CATEGORICAL = ["Species", "ProcType"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PET_CONFIG: dict[str, Any] = {
    "name": "post-op recovery",
    "target": "Outcome",
    "class_names": {"0": "recovers", "1": "readmitted"},
    "instance_noun": "pet",
    "id_column": "CaseNo",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "Species": {"0": "dog", "1": "cat", "2": "rabbit"},
        "ProcType": {"0": "soft_tissue", "1": "orthopaedic", "2": "dental"},
    },
    "immutable_features": ["Species", "AgeYrs"],
    "feature_aliases": {
        "Species": ["species", "animal"],
        "ProcType": ["procedure", "proc", "surgery type", "op type"],
        "AgeYrs": ["age", "years old"],
        "Weight_kg": ["weight", "bodyweight", "kg"],
        "AnaesthMins": ["anaesthetic time", "anaesthesia", "time under", "GA time"],
        "PreOpHCT": ["haematocrit", "HCT", "PCV", "pre-op HCT"],
        "ASA_Grade": ["ASA", "ASA grade", "anaesthetic risk grade"],
        "PostOpTempC": ["temperature", "temp", "post-op temp"],
        "PainScore": ["pain", "pain score"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Surgical cases of an invented small-animal clinic, one row per pet at discharge after its "
        "operation, used to plan post-op check calls.",
        "feature_descriptions": {
            "Species": "the animal: dog, cat or rabbit",
            "ProcType": "the kind of operation: soft_tissue, orthopaedic or dental",
            "AgeYrs": "age in years",
            "Weight_kg": "bodyweight at admission, in kg",
            "AnaesthMins": "minutes under general anaesthetic",
            "PreOpHCT": "haematocrit (packed cell volume) before the operation, in %",
            "ASA_Grade": "the anaesthetic risk grade, 1 (healthy) to 4 (severe disease)",
            "PostOpTempC": "rectal temperature at discharge, in degrees C",
            "PainScore": "the pain score at discharge, 0 (none) to 10",
        },
        "target_description": "what happens in the 14 days after discharge: the pet recovers at home or is "
        "readmitted to the clinic",
        "model_description": "A Nystroem kernel approximation (RBF kernel, 120 components) of the scaled columns "
        "feeding a logistic regression; species and procedure one-hot encoded.",
        "training": "Fitted on 320 of the 400 synthetic cases; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic surgical cases, invented for testing; not a real clinic's records.",
            "Does not know about the owner's home care, the surgeon, the drugs given or wound licking.",
            "Rabbits are few in the data (about one case in ten), so its calls on them are less sure.",
        ],
        "label_meanings": {
            "recovers": "the pet recovers at home with no readmission in the 14 days after discharge",
            "readmitted": "the pet comes back and is readmitted to the clinic within 14 days of discharge",
        },
        "probability_meaning": "The model's estimated probability of each of the two outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(98098)
    n = SIZE
    species = rng.choice(3, n, p=[0.55, 0.35, 0.10])
    weight = np.where(
        species == 0,
        np.clip(rng.normal(22, 10, n), 2.5, 60),
        np.where(species == 1, np.clip(rng.normal(4.5, 1.2, n), 2, 9), np.clip(rng.normal(2, 0.5, n), 0.8, 4)),
    )
    proc = rng.choice(3, n, p=[0.5, 0.25, 0.25])
    frame = pd.DataFrame(
        {
            "CaseNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Species": species,
            "ProcType": proc,
            "AgeYrs": np.round(np.clip(rng.gamma(2.2, 2.6, n), 0.3, 17), 1),
            "Weight_kg": np.round(weight, 1),
            "AnaesthMins": np.clip(np.round(rng.gamma(3.0, 25.0, n)), 15, 240).astype(int),
            "PreOpHCT": np.clip(np.round(rng.normal(42, 7, n)), 18, 60).astype(int),
            "ASA_Grade": rng.choice([1, 2, 3, 4], n, p=[0.35, 0.35, 0.2, 0.1]),
            "PostOpTempC": np.round(np.clip(rng.normal(38.3, 0.7, n), 35.8, 40.4), 1),
            "PainScore": rng.integers(0, 9, n),
        }
    )
    risk = (
        0.013 * frame.AnaesthMins
        + 0.09 * frame.AgeYrs
        - 0.07 * (frame.PreOpHCT - 42)
        + 0.55 * (frame.ASA_Grade - 2)
        + 0.7 * (frame.ProcType == 1)
        + 0.5 * (frame.Species == 2)
        + 0.9 * (frame.PostOpTempC - 38.3).abs()
        + 0.15 * frame.PainScore
        + rng.normal(0, 0.7, n)
    )
    frame["Outcome"] = (risk > 3.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 cases the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(980).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pet host in memory, its model fitted on the cases outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.kernel_approximation import Nystroem
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.CaseNo.isin(test)]
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
            ("kernel", Nystroem(kernel="rbf", gamma=0.05, n_components=120, random_state=0)),
            ("logistic", LogisticRegression(C=3.0, max_iter=3000)),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["CaseNo", *FEATURES, "Outcome"]], test_ids=test, **PET_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
