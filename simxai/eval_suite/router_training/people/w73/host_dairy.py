"""The invented `dairy` host of writer w73: the herd vet's weekly mastitis call on each cow of a dairy farm.

`load_host()` fits a small synthetic model (a seeded `LogisticRegression` on the raw numbers, the breed as its
code, no `Pipeline`) on 192 of the 240 cow-weeks and builds the host from the model, the frame, the ids of the 48
held-out cow-weeks and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: each
week a cow is either `clear` or marked to `treat` for udder infection. Nothing here comes from a data set: the
domain, its columns and its words were invented by w73 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w73/host_dairy.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DAIRY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 150901
SIZE = 240
FEATURES = [
    "breed",
    "milk yield (L)",
    "somatic_cells",
    "DaysInMilk",
    "udder temp (C)",
    "LactationNo",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DAIRY_CONFIG: dict[str, Any] = {
    "name": "dairy mastitis calls",
    "target": "vet_call",
    "class_names": {"0": "clear", "1": "treat"},
    "instance_noun": "cow",
    "id_column": "cow_week",
    "category_names": {"breed": {"0": "holstein friesian", "1": "brown swiss", "2": "jersey cross"}},
    "immutable_features": ["breed"],
    "feature_aliases": {
        "breed": ["breed", "kind of cow"],
        "milk yield (L)": ["yield", "milk yield", "litres", "milk"],
        "somatic_cells": ["somatic cell count", "scc", "cell count", "cells"],
        "DaysInMilk": ["days in milk", "dim", "days since calving"],
        "udder temp (C)": ["udder temperature", "udder temp", "temperature"],
        "LactationNo": ["lactation", "lactation number", "parity", "calvings"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Cow-weeks on an invented dairy farm, one row per cow per week, with the herd vet's "
        "mastitis call.",
        "feature_descriptions": {
            "breed": "the cow's breed: holstein friesian, brown swiss or jersey cross",
            "milk yield (L)": "mean daily milk yield that week, in litres",
            "somatic_cells": "somatic cell count of her milk, in thousands of cells per millilitre",
            "DaysInMilk": "days since she last calved",
            "udder temp (C)": "udder skin temperature at milking, in degrees Celsius",
            "LactationNo": "which lactation she is in (1 for a first-calf heifer)",
        },
        "target_description": "the vet's call for the week: clear or treat",
        "model_description": "A logistic regression on the raw numbers.",
        "training": "Fitted on 192 of the 240 synthetic cow-weeks; the other 48 are held out for the figures.",
        "limitations": [
            "Synthetic cow-weeks, invented for testing; not a real herd's records.",
            "Does not know the bedding, the milking machine's state or the cow's feed.",
        ],
        "label_meanings": {
            "clear": "no treatment that week",
            "treat": "the cow is treated for udder infection that week",
        },
        "probability_meaning": "The logistic regression's estimate of how likely each call is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(150911)
    n = SIZE
    breed = rng.choice(3, n, p=[0.5, 0.25, 0.25])
    frame = pd.DataFrame(
        {
            "cow_week": np.arange(FIRST_ID, FIRST_ID + n),
            "breed": breed,
            "milk yield (L)": np.round(rng.uniform(8.0, 45.0, n), 1),
            "somatic_cells": rng.integers(50, 901, n),
            "DaysInMilk": rng.integers(5, 321, n),
            "udder temp (C)": np.round(rng.uniform(37.5, 40.5, n), 1),
            "LactationNo": rng.integers(1, 8, n),
        }
    )
    sick = (
        0.006 * frame.somatic_cells
        + 1.3 * (frame["udder temp (C)"] - 39.0)
        - 0.04 * frame["milk yield (L)"]
        + 0.2 * frame.LactationNo
        - 0.003 * frame.DaysInMilk
        + 0.3 * (breed == 0)
        + rng.normal(0, 0.7, n)
    )
    frame["vet_call"] = (sick > np.quantile(sick, 0.6)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 cow-weeks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1509).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented dairy host in memory, its model fitted on the cow-weeks outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.cow_week.isin(test)]
    model = LogisticRegression(max_iter=5000)
    model.fit(train[FEATURES], train.vet_call)
    return host_from_model(model, frame[["cow_week", *FEATURES, "vet_call"]], test_ids=test, **DAIRY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
