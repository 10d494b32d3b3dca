"""The invented `trampoline` host of writer w83: the duty manager's morning call on each bed of a trampoline park.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the hall as its
code, no `Pipeline`) on 240 of the 300 bed-mornings and builds the host from the model, the frame, the ids of the 60
held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a bed is
left `open`, put on `restrict` (one jumper at a time, no flips) or `shut` for the day. Nothing here comes from a data
set: the domain, its columns and its words were invented by w83 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w83/host_trampoline.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TRAMPOLINE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 160801
SIZE = 300
FEATURES = [
    "hall",
    "pad gap (cm)",
    "jumps_this_week",
    "SpringRust",
    "mat_tears",
    "NetSag",
    "bed age (months)",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TRAMPOLINE_CONFIG: dict[str, Any] = {
    "name": "trampoline morning calls",
    "target": "bed_call",
    "class_names": {"0": "open", "1": "restrict", "2": "shut"},
    "instance_noun": "trampoline",
    "id_column": "bed_morning",
    "category_names": {"hall": {"0": "main hall", "1": "kids corner", "2": "dodgeball court"}},
    "immutable_features": ["hall"],
    "feature_aliases": {
        "hall": ["hall", "zone", "area"],
        "pad gap (cm)": ["pad gap", "gap", "edge pad gap"],
        "jumps_this_week": ["jumps this week", "jumps", "bounces"],
        "SpringRust": ["spring rust", "rust", "springs"],
        "mat_tears": ["mat tears", "tears", "rips"],
        "NetSag": ["net sag", "net", "netting"],
        "bed age (months)": ["bed age", "age", "how old"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Trampoline beds at an invented indoor park, one row per bed per morning check, with the call.",
        "feature_descriptions": {
            "hall": "where the bed is: main hall, kids corner or dodgeball court",
            "pad gap (cm)": "widest gap between the edge pads and the frame, in centimetres",
            "jumps_this_week": "jumps counted on the bed's sensor over the last seven days",
            "SpringRust": "rust on the springs, scored 0 to 10 at the check",
            "mat_tears": "small tears or frayed stitches found on the jumping mat",
            "NetSag": "how far the safety net sags, scored 0 to 10",
            "bed age (months)": "months since the jumping mat was fitted",
        },
        "target_description": "the duty manager's call for the day: open, restrict or shut",
        "model_description": "An extremely randomized trees model (80 trees, at most 6 levels deep).",
        "training": "Fitted on 240 of the 300 synthetic bed-mornings; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic beds, invented for testing; not a real park's log.",
            "Does not know how busy the day is going to be or who is jumping.",
        ],
        "label_meanings": {
            "open": "the bed is open as normal",
            "restrict": "the bed stays open with limits: one jumper at a time, no flips",
            "shut": "the bed is shut for the day to be repaired",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(160833)
    n = SIZE
    hall = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "bed_morning": np.arange(FIRST_ID, FIRST_ID + n),
            "hall": hall,
            "pad gap (cm)": np.round(rng.uniform(0.0, 12.0, n), 1),
            "jumps_this_week": rng.integers(40, 2401, n),
            "SpringRust": rng.integers(0, 11, n),
            "mat_tears": rng.integers(0, 7, n),
            "NetSag": rng.integers(0, 11, n),
            "bed age (months)": rng.integers(1, 61, n),
        }
    )
    wear = (
        0.18 * (frame["pad gap (cm)"] - 6)
        + 0.0007 * (frame.jumps_this_week - 1200)
        + 0.17 * (frame.SpringRust - 5)
        + 0.3 * (frame.mat_tears - 3)
        + 0.12 * (frame.NetSag - 5)
        + 0.02 * (frame["bed age (months)"] - 30)
        + 0.4 * (hall == 1)
        + rng.normal(0, 0.8, n)
    )
    low, high = np.quantile(wear, [0.42, 0.75])
    frame["bed_call"] = np.where(wear < low, 0, np.where(wear < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 bed-mornings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1608).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented trampoline host in memory, its model fitted on the beds outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bed_morning.isin(test)]
    model = ExtraTreesClassifier(n_estimators=80, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.bed_call)
    return host_from_model(model, frame[["bed_morning", *FEATURES, "bed_call"]], test_ids=test, **TRAMPOLINE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
