"""The invented `kiln` host of writer w36: pieces fired in an invented community pottery studio, one row per piece.

`load_host()` fits a small synthetic model (a seeded `SelfTrainingClassifier` around a logistic regression, behind a
scaler and a one-hot encoder for the clay; a third of the training pieces are left unlabelled, as if nobody wrote
down how they came out) on 240 of the 300 pieces and builds the host with `simxai.hosts.host_from_model`. Two
labels: a piece comes out `intact` or `cracked`. Nothing comes from a data set: the domain was invented by w36.

    python simxai/eval_suite/router_training/people/w36/host_kiln.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KILN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 106701
SIZE = 300
NUMERIC = ["wall_mm", "moisture_pct", "ramp_c_per_hr", "peak_temp_c", "hold_min", "cool_hrs"]
CATEGORICAL = ["clay"]
FEATURES = [*CATEGORICAL, *NUMERIC]
KILN_CONFIG: dict[str, Any] = {
    "name": "kiln firing",
    "target": "outcome",
    "class_names": {"0": "intact", "1": "cracked"},
    "instance_noun": "piece",
    "id_column": "piece_id",
    "categorical_features": CATEGORICAL,
    "category_names": {"clay": {"0": "stoneware", "1": "porcelain", "2": "earthenware"}},
    "immutable_features": ["clay"],
    "feature_aliases": {
        "clay": ["clay body", "clay type"],
        "wall_mm": ["wall thickness", "thickness", "walls"],
        "moisture_pct": ["moisture", "dampness", "water content"],
        "ramp_c_per_hr": ["ramp", "ramp rate", "heating rate"],
        "peak_temp_c": ["peak temperature", "peak", "top temp"],
        "hold_min": ["hold", "soak", "hold time"],
        "cool_hrs": ["cooling", "cool down", "cooling time"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pieces fired in an invented community pottery studio, one row per piece and firing.",
        "feature_descriptions": {
            "clay": "the clay body: stoneware, porcelain or earthenware",
            "wall_mm": "thickest wall of the piece in millimetres",
            "moisture_pct": "moisture left in the greenware when loaded, in percent",
            "ramp_c_per_hr": "heating rate in degrees C per hour",
            "peak_temp_c": "peak kiln temperature in degrees C",
            "hold_min": "minutes held at peak",
            "cool_hrs": "hours of cooling before the kiln was opened",
        },
        "target_description": "whether the piece came out of the kiln intact or cracked",
        "model_description": "A self-training classifier around a logistic regression: it labels the unlabelled "
        "pieces it is confident about and refits; clay one-hot encoded, numbers scaled.",
        "training": "Fitted on 240 of the 300 synthetic pieces, a third of them without a recorded outcome; the "
        "other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pieces, invented for testing; not a real studio's log.",
            "Does not know about glazes, the shape of a piece or where it sat in the kiln.",
        ],
        "label_meanings": {
            "intact": "the piece came out whole",
            "cracked": "the piece cracked, blew out or split during the firing",
        },
        "probability_meaning": "The model's estimated probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(106777)
    n = SIZE
    frame = pd.DataFrame(
        {
            "piece_id": np.arange(FIRST_ID, FIRST_ID + n),
            "clay": rng.choice(3, n, p=[0.5, 0.2, 0.3]),
            "wall_mm": np.round(np.clip(rng.normal(8, 2.5, n), 3, 18), 1),
            "moisture_pct": np.round(np.clip(rng.gamma(2.0, 1.0, n), 0.2, 9), 1),
            "ramp_c_per_hr": np.clip(np.round(rng.normal(120, 40, n), -1), 40, 250).astype(int),
            "peak_temp_c": np.clip(np.round(rng.normal(1180, 70, n), -1), 1000, 1300).astype(int),
            "hold_min": np.clip(np.round(rng.normal(15, 8, n)), 0, 45).astype(int),
            "cool_hrs": np.round(np.clip(rng.normal(14, 5, n), 4, 30), 1),
        }
    )
    risk = (
        0.25 * (frame.wall_mm - 8)
        + 0.45 * (frame.moisture_pct - 2)
        + 0.015 * (frame.ramp_c_per_hr - 120)
        - 0.08 * (frame.cool_hrs - 14)
        + 0.6 * (frame.clay == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (risk > 0.4).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 pieces the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1067).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kiln host in memory, its model fitted on the pieces outside `held_out_ids()`."""
    import numpy as np
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.semi_supervised import SelfTrainingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.piece_id.isin(test)]
    labels = train.outcome.to_numpy().copy()
    unlabelled = np.random.default_rng(1068).random(len(labels)) < 1 / 3
    labels[unlabelled] = -1
    columns = ColumnTransformer(
        [
            ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    model = Pipeline([("columns", columns), ("selftrain", SelfTrainingClassifier(LogisticRegression(max_iter=2000)))])
    model.fit(train[FEATURES], labels)
    return host_from_model(model, frame[["piece_id", *FEATURES, "outcome"]], test_ids=test, **KILN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
