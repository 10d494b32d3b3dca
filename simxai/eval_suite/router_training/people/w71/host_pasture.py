"""The invented `pasture` host of writer w71: paddocks on an invented hill farm, walked each week before grazing.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the soil as its
code) on 240 of the 300 paddocks and builds the host from the model, the frame, the ids of the 60 held-out paddocks
and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a paddock is ready to
`graze`, needs to `rest`, or needs to be `reseed`ed. Nothing here comes from a data set: the domain, its columns
and its words were invented by w71 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w71/host_pasture.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PASTURE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 149001
SIZE = 300
NUMBERS = ["grass height (cm)", "area (ha)", "clover_pct", "WeedCover", "days rested", "GateNo"]
FEATURES = ["soil", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PASTURE_CONFIG: dict[str, Any] = {
    "name": "pasture walks",
    "target": "advice",
    "class_names": {"0": "graze", "1": "rest", "2": "reseed"},
    "instance_noun": "paddock",
    "id_column": "paddock_no",
    "category_names": {"soil": {"0": "clay loam", "1": "sandy loam", "2": "thin chalk"}},
    "immutable_features": ["soil"],
    "feature_aliases": {
        "soil": ["soil type", "ground"],
        "grass height (cm)": ["grass height", "sward height", "height of the grass", "grass"],
        "area (ha)": ["area", "size", "hectares"],
        "clover_pct": ["clover", "clover share", "clover percent"],
        "WeedCover": ["weeds", "weed cover", "docks and thistles"],
        "days rested": ["days rested", "rest days", "days since grazed"],
        "GateNo": ["gate", "gate number"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Paddocks on an invented hill farm, one row per paddock at its weekly walk.",
        "feature_descriptions": {
            "soil": "the paddock's soil: clay loam, sandy loam or thin chalk",
            "grass height (cm)": "average height of the sward, in centimetres",
            "area (ha)": "size of the paddock, in hectares",
            "clover_pct": "share of the sward that is clover, in percent",
            "WeedCover": "share of the ground under docks, thistles and rushes, in percent",
            "days rested": "days since the paddock was last grazed",
            "GateNo": "the number painted on the paddock's gate",
        },
        "target_description": "the walk's advice: graze, rest or reseed",
        "model_description": "An extremely randomised tree model (80 trees of depth 6) on the raw numbers, the soil "
        "as its code.",
        "training": "Fitted on 240 of the 300 synthetic paddocks; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic paddocks, invented for testing; not a real farm's records.",
            "Does not see the weather forecast, the flock's needs or the price of seed.",
        ],
        "label_meanings": {
            "graze": "the paddock can take stock this week",
            "rest": "the paddock is left empty to grow on",
            "reseed": "the sward is worn out and should be reseeded",
        },
        "probability_meaning": "The share of the trees' votes for each piece of advice.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(149017)
    n = SIZE
    soil = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "paddock_no": np.arange(FIRST_ID, FIRST_ID + n),
            "soil": soil,
            "grass height (cm)": np.round(rng.uniform(2.0, 30.0, n), 1),
            "area (ha)": np.round(rng.uniform(0.5, 12.0, n), 1),
            "clover_pct": rng.integers(0, 61, n),
            "WeedCover": rng.integers(0, 51, n),
            "days rested": rng.integers(0, 121, n),
            "GateNo": rng.integers(1, 41, n),
        }
    )
    growth = (
        0.18 * frame["grass height (cm)"]
        + 0.02 * frame["days rested"]
        + 0.02 * frame.clover_pct
        - 0.2 * (soil == 2)
        + rng.normal(0, 0.4, n)
    )
    wear = 0.06 * frame.WeedCover - 0.02 * frame.clover_pct + 0.3 * (soil == 1) + rng.normal(0, 0.35, n)
    advice = np.where(growth > np.quantile(growth, 0.58), 0, 1)
    advice = np.where(wear > np.quantile(wear, 0.75), 2, advice)
    frame["advice"] = advice
    return frame


def held_out_ids() -> list[int]:
    """The 60 paddocks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1490).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pasture host in memory, its model fitted on the paddocks outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.paddock_no.isin(test)]
    model = ExtraTreesClassifier(n_estimators=80, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.advice)
    return host_from_model(model, frame[["paddock_no", *FEATURES, "advice"]], test_ids=test, **PASTURE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
