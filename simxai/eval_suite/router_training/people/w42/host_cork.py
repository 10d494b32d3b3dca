"""The invented `cork` host of writer w42: cork-oak bark harvests of an invented Alentejo estate, one row per plank.

`load_host()` fits a small synthetic model (a `LinearDiscriminantAnalysis` behind a scaler and a one-hot encoder
for the region) on 240 of the 300 planks and builds the host from the model, the frame, the ids of the 60
held-out planks and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a plank
is graded `stopper` (good enough to punch wine stoppers from) or `granulate` (ground into granules). Nothing here
comes from a data set: the domain, its columns and its words were invented by w42 so that the router meets a host
it was not trained on.

    python simxai/eval_suite/router_training/people/w42/host_cork.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CORK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 112701
SIZE = 300
NUMERIC = [
    "tree_age_yrs",
    "years_since_strip",
    "thickness_mm",
    "porosity_pct",
    "moisture_pct",
    "rain_mm",
    "harvest_month",
]
CATEGORICAL = ["region"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CORK_CONFIG: dict[str, Any] = {
    "name": "cork grading",
    "target": "grade",
    "class_names": {"0": "stopper", "1": "granulate"},
    "instance_noun": "plank",
    "id_column": "plank_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"region": {"0": "alentejo", "1": "tejo", "2": "algarve"}},
    "immutable_features": ["region", "tree_age_yrs"],
    "feature_aliases": {
        "region": ["region", "montado", "zone"],
        "tree_age_yrs": ["tree age", "age of the tree", "oak age"],
        "years_since_strip": ["years since stripping", "cycle", "years since last harvest"],
        "thickness_mm": ["thickness", "plank thickness", "calibre"],
        "porosity_pct": ["porosity", "pores", "holes"],
        "moisture_pct": ["moisture", "humidity", "water content"],
        "rain_mm": ["rain", "rainfall", "chuva"],
        "harvest_month": ["month", "harvest month", "strip month"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Cork planks stripped from the oaks of an invented Alentejo estate, one row per plank, "
        "graded before boiling.",
        "feature_descriptions": {
            "region": "where the oaks stand: alentejo, tejo or algarve",
            "tree_age_yrs": "age of the cork oak in years",
            "years_since_strip": "years since the bark was last stripped from this oak",
            "thickness_mm": "thickness of the plank in millimetres",
            "porosity_pct": "share of the plank surface taken by pores, in percent",
            "moisture_pct": "water content of the plank at grading, in percent",
            "rain_mm": "rainfall at the estate in the twelve months before the harvest, in mm",
            "harvest_month": "month of stripping (5 = May to 8 = August)",
        },
        "target_description": "the grade of the plank: stopper quality or granulate",
        "model_description": "A linear discriminant analysis on the scaled numbers and the one-hot encoded region.",
        "training": "Fitted on 240 of the 300 synthetic planks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic planks, invented for testing; not a real estate's records.",
            "Does not know about insects, fire damage, the boiling or the buyer.",
        ],
        "label_meanings": {
            "stopper": "thick and clean enough to punch natural wine stoppers from",
            "granulate": "only fit to be ground into granules for agglomerated cork",
        },
        "probability_meaning": "The model's estimated probability of each grade (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(112799)
    n = SIZE
    frame = pd.DataFrame(
        {
            "plank_no": np.arange(FIRST_ID, FIRST_ID + n),
            "region": rng.choice(3, n, p=[0.6, 0.25, 0.15]),
            "tree_age_yrs": np.clip(np.round(rng.normal(70, 25, n)), 25, 180).astype(int),
            "years_since_strip": rng.choice([9, 10, 11, 12, 13, 14], n, p=[0.45, 0.2, 0.15, 0.1, 0.06, 0.04]),
            "thickness_mm": np.clip(np.round(rng.normal(36, 8, n)), 18, 62).astype(int),
            "porosity_pct": np.round(np.clip(rng.gamma(3.0, 2.5, n), 1.0, 25.0), 1),
            "moisture_pct": np.round(np.clip(rng.normal(15, 4, n), 6, 28), 1),
            "rain_mm": np.clip(np.round(rng.normal(560, 140, n)), 250, 950).astype(int),
            "harvest_month": rng.choice([5, 6, 7, 8], n, p=[0.15, 0.4, 0.35, 0.1]),
        }
    )
    quality = (
        0.09 * (frame.thickness_mm - 36)
        - 0.22 * (frame.porosity_pct - 7.5)
        + 0.003 * (frame.rain_mm - 560)
        - 0.06 * (frame.moisture_pct - 15)
        + 0.15 * (frame.years_since_strip - 10)
        + 0.008 * (frame.tree_age_yrs - 70)
        - 0.5 * (frame.region == 2)
        - 0.3 * (frame.harvest_month == 8)
        + rng.normal(0, 0.7, n)
    )
    frame["grade"] = np.where(quality > 0.2, 0, 1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 planks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(11270).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented cork host in memory, its model fitted on the planks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.plank_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        (
                            "categories",
                            OneHotEncoder(drop="first", handle_unknown="ignore", sparse_output=False),
                            CATEGORICAL,
                        ),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("lda", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["plank_no", *FEATURES, "grade"]], test_ids=test, **CORK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
