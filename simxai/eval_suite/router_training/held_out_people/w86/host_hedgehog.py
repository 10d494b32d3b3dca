"""The invented `hedgehog` host of writer w86: a wildlife rescue's call on each hedgehog at its weekly vet check.

`load_host()` fits a small synthetic model (a seeded `Pipeline` of a `StandardScaler` and a
`GradientBoostingClassifier` on the raw numbers, the intake site as its code) on 240 of the 300 checks and builds
the host from the model, the frame, the ids of the 60 held-out ones and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: a hedgehog is `release`d back to the wild or the rescue `keep`s
it another week. Nothing here comes from a data set: the domain, its columns and its words were invented by w86 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w86/host_hedgehog.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HEDGEHOG_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 165301
SIZE = 300
FEATURES = [
    "found at",
    "weight (g)",
    "days_in_care",
    "TickCount",
    "appetite_score",
    "night temp (C)",
    "WoundScore",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HEDGEHOG_CONFIG: dict[str, Any] = {
    "name": "hedgehog release calls",
    "target": "vet_call",
    "class_names": {"0": "release", "1": "keep"},
    "instance_noun": "hedgehog",
    "id_column": "check",
    "category_names": {"found at": {"0": "road verge", "1": "garden pond", "2": "school field"}},
    "immutable_features": ["found at"],
    "feature_aliases": {
        "found at": ["found at", "where found", "intake site"],
        "weight (g)": ["weight", "grams", "weighs"],
        "days_in_care": ["days in care", "days", "time in care"],
        "TickCount": ["tick count", "ticks", "parasites"],
        "appetite_score": ["appetite score", "appetite", "eating"],
        "night temp (C)": ["night temp", "night temperature", "temperature"],
        "WoundScore": ["wound score", "wounds", "injury"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Hedgehogs at an invented wildlife rescue's weekly vet check, with the vet's release call.",
        "feature_descriptions": {
            "found at": "where the hedgehog was found: road verge, garden pond or school field",
            "weight (g)": "the hedgehog's weight at the check, in grams",
            "days_in_care": "days since the hedgehog came in",
            "TickCount": "ticks counted at the check",
            "appetite_score": "how well it ate that week, 0 to 10",
            "night temp (C)": "the forecast overnight low for release week, in degrees Celsius",
            "WoundScore": "how bad its wounds still are, 0 (healed) to 10",
        },
        "target_description": "the vet's call: release this week or keep in care",
        "model_description": "Gradient boosting (60 shallow trees) on scaled features, in a scikit-learn Pipeline.",
        "training": "Fitted on 240 of the 300 synthetic checks; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic hedgehogs, invented for testing; not a real rescue's records.",
            "Does not see the animal's behaviour: only the numbers at the check.",
        ],
        "label_meanings": {
            "release": "the hedgehog goes back to the wild this week",
            "keep": "the hedgehog stays in care and is checked again next week",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(165388)
    n = SIZE
    found = rng.choice(3, n, p=[0.42, 0.31, 0.27])
    frame = pd.DataFrame(
        {
            "check": np.arange(FIRST_ID, FIRST_ID + n),
            "found at": found,
            "weight (g)": rng.integers(300, 1101, n),
            "days_in_care": rng.integers(1, 91, n),
            "TickCount": rng.integers(0, 31, n),
            "appetite_score": rng.integers(0, 11, n),
            "night temp (C)": rng.integers(-5, 16, n),
            "WoundScore": rng.integers(0, 11, n),
        }
    )
    worry = (
        -0.006 * (frame["weight (g)"] - 700)
        - 0.015 * (frame.days_in_care - 45)
        + 0.06 * (frame.TickCount - 15)
        - 0.2 * (frame.appetite_score - 5)
        - 0.12 * (frame["night temp (C)"] - 5)
        + 0.25 * (frame.WoundScore - 5)
        + 0.3 * (found == 0)
        + rng.normal(0, 1.2, n)
    )
    frame["vet_call"] = (worry > np.quantile(worry, 0.5)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1653).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hedgehog host in memory, its model fitted on the checks outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.check.isin(test)]
    boost = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=0)
    model = Pipeline([("scale", StandardScaler()), ("boost", boost)])
    model.fit(train[FEATURES], train.vet_call)
    return host_from_model(model, frame[["check", *FEATURES, "vet_call"]], test_ids=test, **HEDGEHOG_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
