"""The invented `seedling` host of writer w71: trays of seedlings in an invented plant nursery's tunnel.

`load_host()` fits a small synthetic model (a seeded `LogisticRegression` on the raw numbers, the crop as its code)
on 192 of the 240 trays and builds the host from the model, the frame, the ids of the 48 held-out trays and the
fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a tray is `ready` to go out to
the sales bench or is put on `hold` in the tunnel. Nothing here comes from a data set: the domain, its columns and
its words were invented by w71 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w71/host_seedling.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SEEDLING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 149301
SIZE = 240
NUMBERS = ["height (mm)", "leaf_count", "RootScore", "age (days)", "water_ml", "ShelfRow"]
FEATURES = ["crop", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SEEDLING_CONFIG: dict[str, Any] = {
    "name": "seedling trays",
    "target": "dispatch",
    "class_names": {"0": "hold", "1": "ready"},
    "instance_noun": "tray",
    "id_column": "tray_no",
    "category_names": {"crop": {"0": "cherry tomato", "1": "sweet pepper", "2": "runner bean"}},
    "immutable_features": ["crop"],
    "feature_aliases": {
        "crop": ["crop", "variety", "plant"],
        "height (mm)": ["height", "how tall", "tall"],
        "leaf_count": ["leaves", "leaf count", "true leaves"],
        "RootScore": ["roots", "root score", "root ball"],
        "age (days)": ["age", "days old", "days since sowing"],
        "water_ml": ["water", "watering", "water a day"],
        "ShelfRow": ["shelf", "row", "shelf row"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Trays of seedlings in an invented nursery's growing tunnel, one row per tray.",
        "feature_descriptions": {
            "crop": "what is sown in the tray: cherry tomato, sweet pepper or runner bean",
            "height (mm)": "average seedling height, in millimetres",
            "leaf_count": "average number of true leaves per seedling",
            "RootScore": "how well the roots fill the cell, scored 1 to 10",
            "age (days)": "days since the tray was sown",
            "water_ml": "water given to the tray a day, in millilitres",
            "ShelfRow": "the row of the tunnel's shelving the tray stands on",
        },
        "target_description": "the nursery's call: ready for the sales bench or hold",
        "model_description": "A logistic regression (lbfgs, C 1.0) on the raw numbers, the crop as its code.",
        "training": "Fitted on 192 of the 240 synthetic trays; the other 48 are held out for the performance figures.",
        "limitations": [
            "Synthetic trays, invented for testing; not a real nursery's records.",
            "Does not see pests, the weather or what customers are buying this week.",
        ],
        "label_meanings": {
            "ready": "the tray goes out to the sales bench",
            "hold": "the tray stays in the tunnel to grow on",
        },
        "probability_meaning": "The regression's estimate of how likely each call is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(149333)
    n = SIZE
    crop = rng.choice(3, n, p=[0.4, 0.3, 0.3])
    frame = pd.DataFrame(
        {
            "tray_no": np.arange(FIRST_ID, FIRST_ID + n),
            "crop": crop,
            "height (mm)": rng.integers(20, 301, n),
            "leaf_count": rng.integers(2, 25, n),
            "RootScore": rng.integers(1, 11, n),
            "age (days)": rng.integers(7, 71, n),
            "water_ml": rng.integers(50, 501, n),
            "ShelfRow": rng.integers(1, 13, n),
        }
    )
    growth = (
        0.012 * frame["height (mm)"]
        + 0.12 * frame.leaf_count
        + 0.3 * frame.RootScore
        + 0.03 * frame["age (days)"]
        - 0.002 * frame.water_ml
        - 0.5 * (crop == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["dispatch"] = (growth > np.quantile(growth, 0.5)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 trays the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1493).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented seedling host in memory, its model fitted on the trays outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.tray_no.isin(test)]
    model = LogisticRegression(max_iter=5000, random_state=0)
    model.fit(train[FEATURES], train.dispatch)
    return host_from_model(model, frame[["tray_no", *FEATURES, "dispatch"]], test_ids=test, **SEEDLING_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
