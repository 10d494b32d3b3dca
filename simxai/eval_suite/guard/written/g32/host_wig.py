"""The invented `wig` host of guard writer g32: a wig maker's orders, and whether each was delivered in time.

`load_host()` builds a seeded frame of 300 orders (ids 130101-130400) from an invented wig maker's workshop and fits
scikit-learn's `RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each
order is one custom wig; the workshop's ledger says whether it went out `punctual` (by the promised date), `late`
(after it) or `remade` (sent back by the client and built again). Nothing here comes from a data set: the domain,
its columns and its words were invented by g32. The `RushOrder` column holds True/False.

    python simxai/eval_suite/guard/written/g32/host_wig.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WIG_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 130101
SIZE = 300
FEATURES = ["Hair Length (cm)", "knot_density", "HandTiedPercent", "fittings booked", "head_circumference_cm",
            "RushOrder", "Hair Source"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WIG_CONFIG: dict[str, Any] = {
    "name": "wig maker order outcomes",
    "target": "outcome",
    "class_names": {"0": "punctual", "1": "late", "2": "remade"},
    "instance_noun": "order",
    "id_column": "order_id",
    "category_names": {
        "Hair Source": {"0": "european", "1": "asian", "2": "synthetic", "3": "blend"},
        "RushOrder": {"False": "False", "True": "True"},
    },
    "immutable_features": ["head_circumference_cm"],
    "feature_aliases": {
        "Hair Length (cm)": ["hair length", "length", "length of hair"],
        "knot_density": ["knots", "knots per square centimetre", "density"],
        "HandTiedPercent": ["hand tied", "hand-tied share", "hand tying"],
        "fittings booked": ["fittings", "number of fittings", "fitting appointments"],
        "head_circumference_cm": ["head size", "head circumference", "circumference"],
        "RushOrder": ["rush", "rush order", "express"],
        "Hair Source": ["hair source", "hair type", "source of the hair"],
    },
    "seed": 0,
    "cards": {
        "description": "Custom orders of an invented wig maker, one row per wig, with how the order ended.",
        "feature_descriptions": {
            "Hair Length (cm)": "length of the finished hair, in centimetres",
            "knot_density": "knots per square centimetre of the cap",
            "HandTiedPercent": "share of the cap that is hand-tied rather than machine-wefted, in per cent",
            "fittings booked": "fitting appointments booked with the client before delivery",
            "head_circumference_cm": "the client's head circumference, in centimetres",
            "RushOrder": "whether the client paid for a rush order (True/False)",
            "Hair Source": "where the hair came from: european, asian, synthetic or a blend",
        },
        "target_description": "how the order ended: punctual, late or remade",
        "model_description": "scikit-learn RandomForestClassifier (90 trees, depth at most 6, at least 3 orders per "
        "leaf) on the raw columns; the hair source enters as its code and the rush column as 0/1.",
        "training": "Fitted on 240 of the 300 synthetic orders; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic orders, invented for testing; not a real workshop's ledger.",
            "The hair source enters as a numeric code, as if the sources were ordered.",
            "Few orders were remade, so that outcome rests on little data.",
        ],
        "label_meanings": {
            "punctual": "delivered by the promised date",
            "late": "delivered after the promised date",
            "remade": "sent back by the client and built again",
        },
        "probability_meaning": "The share of the forest's trees' votes (averaged leaf frequencies) for each "
        "outcome; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(32130)
    n = SIZE
    source = rng.choice(4, n, p=[0.3, 0.3, 0.25, 0.15])
    length = np.round(rng.uniform(20, 70, n), 0)
    density = np.round(rng.normal(80, 15, n)).astype(int)
    hand = np.round(np.clip(rng.normal(55, 25, n), 0, 100)).astype(int)
    fittings = rng.choice([0, 1, 2, 3, 4], n, p=[0.15, 0.35, 0.3, 0.15, 0.05])
    head = np.round(rng.normal(56, 1.8, n), 1)
    rush = rng.random(n) < 0.25
    frame = pd.DataFrame(
        {
            "order_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Hair Length (cm)": length,
            "knot_density": density,
            "HandTiedPercent": hand,
            "fittings booked": fittings,
            "head_circumference_cm": head,
            "RushOrder": rush,
            "Hair Source": source,
        }
    )
    work = 0.03 * (length - 45) + 0.03 * (density - 80) + 0.025 * (hand - 55) + 0.9 * rush + 0.3 * (fittings - 1.6)
    work = work + rng.normal(0, 0.6, n)
    misfit = 0.7 * np.abs(head - 56) - 0.6 * fittings + 0.7 * (source == 2) + rng.normal(0, 0.5, n)
    outcome = np.zeros(n, dtype=int)
    outcome[work > 0.35] = 1
    outcome[misfit > 1.0] = 2
    frame["outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 orders the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(32).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented wig host in memory, fitted on the orders outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.order_id.isin(test)]
    model = RandomForestClassifier(n_estimators=90, max_depth=6, min_samples_leaf=3, random_state=32)
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["order_id", *FEATURES, "outcome"]], test_ids=test, **WIG_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
