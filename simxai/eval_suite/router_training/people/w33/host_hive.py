"""The invented `hive` host of writer w33: beehives of an invented village apiary, one row per hive and winter.

`load_host()` fits a small synthetic model (a `CalibratedClassifierCV` around a seeded `LinearSVC`, sigmoid
calibration, cv=5, behind a scaler and a one-hot encoder for the apiary site) on 240 of the 300 hives and builds the
host with `simxai.hosts.host_from_model`. Three labels: in spring a hive is `strong`, `weak` or a `dead_out`. Domain,
columns and words were invented by w33; nothing comes from a data set.

    python simxai/eval_suite/router_training/people/w33/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 104001
SIZE = 300
NUMERIC = ["stores_kg", "MiteDrop", "frames_of_bees", "QueenAgeYrs", "syrup_litres", "autumn_temp_c"]
CATEGORICAL = ["site"]
FEATURES = [*CATEGORICAL, *NUMERIC]
HIVE_CONFIG: dict[str, Any] = {
    "name": "hive overwintering",
    "target": "Spring",
    "class_names": {"0": "strong", "1": "weak", "2": "dead_out"},
    "instance_noun": "hive",
    "id_column": "HiveNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"site": {"0": "churchyard", "1": "allotment", "2": "heath"}},
    "immutable_features": ["site"],
    "feature_aliases": {
        "site": ["site", "apiary", "where it stands"],
        "stores_kg": ["stores", "honey stores", "food stores"],
        "MiteDrop": ["mites", "mite drop", "varroa"],
        "frames_of_bees": ["frames of bees", "frames", "cluster size"],
        "QueenAgeYrs": ["queen age", "age of the queen", "queen"],
        "syrup_litres": ["syrup", "feed", "autumn feed"],
        "autumn_temp_c": ["autumn temperature", "temperature", "mean temperature"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Hives of an invented village apiary over one winter, one row per hive, used by the "
        "beekeepers to decide which colonies to feed, treat or unite in autumn.",
        "feature_descriptions": {
            "site": "where the hive stands: churchyard, allotment or heath",
            "stores_kg": "honey and syrup stores in the hive at the autumn check, in kilograms",
            "MiteDrop": "natural varroa mite drop per day on the board at the autumn check",
            "frames_of_bees": "frames covered by bees at the autumn check, 2 to 11",
            "QueenAgeYrs": "age of the queen in years, 0 to 4",
            "syrup_litres": "litres of sugar syrup fed in autumn",
            "autumn_temp_c": "mean October temperature at the site, in degrees Celsius",
        },
        "target_description": "how the hive came through the winter: strong, weak or dead_out",
        "model_description": "A linear support vector classifier calibrated with sigmoid scaling over 5 folds, on "
        "the scaled columns; the site one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic hives; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hives, invented for testing; not a real beekeeping association's records.",
            "Knows nothing about woodpeckers, wasps, mice in the brood box or nosema.",
        ],
        "label_meanings": {
            "strong": "in spring the colony covers six or more frames and is building up",
            "weak": "in spring the colony is alive but covers fewer than six frames",
            "dead_out": "the colony died over the winter",
        },
        "probability_meaning": "Calibrated probabilities of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(104044)
    n = SIZE
    site = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    frame = pd.DataFrame(
        {
            "HiveNo": np.arange(FIRST_ID, FIRST_ID + n),
            "site": site,
            "stores_kg": np.round(np.clip(rng.normal(16, 5, n), 3, 30), 1),
            "MiteDrop": np.round(np.clip(rng.gamma(1.6, 3.0, n), 0, 30), 1),
            "frames_of_bees": rng.integers(2, 12, n),
            "QueenAgeYrs": rng.integers(0, 5, n),
            "syrup_litres": rng.choice([0, 2, 4, 5, 6, 8, 10], n),
            "autumn_temp_c": np.round(rng.normal(10.5, 1.8, n) - (site == 2) * 1.5, 1),
        }
    )
    health = (
        0.12 * frame.stores_kg
        - 0.16 * frame.MiteDrop
        + 0.35 * frame.frames_of_bees
        - 0.3 * frame.QueenAgeYrs
        + 0.08 * frame.syrup_litres
        + 0.1 * frame.autumn_temp_c
        - 0.5 * (frame.site == 2)
        + rng.normal(0, 0.9, n)
    )
    cuts = np.quantile(health, [0.33, 0.67])
    frame["Spring"] = np.where(health > cuts[1], 0, np.where(health > cuts[0], 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 hives the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1040).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the hives outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import LinearSVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.HiveNo.isin(test)]
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
            (
                "calibrated_svc",
                CalibratedClassifierCV(LinearSVC(C=0.5, random_state=0), method="sigmoid", cv=5),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Spring)
    return host_from_model(model, frame[["HiveNo", *FEATURES, "Spring"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
