"""The invented `dig` host of writer w41: test holes drilled on an invented opal field, one row per hole.

`load_host()` fits a small synthetic model (a seeded-data `QuadraticDiscriminantAnalysis` with shrinkage,
`reg_param=0.3`, behind a scaler and a one-hot encoder for the field) on 240 of the 300 holes and builds the host
from the model, the frame, the ids of the 60 held-out holes and the fields of its host config with
`simxai.hosts.host_from_model`. It has three labels: a hole shows `nothing`, only `potch` (common opal with no
colour) or `precious` opal. Nothing here comes from a data set: the domain, its columns and its words were
invented by w41 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w41/host_dig.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DIG_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 112101
SIZE = 300
NUMERIC = ["DepthM", "ironstone_cm", "GypsumPct", "sandstone_hardness", "BucketLoads", "ClaimAgeYrs"]
CATEGORICAL = ["Field"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DIG_CONFIG: dict[str, Any] = {
    "name": "opal test holes",
    "target": "Find",
    "class_names": {"0": "nothing", "1": "potch", "2": "precious"},
    "instance_noun": "hole",
    "id_column": "HoleNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Field": {"0": "north_field", "1": "breakaway", "2": "creek_flat"}},
    "immutable_features": ["Field", "ClaimAgeYrs"],
    "feature_aliases": {
        "Field": ["field", "diggings", "opal field"],
        "DepthM": ["depth", "how deep", "depth in metres"],
        "ironstone_cm": ["ironstone", "ironstone band", "iron band"],
        "GypsumPct": ["gypsum", "gypsum share", "selenite"],
        "sandstone_hardness": ["hardness", "sandstone hardness", "rock hardness"],
        "BucketLoads": ["buckets", "bucket loads", "loads hauled"],
        "ClaimAgeYrs": ["claim age", "age of the claim", "years on the claim"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Test holes drilled on an invented outback opal field, one row per hole, used by a miner "
        "to decide where to sink a shaft next.",
        "feature_descriptions": {
            "Field": "the field the hole is on: north_field, breakaway or creek_flat",
            "DepthM": "depth of the hole, in metres",
            "ironstone_cm": "thickness of the ironstone band met in the hole, in centimetres",
            "GypsumPct": "share of gypsum in the spoil, in percent",
            "sandstone_hardness": "hardness of the sandstone, on a 1 to 10 scale",
            "BucketLoads": "bucket loads of spoil hauled up from the hole",
            "ClaimAgeYrs": "years since the claim was pegged",
        },
        "target_description": "what the hole turned up: nothing, only potch, or precious opal",
        "model_description": "Quadratic discriminant analysis (one Gaussian per outcome, shrinkage 0.3) on the "
        "scaled columns; the field one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic holes; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic holes, invented for testing; not a real miner's records.",
            "Knows nothing about the price of opal, the weather or who did the digging.",
        ],
        "label_meanings": {
            "nothing": "the hole showed no opal at all",
            "potch": "the hole showed only potch, common opal with no play of colour",
            "precious": "the hole showed precious opal with a play of colour",
        },
        "probability_meaning": "The model's posterior probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(112101)
    n = SIZE
    field = rng.choice(3, n, p=[0.40, 0.35, 0.25])
    depth = np.round(np.clip(rng.normal(17, 5, n) + (field == 1) * 3, 6, 32), 1)
    frame = pd.DataFrame(
        {
            "HoleNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Field": field,
            "DepthM": depth,
            "ironstone_cm": np.round(np.clip(rng.gamma(2.0, 6.0, n), 0, 60)).astype(int),
            "GypsumPct": np.round(np.clip(rng.normal(12, 6, n), 0, 35), 1),
            "sandstone_hardness": rng.integers(1, 11, n),
            "BucketLoads": np.clip(np.round(depth * 9 + rng.normal(0, 25, n)), 20, 400).astype(int),
            "ClaimAgeYrs": rng.choice([1, 4, 9, 17, 26], n),
        }
    )
    score = (
        0.10 * frame.DepthM
        + 0.05 * frame.ironstone_cm
        - 0.06 * frame.GypsumPct
        - 0.12 * frame.sandstone_hardness
        + 0.5 * (frame.Field == 1)
        - 0.4 * (frame.Field == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["Find"] = np.digitize(score, [1.0, 2.0]).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 holes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1121).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented opal host in memory, its model fitted on the holes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.HoleNo.isin(test)]
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
            ("qda", QuadraticDiscriminantAnalysis(reg_param=0.3)),
        ]
    )
    model.fit(train[FEATURES], train.Find)
    return host_from_model(model, frame[["HoleNo", *FEATURES, "Find"]], test_ids=test, **DIG_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
