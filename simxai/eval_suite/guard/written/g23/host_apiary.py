"""The invented `apiary` host of guard writer g23: beehives of an invented hill apiary, survived or lost over winter.

`load_host()` builds a seeded frame of 300 hives (ids 111201-111500) checked each autumn at an invented hill
apiary and fits scikit-learn's `NuSVC` (an RBF kernel, seeded, its probabilities Platt-scaled on five folds) on
the standardized columns of 240 of them; the other 60 are held out for the performance figures. Nothing here
comes from a data set: the domain, its columns and its words were invented by g23.

    python simxai/eval_suite/guard/written/g23/host_apiary.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVES_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 111201
SIZE = 300
NUMERIC = ["stores_kg", "mites_per_100", "brood_frames", "queen_age_months", "altitude_m"]
CATEGORICAL = ["HiveType"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVES_CONFIG: dict[str, Any] = {
    "name": "hill apiary winter records",
    "target": "winter",
    "class_names": {"0": "survived", "1": "lost"},
    "instance_noun": "hive",
    "id_column": "hive_id",
    "category_names": {"HiveType": {"0": "langstroth", "1": "top bar", "2": "warre"}},
    "immutable_features": ["altitude_m"],
    "feature_aliases": {
        "stores_kg": ["honey stores", "stores", "food left"],
        "mites_per_100": ["mite load", "varroa count", "mites"],
        "brood_frames": ["brood", "frames of brood"],
        "queen_age_months": ["queen age", "age of the queen"],
        "altitude_m": ["altitude", "height of the site"],
        "HiveType": ["hive type", "kind of hive"],
    },
    "seed": 0,
    "cards": {
        "description": "Hives of an invented hill apiary, checked in late autumn, one row per hive.",
        "feature_descriptions": {
            "stores_kg": "honey stores left in the hive at the autumn check, in kilograms",
            "mites_per_100": "varroa mites counted per 100 bees in an alcohol wash",
            "brood_frames": "frames holding brood at the autumn check",
            "queen_age_months": "age of the queen, in months",
            "altitude_m": "altitude of the hive's stand, in metres",
            "HiveType": "hive type: langstroth, top bar or warre",
        },
        "target_description": "whether the colony was alive at the spring check",
        "model_description": "scikit-learn NuSVC (RBF kernel, nu 0.5, seed 23), Platt-scaled on 5 folds by "
        "CalibratedClassifierCV, on standardized columns; the hive type enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic hives; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hives, invented for testing; not a real apiary's records.",
            "The hive type enters as a numeric code, as if the types were ordered.",
            "Platt scaling on internal folds gives the probabilities; they can disagree with the SVM's own vote.",
        ],
        "label_meanings": {
            "survived": "the colony was alive and had a laying queen at the spring check",
            "lost": "the colony had died or dwindled away by spring",
        },
        "probability_meaning": "The Platt-scaled probability of each outcome; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(23111)
    n = SIZE
    kind = rng.choice(3, n, p=[0.55, 0.25, 0.2])
    stores = np.round(np.clip(rng.normal(16, 5, n), 3, 32), 1)
    mites = np.round(np.clip(rng.gamma(2.0, 1.5, n), 0, 15), 1)
    brood = rng.integers(1, 9, n)
    queen = rng.integers(3, 37, n)
    altitude = np.round(np.clip(rng.normal(600, 180, n), 150, 1100), -1).astype(int)
    frame = pd.DataFrame(
        {
            "hive_id": np.arange(FIRST_ID, FIRST_ID + n),
            "stores_kg": stores,
            "mites_per_100": mites,
            "brood_frames": brood,
            "queen_age_months": queen,
            "altitude_m": altitude,
            "HiveType": kind,
        }
    )
    score = (
        -0.22 * (stores - 16)
        + 0.45 * (mites - 3)
        - 0.2 * (brood - 4.5)
        + 0.05 * (queen - 18)
        + 0.002 * (altitude - 600)
        + 0.4 * (kind == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["winter"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 hives the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(23).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, fitted on the hives outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import NuSVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.hive_id.isin(test)]
    svm = NuSVC(nu=0.5, kernel="rbf", random_state=23)
    model = make_pipeline(StandardScaler(), CalibratedClassifierCV(svm, method="sigmoid", cv=5, ensemble=False))
    model.fit(train[features], train.winter)
    return host_from_model(model, frame[["hive_id", *features, "winter"]], test_ids=test, **HIVES_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
