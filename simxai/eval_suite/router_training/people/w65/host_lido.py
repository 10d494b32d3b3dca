"""The invented `lido` host of writer w65: morning water checks at an open-air lido, one row per pool per morning.

`load_host()` fits a small synthetic model (a `LogisticRegression` on the standardised numbers, the pool one-hot
encoded, a `Pipeline`) on 192 of the 240 checks and builds the host from the model, the frame, the ids of the 48
held-out checks and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: after the
check the pool is `open` for swimmers or stays `closed`. Nothing here comes from a data set: the domain, its columns
and its words were invented by w65 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w65/host_lido.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LIDO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 139901
SIZE = 240
NUMERIC = [
    "water temp (C)",
    "FreeChlorine",
    "bathers yesterday",
    "rain_mm",
    "cloudiness (NTU)",
    "PhLevel",
]
CATEGORICAL = ["pool"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LIDO_CONFIG: dict[str, Any] = {
    "name": "lido morning checks",
    "target": "pool_status",
    "class_names": {"0": "open", "1": "closed"},
    "instance_noun": "check",
    "id_column": "check_no",
    "category_names": {"pool": {"0": "main", "1": "learner", "2": "paddling"}},
    "immutable_features": ["pool"],
    "feature_aliases": {
        "pool": ["pool", "which pool"],
        "water temp (C)": ["water temperature", "temperature", "temp", "how warm", "how cold"],
        "FreeChlorine": ["free chlorine", "chlorine", "cl"],
        "bathers yesterday": ["bathers", "swimmers yesterday", "swimmers", "bather load"],
        "rain_mm": ["rain", "rainfall", "mm of rain"],
        "cloudiness (NTU)": ["cloudiness", "turbidity", "ntu", "how cloudy"],
        "PhLevel": ["ph", "ph level", "acidity"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Morning water checks at an invented open-air lido, one row per pool per morning, with "
        "whether the pool opened to swimmers or stayed closed that day.",
        "feature_descriptions": {
            "pool": "which pool was checked: main, learner or paddling",
            "water temp (C)": "water temperature at the morning check, in degrees Celsius",
            "FreeChlorine": "free chlorine in the water, in milligrams per litre",
            "bathers yesterday": "how many bathers used the pool the day before",
            "rain_mm": "rain overnight, in millimetres",
            "cloudiness (NTU)": "how cloudy the water was, in nephelometric turbidity units",
            "PhLevel": "the water's pH at the check",
        },
        "target_description": "the pool after the morning check: open or closed",
        "model_description": "A logistic regression on the standardised numbers, the pool one-hot encoded.",
        "training": "Fitted on 192 of the 240 synthetic checks; the other 48 are held out for the performance figures.",
        "limitations": [
            "Synthetic checks, invented for testing; not a real lido's log book.",
            "Does not know the air temperature, the lifeguard rota or whether the pumps were running.",
        ],
        "label_meanings": {
            "open": "the pool passed the morning check and opened to swimmers",
            "closed": "the pool failed the morning check and stayed closed that day",
        },
        "probability_meaning": "The logistic regression's estimate of how likely each outcome is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(139907)
    n = SIZE
    pool = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "check_no": np.arange(FIRST_ID, FIRST_ID + n),
            "pool": pool,
            "water temp (C)": rng.integers(10, 27, n),
            "FreeChlorine": np.round(rng.uniform(0.2, 4.0, n), 1),
            "bathers yesterday": rng.integers(0, 501, n),
            "rain_mm": rng.integers(0, 31, n),
            "cloudiness (NTU)": np.round(rng.uniform(0.1, 2.0, n), 2),
            "PhLevel": np.round(rng.uniform(6.6, 8.2, n), 1),
        }
    )
    risk = (
        -1.2 * np.minimum(frame.FreeChlorine, 2.0)
        + 1.6 * frame["cloudiness (NTU)"]
        + 0.004 * frame["bathers yesterday"]
        + 0.05 * frame.rain_mm
        - 0.05 * frame["water temp (C)"]
        + 1.5 * np.abs(frame.PhLevel - 7.4)
        + 0.5 * (pool == 2)
        + rng.normal(0, 0.5, n)
    )
    frame["pool_status"] = (risk > np.quantile(risk, 0.6)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1399).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lido host in memory, its model fitted on the checks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.check_no.isin(test)]
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
            ("logistic", LogisticRegression(C=1.0, max_iter=2000)),
        ]
    )
    model.fit(train[FEATURES], train.pool_status)
    return host_from_model(model, frame[["check_no", *FEATURES, "pool_status"]], test_ids=test, **LIDO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
