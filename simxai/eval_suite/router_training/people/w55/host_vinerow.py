"""The invented `vinerow` host of writer w55: vine blocks of a small Clare Valley vineyard at the harvest call.

`load_host()` fits a small synthetic model (an extra-trees forest, 80 trees of depth 6, behind a one-hot encoder
for the grape variety and the True/False bird-net column, the numbers passed through, a `Pipeline`) on 240 of the
300 blocks and builds the host from the model, the frame, the ids of the 60 held-out blocks and the fields of its
host config with `simxai.hosts.host_from_model`. It has three labels: at the morning walk a block is `pick_now`,
left to `hang_longer`, or its fruit is `rejected` at the weighbridge. Nothing here comes from a data set: the
domain, its columns and its words were invented by w55 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w55/host_vinerow.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["VINEROW_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 126801
SIZE = 300
NUMERIC = [
    "sugar (Baume)",
    "TitratableAcid",
    "berry weight (g)",
    "bunch rot (%)",
    "DaysPastVeraison",
    "rain last fortnight (mm)",
]
CATEGORICAL = ["variety", "bird_netted"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
VINEROW_CONFIG: dict[str, Any] = {
    "name": "vineyard harvest call",
    "target": "harvest_call",
    "class_names": {"0": "pick_now", "1": "hang_longer", "2": "rejected"},
    "instance_noun": "block",
    "id_column": "block_no",
    "category_names": {"variety": {"0": "shiraz", "1": "grenache", "2": "riesling"}},
    "immutable_features": ["variety"],
    "feature_aliases": {
        "variety": ["grape variety", "grape", "cultivar", "kind of grape"],
        "bird_netted": ["bird netted", "netted", "bird nets", "nets on"],
        "sugar (Baume)": ["sugar", "baume", "ripeness", "sugar level"],
        "TitratableAcid": ["titratable acid", "acid", "acidity", "TA"],
        "berry weight (g)": ["berry weight", "berry size", "weight of the berries"],
        "bunch rot (%)": ["bunch rot", "rot", "botrytis", "mould"],
        "DaysPastVeraison": ["days past veraison", "days since veraison", "days after colour change"],
        "rain last fortnight (mm)": ["rain last fortnight", "rain", "rainfall", "recent rain"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Vine blocks of an invented small vineyard in the Clare Valley, one row per block, "
        "sampled on the morning walk before the harvest call.",
        "feature_descriptions": {
            "variety": "the grape variety of the block: shiraz, grenache or riesling",
            "bird_netted": "whether bird nets are on the rows (True) or not (False)",
            "sugar (Baume)": "sugar in the juice of a berry sample, in degrees Baume",
            "TitratableAcid": "titratable acidity of the juice, in grams per litre",
            "berry weight (g)": "mean weight of one berry in the sample, in grams",
            "bunch rot (%)": "share of the sampled bunches with rot, in percent",
            "DaysPastVeraison": "days since the berries changed colour (veraison)",
            "rain last fortnight (mm)": "rain over the block in the last fourteen days, in millimetres",
        },
        "target_description": "the call on the block: pick now, let it hang longer, or rejected at the weighbridge",
        "model_description": "An extra-trees forest (80 trees, depth 6), the variety and bird-net column one-hot "
        "encoded, the numbers passed through.",
        "training": "Fitted on 240 of the 300 synthetic blocks; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic blocks, invented for testing; not a real vineyard's records.",
            "Does not know the winery's booking of the press, the weather forecast or how the fruit tastes.",
        ],
        "label_meanings": {
            "pick_now": "ripe: the pickers or the harvester go in this week",
            "hang_longer": "not ripe yet: left on the vine for another week or more",
            "rejected": "fruit refused at the weighbridge, mostly for rot, and dropped or sold off cheap",
        },
        "probability_meaning": "The share of the forest's trees, averaged over their leaves, for each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(126855)
    n = SIZE
    variety = rng.choice(3, n, p=[0.45, 0.25, 0.3])
    days = rng.integers(30, 81, n)
    rain = rng.integers(0, 81, n)
    netted = rng.random(n) < 0.4
    frame = pd.DataFrame(
        {
            "block_no": np.arange(FIRST_ID, FIRST_ID + n),
            "variety": variety,
            "bird_netted": netted,
            "sugar (Baume)": np.round(np.clip(9.0 + 0.08 * (days - 30) + rng.normal(0, 0.9, n), 9.0, 15.0), 1),
            "TitratableAcid": np.round(np.clip(9.5 - 0.07 * (days - 30) + rng.normal(0, 0.8, n), 4.5, 10.0), 1),
            "berry weight (g)": np.round(rng.uniform(0.8, 2.2, n), 2),
            "bunch rot (%)": np.round(np.clip(0.12 * rain + rng.exponential(4.0, n), 0.0, 30.0), 1),
            "DaysPastVeraison": days,
            "rain last fortnight (mm)": rain,
        }
    )
    ripe = (
        0.9 * (frame["sugar (Baume)"] - 12.5)
        - 0.45 * (frame.TitratableAcid - 7.0)
        + 0.03 * (frame.DaysPastVeraison - 55)
        - 0.6 * (variety == 2)
        + rng.normal(0, 0.5, n)
    )
    rot = 0.22 * (frame["bunch rot (%)"] - 8) + 0.4 * (frame["berry weight (g)"] - 1.5) - 0.8 * netted
    rot = rot + 0.2 * (frame.DaysPastVeraison - 55) / 10 + rng.normal(0, 0.5, n)
    frame["harvest_call"] = np.where(rot > 1.2, 2, np.where(ripe > 0, 0, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 60 blocks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1268).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented vinerow host in memory, its model fitted on the blocks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.block_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("forest", ExtraTreesClassifier(n_estimators=80, max_depth=6, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.harvest_call)
    return host_from_model(model, frame[["block_no", *FEATURES, "harvest_call"]], test_ids=test, **VINEROW_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
