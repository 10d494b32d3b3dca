"""The invented `tap` host of writer w50: tapholes in an invented Québec sugar bush, one row per taphole and season.

`load_host()` fits a small synthetic model (a k-nearest-neighbours classifier, 15 neighbours weighted by distance,
behind a scaler and a one-hot encoder for the maple species and the vacuum flag) on 240 of the 300 tapholes and
builds the host from the model, the frame, the ids of the 60 held-out tapholes and the fields of its host config
with `simxai.hosts.host_from_model`. It has three labels: a taphole's run over the spring was `strong`, `fair` or
`dry`. Nothing here comes from a data set: the domain, its columns and its words were invented by w50 so that the
router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w50/host_tap.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TAP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 121101
SIZE = 300
NUMERIC = [
    "trunk diameter (cm)",
    "TreeAge_yrs",
    "taphole depth (mm)",
    "freeze_thaw_days",
    "sap sugar (%)",
    "old tapholes",
]
CATEGORICAL = ["Species", "OnVacuum"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TAP_CONFIG: dict[str, Any] = {
    "name": "sugar bush taps",
    "target": "run",
    "class_names": {"0": "strong", "1": "fair", "2": "dry"},
    "instance_noun": "taphole",
    "id_column": "TapNo",
    "category_names": {"Species": {"0": "sugar", "1": "red", "2": "black"}},
    "immutable_features": ["TreeAge_yrs"],
    "feature_aliases": {
        "Species": ["species", "maple", "kind of maple"],
        "OnVacuum": ["vacuum", "on vacuum", "tubing"],
        "trunk diameter (cm)": ["diameter", "trunk", "girth"],
        "TreeAge_yrs": ["tree age", "age of the tree", "age"],
        "taphole depth (mm)": ["depth", "taphole depth", "hole depth"],
        "freeze_thaw_days": ["freeze-thaw days", "freeze thaw", "good days"],
        "sap sugar (%)": ["sugar content", "brix", "sap sugar"],
        "old tapholes": ["old holes", "previous tapholes", "scars"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Tapholes in an invented sugar bush in Québec, one row per taphole, recorded at the end of "
        "the spring run.",
        "feature_descriptions": {
            "Species": "the maple the taphole is in: sugar, red or black maple",
            "OnVacuum": "whether the taphole is on the vacuum tubing (True) or on a bucket (False)",
            "trunk diameter (cm)": "the trunk's diameter at breast height, in centimetres",
            "TreeAge_yrs": "the tree's estimated age, in years",
            "taphole depth (mm)": "how deep the taphole was drilled, in millimetres",
            "freeze_thaw_days": "days in the season with a night below and a day above freezing",
            "sap sugar (%)": "sugar content of the sap at the first run, in percent (degrees Brix)",
            "old tapholes": "count of healed tapholes from earlier seasons near the new one",
        },
        "target_description": "how the taphole ran over the spring: strong, fair or dry",
        "model_description": "A k-nearest-neighbours classifier (15 neighbours, weighted by distance) on the scaled "
        "numbers and the one-hot encoded species and vacuum flag.",
        "training": "Fitted on 240 of the 300 synthetic tapholes; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic tapholes, invented for testing; not a real sugar bush's records.",
            "Does not know the weather day by day, the slope of the lot or who drilled the hole.",
        ],
        "label_meanings": {
            "strong": "the taphole gave well over the bush's average of sap for the spring",
            "fair": "the taphole gave about the average",
            "dry": "the taphole gave little or stopped early",
        },
        "probability_meaning": "The distance-weighted share of the 15 nearest training tapholes in each run class "
        "(the three add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(121777)
    n = SIZE
    age = rng.integers(40, 201, n)
    diameter = np.round(np.clip(rng.normal(18 + 0.2 * age, 7, n), 20, 75), 1)
    vacuum = rng.random(n) < 0.55
    species = rng.choice(3, n, p=[0.6, 0.25, 0.15])
    frame = pd.DataFrame(
        {
            "TapNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Species": species,
            "OnVacuum": vacuum,
            "trunk diameter (cm)": diameter,
            "TreeAge_yrs": age,
            "taphole depth (mm)": rng.integers(25, 61, n),
            "freeze_thaw_days": rng.integers(5, 41, n),
            "sap sugar (%)": np.round(np.clip(rng.normal(2.4 - 0.5 * (species == 1), 0.5, n), 1.0, 3.6), 1),
            "old tapholes": rng.integers(0, 13, n),
        }
    )
    flow = (
        0.05 * (frame["trunk diameter (cm)"] - 40)
        + 1.0 * frame.OnVacuum
        + 0.06 * (frame.freeze_thaw_days - 22)
        + 0.03 * (frame["taphole depth (mm)"] - 40)
        - 0.15 * (frame["old tapholes"] - 6)
        + 0.5 * (frame["sap sugar (%)"] - 2.3)
        - 0.5 * (frame.Species == 1)
        + rng.normal(0, 0.6, n)
    )
    low, high = np.quantile(flow, [0.3, 0.65])
    frame["run"] = np.where(flow > high, 0, np.where(flow > low, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 tapholes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1211).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tap host in memory, its model fitted on the tapholes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.TapNo.isin(test)]
    encoder = OneHotEncoder(handle_unknown="ignore", sparse_output=False)
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer([("categories", encoder, CATEGORICAL), ("numbers", StandardScaler(), NUMERIC)]),
            ),
            ("neighbours", KNeighborsClassifier(n_neighbors=15, weights="distance")),
        ]
    )
    model.fit(train[FEATURES], train.run)
    return host_from_model(model, frame[["TapNo", *FEATURES, "run"]], test_ids=test, **TAP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
