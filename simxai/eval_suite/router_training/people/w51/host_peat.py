"""The invented `peat` host of writer w51: stacks of peats cut by hand on the township banks of a Hebridean island.

`load_host()` fits a small synthetic model (a Gaussian naive Bayes classifier behind a scaler, the bank and the
True/False covered column one-hot encoded, a `Pipeline`) on 240 of the 300 stacks and builds the host from the
model, the frame, the ids of the 60 held-out stacks and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: at the end of August a stack is `home_dry` (carted home for the
winter) or `still_wet` (left out on the moor). Nothing here comes from a data set: the domain, its columns and its
words were invented by w51 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w51/host_peat.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PEAT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 122901
SIZE = 300
NUMERIC = [
    "bank depth (ft)",
    "CutWeek",
    "rain_days",
    "turf thickness (in)",
    "WindExposure",
    "days before lifting",
]
CATEGORICAL = ["bank", "covered"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PEAT_CONFIG: dict[str, Any] = {
    "name": "peat stacks",
    "target": "august_state",
    "class_names": {"0": "home_dry", "1": "still_wet"},
    "instance_noun": "stack",
    "id_column": "stack_id",
    "category_names": {"bank": {"0": "barvas", "1": "achmore", "2": "ness"}},
    "immutable_features": ["bank"],
    "feature_aliases": {
        "bank": ["bank", "peat bank", "moor", "township bank"],
        "covered": ["covered", "tarp", "under a tarpaulin", "sheeted"],
        "bank depth (ft)": ["bank depth", "depth", "how deep the bank", "face height"],
        "CutWeek": ["cut week", "week cut", "cutting week", "when it was cut"],
        "rain_days": ["rain days", "wet days", "days of rain", "rainy days"],
        "turf thickness (in)": ["turf thickness", "thickness", "peat thickness", "how thick the peats"],
        "WindExposure": ["wind exposure", "wind", "exposure", "how windy the spot"],
        "days before lifting": ["days before lifting", "lifting", "days to lifting", "lifted after"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Stacks of hand-cut peats on three invented township banks of a Hebridean island, one row "
        "per stack, looked at on the last day of August.",
        "feature_descriptions": {
            "bank": "the township bank the peats were cut on: barvas, achmore or ness",
            "covered": "whether the stack was sheeted with a tarpaulin (True) or left open (False)",
            "bank depth (ft)": "height of the cut face of the bank, in feet",
            "CutWeek": "week of the year the peats were cut (14 is early April, 24 mid June)",
            "rain_days": "days with rain between cutting and the end of August",
            "turf thickness (in)": "thickness of the cut peats, in inches",
            "WindExposure": "how exposed the drying ground is to wind, 1 (sheltered) to 10 (open moor)",
            "days before lifting": "days the peats lay flat before they were lifted into small stacks",
        },
        "target_description": "the stack on the last day of August: dry enough to cart home, or still wet",
        "model_description": "A Gaussian naive Bayes classifier on scaled numeric columns, the bank and the "
        "covered column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic stacks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic stacks, invented for testing; not a real township's records.",
            "Does not know the sun, who did the lifting, the sheep, or the state of the road to the bank.",
        ],
        "label_meanings": {
            "home_dry": "light and hard enough to be carted home and built into the winter stack",
            "still_wet": "too heavy and wet at the end of August; left out on the moor",
        },
        "probability_meaning": "The naive Bayes posterior of each outcome given the stack's values.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(122977)
    n = SIZE
    bank = rng.choice(3, n, p=[0.4, 0.3, 0.3])
    frame = pd.DataFrame(
        {
            "stack_id": np.arange(FIRST_ID, FIRST_ID + n),
            "bank": bank,
            "covered": rng.random(n) < 0.35,
            "bank depth (ft)": np.round(rng.uniform(2.0, 8.0, n), 1),
            "CutWeek": rng.integers(14, 25, n),
            "rain_days": rng.integers(10, 61, n),
            "turf thickness (in)": np.round(rng.uniform(2.0, 6.0, n), 1),
            "WindExposure": rng.integers(1, 11, n),
            "days before lifting": rng.integers(5, 31, n),
        }
    )
    wet = (
        0.35 * (frame.CutWeek - 19)
        + 0.06 * (frame.rain_days - 35)
        + 0.5 * (frame["turf thickness (in)"] - 4)
        - 0.2 * (frame.WindExposure - 5.5)
        + 0.05 * (frame["days before lifting"] - 17)
        - 0.9 * frame.covered
        + 0.3 * (bank == 1)
        + rng.normal(0, 0.7, n)
    )
    frame["august_state"] = (wet > np.quantile(wet, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 stacks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1229).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented peat host in memory, its model fitted on the stacks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.stack_id.isin(test)]
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
            ("naive_bayes", GaussianNB()),
        ]
    )
    model.fit(train[FEATURES], train.august_state)
    return host_from_model(model, frame[["stack_id", *FEATURES, "august_state"]], test_ids=test, **PEAT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
