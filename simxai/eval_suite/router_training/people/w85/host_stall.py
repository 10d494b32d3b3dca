"""The invented `stall` host of writer w85: the council's licence call on each street-market stall at renewal.

`load_host()` fits a small synthetic model (a `StandardScaler` and a `LogisticRegression` in a `Pipeline`, the
market as its code) on 240 of the 300 stalls and builds the host from the model, the frame, the ids of the 60
held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a stall's
licence is renewed (`renew`) or refused (`refuse`). Nothing here comes from a data set: the domain, its columns and
its words were invented by w85 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w85/host_stall.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["STALL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 163501
SIZE = 300
FEATURES = [
    "market",
    "rent arrears (eur)",
    "complaints_logged",
    "HygieneGrade",
    "trading hours (h/week)",
    "late_setups",
    "FootfallIndex",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
STALL_CONFIG: dict[str, Any] = {
    "name": "market stall licence renewals",
    "target": "licence_call",
    "class_names": {"0": "renew", "1": "refuse"},
    "instance_noun": "stall",
    "id_column": "stall_no",
    "category_names": {"market": {"0": "fish quay", "1": "town square", "2": "north arcade"}},
    "immutable_features": ["market"],
    "feature_aliases": {
        "market": ["market", "pitch", "location"],
        "rent arrears (eur)": ["rent arrears", "arrears", "unpaid rent"],
        "complaints_logged": ["complaints logged", "complaints", "complaint count"],
        "HygieneGrade": ["hygiene grade", "hygiene", "food hygiene"],
        "trading hours (h/week)": ["trading hours", "hours", "opening hours"],
        "late_setups": ["late setups", "late set-ups", "late starts"],
        "FootfallIndex": ["footfall index", "footfall", "passing trade"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Stalls on an invented town's three street markets, with the council's licence call.",
        "feature_descriptions": {
            "market": "which market the stall trades on: fish quay, town square or north arcade",
            "rent arrears (eur)": "pitch rent owed at renewal, in euros",
            "complaints_logged": "complaints about the stall logged with the market office last year",
            "HygieneGrade": "the last hygiene inspection's grade, 0 (worst) to 5 (best)",
            "trading hours (h/week)": "hours a week the stall trades, on average",
            "late_setups": "mornings the stall was set up after the market opened, last year",
            "FootfallIndex": "the market office's footfall count at the pitch, scaled 0 to 100",
        },
        "target_description": "the council's licence call at renewal: renew or refuse",
        "model_description": "A standard scaler and a logistic regression in a scikit-learn Pipeline.",
        "training": "Fitted on 240 of the 300 synthetic stalls; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic stalls, invented for testing; not a real council's licence register.",
            "Does not know about appeals or payment plans agreed with the office.",
        ],
        "label_meanings": {
            "renew": "the stall's licence is renewed for another year",
            "refuse": "the licence is refused and the pitch is offered to the waiting list",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(163541)
    n = SIZE
    market = rng.choice(3, n, p=[0.3, 0.4, 0.3])
    frame = pd.DataFrame(
        {
            "stall_no": np.arange(FIRST_ID, FIRST_ID + n),
            "market": market,
            "rent arrears (eur)": rng.integers(0, 601, n),
            "complaints_logged": rng.integers(0, 16, n),
            "HygieneGrade": rng.integers(0, 6, n),
            "trading hours (h/week)": rng.integers(4, 61, n),
            "late_setups": rng.integers(0, 21, n),
            "FootfallIndex": rng.integers(0, 101, n),
        }
    )
    risk = (
        0.005 * (frame["rent arrears (eur)"] - 300)
        + 0.15 * (frame.complaints_logged - 7)
        - 0.45 * (frame.HygieneGrade - 2.5)
        - 0.02 * (frame["trading hours (h/week)"] - 32)
        + 0.08 * (frame.late_setups - 10)
        - 0.01 * (frame.FootfallIndex - 50)
        + 0.4 * (market == 2)
        + rng.normal(0, 1.0, n)
    )
    frame["licence_call"] = (risk > np.quantile(risk, 0.6)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 stalls the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1635).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented stall host in memory, its model fitted on the stalls outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.stall_no.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logreg", LogisticRegression(C=0.3, max_iter=500))])
    model.fit(train[FEATURES], train.licence_call)
    return host_from_model(model, frame[["stall_no", *FEATURES, "licence_call"]], test_ids=test, **STALL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
