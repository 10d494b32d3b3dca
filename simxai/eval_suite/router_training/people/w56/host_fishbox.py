"""The invented `fishbox` host of writer w56: fish boxes delivered at dawn to a small sushi counter in Osaka.

`load_host()` fits a small synthetic model (AdaBoost over 60 depth-2 decision trees, the landing port and the
True/False ice-slurry column one-hot encoded, a `Pipeline`) on 240 of the 300 boxes and builds the host from the
model, the frame, the ids of the 60 held-out boxes and the fields of its host config with
`simxai.hosts.host_from_model`. It has three labels: when the chef opens the box, the fish is `sashimi_grade`,
`cook_only`, or `rejected` and sent back. Nothing here comes from a data set: the domain, its columns and its
words were invented by w56 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w56/host_fishbox.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FISHBOX_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 127401
SIZE = 300
NUMERIC = [
    "hours in transit (h)",
    "core temp (C)",
    "GillColour",
    "eye_clarity",
    "box weight (kg)",
    "DaysSinceCatch",
]
CATEGORICAL = ["landing_port", "ice_slurry"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FISHBOX_CONFIG: dict[str, Any] = {
    "name": "sushi counter fish deliveries",
    "target": "grade_at_opening",
    "class_names": {"0": "sashimi_grade", "1": "cook_only", "2": "rejected"},
    "instance_noun": "box",
    "id_column": "delivery_no",
    "category_names": {"landing_port": {"0": "maizuru", "1": "sakaiminato", "2": "choshi"}},
    "immutable_features": ["landing_port"],
    "feature_aliases": {
        "landing_port": ["landing port", "port", "harbour", "where it was landed"],
        "ice_slurry": ["ice slurry", "slurry ice", "packed in slurry", "slurry"],
        "hours in transit (h)": ["hours in transit", "transit time", "transit", "hours on the truck"],
        "core temp (C)": ["core temperature", "core temp", "temperature", "how cold the fish"],
        "GillColour": ["gill colour", "gill color", "gills", "redness of the gills"],
        "eye_clarity": ["eye clarity", "eyes", "clear eyes", "how clear the eyes"],
        "box weight (kg)": ["box weight", "weight", "kilos", "how heavy the box"],
        "DaysSinceCatch": ["days since catch", "days since landing", "age of the fish", "how old the catch"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Boxes of fish delivered at dawn to an invented eight-seat sushi counter in Osaka, one row "
        "per box, graded by the chef when he opens it.",
        "feature_descriptions": {
            "landing_port": "the port where the fish was landed: maizuru, sakaiminato or choshi",
            "ice_slurry": "whether the fish came packed in ice slurry (True) or on flake ice (False)",
            "hours in transit (h)": "hours from the port's market to the counter's door",
            "core temp (C)": "temperature inside the thickest fish at opening, in degrees Celsius",
            "GillColour": "redness of the gills at opening, scored 1 (brown) to 10 (bright red)",
            "eye_clarity": "clearness of the eyes at opening, scored 1 (cloudy) to 10 (clear and bulging)",
            "box weight (kg)": "weight of the box's fish, in kilograms",
            "DaysSinceCatch": "whole days between the catch and the delivery",
        },
        "target_description": "the chef's grade when he opens the box: sashimi grade, cook only, or rejected",
        "model_description": "AdaBoost over 60 decision trees of depth 2, the landing port and the ice-slurry "
        "column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic boxes; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic boxes, invented for testing; not a real counter's delivery book.",
            "Does not know the kind of fish, the weather at sea, the driver or the price at the auction.",
        ],
        "label_meanings": {
            "sashimi_grade": "fresh enough to serve raw at the counter",
            "cook_only": "safe, but only for grilling, simmering or the staff meal",
            "rejected": "not accepted; the box goes back to the wholesaler",
        },
        "probability_meaning": "AdaBoost's weighted vote of its 60 trees, turned into a share for each grade.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(127451)
    n = SIZE
    port = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "delivery_no": np.arange(FIRST_ID, FIRST_ID + n),
            "landing_port": port,
            "ice_slurry": rng.random(n) < 0.55,
            "hours in transit (h)": rng.integers(3, 31, n),
            "core temp (C)": np.round(rng.uniform(0.0, 8.0, n), 1),
            "GillColour": rng.integers(1, 11, n),
            "eye_clarity": rng.integers(1, 11, n),
            "box weight (kg)": np.round(rng.uniform(2.0, 20.0, n), 1),
            "DaysSinceCatch": rng.integers(0, 5, n),
        }
    )
    stale = (
        0.05 * (frame["hours in transit (h)"] - 16)
        + 0.3 * (frame["core temp (C)"] - 4)
        - 0.2 * (frame.GillColour - 5.5)
        - 0.15 * (frame.eye_clarity - 5.5)
        + 0.35 * (frame.DaysSinceCatch - 2)
        - 0.5 * frame.ice_slurry
        + 0.4 * (port == 2)
        + 0.02 * (frame["box weight (kg)"] - 11)
    )
    score = stale + rng.normal(0, 0.5, n)
    low, high = np.quantile(score, [0.42, 0.75])
    frame["grade_at_opening"] = np.where(score < low, 0, np.where(score < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 boxes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1274).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented fishbox host in memory, its model fitted on the boxes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.delivery_no.isin(test)]
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
            (
                "boosted_trees",
                AdaBoostClassifier(DecisionTreeClassifier(max_depth=2), n_estimators=60, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.grade_at_opening)
    return host_from_model(
        model, frame[["delivery_no", *FEATURES, "grade_at_opening"]], test_ids=test, **FISHBOX_CONFIG
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
