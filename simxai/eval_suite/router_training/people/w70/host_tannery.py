"""The invented `tannery` host of writer w70: the sorter's grade on each hide leaving a small bark tannery.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the tannage as its
code, no `Pipeline`) on 240 of the 300 hides and builds the host from the model, the frame, the ids of the 60
held-out hides and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a
finished hide is sorted `prime`, `second` or `cull`. Nothing here comes from a data set: the domain, its columns
and its words were invented by w70 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w70/host_tannery.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TANNERY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 147801
SIZE = 300
FEATURES = [
    "tannage",
    "hide weight (kg)",
    "thickness (mm)",
    "moisture_pct",
    "GrainScars",
    "days in pit",
    "AnimalAge",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TANNERY_CONFIG: dict[str, Any] = {
    "name": "tannery hide grades",
    "target": "hide_grade",
    "class_names": {"0": "prime", "1": "second", "2": "cull"},
    "instance_noun": "hide",
    "id_column": "hide_no",
    "category_names": {"tannage": {"0": "oak bark", "1": "mimosa bark", "2": "chrome salts"}},
    "immutable_features": ["tannage"],
    "feature_aliases": {
        "tannage": ["tannage", "tan", "tanning agent", "liquor"],
        "hide weight (kg)": ["weight", "hide weight", "how heavy"],
        "thickness (mm)": ["thickness", "substance", "how thick"],
        "moisture_pct": ["moisture", "damp", "water content"],
        "GrainScars": ["scars", "grain scars", "blemishes"],
        "days in pit": ["days in the pit", "pit time", "days in pits"],
        "AnimalAge": ["age", "animal age", "age of the animal"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Finished hides leaving an invented bark tannery, one row per hide, with the sorter's grade.",
        "feature_descriptions": {
            "tannage": "what the hide was tanned in: oak bark, mimosa bark or chrome salts",
            "hide weight (kg)": "weight of the raw hide, in kilograms",
            "thickness (mm)": "average thickness of the finished hide, in millimetres",
            "moisture_pct": "moisture left in the finished hide, in per cent",
            "GrainScars": "count of scars and scratches on the grain side",
            "days in pit": "days the hide spent in the tan pits",
            "AnimalAge": "age of the animal in months",
        },
        "target_description": "the sorter's grade on the hide: prime, second or cull",
        "model_description": "An extra-trees forest (80 trees, at most 6 levels deep) on the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic hides; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hides, invented for testing; not a real tannery's book.",
            "Does not know the breed, the season of slaughter or the buyer's order.",
        ],
        "label_meanings": {
            "prime": "a clean hide for the best leather goods",
            "second": "usable leather with flaws, sold cheaper",
            "cull": "not fit to sell as leather",
        },
        "probability_meaning": "The share of the forest's trees voting for each grade.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(147811)
    n = SIZE
    tannage = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "hide_no": np.arange(FIRST_ID, FIRST_ID + n),
            "tannage": tannage,
            "hide weight (kg)": np.round(rng.uniform(15.0, 45.0, n), 1),
            "thickness (mm)": np.round(rng.uniform(1.0, 6.0, n), 1),
            "moisture_pct": rng.integers(8, 31, n),
            "GrainScars": rng.integers(0, 13, n),
            "days in pit": rng.integers(10, 91, n),
            "AnimalAge": rng.integers(12, 97, n),
        }
    )
    flaws = (
        0.35 * frame.GrainScars
        + 0.12 * (frame.moisture_pct - 18)
        - 0.03 * (frame["days in pit"] - 50)
        + 0.02 * (frame.AnimalAge - 50)
        - 0.4 * np.abs(frame["thickness (mm)"] - 3.5)
        + 0.3 * (tannage == 2)
        + rng.normal(0, 0.8, n)
    )
    low, high = np.quantile(flaws, [0.42, 0.75])
    frame["hide_grade"] = np.where(flaws < low, 0, np.where(flaws < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 hides the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1478).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tannery host in memory, its model fitted on the hides outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.hide_no.isin(test)]
    model = ExtraTreesClassifier(n_estimators=80, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.hide_grade)
    return host_from_model(model, frame[["hide_no", *FEATURES, "hide_grade"]], test_ids=test, **TANNERY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
