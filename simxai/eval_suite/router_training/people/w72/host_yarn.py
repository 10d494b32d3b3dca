"""The invented `yarn` host of writer w72: the colourist's call on each skein leaving a small hand-dye studio.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the fibre as its
code, no `Pipeline`) on 240 of the 300 skeins and builds the host from the model, the frame, the ids of the 60
held-out skeins and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a dyed
skein is called `first`, `offshade` or `redye`. Nothing here comes from a data set: the domain, its columns and its
words were invented by w72 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w72/host_yarn.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["YARN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 149601
SIZE = 300
FEATURES = [
    "fibre",
    "bath temp (C)",
    "mordant_pct",
    "skein weight (g)",
    "MinutesInBath",
    "water_hardness",
    "DyeStrength",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
YARN_CONFIG: dict[str, Any] = {
    "name": "hand-dyed yarn skein calls",
    "target": "skein_call",
    "class_names": {"0": "first", "1": "offshade", "2": "redye"},
    "instance_noun": "skein",
    "id_column": "skein_no",
    "category_names": {"fibre": {"0": "merino wool", "1": "alpaca blend", "2": "silk noil"}},
    "immutable_features": ["fibre"],
    "feature_aliases": {
        "fibre": ["fibre", "fiber", "base yarn", "base"],
        "bath temp (C)": ["bath temperature", "temperature", "temp", "how hot"],
        "mordant_pct": ["mordant", "alum", "mordant percent"],
        "skein weight (g)": ["weight", "skein weight", "grams"],
        "MinutesInBath": ["minutes in the bath", "bath time", "time in the pot"],
        "water_hardness": ["hardness", "water hardness", "hard water"],
        "DyeStrength": ["dye strength", "depth of shade", "dye load"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Skeins leaving an invented hand-dye studio, one row per skein, with the colourist's call.",
        "feature_descriptions": {
            "fibre": "the base yarn: merino wool, alpaca blend or silk noil",
            "bath temp (C)": "the highest temperature of the dye bath, in degrees Celsius",
            "mordant_pct": "alum mordant as a share of the dry skein weight, in per cent",
            "skein weight (g)": "dry weight of the skein, in grams",
            "MinutesInBath": "minutes the skein spent in the dye bath",
            "water_hardness": "hardness of the studio water, in parts per million",
            "DyeStrength": "dye powder as a share of the dry skein weight, in per cent",
        },
        "target_description": "the colourist's call on the skein: first, offshade or redye",
        "model_description": "A random forest (60 trees, at most 5 levels deep) on the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic skeins; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic skeins, invented for testing; not a real studio's book.",
            "Does not know the dye colour, the batch of fibre or the light the skein was judged under.",
        ],
        "label_meanings": {
            "first": "an even skein that matches the colour card, sold at full price",
            "offshade": "a usable skein that misses the card, sold as a one-off",
            "redye": "a patchy skein that goes back into a darker bath",
        },
        "probability_meaning": "The share of the forest's trees voting for each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(149611)
    n = SIZE
    fibre = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "skein_no": np.arange(FIRST_ID, FIRST_ID + n),
            "fibre": fibre,
            "bath temp (C)": rng.integers(60, 101, n),
            "mordant_pct": np.round(rng.uniform(2.0, 20.0, n), 1),
            "skein weight (g)": rng.integers(50, 201, n),
            "MinutesInBath": rng.integers(20, 121, n),
            "water_hardness": rng.integers(50, 401, n),
            "DyeStrength": np.round(rng.uniform(0.5, 6.0, n), 1),
        }
    )
    patchy = (
        0.006 * (frame.water_hardness - 200)
        - 0.1 * (frame.mordant_pct - 10)
        + 0.05 * np.abs(frame["bath temp (C)"] - 85)
        - 0.015 * (frame.MinutesInBath - 70)
        + 0.006 * (frame["skein weight (g)"] - 120)
        + 0.5 * (fibre == 2)
        + rng.normal(0, 0.6, n)
    )
    low, high = np.quantile(patchy, [0.45, 0.78])
    frame["skein_call"] = np.where(patchy < low, 0, np.where(patchy < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 skeins the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1496).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented yarn host in memory, its model fitted on the skeins outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.skein_no.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=5, random_state=0)
    model.fit(train[FEATURES], train.skein_call)
    return host_from_model(model, frame[["skein_no", *FEATURES, "skein_call"]], test_ids=test, **YARN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
