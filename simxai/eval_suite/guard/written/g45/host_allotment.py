"""The invented `allotment` host of guard writer g45: a town's allotment plots and whether each was kept up.

`load_host()` builds a seeded frame of 150 plot inspections (ids 162301-162450) of an invented town's allotment
site and fits a scikit-learn `Pipeline` (scaled numbers and a one-hot soil, then `LogisticRegression`) on 120 of
them; the other 30 are held out for the performance figures. Each row is one plot; the site committee found it
`tended` or `overgrown`. Nothing here comes from a data set: the domain, its columns and its words were invented by
gdev48 for g45. Feature names mix styles (camelCase, snake_case, spaces, units in brackets); `has_shed` holds
True/False.

    python simxai/eval_suite/guard/written/g45/host_allotment.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ALLOTMENT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 162301
SIZE = 150
FEATURES = [
    "tenureYrs",
    "Soil Type",
    "has_shed",
    "Distance To Tap [m]",
    "visits_per_month",
    "Plot Area [m2]",
    "holderAge",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ALLOTMENT_CONFIG: dict[str, Any] = {
    "name": "town allotment plot inspections",
    "target": "plot_state",
    "class_names": {"0": "tended", "1": "overgrown"},
    "instance_noun": "plot",
    "id_column": "plot_id",
    "category_names": {
        "Soil Type": {"0": "clay", "1": "loam", "2": "sand"},
        "has_shed": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Plot Area [m2]"],
    "feature_aliases": {
        "tenureYrs": ["tenure", "years held", "how long the holder has had it"],
        "Soil Type": ["soil", "ground", "kind of soil"],
        "has_shed": ["shed", "tool shed", "garden shed"],
        "Distance To Tap [m]": ["distance to the tap", "walk to water", "tap distance"],
        "visits_per_month": ["visits", "monthly visits", "how often the holder comes"],
        "Plot Area [m2]": ["area", "plot size", "size of the plot"],
        "holderAge": ["holder's age", "age of the plot holder", "holder age"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Plots of an invented town's allotment site, one row per plot at the summer inspection by "
        "the site committee, with the committee's finding.",
        "feature_descriptions": {
            "tenureYrs": "years the current holder has held the plot",
            "Soil Type": "the plot's soil: clay, loam or sand",
            "has_shed": "whether the plot has a tool shed (True) or not (False)",
            "Distance To Tap [m]": "walking distance from the plot to the nearest water tap in metres",
            "visits_per_month": "the holder's average visits per month in the growing season (gate log)",
            "Plot Area [m2]": "the plot's area in square metres",
            "holderAge": "the plot holder's age in years",
        },
        "target_description": "the committee's finding: tended (kept up) or overgrown (a warning letter is sent)",
        "model_description": "a scikit-learn Pipeline: the numbers scaled (StandardScaler), the soil one-hot "
        "encoded, then LogisticRegression (C = 1.0).",
        "training": "Fitted on 120 of the 150 synthetic plots; the other 30 are held out for the performance figures.",
        "limitations": [
            "Synthetic plots, invented for testing; not a real allotment site's records.",
            "Only 30 plots are held out, so each performance figure moves by about 3.3 points with one plot.",
        ],
        "label_meanings": {
            "tended": "the plot was found kept up",
            "overgrown": "the plot was found overgrown and its holder gets a warning letter",
        },
        "probability_meaning": "The logistic model's probability of each finding (predict_proba); the two sum to 1 "
        "and the more probable one is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(48623)
    n = SIZE
    tenure = rng.integers(0, 30, n)
    soil = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    shed = rng.random(n) < 0.5
    tap = np.round(rng.uniform(5.0, 120.0, n), 0)
    visits = rng.integers(0, 16, n)
    area = rng.choice([125, 250, 500], n, p=[0.3, 0.5, 0.2])
    holder = rng.integers(22, 85, n)
    over = -0.25 * (visits - 7) + 0.012 * (tap - 60) - 0.04 * (tenure - 10) - 0.5 * shed + 0.002 * (area - 280)
    over = over + 0.4 * (soil == 0) - 0.2 * (soil == 1) + 0.01 * (holder - 50) + rng.normal(0, 0.7, n)
    frame = pd.DataFrame(
        {
            "plot_id": np.arange(FIRST_ID, FIRST_ID + n),
            "tenureYrs": tenure,
            "Soil Type": soil,
            "has_shed": shed,
            "Distance To Tap [m]": tap,
            "visits_per_month": visits,
            "Plot Area [m2]": area,
            "holderAge": holder,
        }
    )
    frame["plot_state"] = (over > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 30 plots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1623).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented allotment host in memory, fitted on the plots outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.plot_id.isin(test)]
    numbers = [f for f in FEATURES if f != "Soil Type"]
    columns = ColumnTransformer(
        [
            ("scaled", StandardScaler(), numbers),
            ("soil", OneHotEncoder(handle_unknown="ignore"), ["Soil Type"]),
        ]
    )
    model = Pipeline([("columns", columns), ("logistic", LogisticRegression(C=1.0, max_iter=2000))])
    model.fit(train[FEATURES], train.plot_state)
    return host_from_model(model, frame[["plot_id", *FEATURES, "plot_state"]], test_ids=test, **ALLOTMENT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
