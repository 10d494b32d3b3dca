"""The invented `quarry` host of guard writer g37: cut stone blocks and the grade the yard gave them.

`load_host()` builds a seeded frame of 200 blocks (ids 143201-143400) from an invented sandstone quarry and fits a
scikit-learn pipeline holding a `RandomForestClassifier` on 160 of them; the other 40 are held out for the
performance figures. Each row is one block; the yard's inspector graded it `prime`, `standard` or `reject`. Nothing
here comes from a data set: the domain, its columns and its words were invented by g37. Feature names mix styles
(PascalCase, snake_case, spaces, units in brackets); `wet_cut` holds True/False.

    python simxai/eval_suite/guard/written/g37/host_quarry.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["QUARRY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 143201
SIZE = 200
FEATURES = ["BlockMassT", "crack count", "porosity_pct", "Bed Depth [m]", "wet_cut", "Quarry Face",
            "hoursSinceBlast"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
QUARRY_CONFIG: dict[str, Any] = {
    "name": "sandstone quarry block grading",
    "target": "grade",
    "class_names": {"0": "prime", "1": "standard", "2": "reject"},
    "instance_noun": "block",
    "id_column": "block_id",
    "category_names": {
        "Quarry Face": {"0": "north", "1": "east", "2": "west"},
        "wet_cut": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Bed Depth [m]"],
    "feature_aliases": {
        "BlockMassT": ["block mass", "mass", "tonnes"],
        "crack count": ["cracks", "number of cracks", "fissures"],
        "porosity_pct": ["porosity", "how porous", "pore space"],
        "Bed Depth [m]": ["bed depth", "depth", "how deep"],
        "wet_cut": ["wet cutting", "cut wet", "water-cooled saw"],
        "Quarry Face": ["face", "quarry face", "which face"],
        "hoursSinceBlast": ["hours since blasting", "time since the blast", "blast age"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Sandstone blocks cut at an invented quarry, one row per block, with the grade the yard's "
        "inspector gave it.",
        "feature_descriptions": {
            "BlockMassT": "mass of the block, in tonnes",
            "crack count": "visible cracks counted on the block's faces",
            "porosity_pct": "pore space of the stone, in per cent",
            "Bed Depth [m]": "depth of the bed the block came from, in metres",
            "wet_cut": "whether the block was sawn with a water-cooled saw (True) or dry (False)",
            "Quarry Face": "the face of the quarry it was cut from: north, east or west",
            "hoursSinceBlast": "hours between the last blast on that face and the cut",
        },
        "target_description": "the inspector's grade: prime (building stone), standard (walling) or reject "
        "(crushed for aggregate)",
        "model_description": "a scikit-learn pipeline holding a RandomForestClassifier (80 trees, depth at most 5, "
        "seed 37) on the raw columns; the face enters as its code and the wet cut as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic blocks; the other 40 are held out for the performance figures.",
        "limitations": [
            "Synthetic blocks, invented for testing; not a real quarry's records.",
            "The inspector's grade is one person's judgement; rejects are the rarest grade.",
        ],
        "label_meanings": {
            "prime": "sound stone fit for building; sold as dressed blocks",
            "standard": "usable stone with flaws; sold for walling",
            "reject": "unsound stone; crushed for aggregate",
        },
        "probability_meaning": "The share of the forest's trees' votes (averaged leaf shares) for each grade; the "
        "three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(37201)
    n = SIZE
    mass = np.round(rng.uniform(0.8, 9.5, n), 2)
    cracks = rng.poisson(2.0, n)
    porosity = np.round(rng.uniform(6.0, 26.0, n), 1)
    depth = np.round(rng.uniform(2.0, 40.0, n), 1)
    wet = rng.random(n) < 0.55
    face = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    hours = rng.integers(1, 200, n)
    frame = pd.DataFrame(
        {
            "block_id": np.arange(FIRST_ID, FIRST_ID + n),
            "BlockMassT": mass,
            "crack count": cracks,
            "porosity_pct": porosity,
            "Bed Depth [m]": depth,
            "wet_cut": wet,
            "Quarry Face": face,
            "hoursSinceBlast": hours,
        }
    )
    flaw = 0.55 * cracks + 0.09 * (porosity - 16) - 0.03 * (depth - 20) - 0.6 * wet + 0.7 * (face == 2)
    flaw = flaw - 0.004 * (hours - 100) + 0.08 * (mass - 5) + rng.normal(0, 0.7, n)
    grade = np.zeros(n, dtype=int)
    grade[flaw > 0.6] = 1
    grade[flaw > 1.9] = 2
    frame["grade"] = grade
    return frame


def held_out_ids() -> list[int]:
    """The 40 blocks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1437).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented quarry host in memory, fitted on the blocks outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.block_id.isin(test)]
    model = make_pipeline(RandomForestClassifier(n_estimators=80, max_depth=5, random_state=37))
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["block_id", *FEATURES, "grade"]], test_ids=test, **QUARRY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
