"""The invented `silo` host of writer w74: grain bins on an invented farm co-operative's storage yard.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the grain as its
code) on 240 of the 300 bins and builds the host from the model, the frame, the ids of the 60 held-out bins and the
fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a bin's grain is kept in
`store`, sent to the `dry`er first, or put up to `sell` now. Nothing here comes from a data set: the domain, its
columns and its words were invented by w74 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w74/host_silo.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SILO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 152201
SIZE = 300
NUMBERS = ["moisture (%)", "temp (C)", "days_stored", "InsectCount", "fill (t)", "BinNo"]
FEATURES = ["grain", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SILO_CONFIG: dict[str, Any] = {
    "name": "grain bins",
    "target": "bin_action",
    "class_names": {"0": "store", "1": "dry", "2": "sell"},
    "instance_noun": "bin",
    "id_column": "bin_id",
    "category_names": {"grain": {"0": "spring barley", "1": "winter wheat", "2": "oilseed rape"}},
    "immutable_features": ["grain"],
    "feature_aliases": {
        "grain": ["grain", "crop", "what's in it"],
        "moisture (%)": ["moisture", "damp", "wetness"],
        "temp (C)": ["temp", "temperature", "how warm"],
        "days_stored": ["days stored", "days in the bin", "storage days"],
        "InsectCount": ["insects", "bugs", "weevils", "insect count"],
        "fill (t)": ["fill", "tonnes", "how full"],
        "BinNo": ["bin number", "bin no"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Grain bins on an invented co-operative's storage yard, one row per bin, checked each week.",
        "feature_descriptions": {
            "grain": "what the bin holds: spring barley, winter wheat or oilseed rape",
            "moisture (%)": "moisture of the grain, in per cent",
            "temp (C)": "temperature at the bin's core probe, in degrees Celsius",
            "days_stored": "days since the bin was filled",
            "InsectCount": "insects caught in the bin's trap this week",
            "fill (t)": "grain in the bin, in tonnes",
            "BinNo": "the bin's number painted on the yard",
        },
        "target_description": "the yard manager's action for the bin this week: store, dry or sell",
        "model_description": "A random forest (60 trees of depth 6) on the raw numbers, the grain as its code.",
        "training": "Fitted on 240 of the 300 synthetic bins; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic bins, invented for testing; not a real co-operative's records.",
            "Does not see grain prices, the weather forecast or the dryer's queue.",
        ],
        "label_meanings": {
            "store": "the grain stays in the bin as it is",
            "dry": "the grain goes through the dryer before it is stored on",
            "sell": "the grain is put up for sale and moved out",
        },
        "probability_meaning": "The share of the forest's trees voting for each action.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(152274)
    n = SIZE
    grain = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    frame = pd.DataFrame(
        {
            "bin_id": np.arange(FIRST_ID, FIRST_ID + n),
            "grain": grain,
            "moisture (%)": np.round(rng.uniform(10, 22, n), 1),
            "temp (C)": rng.integers(5, 36, n),
            "days_stored": rng.integers(0, 301, n),
            "InsectCount": rng.integers(0, 41, n),
            "fill (t)": rng.integers(20, 501, n),
            "BinNo": rng.integers(1, 31, n),
        }
    )
    wet = 0.5 * (frame["moisture (%)"] - 15) + 0.06 * (frame["temp (C)"] - 18) + 0.5 * (grain == 2)
    old = 0.012 * (frame.days_stored - 150) + 0.08 * (frame.InsectCount - 20) + 0.002 * (frame["fill (t)"] - 250)
    wet = wet + rng.normal(0, 0.5, n)
    old = old + rng.normal(0, 0.5, n)
    action = np.where((wet > 0.6) & (wet >= old), 1, np.where(old > 0.5, 2, 0))
    frame["bin_action"] = action
    return frame


def held_out_ids() -> list[int]:
    """The 60 bins the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1522).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented silo host in memory, its model fitted on the bins outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bin_id.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.bin_action)
    return host_from_model(model, frame[["bin_id", *FEATURES, "bin_action"]], test_ids=test, **SILO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
