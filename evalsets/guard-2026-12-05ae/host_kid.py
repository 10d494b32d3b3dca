"""The invented `kid` host of guard writer guardAE: goat kids reared on an invented goat dairy.

`load_host()` builds a seeded frame of 300 kids (ids 128601-128900) and fits scikit-learn's
`DecisionTreeClassifier` on 240 of them; the other 60 are held out for the performance figures. Each kid's first
eight weeks are recorded as `thrived`, `lagged` (below the weight curve at weaning) or `sickened` (needed the
vet). Nothing here comes from a data set: the domain, its columns and its words were invented by guardAE.

    python evalsets/guard-2026-12-05ae/host_kid.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KID_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 128601
SIZE = 300
NUMERIC = ["Birth Weight (kg)", "colostrum_hours", "LitterSize", "dam age (years)", "Barn Temp (C)", "bottle_feeds"]
CATEGORICAL = ["Breed", "disbudded"]
KID_CONFIG: dict[str, Any] = {
    "name": "goat dairy kid register",
    "target": "outcome",
    "class_names": {"0": "thrived", "1": "lagged", "2": "sickened"},
    "instance_noun": "kid",
    "id_column": "kid_tag",
    "category_names": {
        "Breed": {"0": "Saanen", "1": "Nubian", "2": "Alpine", "3": "Toggenburg"},
        "disbudded": {"0": "False", "1": "True"},
    },
    "immutable_features": ["LitterSize", "dam age (years)"],
    "feature_aliases": {
        "Birth Weight (kg)": ["birth weight", "weight at birth"],
        "colostrum_hours": ["hours to colostrum", "colostrum delay"],
        "LitterSize": ["litter size", "twins or triplets"],
        "dam age (years)": ["dam age", "mother's age"],
        "Barn Temp (C)": ["barn temperature", "kidding shed temperature"],
        "bottle_feeds": ["bottle feeds a day", "feeds per day"],
        "Breed": ["breed"],
        "disbudded": ["disbudding", "horn buds removed"],
    },
    "seed": 0,
    "cards": {
        "description": "Goat kids born on an invented goat dairy, one row per kid from the kidding register.",
        "feature_descriptions": {
            "Birth Weight (kg)": "the kid's weight at birth, in kilograms",
            "colostrum_hours": "hours from birth to the kid's first colostrum feed",
            "LitterSize": "how many kids the doe had in that kidding (1 to 4)",
            "dam age (years)": "the mother's age in years at kidding",
            "Barn Temp (C)": "mean temperature of the kidding barn in the first week, in degrees Celsius",
            "bottle_feeds": "bottle feeds a day in the first fortnight",
            "Breed": "the kid's breed: Saanen, Nubian, Alpine or Toggenburg",
            "disbudded": "whether the kid's horn buds were removed in its first fortnight",
        },
        "target_description": "how the kid did over its first eight weeks",
        "model_description": "scikit-learn DecisionTreeClassifier (depth at most 5, at least 6 kids a leaf); the "
        "breed and the disbudding enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic kids; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic kids, invented for testing; not a real dairy's register.",
            "The breed enters as a numeric code.",
            "A single shallow tree: its probabilities are the label shares of one leaf.",
        ],
        "label_meanings": {
            "thrived": "on or above the dairy's weight curve at weaning, no vet visit",
            "lagged": "below the weight curve at weaning, no vet visit",
            "sickened": "needed the vet at least once in the first eight weeks",
        },
        "probability_meaning": "The share of each outcome among the training kids in the tree leaf the kid falls in.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2812)
    n = SIZE
    litter = rng.choice([1, 2, 3, 4], n, p=[0.25, 0.45, 0.25, 0.05])
    weight = np.round(np.clip(rng.normal(4.2 - 0.4 * (litter - 2), 0.6, n), 1.8, 6.0), 2)
    colostrum = np.round(np.clip(rng.gamma(2.0, 2.5, n), 0.5, 24), 1)
    dam_age = rng.integers(2, 10, n)
    temp = np.round(rng.normal(10, 5, n), 1)
    feeds = rng.integers(2, 6, n)
    breed = rng.choice(4, n, p=[0.35, 0.25, 0.25, 0.15])
    disbud = rng.choice(2, n, p=[0.4, 0.6])
    frame = pd.DataFrame(
        {
            "kid_tag": np.arange(FIRST_ID, FIRST_ID + n),
            "Birth Weight (kg)": weight,
            "colostrum_hours": colostrum,
            "LitterSize": litter,
            "dam age (years)": dam_age,
            "Barn Temp (C)": temp,
            "bottle_feeds": feeds,
            "Breed": breed,
            "disbudded": disbud,
        }
    )
    sick = 0.25 * (colostrum - 5) - 0.12 * (temp - 10) + 0.3 * (dam_age > 7) + rng.normal(0, 1.0, n)
    lag = -1.6 * (weight - 3.8) - 0.5 * (feeds - 3.5) + 0.3 * (breed == 1) + rng.normal(0, 0.8, n)
    outcome = np.where(lag > 0.4, 1, 0)
    outcome[sick > 1.3] = 2
    frame["outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 kids the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(2821).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented goat-kid host in memory, fitted on the kids outside `held_out_ids()`."""
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.kid_tag.isin(test)]
    model = DecisionTreeClassifier(max_depth=5, min_samples_leaf=6, random_state=0)
    model.fit(train[features], train.outcome)
    return host_from_model(model, frame[["kid_tag", *features, "outcome"]], test_ids=test, **KID_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
