"""The invented `smokehouse` host of writer w68: the release call on each load of fish at a coastal smokehouse.

`load_host()` fits a small synthetic model (a `LogisticRegression` on the standardised numbers, the wood one-hot
encoded, in a `Pipeline`, so it is explained by the model-agnostic fallback) on 192 of the 240 loads and builds the
host from the model, the frame, the ids of the 48 held-out loads and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: a load off the racks is `ready` to pack or goes back to
`resmoke`. Nothing here comes from a data set: the domain, its columns and its words were invented by w68 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w68/host_smokehouse.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SMOKEHOUSE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 145901
SIZE = 240
NUMBERS = ["smoke time (h)", "salt (%)", "fillet_thickness_mm", "KilnTemp", "hours rested", "FatScore"]
FEATURES = ["wood", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SMOKEHOUSE_CONFIG: dict[str, Any] = {
    "name": "smokehouse load calls",
    "target": "load_call",
    "class_names": {"0": "ready", "1": "resmoke"},
    "instance_noun": "load",
    "id_column": "load_no",
    "category_names": {"wood": {"0": "oak chips", "1": "beech dust", "2": "apple wood"}},
    "immutable_features": ["wood"],
    "feature_aliases": {
        "wood": ["wood", "smoking wood", "chips"],
        "smoke time (h)": ["smoke time", "hours in smoke", "time in the kiln"],
        "salt (%)": ["salt", "cure", "brine strength", "salt cure"],
        "fillet_thickness_mm": ["thickness", "fillet thickness", "how thick"],
        "KilnTemp": ["kiln temp", "kiln temperature", "smoke temp"],
        "hours rested": ["rest", "resting time", "hours resting"],
        "FatScore": ["fat", "fat score", "oiliness"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Loads of fish coming off the racks at an invented coastal smokehouse, one row per load, with "
        "the smoker's call on the load.",
        "feature_descriptions": {
            "wood": "what the load was smoked over: oak chips, beech dust or apple wood",
            "smoke time (h)": "hours the load spent in the smoke",
            "salt (%)": "salt in the cure, in per cent",
            "fillet_thickness_mm": "average fillet thickness in millimetres",
            "KilnTemp": "kiln temperature during smoking, in degrees Celsius",
            "hours rested": "hours the load rested on the racks after salting, before smoking",
            "FatScore": "the fish's fat score from 1 (lean) to 10 (very oily)",
        },
        "target_description": "the smoker's call on the load: ready or resmoke",
        "model_description": "A logistic regression on the standardised numbers, the wood one-hot encoded.",
        "training": "Fitted on 192 of the 240 synthetic loads; the other 48 are held out for the performance figures.",
        "limitations": [
            "Synthetic loads, invented for testing; not a real smokehouse's book.",
            "Does not know the species, the catch date or the weather on the day.",
        ],
        "label_meanings": {
            "ready": "the load can be packed and sold",
            "resmoke": "the load goes back into the smoke for another run",
        },
        "probability_meaning": "The logistic regression's estimate of how likely each call is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(145911)
    n = SIZE
    wood = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "load_no": np.arange(FIRST_ID, FIRST_ID + n),
            "wood": wood,
            "smoke time (h)": np.round(rng.uniform(2.0, 14.0, n), 1),
            "salt (%)": np.round(rng.uniform(1.5, 4.0, n), 1),
            "fillet_thickness_mm": rng.integers(10, 46, n),
            "KilnTemp": rng.integers(20, 81, n),
            "hours rested": rng.integers(0, 25, n),
            "FatScore": rng.integers(1, 11, n),
        }
    )
    undone = (
        -0.35 * frame["smoke time (h)"]
        - 0.6 * frame["salt (%)"]
        + 0.08 * frame.fillet_thickness_mm
        - 0.03 * frame.KilnTemp
        - 0.04 * frame["hours rested"]
        + 0.15 * frame.FatScore
        + 0.3 * (wood == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["load_call"] = (undone > np.quantile(undone, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 loads the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1459).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented smokehouse host in memory, its model fitted on the loads outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.load_no.isin(test)]
    encode = ColumnTransformer(
        [("wood", OneHotEncoder(handle_unknown="ignore"), ["wood"]), ("numbers", StandardScaler(), NUMBERS)]
    )
    model = Pipeline([("encode", encode), ("classify", LogisticRegression(max_iter=500))])
    model.fit(train[FEATURES], train.load_call)
    return host_from_model(model, frame[["load_no", *FEATURES, "load_call"]], test_ids=test, **SMOKEHOUSE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
