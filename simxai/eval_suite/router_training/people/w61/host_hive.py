"""The invented `hive` host of writer w61: honeybee colonies of a small commercial apiary, judged after winter.

`load_host()` fits a small synthetic model (a `GradientBoostingClassifier` of shallow trees, the apiary site and
the True/False varroa-treatment column one-hot encoded and the numbers passed through, a `Pipeline`) on 240 of the
300 colonies and builds the host from the model, the frame, the ids of the 60 held-out colonies and the fields of
its host config with `simxai.hosts.host_from_model`. It has three labels: at the first spring inspection a colony
is strong (`thriving`), alive but small (`weak`) or dead (`dead_out`). Nothing here comes from a data set: the
domain, its columns and its words were invented by w61 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w61/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 132201
SIZE = 300
NUMERIC = [
    "mite count (per 100 bees)",
    "FrameCount",
    "winter stores (kg)",
    "colony age (months)",
    "queen_age",
    "distance to water (m)",
]
CATEGORICAL = ["apiary_site", "varroa_treated"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "bee colonies",
    "target": "spring_state",
    "class_names": {"0": "thriving", "1": "weak", "2": "dead_out"},
    "instance_noun": "hive",
    "id_column": "hive_no",
    "category_names": {"apiary_site": {"0": "heath", "1": "orchard", "2": "rapeseed"}},
    "immutable_features": ["apiary_site"],
    "feature_aliases": {
        "apiary_site": ["apiary site", "site", "apiary", "yard"],
        "varroa_treated": ["varroa treated", "treated", "treatment", "oxalic"],
        "mite count (per 100 bees)": ["mite count", "mites", "mite load", "varroa count"],
        "FrameCount": ["frame count", "frames", "frames of bees"],
        "winter stores (kg)": ["winter stores", "stores", "honey stores", "feed"],
        "colony age (months)": ["colony age", "age of the colony"],
        "queen_age": ["queen age", "age of the queen", "queen"],
        "distance to water (m)": ["distance to water", "water distance", "water"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Honeybee colonies of an invented commercial apiary, one row per hive, judged at the first "
        "spring inspection.",
        "feature_descriptions": {
            "apiary_site": "where the hive stood over winter: heath, orchard or rapeseed fields",
            "varroa_treated": "whether the colony got its winter varroa treatment (True/False)",
            "mite count (per 100 bees)": "mites counted per 100 bees in the last autumn wash",
            "FrameCount": "frames covered with bees at the last autumn inspection",
            "winter stores (kg)": "honey and syrup stores left in the hive going into winter, in kilograms",
            "colony age (months)": "months since the colony was started or split",
            "queen_age": "age of the queen in years (0 to 4)",
            "distance to water (m)": "distance from the hive to the nearest open water, in metres",
        },
        "target_description": "the colony at the first spring inspection: thriving, weak, or dead",
        "model_description": "A gradient boosting classifier of shallow trees on the raw numbers, the apiary site "
        "and the varroa-treatment column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic hives; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hives, invented for testing; not a real apiary's records.",
            "Does not know the weather of the winter, the bee breed, pesticides nearby or who inspected the hive.",
        ],
        "label_meanings": {
            "thriving": "a strong colony at the first spring inspection, ready for the season",
            "weak": "alive but small at the first spring inspection, needs feeding or uniting",
            "dead_out": "the colony died over winter",
        },
        "probability_meaning": "The share of the boosted trees' vote for each outcome, as a probability.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(132261)
    n = SIZE
    site = rng.choice(3, n, p=[0.3, 0.4, 0.3])
    frame = pd.DataFrame(
        {
            "hive_no": np.arange(FIRST_ID, FIRST_ID + n),
            "apiary_site": site,
            "varroa_treated": rng.random(n) < 0.7,
            "mite count (per 100 bees)": np.round(rng.uniform(0.0, 12.0, n), 1),
            "FrameCount": rng.integers(4, 21, n),
            "winter stores (kg)": rng.integers(5, 31, n),
            "colony age (months)": rng.integers(1, 61, n),
            "queen_age": rng.integers(0, 5, n),
            "distance to water (m)": rng.integers(10, 801, n),
        }
    )
    death = (
        0.35 * (frame["mite count (per 100 bees)"] - 6)
        - 1.0 * frame.varroa_treated
        - 0.12 * (frame["winter stores (kg)"] - 18)
        + 0.3 * (frame.queen_age - 2)
        + rng.normal(0, 0.6, n)
    )
    weak = (
        -0.25 * (frame.FrameCount - 12)
        + 0.002 * (frame["distance to water (m)"] - 400)
        - 0.02 * (frame["colony age (months)"] - 30)
        + 0.6 * (site == 2)
        - 0.4 * (site == 0)
        + rng.normal(0, 0.6, n)
    )
    label = np.where(death > np.quantile(death, 0.75), 2, np.where(weak > np.quantile(weak, 0.55), 1, 0))
    frame["spring_state"] = label
    return frame


def held_out_ids() -> list[int]:
    """The 60 hives the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1322).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the hives outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.hive_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ],
                ),
            ),
            (
                "boost",
                GradientBoostingClassifier(n_estimators=80, max_depth=2, learning_rate=0.1, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.spring_state)
    return host_from_model(model, frame[["hive_no", *FEATURES, "spring_state"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
