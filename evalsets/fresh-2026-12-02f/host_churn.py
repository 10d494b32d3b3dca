"""The invented `churn` host of fresh set F: telecom subscribers who stay or churn, built from a host config.

`load_host()` fits a small synthetic churn model (seeded gradient boosting on a seeded frame, fitted on 480 of the 600
subscribers) and builds the host from the model, the frame, the ids of the 120 held-out subscribers and the fields of
its host config with `simxai.hosts.host_from_model` (the same host `--host-config` would load from those files), as
`bench/dev_hosts.py` does. Nothing here comes from a data set: the domain, its columns and its words were invented for
set F, so that it measures a host nobody trained on.

    python evalsets/fresh-2026-12-02f/host_churn.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CHURN_CONFIG", "load_host"]

FIRST_ID = 7001
SIZE = 600
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CHURN_CONFIG: dict[str, Any] = {
    "name": "subscriber churn",
    "target": "churned",
    "class_names": {"0": "stays", "1": "churns"},
    "instance_noun": "subscriber",
    "id_column": "subscriber_id",
    "category_names": {
        "plan": {"0": "prepaid", "1": "basic", "2": "unlimited"},
        "contract": {"0": "monthly", "1": "annual", "2": "two_year"},
    },
    "immutable_features": ["age"],
    "feature_aliases": {
        "tenure_months": ["tenure", "months with us", "time with us"],
        "monthly_charge": ["bill", "monthly bill", "charges", "price"],
        "data_usage": ["usage", "gigabytes"],
        "support_calls": ["calls to support", "support tickets", "complaints"],
        "dropped_calls": ["call drops", "drops"],
        "late_payments": ["missed payments", "late pays"],
    },
    "seed": 0,
    "cards": {
        "description": "Mobile subscribers of an invented telecom operator, one row per subscriber account, "
        "observed over one quarter.",
        "feature_descriptions": {
            "age": "age of the account holder in years",
            "tenure_months": "months since the subscriber joined",
            "plan": "the tariff plan of the account",
            "contract": "the contract term: monthly rolling, annual or two-year",
            "monthly_charge": "average monthly bill in dollars",
            "data_usage": "mobile data used per month in GB",
            "support_calls": "calls to customer support in the last 90 days",
            "dropped_calls": "dropped calls per month",
            "late_payments": "late bill payments in the last 12 months",
        },
        "target_description": "whether the subscriber cancelled (churned) within the next quarter",
        "model_description": "Gradient boosting of 80 depth-2 trees.",
        "training": "Fitted on 480 of the 600 synthetic subscribers with random_state=0; the other 120 are held "
        "out for the performance figures.",
        "limitations": ["Synthetic subscribers, invented for testing; not real customers."],
        "label_meanings": {
            "stays": "the subscriber keeps the account through the next quarter",
            "churns": "the subscriber cancels the account within the next quarter",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2026)
    n = SIZE
    frame = pd.DataFrame(
        {
            "subscriber_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age": rng.integers(18, 80, n),
            "tenure_months": rng.integers(1, 73, n),
            "plan": rng.integers(0, 3, n),
            "contract": rng.choice(3, n, p=[0.5, 0.3, 0.2]),
            "monthly_charge": np.round(rng.uniform(15, 120, n), 2),
            "data_usage": np.round(rng.gamma(2.0, 6.0, n), 1),
            "support_calls": rng.poisson(1.5, n),
            "dropped_calls": rng.poisson(2.0, n),
            "late_payments": rng.poisson(0.8, n),
        }
    )
    score = (
        -0.035 * (frame.tenure_months - 36)
        + 0.02 * (frame.monthly_charge - 65)
        + 0.45 * (frame.support_calls - 1.5)
        + 0.25 * (frame.dropped_calls - 2)
        + 0.35 * (frame.late_payments - 0.8)
        - 0.9 * (frame.contract == 1)
        - 1.6 * (frame.contract == 2)
        - 0.4 * (frame.plan == 2)
        - 0.01 * (frame.age - 48)
        + rng.normal(0, 0.8, n)
    )
    frame["churned"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 120 subscribers the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(5).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented churn host in memory, its model fitted on the subscribers outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("subscriber_id", "churned")]
    test = held_out_ids()
    train = frame[~frame.subscriber_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=80, max_depth=2, random_state=0)
    model.fit(train[features], train.churned)
    return host_from_model(model, frame, test_ids=test, **CHURN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
