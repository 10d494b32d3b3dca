"""The invented `incense` host of writer w49: batches of hand- and machine-rolled incense sticks (agarbatti).

`load_host()` fits a small synthetic model (a distance-weighted k-nearest-neighbours classifier, k = 15, behind a
scaler, with the scent and the True/False machine-rolled column one-hot encoded, a `Pipeline`) on 240 of the 300
batches and builds the host from the model, the frame, the ids of the 60 held-out batches and the fields of its
host config with `simxai.hosts.host_from_model`. It has three labels: a batch passes the quality check as
`export_grade`, is packed for the `local_market`, or goes back for `rework`. Nothing here comes from a data set:
the domain, its columns and its words were invented by w49 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w49/host_incense.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["INCENSE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 120501
SIZE = 300
NUMERIC = [
    "paste moisture (%)",
    "DryingHours",
    "charcoal_pct",
    "stick length (in)",
    "ShedHumidity",
    "perfume dose (ml/kg)",
]
CATEGORICAL = ["scent", "machine_rolled"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
INCENSE_CONFIG: dict[str, Any] = {
    "name": "incense stick batches",
    "target": "grade",
    "class_names": {"0": "export_grade", "1": "local_market", "2": "rework"},
    "instance_noun": "batch",
    "id_column": "batch_no",
    "category_names": {"scent": {"0": "sandal", "1": "jasmine", "2": "rose"}},
    "immutable_features": ["scent"],
    "feature_aliases": {
        "scent": ["scent", "fragrance", "flavour", "masala type"],
        "machine_rolled": ["machine rolled", "machine", "rolled by machine", "rolling machine"],
        "paste moisture (%)": ["paste moisture", "moisture", "masala moisture", "wetness of the paste"],
        "DryingHours": ["drying hours", "drying time", "drying", "hours of drying"],
        "charcoal_pct": ["charcoal", "charcoal percent", "charcoal share", "coal"],
        "stick length (in)": ["stick length", "length", "inches", "size of the stick"],
        "ShedHumidity": ["shed humidity", "humidity", "RH", "humidity in the drying shed"],
        "perfume dose (ml/kg)": ["perfume dose", "perfume", "dipping oil", "fragrance dose"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Batches of incense sticks from an invented agarbatti unit near Mysuru, one row per batch, "
        "graded at the end-of-day quality check.",
        "feature_descriptions": {
            "scent": "the masala of the batch: sandal, jasmine or rose",
            "machine_rolled": "whether the batch was rolled by machine (True) or by hand (False)",
            "paste moisture (%)": "moisture of the masala paste when rolled, in percent",
            "DryingHours": "hours the sticks dried before the check",
            "charcoal_pct": "share of charcoal powder in the masala, in percent",
            "stick length (in)": "length of the sticks, in inches",
            "ShedHumidity": "relative humidity in the drying shed, in percent",
            "perfume dose (ml/kg)": "perfume oil used for dipping, millilitres per kilogram of sticks",
        },
        "target_description": "the grade of the batch: export grade, local market, or back for rework",
        "model_description": "A distance-weighted k-nearest-neighbours classifier (k = 15) on scaled numeric "
        "columns, the scent and the machine-rolled column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic batches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real unit's register.",
            "Does not know the roller, the bamboo supplier, the weather outside the shed or the buyer's nose.",
        ],
        "label_meanings": {
            "export_grade": "straight, evenly coated and burning well; packed for the export buyer",
            "local_market": "fine to burn but not even enough for export; sold in local shops",
            "rework": "cracked, soggy or uneven; the masala goes back to be rolled again",
        },
        "probability_meaning": "The share of the 15 nearest training batches (weighted by closeness) with each grade.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(120549)
    n = SIZE
    scent = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "batch_no": np.arange(FIRST_ID, FIRST_ID + n),
            "scent": scent,
            "machine_rolled": rng.random(n) < 0.45,
            "paste moisture (%)": np.round(np.clip(rng.normal(22.0, 3.5, n), 14.0, 31.0), 1),
            "DryingHours": rng.integers(12, 73, n),
            "charcoal_pct": np.round(rng.uniform(20.0, 45.0, n), 1),
            "stick length (in)": rng.choice([8, 9, 10, 12], n),
            "ShedHumidity": rng.integers(40, 91, n),
            "perfume dose (ml/kg)": np.round(rng.uniform(5.0, 25.0, n), 1),
        }
    )
    moisture = frame["paste moisture (%)"]
    soggy = (
        0.25 * (moisture - 22.0)
        - 0.05 * (frame.DryingHours - 42)
        + 0.04 * (frame.ShedHumidity - 65)
        + 0.9 * (scent == 1)
        + rng.normal(0, 0.6, n)
    )
    uneven = (
        -0.9 * frame.machine_rolled
        + 0.06 * np.abs(frame.charcoal_pct - 32.0)
        + 0.15 * (frame["stick length (in)"] - 9)
        + 0.05 * np.abs(frame["perfume dose (ml/kg)"] - 15.0)
        + rng.normal(0, 0.5, n)
    )
    score = soggy + uneven
    low, high = np.quantile(score, [0.36, 0.7])
    frame["grade"] = np.where(score < low, 0, np.where(score < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1205).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented incense host in memory, its model fitted on the batches outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.batch_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("scaled", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            ("neighbours", KNeighborsClassifier(n_neighbors=15, weights="distance")),
        ]
    )
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["batch_no", *FEATURES, "grade"]], test_ids=test, **INCENSE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
