"""The invented `hedgerow` host of guard writer g44: parish hedgerows and whether each was found dense or gappy.

`load_host()` builds a seeded frame of 150 hedgerow surveys (ids 159901-160050) of an invented parish's farmland and
fits a scikit-learn `Pipeline` (scaled numbers and a one-hot species, then `LogisticRegression`) on 120 of them; the
other 30 are held out for the performance figures. Each row is one hedge; the surveyor found it `dense` or `gappy`.
Nothing here comes from a data set: the domain, its columns and its words were invented by gdev47 for g44. Feature
names mix styles (camelCase, snake_case, spaces, units in brackets); `is_laid` holds True/False.

    python simxai/eval_suite/guard/written/g44/host_hedgerow.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HEDGEROW_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 159901
SIZE = 150
FEATURES = [
    "hedgeAgeYrs",
    "Main Species",
    "is_laid",
    "Cut Interval Yrs",
    "Width [m]",
    "sheep_adjacent",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HEDGEROW_CONFIG: dict[str, Any] = {
    "name": "parish hedgerow survey",
    "target": "hedge_state",
    "class_names": {"0": "dense", "1": "gappy"},
    "instance_noun": "hedge",
    "id_column": "hedge_id",
    "category_names": {
        "Main Species": {"0": "hawthorn", "1": "blackthorn", "2": "hazel"},
        "is_laid": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Width [m]"],
    "feature_aliases": {
        "hedgeAgeYrs": ["hedge age", "age of the hedge", "how old the hedge is"],
        "Main Species": ["species", "main shrub", "what it is made of"],
        "is_laid": ["laid", "hedge laying", "pleached"],
        "Cut Interval Yrs": ["cut interval", "years between cuts", "how often it is cut"],
        "Width [m]": ["width", "how wide it is"],
        "sheep_adjacent": ["sheep", "sheep in the next field", "grazing sheep"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Field hedgerows of an invented parish, one row per hedge surveyed by a volunteer group, "
        "with what the surveyor found.",
        "feature_descriptions": {
            "hedgeAgeYrs": "estimated years since the hedge was planted",
            "Main Species": "the shrub the hedge is mostly made of: hawthorn, blackthorn or hazel",
            "is_laid": "whether the hedge was laid (stems cut and bent over) in the last fifteen years",
            "Cut Interval Yrs": "years between flail cuts",
            "Width [m]": "width of the hedge at its base in metres",
            "sheep_adjacent": "number of the hedge's sides grazed by sheep (0, 1 or 2)",
        },
        "target_description": "what the survey found: dense (a stock-proof hedge with no gaps) or gappy (gaps at the "
        "base or along its length; the hedge needs laying or planting up)",
        "model_description": "a scikit-learn Pipeline: the numbers standardised, the species one-hot encoded, then "
        "a LogisticRegression (C=1.0).",
        "training": "Fitted on 120 of the 150 synthetic surveys; the other 30 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic surveys, invented for testing; not a real parish's records.",
            "Only 30 hedges are held out, so each performance figure moves a lot with one hedge.",
        ],
        "label_meanings": {
            "dense": "the hedge was found dense and stock-proof",
            "gappy": "the hedge was found with gaps and needs work",
        },
        "probability_meaning": "The logistic model's probability of each finding (predict_proba); the two sum to 1 "
        "and the finding with the higher probability is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(47901)
    n = SIZE
    age = rng.integers(8, 120, n)
    species = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    laid = rng.random(n) < 0.35
    interval = rng.choice([1, 2, 3], n, p=[0.5, 0.3, 0.2])
    width = np.round(rng.uniform(0.8, 3.5, n), 1)
    sheep = rng.choice([0, 1, 2], n, p=[0.4, 0.45, 0.15])
    gap = 0.018 * (age - 60) - 1.3 * laid - 0.45 * (interval - 1.7) - 0.6 * (width - 2.1) + 0.7 * (sheep - 0.75)
    gap = gap + 0.5 * (species == 2) - 0.3 * (species == 1) + rng.normal(0, 0.8, n)
    frame = pd.DataFrame(
        {
            "hedge_id": np.arange(FIRST_ID, FIRST_ID + n),
            "hedgeAgeYrs": age,
            "Main Species": species,
            "is_laid": laid,
            "Cut Interval Yrs": interval,
            "Width [m]": width,
            "sheep_adjacent": sheep,
        }
    )
    frame["hedge_state"] = (gap > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 30 hedges the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1599).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hedgerow host in memory, fitted on the hedges outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.hedge_id.isin(test)]
    numbers = [f for f in FEATURES if f != "Main Species"]
    columns = ColumnTransformer(
        [
            ("scaled", StandardScaler(), numbers),
            ("species", OneHotEncoder(handle_unknown="ignore"), ["Main Species"]),
        ]
    )
    model = Pipeline([("columns", columns), ("logistic", LogisticRegression(C=1.0, max_iter=2000))])
    model.fit(train[FEATURES], train.hedge_state)
    return host_from_model(model, frame[["hedge_id", *FEATURES, "hedge_state"]], test_ids=test, **HEDGEROW_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
