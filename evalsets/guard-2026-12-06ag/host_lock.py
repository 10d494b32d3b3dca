"""The invented `lock` host of guard writer gset36: the locks of an invented canal trust.

`load_host()` builds a seeded frame of 300 canal locks (ids 131901-132200) and fits a scikit-learn pipeline
(`StandardScaler` then `LogisticRegression`) on 240 of them; the other 60 are held out for the performance
figures. Each lock's last winter inspection is recorded as `working` (the gates swing and seal), `sluggish` (the
chamber fills or drains too slowly: the paddles stick or leak) or `stoppage` (the lock had to be closed to boats).
Nothing here comes from a data set: the domain, its columns and its words were invented by gset36.

    python evalsets/guard-2026-12-06ag/host_lock.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LOCK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 131901
SIZE = 300
NUMERIC = [
    "Rise (m)",
    "gate_age_years",
    "PaddleRust",
    "boats per week",
    "Silt Depth (cm)",
    "days_since_greased",
]
CATEGORICAL = ["GateTimber", "has_bywash"]
LOCK_CONFIG: dict[str, Any] = {
    "name": "canal trust lock inspections",
    "target": "winter_inspection",
    "class_names": {"0": "working", "1": "sluggish", "2": "stoppage"},
    "instance_noun": "lock",
    "id_column": "lock_no",
    "category_names": {
        "GateTimber": {"0": "Oak", "1": "Elm", "2": "Greenheart", "3": "Steel"},
        "has_bywash": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Rise (m)", "gate_age_years"],
    "feature_aliases": {
        "Rise (m)": ["rise", "lock rise"],
        "gate_age_years": ["gate age", "age of the gates"],
        "PaddleRust": ["paddle rust", "rust on the paddles"],
        "boats per week": ["boat traffic", "boats a week"],
        "Silt Depth (cm)": ["silt depth", "silt"],
        "days_since_greased": ["days since greasing", "time since the last greasing"],
        "GateTimber": ["gate timber", "what the gates are made of"],
        "has_bywash": ["bywash", "overflow channel"],
    },
    "seed": 0,
    "cards": {
        "description": "The locks of an invented canal trust, one row per lock from the winter inspection.",
        "feature_descriptions": {
            "Rise (m)": "the height the lock lifts a boat, in metres",
            "gate_age_years": "years since the gates were last replaced",
            "PaddleRust": "the inspector's rust score for the paddle gear, 0 (bright) to 10 (seized solid)",
            "boats per week": "average boats through the lock a week in the season",
            "Silt Depth (cm)": "silt on the chamber floor at the top gate, in centimetres",
            "days_since_greased": "days since the paddle gear and gate pivots were last greased",
            "GateTimber": "what the gates are made of: Oak, Elm, Greenheart or Steel",
            "has_bywash": "whether a bywash channel carries surplus water round the lock",
        },
        "target_description": "the result of the lock's last winter inspection",
        "model_description": "scikit-learn Pipeline: StandardScaler then multinomial LogisticRegression (C=1.0); "
        "the gate timber and the bywash enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic locks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic locks, invented for testing; not a real canal's records.",
            "The gate timber enters as a numeric code, so the model reads an order into it.",
            "A linear model: it cannot see thresholds or interactions between features.",
        ],
        "label_meanings": {
            "working": "passed the inspection: the gates swing and seal, the chamber fills in normal time",
            "sluggish": "the chamber fills or drains too slowly: paddles stick or leak, gates drag",
            "stoppage": "the lock had to be closed to boats until repaired",
        },
        "probability_meaning": "The logistic regression's softmax score for each result; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3619)
    n = SIZE
    rise = np.round(rng.uniform(1.2, 4.5, n), 2)
    gate_age = rng.integers(1, 30, n)
    rust = np.round(np.clip(rng.normal(4.0, 2.0, n), 0.0, 10.0), 1)
    boats = rng.integers(5, 90, n)
    silt = np.round(np.clip(rng.gamma(2.5, 8.0, n), 0.0, 90.0), 0)
    greased = rng.integers(10, 400, n)
    timber = rng.choice(4, n, p=[0.4, 0.2, 0.25, 0.15])
    bywash = rng.choice(2, n, p=[0.35, 0.65])
    frame = pd.DataFrame(
        {
            "lock_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Rise (m)": rise,
            "gate_age_years": gate_age,
            "PaddleRust": rust,
            "boats per week": boats,
            "Silt Depth (cm)": silt,
            "days_since_greased": greased,
            "GateTimber": timber,
            "has_bywash": bywash,
        }
    )
    slow = 0.35 * (rust - 4) + 0.004 * (greased - 200) + 0.03 * (silt - 20) + rng.normal(0, 0.8, n)
    stop = 0.08 * (gate_age - 15) + 0.4 * (rise - 2.8) - 0.5 * bywash + 0.3 * (timber == 1) + rng.normal(0, 0.7, n)
    outcome = np.where(slow > 0.5, 1, 0)
    outcome[stop > 0.8] = 2
    frame["winter_inspection"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 locks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(3691).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lock host in memory, fitted on the locks outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.lock_no.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logit", LogisticRegression(C=1.0, max_iter=1000))])
    model.fit(train[features], train.winter_inspection)
    return host_from_model(model, frame[["lock_no", *features, "winter_inspection"]], test_ids=test, **LOCK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
