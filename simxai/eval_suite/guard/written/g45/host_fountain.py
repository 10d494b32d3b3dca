"""The invented `fountain` host of guard writer g45: a spa town's public drinking fountains and how they ran.

`load_host()` builds a seeded frame of 200 inspections (ids 162001-162200) of the public drinking fountains of an
invented spa town and fits a scikit-learn `RandomForestClassifier` on 160 of them; the other 40 are held out for the
performance figures. Each row is one fountain; the inspector found it `flowing`, `weak` or `dry`. Nothing here comes
from a data set: the domain, its columns and its words were invented by gdev48 for g45. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `has_filter` holds True/False.

    python simxai/eval_suite/guard/written/g45/host_fountain.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FOUNTAIN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 162001
SIZE = 200
FEATURES = [
    "pipeAgeYrs",
    "Basin Stone",
    "has_filter",
    "visitors per day",
    "Basin Depth [cm]",
    "leaf_clogs_reported",
    "daysSinceService",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FOUNTAIN_CONFIG: dict[str, Any] = {
    "name": "spa town drinking fountain inspections",
    "target": "flow_state",
    "class_names": {"0": "flowing", "1": "weak", "2": "dry"},
    "instance_noun": "fountain",
    "id_column": "inspection_id",
    "category_names": {
        "Basin Stone": {"0": "granite", "1": "marble", "2": "sandstone"},
        "has_filter": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Basin Depth [cm]"],
    "feature_aliases": {
        "pipeAgeYrs": ["pipe age", "age of the pipes", "how old the pipework is"],
        "Basin Stone": ["stone", "basin material", "what the basin is made of"],
        "has_filter": ["filter", "inline filter", "sediment filter"],
        "visitors per day": ["visitors", "daily visitors", "footfall"],
        "Basin Depth [cm]": ["depth", "basin depth", "how deep the basin is"],
        "leaf_clogs_reported": ["leaf clogs", "clog reports", "blockages reported"],
        "daysSinceService": ["days since service", "last service", "time since the plumber came"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Public drinking fountains of an invented spa town, one row per inspection by the town's "
        "water office, with the flow the inspector found.",
        "feature_descriptions": {
            "pipeAgeYrs": "years since the fountain's supply pipe was laid or relaid",
            "Basin Stone": "the stone of the basin: granite, marble or sandstone",
            "has_filter": "whether an inline sediment filter is fitted on the supply (True) or not (False)",
            "visitors per day": "average people drinking at the fountain per summer day",
            "Basin Depth [cm]": "depth of the basin in centimetres",
            "leaf_clogs_reported": "how many blockages by leaves were reported in the last year",
            "daysSinceService": "days since a plumber last serviced the fountain",
        },
        "target_description": "the inspector's finding: flowing (a full jet), weak (a trickle) or dry (no water; "
        "repair needed)",
        "model_description": "a scikit-learn RandomForestClassifier (150 trees, depth at most 7, seed 48) on the "
        "raw columns; the stone enters as its code and the filter as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic inspections; the other 40 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic inspections, invented for testing; not a real town's records.",
            "Only 40 inspections are held out, so each performance figure moves by 2.5 points with one fountain.",
        ],
        "label_meanings": {
            "flowing": "the fountain was found giving a full jet",
            "weak": "the fountain was found giving only a trickle",
            "dry": "no water came and the fountain needs repair",
        },
        "probability_meaning": "The average over the forest's trees of each tree's share for each finding "
        "(predict_proba); the three sum to 1 and the finding with the highest share is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(48162)
    n = SIZE
    age = rng.integers(2, 60, n)
    stone = rng.choice(3, n, p=[0.4, 0.25, 0.35])
    filt = rng.random(n) < 0.45
    visitors = rng.integers(5, 400, n)
    depth = np.round(rng.uniform(15.0, 70.0, n), 0)
    clogs = rng.poisson(2.0, n)
    service = rng.integers(5, 900, n)
    weak = 0.03 * (age - 30) + 0.25 * (clogs - 2) - 0.7 * filt + 0.3 * (stone == 2) + rng.normal(0, 0.6, n)
    dry = 0.0025 * (service - 450) + 0.02 * (age - 30) + 0.002 * (visitors - 200) - 0.3 * filt
    dry = dry + rng.normal(0, 0.6, n)
    state = np.where(np.maximum(weak, dry) < 0.2, 0, np.where(weak >= dry, 1, 2))
    frame = pd.DataFrame(
        {
            "inspection_id": np.arange(FIRST_ID, FIRST_ID + n),
            "pipeAgeYrs": age,
            "Basin Stone": stone,
            "has_filter": filt,
            "visitors per day": visitors,
            "Basin Depth [cm]": depth,
            "leaf_clogs_reported": clogs,
            "daysSinceService": service,
        }
    )
    frame["flow_state"] = state.astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 40 inspections the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1620).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented fountain host in memory, fitted on the inspections outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.inspection_id.isin(test)]
    model = RandomForestClassifier(n_estimators=150, max_depth=7, random_state=48)
    model.fit(train[FEATURES], train.flow_state)
    columns = ["inspection_id", *FEATURES, "flow_state"]
    return host_from_model(model, frame[columns], test_ids=test, **FOUNTAIN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
