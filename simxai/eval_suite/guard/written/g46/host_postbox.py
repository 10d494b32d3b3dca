"""The invented `postbox` host of guard writer g46: a rural district's postboxes and whether a collection was missed.

`load_host()` builds a seeded frame of 160 postbox audits (ids 164701-164860) of an invented rural district and
fits a scikit-learn `Pipeline` (scaled numbers and a one-hot mount, then `LogisticRegression`) on 128 of them; the
other 32 are held out for the performance figures. Each row is one postbox over an audit month; the auditor found
its collections `kept` or a collection `missed`. Nothing here comes from a data set: the domain, its columns and its
words were invented by gdev49 for g46. Feature names mix styles (camelCase, snake_case, spaces, units in brackets);
`is_lamp_box` holds True/False.

    python simxai/eval_suite/guard/written/g46/host_postbox.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["POSTBOX_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 164701
SIZE = 160
FEATURES = [
    "routeLengthKm",
    "Mount Type",
    "is_lamp_box",
    "Letters Per Day",
    "stops_before_box",
    "Box Age [yrs]",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
POSTBOX_CONFIG: dict[str, Any] = {
    "name": "rural district postbox collection audits",
    "target": "collection",
    "class_names": {"0": "kept", "1": "missed"},
    "instance_noun": "postbox",
    "id_column": "box_id",
    "category_names": {
        "Mount Type": {"0": "pillar", "1": "wall", "2": "pole"},
        "is_lamp_box": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Box Age [yrs]"],
    "feature_aliases": {
        "routeLengthKm": ["route length", "length of the round", "how long the route is"],
        "Mount Type": ["mount", "how it is mounted", "box type"],
        "is_lamp_box": ["lamp box", "small box", "lamp-post box"],
        "Letters Per Day": ["letters", "daily letters", "post volume"],
        "stops_before_box": ["stops before it", "earlier stops", "stops on the way"],
        "Box Age [yrs]": ["box age", "age of the box", "how old the box is"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Postboxes of an invented rural district, one row per box over an audit month, with the "
        "auditor's finding about its daily collections.",
        "feature_descriptions": {
            "routeLengthKm": "length of the collection round the box is on, in kilometres",
            "Mount Type": "how the box stands: pillar, wall or pole",
            "is_lamp_box": "whether it is a small lamp box (True) or not (False)",
            "Letters Per Day": "average letters posted in the box per day",
            "stops_before_box": "collection stops on the round before this box",
            "Box Age [yrs]": "the box's age in years",
        },
        "target_description": "the auditor's finding: kept (every collection made) or missed (at least one missed)",
        "model_description": "a scikit-learn Pipeline: the numbers scaled (StandardScaler), the mount one-hot "
        "encoded, then LogisticRegression (C = 0.5).",
        "training": "Fitted on 128 of the 160 synthetic boxes; the other 32 are held out for the performance figures.",
        "limitations": [
            "Synthetic postboxes, invented for testing; not a real postal service's audit records.",
            "Only 32 boxes are held out, so each performance figure moves by about 3.1 points with one box.",
        ],
        "label_meanings": {
            "kept": "every collection of the audit month was made",
            "missed": "at least one collection of the audit month was missed",
        },
        "probability_meaning": "The logistic model's probability of each finding (predict_proba); the two sum to 1 "
        "and the more probable one is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(49470)
    n = SIZE
    route = np.round(rng.uniform(8.0, 70.0, n), 1)
    mount = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    lamp = rng.random(n) < 0.35
    letters = rng.integers(2, 120, n)
    stops = rng.integers(0, 40, n)
    age = rng.integers(1, 110, n)
    missed = 0.05 * (route - 38) + 0.08 * (stops - 20) - 0.012 * (letters - 60) + 0.6 * lamp + 0.006 * (age - 50)
    missed = missed + 0.5 * (mount == 2) - 0.3 * (mount == 0) + rng.normal(0, 0.8, n)
    frame = pd.DataFrame(
        {
            "box_id": np.arange(FIRST_ID, FIRST_ID + n),
            "routeLengthKm": route,
            "Mount Type": mount,
            "is_lamp_box": lamp,
            "Letters Per Day": letters,
            "stops_before_box": stops,
            "Box Age [yrs]": age,
        }
    )
    frame["collection"] = (missed > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 32 boxes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1647).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented postbox host in memory, fitted on the boxes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.box_id.isin(test)]
    numbers = [f for f in FEATURES if f != "Mount Type"]
    columns = ColumnTransformer(
        [
            ("scaled", StandardScaler(), numbers),
            ("mount", OneHotEncoder(handle_unknown="ignore"), ["Mount Type"]),
        ]
    )
    model = Pipeline([("columns", columns), ("logistic", LogisticRegression(C=0.5, max_iter=2000))])
    model.fit(train[FEATURES], train.collection)
    return host_from_model(model, frame[["box_id", *FEATURES, "collection"]], test_ids=test, **POSTBOX_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
