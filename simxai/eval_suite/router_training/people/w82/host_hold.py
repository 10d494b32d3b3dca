"""The invented `hold` host of writer w82: the route setters' call on each climbing hold at a bouldering gym's strip.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the wall as its
code, no `Pipeline`) on 240 of the 300 holds and builds the host from the model, the frame, the ids of the 60
held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: after the
weekly strip a hold is washed and put back up (`rehang`), sent to be sanded and its grip restored (`regrip`), or
thrown out (`scrap`). Nothing here comes from a data set: the domain, its columns and its words were invented by w82
so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w82/host_hold.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HOLD_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 160201
SIZE = 300
FEATURES = [
    "wall",
    "chalk cake (%)",
    "age (weeks)",
    "spin_reports",
    "RubberMarks",
    "hairline crack (mm)",
    "BoltTorque",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HOLD_CONFIG: dict[str, Any] = {
    "name": "climbing hold strip calls",
    "target": "strip_call",
    "class_names": {"0": "rehang", "1": "regrip", "2": "scrap"},
    "instance_noun": "hold",
    "id_column": "hold_id",
    "category_names": {"wall": {"0": "the cave", "1": "north slab", "2": "kids corner"}},
    "immutable_features": ["wall"],
    "feature_aliases": {
        "wall": ["wall", "section", "area"],
        "chalk cake (%)": ["chalk cake", "chalk", "caked chalk"],
        "age (weeks)": ["age", "weeks on the wall", "weeks old"],
        "spin_reports": ["spin reports", "spins", "spun"],
        "RubberMarks": ["rubber marks", "shoe rubber", "rubber"],
        "hairline crack (mm)": ["hairline crack", "crack", "crack length"],
        "BoltTorque": ["bolt torque", "torque", "bolt"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Climbing holds at an invented bouldering gym, one row per hold at the weekly strip.",
        "feature_descriptions": {
            "wall": "where the hold was set: the cave, north slab or kids corner",
            "chalk cake (%)": "share of the hold's surface under caked chalk, in percent",
            "age (weeks)": "weeks since the hold was first bought and set",
            "spin_reports": "times climbers reported the hold spinning since the last strip",
            "RubberMarks": "shoe rubber marks on the hold, scored 0 to 10",
            "hairline crack (mm)": "length of the longest hairline crack, in millimetres",
            "BoltTorque": "torque the bolt held at the strip, in newton metres",
        },
        "target_description": "the setters' call at the strip: rehang, regrip or scrap",
        "model_description": "An extra-trees model (80 trees, at most 6 levels deep).",
        "training": "Fitted on 240 of the 300 synthetic holds; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic holds, invented for testing; not a real gym's log.",
            "Does not know the hold's brand, colour or the routes it was on.",
        ],
        "label_meanings": {
            "rehang": "the hold is washed and set again",
            "regrip": "the hold is sanded so its grip comes back before it is set again",
            "scrap": "the hold is thrown out",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(160247)
    n = SIZE
    wall = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "hold_id": np.arange(FIRST_ID, FIRST_ID + n),
            "wall": wall,
            "chalk cake (%)": rng.integers(0, 101, n),
            "age (weeks)": rng.integers(1, 157, n),
            "spin_reports": rng.integers(0, 13, n),
            "RubberMarks": rng.integers(0, 11, n),
            "hairline crack (mm)": np.round(rng.uniform(0.0, 20.0, n), 1),
            "BoltTorque": rng.integers(5, 41, n),
        }
    )
    grip = 0.05 * (frame["chalk cake (%)"] - 50) + 0.25 * (frame.RubberMarks - 5) + 0.4 * (wall == 0)
    wear = (
        0.02 * (frame["age (weeks)"] - 78)
        + 0.22 * (frame["hairline crack (mm)"] - 10)
        + 0.2 * (frame.spin_reports - 6)
        - 0.05 * (frame.BoltTorque - 22)
        - 0.3 * (wall == 2)
    )
    grip = grip + rng.normal(0, 1.1, n)
    wear = wear + rng.normal(0, 1.1, n)
    call = np.where(wear > np.quantile(wear, 0.72), 2, np.where(grip > np.quantile(grip, 0.55), 1, 0))
    frame["strip_call"] = call.astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 holds the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1602).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hold host in memory, its model fitted on the holds outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.hold_id.isin(test)]
    model = ExtraTreesClassifier(n_estimators=80, max_depth=6, min_samples_leaf=3, random_state=0)
    model.fit(train[FEATURES], train.strip_call)
    return host_from_model(model, frame[["hold_id", *FEATURES, "strip_call"]], test_ids=test, **HOLD_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
