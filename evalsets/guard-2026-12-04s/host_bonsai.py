"""The invented `bonsai` host of guard writer guardS: bonsai repotting outcomes, settles or declines.

`load_host()` fits a small synthetic model on a seeded frame of 300 repotted trees of an invented bonsai nursery:
scikit-learn's `CalibratedClassifierCV` around a `LinearSVC` (sigmoid calibration, 3 fixed folds) behind a
`StandardScaler`. 240 trees fit the model; the other 60 are held out for the performance figures. Nothing here
comes from a data set: the domain, its columns and its words were invented by guardS.

    python evalsets/guard-2026-12-04s/host_bonsai.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BONSAI_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 103401
SIZE = 300
NUMERIC = ["rootCut.pct", "POT_DEPTH_cm", "daysSinceBloom", "soil-pH", "WIRE_turns", "trunk__girth_mm"]
CATEGORICAL = ["Species"]
BONSAI_CONFIG: dict[str, Any] = {
    "name": "bonsai repotting outcomes",
    "target": "outcome",
    "class_names": {"0": "settles", "1": "declines"},
    "instance_noun": "tree",
    "id_column": "tree_id",
    "category_names": {"Species": {"0": "juniper", "1": "trident maple", "2": "Chinese elm"}},
    "immutable_features": ["trunk__girth_mm"],
    "feature_aliases": {
        "rootCut.pct": ["root cut", "root pruning", "share of roots cut"],
        "POT_DEPTH_cm": ["pot depth", "depth of the pot"],
        "daysSinceBloom": ["days since bloom", "days since flowering"],
        "soil-pH": ["soil pH", "pH", "acidity"],
        "WIRE_turns": ["wire turns", "wiring", "wire"],
        "trunk__girth_mm": ["trunk girth", "girth", "trunk thickness"],
        "Species": ["species", "kind of tree"],
    },
    "seed": 0,
    "cards": {
        "description": "Repotting log of an invented bonsai nursery, one row per repotted tree.",
        "feature_descriptions": {
            "rootCut.pct": "share of the root mass cut away at repotting, in percent",
            "POT_DEPTH_cm": "depth of the new pot, in centimetres",
            "daysSinceBloom": "days between the last flowering or bud break and the repotting",
            "soil-pH": "pH of the new soil mix",
            "WIRE_turns": "number of wire turns on the trunk and branches at repotting",
            "trunk__girth_mm": "trunk girth just above the roots, in millimetres",
            "Species": "species: juniper, trident maple or Chinese elm",
        },
        "target_description": "whether the tree settled in its new pot or declined within eight weeks",
        "model_description": "standardized columns, then scikit-learn CalibratedClassifierCV around a LinearSVC "
        "(sigmoid calibration, 3 fixed folds); the species enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic trees; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic trees, invented for testing; not a real nursery's log.",
            "The species enters as a numeric code, as if the species were ordered.",
        ],
        "label_meanings": {
            "settles": "the tree pushed new growth and settled in its pot",
            "declines": "the tree lost vigour within eight weeks",
        },
        "probability_meaning": "The calibrated probability the model gives each outcome; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(22044)
    n = SIZE
    species = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    root_cut = np.round(np.clip(rng.normal(30, 12, n), 2, 70), 1)
    depth = np.round(np.clip(rng.normal(7, 2.5, n), 2, 16), 1)
    days = np.clip(np.round(rng.gamma(2.0, 30.0, n)), 0, 300).astype(int)
    ph = np.round(np.clip(rng.normal(6.3, 0.6, n), 4.5, 8.0), 2)
    wire = np.clip(np.round(rng.gamma(1.5, 6.0, n)), 0, 60).astype(int)
    girth = np.round(np.clip(rng.gamma(3.0, 25.0, n), 10, 400), 1)
    frame = pd.DataFrame(
        {
            "tree_id": np.arange(FIRST_ID, FIRST_ID + n),
            "rootCut.pct": root_cut,
            "POT_DEPTH_cm": depth,
            "daysSinceBloom": days,
            "soil-pH": ph,
            "WIRE_turns": wire,
            "trunk__girth_mm": girth,
            "Species": species,
        }
    )
    score = (
        0.07 * (root_cut - 30)
        - 0.15 * (depth - 7)
        - 0.01 * (days - 60)
        + 0.8 * np.abs(ph - 6.3)
        + 0.05 * (wire - 9)
        - 0.004 * (girth - 75)
        + 0.5 * (species == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (score > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 trees the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(22).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bonsai host in memory, fitted on the trees outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.model_selection import StratifiedKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import LinearSVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.tree_id.isin(test)]
    folds = StratifiedKFold(n_splits=3, shuffle=True, random_state=22)
    model = make_pipeline(
        StandardScaler(),
        CalibratedClassifierCV(LinearSVC(C=0.5, max_iter=5000, random_state=22), method="sigmoid", cv=folds),
    )
    model.fit(train[features], train.outcome)
    return host_from_model(model, frame[["tree_id", *features, "outcome"]], test_ids=test, **BONSAI_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
