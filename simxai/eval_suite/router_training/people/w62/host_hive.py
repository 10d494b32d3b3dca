"""The invented `hive` host of writer w62: bee colonies of a small beekeeping cooperative, judged after winter.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` behind a `ColumnTransformer` that
one-hot encodes the bee breed and the True/False mite-treatment column and passes the numbers through, a
`Pipeline`) on 240 of the 300 colonies and builds the host from the model, the frame, the ids of the 60 held-out
colonies and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: at the first
spring inspection a colony is `strong`, `weak` (alive but small) or `dead_out`. Nothing here comes from a data
set: the domain, its columns and its words were invented by w62 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w62/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 132801
SIZE = 300
NUMERIC = [
    "mite load (%)",
    "FrameCount",
    "winter stores (kg)",
    "queen age (months)",
    "inspections per season",
    "Elevation",
]
CATEGORICAL = ["breed", "treated_for_mites"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "bee colonies",
    "target": "spring_state",
    "class_names": {"0": "strong", "1": "weak", "2": "dead_out"},
    "instance_noun": "hive",
    "id_column": "hive_no",
    "category_names": {"breed": {"0": "carniolan", "1": "buckfast", "2": "italian"}},
    "immutable_features": ["breed"],
    "feature_aliases": {
        "breed": ["bee breed", "race", "the bees"],
        "treated_for_mites": ["treated for mites", "mite treatment", "treated", "oxalic"],
        "mite load (%)": ["mite load", "mites", "varroa", "mite count"],
        "FrameCount": ["frame count", "frames", "number of frames"],
        "winter stores (kg)": ["winter stores", "stores", "honey left", "food"],
        "queen age (months)": ["queen age", "age of the queen", "queen"],
        "inspections per season": ["inspections", "visits", "checks"],
        "Elevation": ["elevation", "altitude", "height above sea level"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Bee colonies of an invented beekeeping cooperative, one row per hive, judged at the first "
        "spring inspection.",
        "feature_descriptions": {
            "breed": "the breed of the bees: carniolan, buckfast or italian",
            "treated_for_mites": "whether the colony got an autumn varroa treatment (True/False)",
            "mite load (%)": "mites per hundred bees in the last autumn wash, in percent",
            "FrameCount": "frames covered with bees at the last autumn inspection",
            "winter stores (kg)": "honey and syrup left in the hive going into winter, in kilograms",
            "queen age (months)": "age of the queen going into winter, in months",
            "inspections per season": "how many times the hive was opened during the last season",
            "Elevation": "height of the apiary above sea level, in metres",
        },
        "target_description": "the colony at the first spring inspection: strong, weak or dead",
        "model_description": "A random forest of 80 trees on the raw numbers, the breed and the treatment column "
        "one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic colonies; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic colonies, invented for testing; not a real cooperative's records.",
            "Does not know the weather, the forage around the apiary, nosema or who keeps the hive.",
        ],
        "label_meanings": {
            "strong": "the colony comes out of winter on many frames and needs nothing",
            "weak": "the colony is alive but small and needs feeding or uniting",
            "dead_out": "the colony died over winter",
        },
        "probability_meaning": "The share of the forest's trees that vote for each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(132862)
    n = SIZE
    breed = rng.choice(3, n, p=[0.4, 0.3, 0.3])
    treated = rng.random(n) < 0.65
    frame = pd.DataFrame(
        {
            "hive_no": np.arange(FIRST_ID, FIRST_ID + n),
            "breed": breed,
            "treated_for_mites": treated,
            "mite load (%)": np.round(rng.uniform(0, 12, n), 1),
            "FrameCount": rng.integers(4, 21, n),
            "winter stores (kg)": rng.integers(5, 31, n),
            "queen age (months)": rng.integers(1, 49, n),
            "inspections per season": rng.integers(0, 16, n),
            "Elevation": rng.integers(100, 901, n),
        }
    )
    death = (
        0.35 * (frame["mite load (%)"] - 6)
        - 1.0 * treated
        - 0.12 * (frame["winter stores (kg)"] - 18)
        + 0.002 * (frame.Elevation - 500)
        + rng.normal(0, 0.6, n)
    )
    weakness = (
        -0.2 * (frame.FrameCount - 12)
        + 0.05 * (frame["queen age (months)"] - 24)
        - 0.08 * (frame["inspections per season"] - 7)
        + 0.5 * (breed == 2)
        + rng.normal(0, 0.6, n)
    )
    label = np.where(death > np.quantile(death, 0.75), 2, np.where(weakness > np.quantile(weakness, 0.55), 1, 0))
    frame["spring_state"] = label
    return frame


def held_out_ids() -> list[int]:
    """The 60 colonies the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1328).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the colonies outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomForestClassifier
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
            ("forest", RandomForestClassifier(n_estimators=80, max_depth=6, min_samples_leaf=3, random_state=132)),
        ]
    )
    model.fit(train[FEATURES], train.spring_state)
    return host_from_model(model, frame[["hive_no", *FEATURES, "spring_state"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
