"""The invented `hive` host of writer w36: spring inspections of an invented student apiary, one row per hive check.

`load_host()` fits a small synthetic model (a seeded soft `VotingClassifier` of a linear discriminant analysis and a
depth-3 decision tree, behind a scaler and a one-hot encoder for the hive type) on 240 of the 300 checks and builds
the host with `simxai.hosts.host_from_model`, following the pattern of the earlier writers' hosts. Three labels: a
colony is `thriving`, `weak` or `queenless`. Column names are abbreviations or carry a unit (`Wt_kg`, `Mites_per100`,
`Brood Frames`, `Days Since Insp`). Nothing comes from a data set: the domain and its columns were invented by w36.

    python simxai/eval_suite/router_training/people/w36/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 106401
SIZE = 300
NUMERIC = ["Wt_kg", "Mites_per100", "Brood Frames", "Temp_C", "Days Since Insp", "Queen Age Mo"]
CATEGORICAL = ["HiveType"]
FEATURES = [*CATEGORICAL, *NUMERIC]
HIVE_CONFIG: dict[str, Any] = {
    "name": "apiary colony check",
    "target": "colony",
    "class_names": {"0": "thriving", "1": "weak", "2": "queenless"},
    "instance_noun": "hive",
    "id_column": "check_id",
    "categorical_features": CATEGORICAL,
    "category_names": {"HiveType": {"0": "langstroth", "1": "top_bar", "2": "warre"}},
    "immutable_features": ["HiveType"],
    "feature_aliases": {
        "HiveType": ["hive type", "box type"],
        "Wt_kg": ["weight", "hive weight", "kilos"],
        "Mites_per100": ["mites", "varroa", "mite count", "mite load"],
        "Brood Frames": ["brood", "frames of brood"],
        "Temp_C": ["temperature", "temp", "outside temp"],
        "Days Since Insp": ["days since inspection", "days since last check"],
        "Queen Age Mo": ["queen age", "age of the queen"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Spring inspections of an invented student apiary, one row per check of one hive.",
        "feature_descriptions": {
            "HiveType": "the kind of hive: langstroth, top_bar or warre",
            "Wt_kg": "weight of the whole hive in kilograms",
            "Mites_per100": "varroa mites counted per 100 bees in a sugar roll",
            "Brood Frames": "number of frames with brood",
            "Temp_C": "outside temperature at the check, in degrees C",
            "Days Since Insp": "days since the hive was last opened",
            "Queen Age Mo": "age of the queen in months (0 when unknown or missing)",
        },
        "target_description": "the colony's state at the check: thriving, weak or queenless",
        "model_description": "A soft voting classifier averaging a linear discriminant analysis and a shallow "
        "decision tree; hive type one-hot encoded, numbers scaled.",
        "training": "Fitted on 240 of the 300 synthetic checks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic checks, invented for testing; not a real apiary's records.",
            "Does not know about forage, weather history, swarming or disease other than varroa.",
        ],
        "label_meanings": {
            "thriving": "a strong colony with a laying queen",
            "weak": "a small or struggling colony that still has a queen",
            "queenless": "no laying queen was found",
        },
        "probability_meaning": "The model's estimated probability of each of the three states (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(106436)
    n = SIZE
    frame = pd.DataFrame(
        {
            "check_id": np.arange(FIRST_ID, FIRST_ID + n),
            "HiveType": rng.choice(3, n, p=[0.6, 0.25, 0.15]),
            "Wt_kg": np.round(np.clip(rng.normal(38, 9, n), 15, 65), 1),
            "Mites_per100": np.clip(np.round(rng.gamma(2.0, 1.6, n)), 0, 15).astype(int),
            "Brood Frames": np.clip(np.round(rng.normal(5, 2.2, n)), 0, 10).astype(int),
            "Temp_C": np.round(np.clip(rng.normal(17, 4, n), 6, 30), 1),
            "Days Since Insp": np.clip(np.round(rng.normal(12, 6, n)), 2, 40).astype(int),
            "Queen Age Mo": np.clip(np.round(rng.normal(14, 8, n)), 0, 40).astype(int),
        }
    )
    strength = (
        0.08 * (frame.Wt_kg - 38)
        + 0.45 * (frame["Brood Frames"] - 5)
        - 0.35 * frame["Mites_per100"]
        + 0.05 * (frame.Temp_C - 17)
        + rng.normal(0, 0.7, n)
    )
    queen = 0.06 * frame["Queen Age Mo"] + 0.04 * frame["Days Since Insp"] - 0.3 * frame["Brood Frames"]
    queen = queen + rng.normal(0, 0.5, n)
    frame["colony"] = np.where(queen > 0.9, 2, np.where(strength < -0.6, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1064).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the checks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.ensemble import VotingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.check_id.isin(test)]
    vote = VotingClassifier(
        [("lda", LinearDiscriminantAnalysis()), ("tree", DecisionTreeClassifier(max_depth=3, random_state=0))],
        voting="soft",
    )
    columns = ColumnTransformer(
        [
            ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    model = Pipeline([("columns", columns), ("vote", vote)])
    model.fit(train[FEATURES], train.colony)
    return host_from_model(model, frame[["check_id", *FEATURES, "colony"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
