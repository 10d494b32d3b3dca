"""The invented `queen` host of writer w61: virgin queens the same apiary raises each summer, judged at mating.

`load_host()` fits a small synthetic model (a `KNeighborsClassifier` on the standardised numbers, the breed and
the True/False grafted column one-hot encoded, a `Pipeline`) on 240 of the 300 queens and builds the host from the
model, the frame, the ids of the 60 held-out queens and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: three weeks after she emerges a queen is laying (`mated`) or
lost, drone-laying or never back from her flight (`failed`). Nothing here comes from a data set: the domain, its
columns and its words were invented by w61 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w61/host_queen.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["QUEEN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 132501
SIZE = 300
NUMERIC = [
    "larva age (h)",
    "nuc bees (g)",
    "rain days",
    "max temp (C)",
    "DroneColonies",
    "elevation (m)",
]
CATEGORICAL = ["breed", "grafted"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
QUEEN_CONFIG: dict[str, Any] = {
    "name": "queen rearing",
    "target": "mating_result",
    "class_names": {"0": "mated", "1": "failed"},
    "instance_noun": "queen",
    "id_column": "queen_no",
    "category_names": {"breed": {"0": "carniolan", "1": "buckfast", "2": "local"}},
    "immutable_features": ["breed"],
    "feature_aliases": {
        "breed": ["line", "strain", "stock"],
        "grafted": ["graft", "grafted larva", "from a graft"],
        "larva age (h)": ["larva age", "age of the larva", "larva"],
        "nuc bees (g)": ["nuc bees", "bees in the nuc", "nuc size", "nuc"],
        "rain days": ["rainy days", "rain", "days of rain"],
        "max temp (C)": ["max temp", "temperature", "temp", "maximum temperature"],
        "DroneColonies": ["drone colonies", "drone hives", "drones"],
        "elevation (m)": ["elevation", "altitude", "height"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Virgin queens raised in an invented apiary, one row per queen, judged three weeks after "
        "she emerged in her mating nuc.",
        "feature_descriptions": {
            "breed": "the line the queen comes from: carniolan, buckfast or local",
            "grafted": "whether she was raised from a grafted larva rather than a natural cell (True/False)",
            "larva age (h)": "age of the larva when the cell was started, in hours",
            "nuc bees (g)": "weight of bees shaken into her mating nuc, in grams",
            "rain days": "days with rain in the two weeks after she emerged",
            "max temp (C)": "the average daily maximum temperature over those two weeks, in degrees Celsius",
            "DroneColonies": "colonies with drones within two kilometres of the mating yard",
            "elevation (m)": "elevation of the mating yard, in metres",
        },
        "target_description": "the queen three weeks after she emerged: mated and laying, or failed",
        "model_description": "A k-nearest-neighbours classifier (15 neighbours) on the standardised numbers, the "
        "breed and the grafted column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic queens; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic queens, invented for testing; not a real apiary's records.",
            "Does not know the wind, the beekeeper who grafted, the cell bar or the queen's colour mark.",
        ],
        "label_meanings": {
            "mated": "the queen came back from her mating flights and is laying worker brood",
            "failed": "the queen was lost, never laid, or lays only drones",
        },
        "probability_meaning": "The share of her 15 nearest neighbours in the training data with each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(132561)
    n = SIZE
    breed = rng.choice(3, n, p=[0.35, 0.35, 0.3])
    frame = pd.DataFrame(
        {
            "queen_no": np.arange(FIRST_ID, FIRST_ID + n),
            "breed": breed,
            "grafted": rng.random(n) < 0.6,
            "larva age (h)": rng.integers(6, 73, n),
            "nuc bees (g)": rng.integers(200, 1201, n),
            "rain days": rng.integers(0, 11, n),
            "max temp (C)": rng.integers(12, 33, n),
            "DroneColonies": rng.integers(0, 21, n),
            "elevation (m)": rng.integers(0, 601, n),
        }
    )
    fail = (
        0.03 * (frame["larva age (h)"] - 36)
        - 0.003 * (frame["nuc bees (g)"] - 700)
        + 0.3 * (frame["rain days"] - 5)
        - 0.15 * (frame["max temp (C)"] - 22)
        - 0.12 * (frame.DroneColonies - 10)
        + 0.002 * (frame["elevation (m)"] - 300)
        + 0.3 * frame.grafted
        - 0.4 * (breed == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["mating_result"] = (fail > np.quantile(fail, 0.62)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 queens the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1325).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented queen host in memory, its model fitted on the queens outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.queen_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            ("knn", KNeighborsClassifier(n_neighbors=15)),
        ]
    )
    model.fit(train[FEATURES], train.mating_result)
    return host_from_model(model, frame[["queen_no", *FEATURES, "mating_result"]], test_ids=test, **QUEEN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
