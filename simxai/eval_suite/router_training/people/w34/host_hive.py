"""The invented `hive` host of writer w34: honeybee colonies of an invented allotment apiary, one row per colony.

`load_host()` fits a small synthetic model (a seeded `CalibratedClassifierCV` around a `LinearSVC`, behind a scaler
and a one-hot encoder for the bee strain) on 240 of the 300 colonies and builds the host with
`simxai.hosts.host_from_model`, following the pattern of w32's hosts. Two labels: a colony `survived` the winter or
was `lost`. Its column names start with a unit or an abbreviation (`Kg Stores`, `Pct Mites`). Nothing here comes
from a data set: the domain, its columns and its words were invented by w34.

    python simxai/eval_suite/router_training/people/w34/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 104301
SIZE = 300
NUMERIC = ["Kg Stores", "Pct Mites", "Km To Forage", "No Brood Frames", "Cm Entrance", "Yrs Queen Age"]
CATEGORICAL = ["Strain"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "hive overwintering",
    "target": "Winter",
    "class_names": {"0": "survived", "1": "lost"},
    "instance_noun": "colony",
    "id_column": "ColonyId",
    "categorical_features": CATEGORICAL,
    "category_names": {"Strain": {"0": "carniolan", "1": "buckfast", "2": "local_mongrel"}},
    "immutable_features": ["Strain", "Km To Forage"],
    "feature_aliases": {
        "Strain": ["strain", "breed", "bee type"],
        "Kg Stores": ["stores", "honey stores", "kilos of stores", "food stores"],
        "Pct Mites": ["mites", "varroa", "mite load", "varroa load"],
        "Km To Forage": ["forage distance", "distance to forage", "km to forage"],
        "No Brood Frames": ["brood frames", "frames of brood", "brood"],
        "Cm Entrance": ["entrance", "entrance width", "entrance gap"],
        "Yrs Queen Age": ["queen age", "age of the queen", "queen"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Honeybee colonies of an invented allotment apiary, one row per colony as it went into "
        "winter, used by the volunteers to decide which hives to feed or treat first.",
        "feature_descriptions": {
            "Strain": "the bee strain: carniolan, buckfast or local_mongrel",
            "Kg Stores": "honey and syrup stores in the hive in late autumn, in kilograms",
            "Pct Mites": "varroa mites per hundred bees at the October wash, in percent",
            "Km To Forage": "distance to the nearest large late forage (ivy, heather), in kilometres",
            "No Brood Frames": "number of frames with brood at the last autumn inspection",
            "Cm Entrance": "width of the hive entrance over winter, in centimetres",
            "Yrs Queen Age": "age of the queen, in years",
        },
        "target_description": "whether the colony came through the winter alive or was lost",
        "model_description": "A linear support vector classifier with its scores calibrated to probabilities "
        "(sigmoid, 3-fold cross-validation); numbers scaled, the strain one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic colonies; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic colonies, invented for testing; not a real apiary's records.",
            "Does not know about wasps, woodpeckers, nosema, flooding or theft.",
        ],
        "label_meanings": {
            "survived": "the colony was alive and queenright at the first spring inspection",
            "lost": "the colony was dead, or queenless and dwindling, at the first spring inspection",
        },
        "probability_meaning": "The calibrated probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(104343)
    n = SIZE
    strain = rng.choice(3, n, p=[0.4, 0.25, 0.35])
    frame = pd.DataFrame(
        {
            "ColonyId": np.arange(FIRST_ID, FIRST_ID + n),
            "Strain": strain,
            "Kg Stores": np.round(np.clip(rng.normal(17, 5, n), 4, 32), 1),
            "Pct Mites": np.round(np.clip(rng.gamma(2.0, 1.4, n), 0.1, 12), 1),
            "Km To Forage": np.round(np.clip(rng.gamma(2.0, 0.8, n), 0.2, 6), 1),
            "No Brood Frames": rng.integers(1, 10, n),
            "Cm Entrance": rng.choice([5, 8, 10, 15, 20, 30], n),
            "Yrs Queen Age": rng.choice([1, 2, 3, 4], n, p=[0.35, 0.3, 0.2, 0.15]),
        }
    )
    risk = (
        -0.16 * frame["Kg Stores"]
        + 0.45 * frame["Pct Mites"]
        + 0.25 * frame["Km To Forage"]
        - 0.12 * frame["No Brood Frames"]
        + 0.03 * frame["Cm Entrance"]
        + 0.3 * frame["Yrs Queen Age"]
        - 0.4 * (frame.Strain == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["Winter"] = (risk > -0.9).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 colonies the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1043).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the colonies outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import LinearSVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ColonyId.isin(test)]
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
            ("svc", CalibratedClassifierCV(LinearSVC(C=0.5, random_state=0), method="sigmoid", cv=3)),
        ]
    )
    model.fit(train[FEATURES], train.Winter)
    return host_from_model(model, frame[["ColonyId", *FEATURES, "Winter"]], test_ids=test, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
