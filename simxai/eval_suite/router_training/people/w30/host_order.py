"""The invented `order` host of writer w30: a tailor's shop's alteration orders, triaged when they come in.

`load_host()` fits a small synthetic model (a seeded Nystroem kernel approximation, `Nystroem`, mapping the scaled
columns onto 80 RBF-kernel components, with a multinomial logistic regression on them; the categories one-hot
encoded first) on 239 of the 299 orders and builds the host from the model, the frame, the ids of the 60 held-out
orders and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w27's hosts.
It has three labels: an order is ready `on_time`, `late`, or comes back for a `redo`. Nothing here comes from a data
set: the domain, its columns and its words were invented by w30 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w30/host_order.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ORDER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 99701
SIZE = 299
NUMERIC = [
    "alterations",
    "days_to_collection",
    "queue_length",
    "price_gbp",
    "fittings",
]
CATEGORICAL = ["garment", "fabric", "rush_job"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ORDER_CONFIG: dict[str, Any] = {
    "name": "tailoring alteration orders",
    "target": "outcome",
    "class_names": {"0": "on_time", "1": "late", "2": "redo"},
    "instance_noun": "order",
    "id_column": "order_no",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "garment": {"0": "trousers", "1": "shirt", "2": "jacket", "3": "dress", "4": "suit"},
        "fabric": {"0": "cotton", "1": "wool", "2": "silk", "3": "synthetic"},
        "rush_job": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["garment", "fabric"],
    "feature_aliases": {
        "alterations": ["number of alterations", "jobs on it", "changes"],
        "days_to_collection": ["days to collection", "days until pickup", "collection", "pickup"],
        "queue_length": ["queue", "backlog", "orders ahead"],
        "price_gbp": ["price", "cost", "charge"],
        "fittings": ["fittings", "fitting", "try-ons"],
        "garment": ["garment", "item", "garment type"],
        "fabric": ["fabric", "material", "cloth"],
        "rush_job": ["rush", "express", "urgent"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Alteration orders of an invented tailor's shop, one row per order as it was booked in.",
        "feature_descriptions": {
            "alterations": "how many separate alterations the order asks for",
            "days_to_collection": "days between booking in and the promised collection date",
            "queue_length": "orders already waiting in the workroom when it was booked in",
            "price_gbp": "the price quoted, in pounds",
            "fittings": "fittings booked with the customer before collection",
            "garment": "the garment: trousers, shirt, jacket, dress or suit",
            "fabric": "the main fabric: cotton, wool, silk or synthetic",
            "rush_job": "whether the customer paid for a rush job: no or yes",
        },
        "target_description": "how the order ended: ready on_time, late, or a redo (brought back to be altered again)",
        "model_description": "A Nystroem kernel approximation (80 RBF components) of the scaled columns with a "
        "multinomial logistic regression on them; garment, fabric and rush one-hot encoded.",
        "training": "Fitted on 239 of the 299 synthetic orders; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic orders, invented for testing; not a real shop's book.",
            "Does not know which tailor takes the job, holidays, or a customer who changes their mind.",
            "It sees the order as booked in; what happens at the fittings is not in the data.",
        ],
        "label_meanings": {
            "on_time": "the order is ready by the promised collection date and fits",
            "late": "the order is not ready by the promised date",
            "redo": "the order is ready but comes back to be altered again",
        },
        "probability_meaning": "The model's estimated probability of each of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(99770)
    n = SIZE
    garment = rng.choice(5, n, p=[0.35, 0.2, 0.2, 0.15, 0.1])
    fabric = rng.choice(4, n, p=[0.35, 0.3, 0.1, 0.25])
    alterations = rng.integers(1, 7, n)
    frame = pd.DataFrame(
        {
            "order_no": np.arange(FIRST_ID, FIRST_ID + n),
            "alterations": alterations,
            "days_to_collection": rng.integers(1, 22, n),
            "queue_length": rng.integers(0, 41, n),
            "price_gbp": np.round(12 + 9 * alterations + 15 * (garment >= 2) + rng.gamma(2.0, 6.0, n)),
            "fittings": rng.integers(0, 4, n),
            "garment": garment,
            "fabric": fabric,
            "rush_job": rng.choice(2, n, p=[0.8, 0.2]),
        }
    )
    late = (
        0.09 * frame.queue_length
        + 0.35 * frame.alterations
        - 0.22 * frame.days_to_collection
        - 1.2 * frame.rush_job
        + 0.4 * (frame.garment == 4)
        + rng.normal(0, 0.8, n)
    )
    redo = (
        0.9 * (frame.fabric == 2)
        + 0.5 * (frame.garment == 3)
        - 0.8 * frame.fittings
        + 0.25 * frame.alterations
        + 0.6 * frame.rush_job
        + rng.normal(0, 0.7, n)
    )
    outcome = np.zeros(n, dtype=int)
    outcome[late > 1.3] = 1
    outcome[(redo > 0.9) & (redo > late - 0.3)] = 2
    frame["outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 orders the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(997).choice(ids, 60, replace=False))


def load_host() -> TabularHost:
    """Build the invented order host in memory, its model fitted on the orders outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.kernel_approximation import Nystroem
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.order_no.isin(test)]
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
            ("kernel", Nystroem(kernel="rbf", gamma=0.05, n_components=80, random_state=0)),
            ("logistic", LogisticRegression(C=3.0, max_iter=3000)),
        ]
    )
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["order_no", *FEATURES, "outcome"]], test_ids=test, **ORDER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
