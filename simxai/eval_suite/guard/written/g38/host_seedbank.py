"""The invented `seedbank` host of guard writer g38: stored seed lots and whether a germination test passed.

`load_host()` builds a seeded frame of 100 seed lots (ids 145401-145500) kept by an invented village seed library
and fits a scikit-learn `GradientBoostingClassifier` on 80 of them; the other 20 are held out for the performance
figures. Each row is one lot; the library's spring germination test recorded it `sprouted` or `failed`. Nothing
here comes from a data set: the domain, its columns and its words were invented by g38. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `vacuum_sealed` holds True/False.

    python simxai/eval_suite/guard/written/g38/host_seedbank.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SEEDBANK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 145401
SIZE = 100
FEATURES = ["storageYears", "Seed Family", "vacuum_sealed", "moisture [%]", "Fridge Temp C", "seed_mass_mg"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SEEDBANK_CONFIG: dict[str, Any] = {
    "name": "village seed library germination tests",
    "target": "result",
    "class_names": {"0": "sprouted", "1": "failed"},
    "instance_noun": "lot",
    "id_column": "lot_id",
    "category_names": {
        "Seed Family": {"0": "legume", "1": "grass", "2": "aster"},
        "vacuum_sealed": {"False": "False", "True": "True"},
    },
    "immutable_features": ["seed_mass_mg"],
    "feature_aliases": {
        "storageYears": ["years in storage", "storage time", "how long it was stored"],
        "Seed Family": ["family", "plant family", "kind of seed"],
        "vacuum_sealed": ["sealed", "vacuum packing", "airtight"],
        "moisture [%]": ["moisture", "seed moisture", "how damp the seed is"],
        "Fridge Temp C": ["fridge temperature", "storage temperature", "how cold it is kept"],
        "seed_mass_mg": ["seed mass", "seed weight", "mass of a seed"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Seed lots kept by an invented village seed library, one row per lot, with what the "
        "library's spring germination test found.",
        "feature_descriptions": {
            "storageYears": "years since the lot was collected and stored",
            "Seed Family": "the plant family of the lot: legume, grass or aster",
            "vacuum_sealed": "whether the lot is vacuum sealed (True) or in a paper envelope (False)",
            "moisture [%]": "seed moisture content at storage, in percent",
            "Fridge Temp C": "temperature of the fridge the lot is kept in, in degrees Celsius",
            "seed_mass_mg": "average mass of one seed, in milligrams",
        },
        "target_description": "what the germination test found: sprouted (at least half of a sample of seeds "
        "grew) or failed",
        "model_description": "a scikit-learn GradientBoostingClassifier (60 trees, depth 2, learning rate 0.1, "
        "seed 38) on the raw columns; the family enters as its code and the sealing as 0/1.",
        "training": "Fitted on 80 of the 100 synthetic lots; the other 20 are held out for the performance figures.",
        "limitations": [
            "Synthetic lots, invented for testing; not a real library's records.",
            "Only 20 lots are held out, so each performance figure moves a lot with one lot.",
        ],
        "label_meanings": {
            "sprouted": "the sample germinated well enough to keep the lot",
            "failed": "the sample germinated poorly and the lot needs regrowing",
        },
        "probability_meaning": "The model's score for each result (from predict_proba); the two sum to 1 and the "
        "result with the higher score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(38401)
    n = SIZE
    years = rng.integers(1, 15, n)
    family = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    sealed = rng.random(n) < 0.45
    moisture = np.round(rng.uniform(4.0, 14.0, n), 1)
    temp = np.round(rng.uniform(-2.0, 9.0, n), 1)
    mass = np.round(rng.gamma(3.0, 12.0, n), 1)
    frame = pd.DataFrame(
        {
            "lot_id": np.arange(FIRST_ID, FIRST_ID + n),
            "storageYears": years,
            "Seed Family": family,
            "vacuum_sealed": sealed,
            "moisture [%]": moisture,
            "Fridge Temp C": temp,
            "seed_mass_mg": mass,
        }
    )
    risk = 0.3 * (years - 7) + 0.35 * (moisture - 9) + 0.15 * (temp - 3.5) - 0.9 * sealed
    risk = risk + 0.7 * (family == 2) - 0.5 * (family == 0) - 0.01 * (mass - 36) + rng.normal(0, 0.8, n)
    frame["result"] = (risk > 0.6).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 20 lots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1454).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented seed-bank host in memory, fitted on the lots outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.lot_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=38)
    model.fit(train[FEATURES], train.result)
    return host_from_model(model, frame[["lot_id", *FEATURES, "result"]], test_ids=test, **SEEDBANK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
