"""The invented `candle` host of guard writer g27: hand-poured container candles of a small workshop, test-burned.

`load_host()` builds a seeded frame of 300 candles (ids 119601-119900) poured by an invented workshop and fits
scikit-learn's `RidgeClassifier` (alpha 3), Platt-scaled per class by `CalibratedClassifierCV` (sigmoid, 4 folds,
one refit), on the standardized columns of 240 of them; the other 60 are held out for the performance figures.
Each candle's first test burn ended `even` (a full melt pool, clean flame), `tunnels` (the wax melted down the
middle, leaving a wall) or `sooty` (a tall flickering flame that blackened the glass). Nothing here comes from a
data set: the domain, its columns and its words were invented by g27. The `Dyed` column holds True/False.

    python simxai/eval_suite/guard/written/g27/host_candle.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CANDLE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 119601
SIZE = 300
FEATURES = ["Wick Width (mm)", "pour_temp_c", "FragranceLoad", "cure days", "jar_diameter_cm", "Dyed", "WaxBlend"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CANDLE_CONFIG: dict[str, Any] = {
    "name": "candle workshop test burns",
    "target": "first_burn",
    "class_names": {"0": "even", "1": "tunnels", "2": "sooty"},
    "instance_noun": "candle",
    "id_column": "candle_id",
    "category_names": {
        "WaxBlend": {"0": "soy", "1": "paraffin", "2": "beeswax", "3": "coconut"},
        "Dyed": {"False": "False", "True": "True"},
    },
    "immutable_features": ["jar_diameter_cm"],
    "feature_aliases": {
        "Wick Width (mm)": ["wick", "wick width", "wick size"],
        "pour_temp_c": ["pour temperature", "pouring temperature", "pour temp"],
        "FragranceLoad": ["fragrance", "fragrance load", "scent load", "fragrance oil"],
        "cure days": ["cure", "cure time", "curing"],
        "jar_diameter_cm": ["jar diameter", "jar width", "vessel diameter"],
        "Dyed": ["dye", "dyed", "colour", "colored"],
        "WaxBlend": ["wax", "wax blend", "wax type"],
    },
    "seed": 0,
    "cards": {
        "description": "Container candles hand-poured by an invented candle workshop, one row per candle, each "
        "test-burned once.",
        "feature_descriptions": {
            "Wick Width (mm)": "width of the flat-braided cotton wick, in millimetres",
            "pour_temp_c": "temperature of the wax when it was poured into the jar, in degrees Celsius",
            "FragranceLoad": "fragrance oil as a share of the wax weight, in percent",
            "cure days": "days the candle rested between pouring and its test burn",
            "jar_diameter_cm": "inner diameter of the glass jar, in centimetres",
            "Dyed": "whether colour dye was added to the wax (True/False)",
            "WaxBlend": "main wax of the blend: soy, paraffin, beeswax or coconut",
        },
        "target_description": "how the candle's first three-hour test burn ended: even, tunnels or sooty",
        "model_description": "scikit-learn RidgeClassifier (alpha 3) on standardized columns, Platt-scaled per "
        "class by a sigmoid fitted over 4 folds; the wax blend enters as its code and Dyed as 0/1.",
        "training": "Fitted on 240 of the 300 synthetic candles; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic candles, invented for testing; not a real workshop's records.",
            "The wax blend enters as a numeric code, as if the waxes were ordered.",
            "A linear model: it cannot learn that a wick can be both too thin and too thick for its jar.",
        ],
        "label_meanings": {
            "even": "the melt pool reached the glass and the flame stayed calm",
            "tunnels": "the wax melted down the middle only, leaving a wall of unburnt wax",
            "sooty": "the flame grew tall and flickering and left black soot on the glass",
        },
        "probability_meaning": "The Platt-scaled probability of each ending, normalized so the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(27119)
    n = SIZE
    wax = rng.choice(4, n, p=[0.45, 0.2, 0.15, 0.2])
    jar = np.round(np.clip(rng.normal(8, 1.5, n), 5, 12), 1)
    wick = np.round(np.clip(rng.normal(4.0 + 0.35 * (jar - 8), 0.7, n), 2.0, 6.5), 1)
    pour = np.round(np.clip(rng.normal(72, 7, n), 55, 92)).astype(int)
    fragrance = np.round(np.clip(rng.normal(8, 2.2, n), 3, 12), 1)
    cure = rng.integers(1, 22, n)
    dyed = rng.random(n) < 0.35
    frame = pd.DataFrame(
        {
            "candle_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Wick Width (mm)": wick,
            "pour_temp_c": pour,
            "FragranceLoad": fragrance,
            "cure days": cure,
            "jar_diameter_cm": jar,
            "Dyed": dyed,
            "WaxBlend": wax,
        }
    )
    fit = wick - (4.0 + 0.35 * (jar - 8))
    tunnel = -1.8 * fit - 0.05 * (pour - 72) - 0.06 * (cure - 10) + 0.5 * (wax == 2) + rng.normal(0, 0.6, n)
    soot = 1.6 * fit + 0.3 * (fragrance - 8) + 0.6 * (wax == 1) + 0.4 * dyed + rng.normal(0, 0.6, n)
    state = np.zeros(n, dtype=int)
    state[tunnel > 0.55] = 1
    state[(soot > 0.6) & (soot > tunnel)] = 2
    frame["first_burn"] = state
    return frame


def held_out_ids() -> list[int]:
    """The 60 candles the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(27).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented candle host in memory, fitted on the candles outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.linear_model import RidgeClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.candle_id.isin(test)]
    model = make_pipeline(
        StandardScaler(),
        CalibratedClassifierCV(RidgeClassifier(alpha=3.0), method="sigmoid", cv=4, ensemble=False),
    )
    model.fit(train[FEATURES], train.first_burn)
    return host_from_model(model, frame[["candle_id", *FEATURES, "first_burn"]], test_ids=test, **CANDLE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
