"""The invented `swing` host of guard writer g46: a town's playground swings and the state each was found in.

`load_host()` builds a seeded frame of 210 swing inspections (ids 164401-164610) of an invented town's playgrounds
and fits a `RandomForestClassifier` on 168 of them; the other 42 are held out for the performance figures. Each row
is one swing at its spring safety check; the inspector found it `safe`, `worn` or `unsafe`. Nothing here comes from
a data set: the domain, its columns and its words were invented by gdev49 for g46. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `has_rubber_mat` holds True/False.

    python simxai/eval_suite/guard/written/g46/host_swing.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SWING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 164401
SIZE = 210
FEATURES = [
    "chainAgeMonths",
    "Seat Kind",
    "has_rubber_mat",
    "children per week",
    "Frame Height [cm]",
    "rust_spots",
    "daysSinceCheck",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SWING_CONFIG: dict[str, Any] = {
    "name": "town playground swing inspections",
    "target": "swing_state",
    "class_names": {"0": "safe", "1": "worn", "2": "unsafe"},
    "instance_noun": "swing",
    "id_column": "swing_id",
    "category_names": {
        "Seat Kind": {"0": "flat", "1": "cradle", "2": "basket"},
        "has_rubber_mat": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Frame Height [cm]"],
    "feature_aliases": {
        "chainAgeMonths": ["chain age", "age of the chains", "how old the chains are"],
        "Seat Kind": ["seat", "seat type", "kind of seat"],
        "has_rubber_mat": ["mat", "rubber mat", "safety mat"],
        "children per week": ["use", "children", "how busy it is"],
        "Frame Height [cm]": ["frame height", "height", "how tall the frame is"],
        "rust_spots": ["rust", "rust spots", "spots of rust"],
        "daysSinceCheck": ["days since the last check", "time since the check", "last check"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Swings in the playgrounds of an invented town, one row per swing at the spring safety "
        "check, with the inspector's finding.",
        "feature_descriptions": {
            "chainAgeMonths": "months since the swing's chains were fitted",
            "Seat Kind": "the seat: flat, cradle (for toddlers) or basket",
            "has_rubber_mat": "whether a rubber safety mat lies under the swing (True) or not (False)",
            "children per week": "children counted on the swing in a sample week",
            "Frame Height [cm]": "height of the frame's top bar in centimetres",
            "rust_spots": "spots of rust the inspector counted on the frame and chains",
            "daysSinceCheck": "days since the previous safety check",
        },
        "target_description": "the inspector's finding: safe, worn (parts to replace soon) or unsafe (closed)",
        "model_description": "a scikit-learn RandomForestClassifier (120 trees, depth at most 6, seed 49).",
        "training": "Fitted on 168 of the 210 synthetic swings; the other 42 are held out for the performance figures.",
        "limitations": [
            "Synthetic swings, invented for testing; not a real town's inspection records.",
            "Only 42 swings are held out, so each performance figure moves by about 2.4 points with one swing.",
        ],
        "label_meanings": {
            "safe": "the swing passed the check",
            "worn": "the swing stays open but parts must be replaced soon",
            "unsafe": "the swing was closed until it is repaired",
        },
        "probability_meaning": "The share of the forest's trees voting for each finding (predict_proba); the three "
        "sum to 1 and the most probable one is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(49164)
    n = SIZE
    chains = rng.integers(1, 97, n)
    seat = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    mat = rng.random(n) < 0.55
    children = rng.integers(10, 400, n)
    height = rng.choice([180, 210, 240], n, p=[0.3, 0.45, 0.25])
    rust = rng.poisson(2.5, n)
    days = rng.integers(30, 900, n)
    wear = 0.025 * (chains - 48) + 0.35 * (rust - 2.5) + 0.0025 * (days - 450) + 0.003 * (children - 200)
    wear = wear - 0.4 * mat + 0.3 * (seat == 2) + rng.normal(0, 0.9, n)
    state = np.where(wear < -0.3, 0, np.where(wear < 0.9, 1, 2))
    frame = pd.DataFrame(
        {
            "swing_id": np.arange(FIRST_ID, FIRST_ID + n),
            "chainAgeMonths": chains,
            "Seat Kind": seat,
            "has_rubber_mat": mat,
            "children per week": children,
            "Frame Height [cm]": height,
            "rust_spots": rust,
            "daysSinceCheck": days,
        }
    )
    frame["swing_state"] = state.astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 42 swings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1644).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented swing host in memory, fitted on the swings outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.swing_id.isin(test)]
    model = RandomForestClassifier(n_estimators=120, max_depth=6, random_state=49)
    model.fit(train[FEATURES], train.swing_state)
    return host_from_model(model, frame[["swing_id", *FEATURES, "swing_state"]], test_ids=test, **SWING_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
