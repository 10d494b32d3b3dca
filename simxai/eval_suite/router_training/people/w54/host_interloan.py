"""The invented `interloan` host of writer w54: inter-library loan requests at a city public library branch.

`load_host()` fits a small synthetic model (gradient-boosted depth-2 trees, the item type and the True/False rush
column one-hot encoded, a `Pipeline`) on 240 of the 300 requests and builds the host from the model, the frame,
the ids of the 60 held-out requests and the fields of its host config with `simxai.hosts.host_from_model`. It
has two labels: an item borrowed from another library either arrived `in_time` (on the patron's shelf within
21 days of the request) or `late`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w54 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w54/host_interloan.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["INTERLOAN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 125601
SIZE = 300
NUMERIC = [
    "distance to lender (km)",
    "holding_libraries",
    "PubYear",
    "page count",
    "PatronHolds",
    "lender_backlog",
]
CATEGORICAL = ["item_type", "rush"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
INTERLOAN_CONFIG: dict[str, Any] = {
    "name": "inter-library loans",
    "target": "arrival",
    "class_names": {"0": "in_time", "1": "late"},
    "instance_noun": "request",
    "id_column": "request_id",
    "category_names": {"item_type": {"0": "book", "1": "dvd", "2": "thesis"}},
    "immutable_features": ["item_type"],
    "feature_aliases": {
        "item_type": ["item type", "format", "kind of item", "material"],
        "rush": ["rush", "rush request", "urgent", "priority"],
        "distance to lender (km)": ["distance", "distance to lender", "km", "how far the lender"],
        "holding_libraries": ["holding libraries", "holdings", "libraries holding it", "number of lenders"],
        "PubYear": ["pub year", "publication year", "year published", "year"],
        "page count": ["pages", "page count", "number of pages", "length"],
        "PatronHolds": ["patron holds", "holds", "other holds of the patron", "requests on the patron"],
        "lender_backlog": ["backlog", "lender backlog", "queue at the lender", "lender queue"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Inter-library loan requests placed at an invented city public library branch, one row per "
        "request, looked at 21 days after the request.",
        "feature_descriptions": {
            "item_type": "what was asked for: book, dvd or thesis",
            "rush": "whether the request was sent as a rush request (True) or not (False)",
            "distance to lender (km)": "road distance to the library that lent it, in kilometres",
            "holding_libraries": "how many libraries in the network hold the item, 1 to 30",
            "PubYear": "year the item was published, 1950 to 2025",
            "page count": "pages of the item (for a dvd, the pages of its booklet)",
            "PatronHolds": "other inter-library requests the same patron had open, 0 to 8",
            "lender_backlog": "requests waiting at the lending library when it got this one, 0 to 60",
        },
        "target_description": "whether the item reached the patron's hold shelf within 21 days of the request",
        "model_description": "Gradient-boosted trees (80 trees of depth 2, learning rate 0.1), the item type and "
        "rush columns one-hot encoded, the numbers passed through.",
        "training": "Fitted on 240 of the 300 synthetic requests; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic requests, invented for testing; not a real library's records.",
            "Does not know the courier, holidays, the weather, or whether the lending library lost the slip.",
        ],
        "label_meanings": {
            "in_time": "on the patron's hold shelf within 21 days of the request",
            "late": "not on the hold shelf after 21 days (still in transit, or the lender was slow)",
        },
        "probability_meaning": "The boosted trees' estimated chance of each outcome for the request.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(125666)
    n = SIZE
    item = rng.choice(3, n, p=[0.6, 0.2, 0.2])
    frame = pd.DataFrame(
        {
            "request_id": np.arange(FIRST_ID, FIRST_ID + n),
            "item_type": item,
            "rush": rng.random(n) < 0.3,
            "distance to lender (km)": rng.integers(5, 2501, n),
            "holding_libraries": rng.integers(1, 31, n),
            "PubYear": rng.integers(1950, 2026, n),
            "page count": rng.integers(40, 901, n),
            "PatronHolds": rng.integers(0, 9, n),
            "lender_backlog": rng.integers(0, 61, n),
        }
    )
    slow = (
        0.0012 * (frame["distance to lender (km)"] - 1250)
        - 0.09 * (frame.holding_libraries - 15)
        - 0.03 * (frame.PubYear - 1988)
        + 0.05 * (frame.lender_backlog - 30)
        + 0.15 * (frame.PatronHolds - 4)
        - 1.0 * frame.rush
        + 0.8 * (item == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["arrival"] = (slow > np.quantile(slow, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 requests the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1256).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented inter-library loan host in memory, fitted on the requests outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.request_id.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("boosted", GradientBoostingClassifier(n_estimators=80, max_depth=2, random_state=1256)),
        ]
    )
    model.fit(train[FEATURES], train.arrival)
    return host_from_model(model, frame[["request_id", *FEATURES, "arrival"]], test_ids=test, **INTERLOAN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
