"""The invented `haybale` host of guard writer g43: small square hay bales and how each one kept in store.

`load_host()` builds a seeded frame of 200 hay bales (ids 156201-156400) of an invented hill farm's winter store
and fits a scikit-learn `RandomForestClassifier` on 160 of them; the other 40 are held out for the performance
figures. Each row is one bale; the farm's spring check graded it `sweet`, `dusty` or `mouldy`. Nothing here comes
from a data set: the domain, its columns and its words were invented by gdev46 for g43. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `has_preservative` holds True/False.

    python simxai/eval_suite/guard/written/g43/host_haybale.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HAYBALE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 156201
SIZE = 200
FEATURES = [
    "moisturePct",
    "Bale Weight [kg]",
    "drying_days",
    "Storage",
    "has_preservative",
    "rain after cut mm",
    "weeksStored",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HAYBALE_CONFIG: dict[str, Any] = {
    "name": "hill farm hay store spring check",
    "target": "grade",
    "class_names": {"0": "sweet", "1": "dusty", "2": "mouldy"},
    "instance_noun": "bale",
    "id_column": "bale_id",
    "category_names": {
        "Storage": {"0": "barn", "1": "tarp", "2": "open"},
        "has_preservative": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Bale Weight [kg]"],
    "feature_aliases": {
        "moisturePct": ["moisture", "moisture at baling", "how damp it was"],
        "Bale Weight [kg]": ["bale weight", "weight", "how heavy the bale is"],
        "drying_days": ["drying days", "days in the swath", "days it dried"],
        "Storage": ["storage", "where it was stored", "store"],
        "has_preservative": ["preservative", "acid preservative", "treated"],
        "rain after cut mm": ["rain after cutting", "rain on the swath", "rain"],
        "weeksStored": ["weeks stored", "weeks in store", "time in store"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Small square hay bales in the winter store of an invented hill farm, one row per bale, "
        "with the grade the spring check gave it.",
        "feature_descriptions": {
            "moisturePct": "moisture of the hay when it was baled, in percent",
            "Bale Weight [kg]": "the bale's weight at baling, in kilograms",
            "drying_days": "days the cut grass lay drying in the field before baling",
            "Storage": "where the bale was kept: barn, tarp (stacked outside under a tarpaulin) or open",
            "has_preservative": "whether an acid preservative was sprayed at baling (True) or not (False)",
            "rain after cut mm": "rain that fell on the cut grass before baling, in millimetres",
            "weeksStored": "weeks between baling and the spring check",
        },
        "target_description": "the spring check's grade: sweet (good feed), dusty (fit only for bedding or "
        "soaking) or mouldy (to be burnt or composted)",
        "model_description": "a scikit-learn RandomForestClassifier (90 trees, depth at most 5, seed 46) on the "
        "raw columns; the storage enters as its code and the preservative as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic bales; the other 40 are held out for the performance figures.",
        "limitations": [
            "Synthetic bales, invented for testing; not a real farm's records.",
            "Only 40 bales are held out, so each performance figure moves with a few bales.",
        ],
        "label_meanings": {
            "sweet": "the bale kept well and is good feed",
            "dusty": "the bale is dusty and fit only for bedding or soaking",
            "mouldy": "the bale went mouldy and must be thrown away",
        },
        "probability_meaning": "The share of the forest's trees voting for each grade (predict_proba); the three "
        "sum to 1 and the grade with the highest share is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(46201)
    n = SIZE
    moisture = np.round(rng.uniform(11.0, 26.0, n), 1)
    weight = rng.integers(18, 32, n)
    drying = rng.integers(2, 7, n)
    storage = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    preservative = rng.random(n) < 0.4
    rain = np.round(rng.exponential(6.0, n), 1)
    weeks = rng.integers(8, 33, n)
    frame = pd.DataFrame(
        {
            "bale_id": np.arange(FIRST_ID, FIRST_ID + n),
            "moisturePct": moisture,
            "Bale Weight [kg]": weight,
            "drying_days": drying,
            "Storage": storage,
            "has_preservative": preservative,
            "rain after cut mm": rain,
            "weeksStored": weeks,
        }
    )
    spoil = 0.28 * (moisture - 18) + 0.7 * (storage == 2) + 0.3 * (storage == 1) - 0.9 * preservative
    spoil = spoil + 0.06 * (rain - 6) - 0.2 * (drying - 4) + 0.03 * (weeks - 20) + 0.04 * (weight - 25)
    spoil = spoil + rng.normal(0, 0.6, n)
    frame["grade"] = np.where(spoil > 0.9, 2, np.where(spoil < -0.5, 0, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 40 bales the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1562).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hay-bale host in memory, fitted on the bales outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bale_id.isin(test)]
    model = RandomForestClassifier(n_estimators=90, max_depth=5, random_state=46)
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["bale_id", *FEATURES, "grade"]], test_ids=test, **HAYBALE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
