"""The invented `hives` host of guard writer g22: beehives of a hill apiary, survived or lost over winter.

`load_host()` builds a seeded frame of 300 hives (ids 109101-109400) from an invented beekeepers' club's winter
log and fits scikit-learn's `BaggingClassifier` over `QuadraticDiscriminantAnalysis` (15 bags, regularized, seed
22) on 240 of them; the other 60 are held out for the performance figures. Nothing here comes from a data set: the
domain, its columns and its words were invented by g22.

    python simxai/eval_suite/guard/written/g22/host_hives.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVES_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 109101
SIZE = 300
NUMERIC = ["mite_count", "stores_kg", "bee_frames", "queen_age_yr", "altitude_m"]
CATEGORICAL = ["HiveBody"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVES_CONFIG: dict[str, Any] = {
    "name": "apiary winter log",
    "target": "winter",
    "class_names": {"0": "survived", "1": "lost"},
    "instance_noun": "hive",
    "id_column": "hive_id",
    "category_names": {"HiveBody": {"0": "wooden", "1": "polystyrene", "2": "top bar"}},
    "immutable_features": ["altitude_m"],
    "feature_aliases": {
        "mite_count": ["mites", "varroa", "mite load"],
        "stores_kg": ["stores", "honey stores", "food"],
        "bee_frames": ["frames of bees", "colony size", "cluster size"],
        "queen_age_yr": ["queen age", "age of the queen"],
        "altitude_m": ["altitude", "elevation"],
        "HiveBody": ["hive body", "hive type", "box"],
    },
    "seed": 0,
    "cards": {
        "description": "Hives of an invented beekeepers' club, one row per hive going into winter.",
        "feature_descriptions": {
            "mite_count": "varroa mites counted per 100 bees in the autumn wash",
            "stores_kg": "honey and syrup stores left in the hive in October, in kilograms",
            "bee_frames": "frames covered with bees at the last autumn check",
            "queen_age_yr": "age of the queen, in years",
            "altitude_m": "altitude of the apiary site, in metres",
            "HiveBody": "hive body: wooden, polystyrene or top bar",
        },
        "target_description": "whether the colony was alive at the first spring inspection",
        "model_description": "scikit-learn BaggingClassifier of 15 QuadraticDiscriminantAnalysis models "
        "(reg_param 0.3, seed 22); the hive body enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic hives; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hives, invented for testing; not a real club's records.",
            "The hive body enters as a numeric code, as if the types were ordered.",
            "Each bag assumes Gaussian classes; the probabilities are not calibrated.",
        ],
        "label_meanings": {
            "survived": "the colony was alive and queenright in spring",
            "lost": "the colony died or dwindled away over winter",
        },
        "probability_meaning": "The bagged average of the discriminant models' class probabilities; they sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(22022)
    n = SIZE
    body = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    mites = np.round(np.clip(rng.gamma(2.0, 1.6, n), 0, 15), 1)
    stores = np.round(np.clip(rng.normal(18, 5, n), 4, 32), 1)
    frames = rng.integers(3, 11, n)
    queen = rng.integers(0, 4, n)
    altitude = np.round(np.clip(rng.normal(450, 180, n), 80, 1100), -1).astype(int)
    frame = pd.DataFrame(
        {
            "hive_id": np.arange(FIRST_ID, FIRST_ID + n),
            "mite_count": mites,
            "stores_kg": stores,
            "bee_frames": frames,
            "queen_age_yr": queen,
            "altitude_m": altitude,
            "HiveBody": body,
        }
    )
    score = (
        0.45 * (mites - 3.2)
        - 0.15 * (stores - 18)
        - 0.3 * (frames - 6.5)
        + 0.35 * (queen - 1.5)
        + 0.002 * (altitude - 450)
        - 0.4 * (body == 1)
        + 0.5 * (body == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["winter"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 hives the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(22).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, fitted on the hives outside `held_out_ids()`."""
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.ensemble import BaggingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.hive_id.isin(test)]
    model = BaggingClassifier(QuadraticDiscriminantAnalysis(reg_param=0.3), n_estimators=15, random_state=22)
    model.fit(train[features], train.winter)
    return host_from_model(model, frame[["hive_id", *features, "winter"]], test_ids=test, **HIVES_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
