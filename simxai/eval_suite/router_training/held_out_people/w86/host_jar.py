"""The invented `jar` host of writer w86: a community kombucha co-op's call on each fermenting jar at tasting day.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the shelf as its
code, no `Pipeline`) on 240 of the 300 jars and builds the host from the model, the frame, the ids of the 60
held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a jar is
ready to `bottle`, left to `wait` another week, or the brewers `dump` it. Nothing here comes from a data set: the
domain, its columns and its words were invented by w86 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w86/host_jar.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["JAR_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 165001
SIZE = 300
FEATURES = [
    "shelf",
    "acidity (pH)",
    "days_fermenting",
    "SugarLeft",
    "mould_spots",
    "room temp (C)",
    "FizzScore",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
JAR_CONFIG: dict[str, Any] = {
    "name": "kombucha jar calls",
    "target": "tasting_call",
    "class_names": {"0": "bottle", "1": "wait", "2": "dump"},
    "instance_noun": "jar",
    "id_column": "jar",
    "category_names": {"shelf": {"0": "north shelf", "1": "back room", "2": "warm cupboard"}},
    "immutable_features": ["shelf"],
    "feature_aliases": {
        "shelf": ["shelf", "spot", "storage"],
        "acidity (pH)": ["acidity", "ph", "pH"],
        "days_fermenting": ["days fermenting", "days", "age"],
        "SugarLeft": ["sugar left", "sugar", "residual sugar"],
        "mould_spots": ["mould spots", "mould", "mold"],
        "room temp (C)": ["room temp", "temperature", "temp"],
        "FizzScore": ["fizz score", "fizz", "carbonation"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Jars of kombucha at an invented brewing co-op's weekly tasting day, with the tasters' call.",
        "feature_descriptions": {
            "shelf": "where the jar ferments: north shelf, back room or warm cupboard",
            "acidity (pH)": "the brew's pH at tasting, 2.5 to 4.5",
            "days_fermenting": "days since the jar was started",
            "SugarLeft": "sugar left in the brew, grams per litre",
            "mould_spots": "spots of mould seen on the scoby, 0 to 5",
            "room temp (C)": "average temperature where the jar stood that week, in degrees Celsius",
            "FizzScore": "the tasters' fizz score, 0 to 10",
        },
        "target_description": "the tasting-day call: bottle now, wait another week, or dump",
        "model_description": "A random forest of 60 trees, at most 5 levels deep, on the raw features.",
        "training": "Fitted on 240 of the 300 synthetic jars; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic jars, invented for testing; not a real co-op's records.",
            "Does not taste the brew: flavour is not in the data.",
        ],
        "label_meanings": {
            "bottle": "the jar is bottled for the second ferment now",
            "wait": "the jar ferments another week and is tasted again",
            "dump": "the jar is thrown away",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(165077)
    n = SIZE
    shelf = rng.choice(3, n, p=[0.38, 0.34, 0.28])
    frame = pd.DataFrame(
        {
            "jar": np.arange(FIRST_ID, FIRST_ID + n),
            "shelf": shelf,
            "acidity (pH)": np.round(rng.uniform(2.5, 4.5, n), 2),
            "days_fermenting": rng.integers(3, 31, n),
            "SugarLeft": rng.integers(0, 41, n),
            "mould_spots": rng.choice(6, n, p=[0.45, 0.2, 0.13, 0.1, 0.07, 0.05]),
            "room temp (C)": np.round(rng.uniform(15.0, 30.0, n), 1),
            "FizzScore": rng.integers(0, 11, n),
        }
    )
    ready = (
        0.12 * (frame.days_fermenting - 16)
        - 0.06 * (frame.SugarLeft - 20)
        - 1.1 * (frame["acidity (pH)"] - 3.5)
        + 0.2 * (frame.FizzScore - 5)
        + rng.normal(0, 1.0, n)
    )
    bad = 0.9 * frame.mould_spots + 0.12 * (frame["room temp (C)"] - 22) + 0.3 * (shelf == 2) + rng.normal(0, 1.0, n)
    call = np.where(ready > 0.3, 0, 1)
    call = np.where(bad > 2.4, 2, call)
    frame["tasting_call"] = call
    return frame


def held_out_ids() -> list[int]:
    """The 60 jars the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1650).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kombucha host in memory, its model fitted on the jars outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.jar.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=5, min_samples_leaf=3, random_state=0)
    model.fit(train[FEATURES], train.tasting_call)
    return host_from_model(model, frame[["jar", *FEATURES, "tasting_call"]], test_ids=test, **JAR_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
