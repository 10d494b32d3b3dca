"""The invented `batch` host of writer w32: sourdough batches of a small weekend bakery, one row per batch.

`load_host()` fits a small synthetic model (a seeded `StackingClassifier` of a shallow decision tree and a Gaussian
naive Bayes, with a logistic regression as the final estimator, behind a scaler and a one-hot encoder for the flour)
on 240 of the 300 batches and builds the host from the model, the frame, the ids of the 60 held-out batches and the
fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w29's hosts. It has three
labels: a batch comes out of the oven with a `good_rise`, `flat` or `overproofed`. Nothing here comes from a data
set: the domain, its columns and its words were invented by w32 so that the router meets a host it was not trained
on.

    python simxai/eval_suite/router_training/people/w32/host_batch.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BATCH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 102301
SIZE = 300
NUMERIC = [
    "hydration_pct",
    "starter_pct",
    "salt_pct",
    "bulk_hours",
    "proof_hours",
    "kitchen_temp_c",
    "starter_age_days",
]
CATEGORICAL = ["flour"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BATCH_CONFIG: dict[str, Any] = {
    "name": "sourdough rise",
    "target": "rise",
    "class_names": {"0": "good_rise", "1": "flat", "2": "overproofed"},
    "instance_noun": "batch",
    "id_column": "batch_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"flour": {"0": "white", "1": "wholemeal", "2": "rye"}},
    "immutable_features": ["starter_age_days"],
    "feature_aliases": {
        "flour": ["flour", "mel", "flour type"],
        "hydration_pct": ["hydration", "water"],
        "starter_pct": ["starter", "levain", "surdeig"],
        "salt_pct": ["salt", "salt percentage"],
        "bulk_hours": ["bulk", "bulk fermentation", "bulk time"],
        "proof_hours": ["proof", "proofing", "final proof", "heving"],
        "kitchen_temp_c": ["kitchen temperature", "room temp", "temperature"],
        "starter_age_days": ["starter age", "age of the starter"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Sourdough batches of an invented weekend bakery, one row per batch of loaves, used to "
        "decide when to shape and bake.",
        "feature_descriptions": {
            "flour": "the main flour: white, wholemeal or rye",
            "hydration_pct": "water as a percentage of the flour weight",
            "starter_pct": "starter as a percentage of the flour weight",
            "salt_pct": "salt as a percentage of the flour weight",
            "bulk_hours": "hours of bulk fermentation",
            "proof_hours": "hours of final proof after shaping",
            "kitchen_temp_c": "kitchen temperature during fermentation, in degrees C",
            "starter_age_days": "how many days the starter has been kept alive",
        },
        "target_description": "how the loaves come out of the oven: a good rise, flat, or overproofed",
        "model_description": "A stacking classifier: a shallow decision tree and a Gaussian naive Bayes, combined by "
        "a logistic regression on their probabilities; the flour one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic batches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real bakery's log.",
            "Does not know about the oven, the shaping, the scoring of the loaves or the brand of flour.",
        ],
        "label_meanings": {
            "good_rise": "the loaves rise well with an open crumb",
            "flat": "the loaves spread and barely rise (underproofed or weak dough)",
            "overproofed": "the dough fermented too long and collapsed in the oven",
        },
        "probability_meaning": "The model's estimated probability of each of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(102399)
    n = SIZE
    frame = pd.DataFrame(
        {
            "batch_no": np.arange(FIRST_ID, FIRST_ID + n),
            "flour": rng.choice(3, n, p=[0.55, 0.3, 0.15]),
            "hydration_pct": np.clip(np.round(rng.normal(72, 6, n)), 58, 90).astype(int),
            "starter_pct": np.clip(np.round(rng.normal(20, 7, n)), 5, 40).astype(int),
            "salt_pct": np.round(np.clip(rng.normal(2.0, 0.3, n), 1.2, 3.0), 1),
            "bulk_hours": np.round(np.clip(rng.normal(5.5, 1.8, n), 2, 12), 1),
            "proof_hours": np.round(np.clip(rng.normal(2.5, 1.2, n), 0.5, 14), 1),
            "kitchen_temp_c": np.round(np.clip(rng.normal(23, 2.5, n), 16, 30), 1),
            "starter_age_days": rng.choice([14, 60, 180, 400, 1200], n),
        }
    )
    ferment = (
        0.35 * frame.bulk_hours
        + 0.3 * frame.proof_hours
        + 0.04 * frame.starter_pct
        + 0.25 * (frame.kitchen_temp_c - 23)
        - 0.6 * (frame.salt_pct - 2.0)
        + rng.normal(0, 0.45, n)
    )
    weak = 0.06 * (frame.hydration_pct - 72) + 0.7 * (frame.flour == 2) - 0.001 * frame.starter_age_days
    frame["rise"] = np.where(ferment > 3.9, 2, np.where(ferment + weak < 2.7, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1023).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented batch host in memory, its model fitted on the batches outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import StackingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.batch_no.isin(test)]
    stack = StackingClassifier(
        [("tree", DecisionTreeClassifier(max_depth=4, random_state=0)), ("bayes", GaussianNB())],
        final_estimator=LogisticRegression(max_iter=2000),
        cv=5,
    )
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
            ("stack", stack),
        ]
    )
    model.fit(train[FEATURES], train.rise)
    return host_from_model(model, frame[["batch_no", *FEATURES, "rise"]], test_ids=test, **BATCH_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
