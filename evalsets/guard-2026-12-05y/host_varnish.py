"""The invented `varnish` host of guard writer guardY: violin varnish coats in a luthiers' drying room.

`load_host()` builds a seeded frame of 300 varnished violin tops (ids 116001-116300) from an invented
luthiers' cooperative and fits scikit-learn's `LinearDiscriminantAnalysis` (lsqr solver, shrinkage 0.15) on
240 of them; the other 60 are held out for the performance figures. Each top ends its first winter either
`clear`, `hazed` or `crazed` (a web of hairline cracks in the varnish). Nothing here comes from a data set:
the domain, its columns and its words were invented by guardY.

    python evalsets/guard-2026-12-05y/host_varnish.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["VARNISH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 116001
SIZE = 300
NUMERIC = ["coatCount", "CURE_days", "humidity_PCT", "uvLamp_hrs", "Resin2Oil", "woodAge_YRS"]
CATEGORICAL = ["BrushKind"]
VARNISH_CONFIG: dict[str, Any] = {
    "name": "luthier varnish log",
    "target": "finish",
    "class_names": {"0": "clear", "1": "hazed", "2": "crazed"},
    "instance_noun": "violin top",
    "id_column": "top_id",
    "category_names": {"BrushKind": {"0": "squirrel", "1": "badger", "2": "synthetic"}},
    "immutable_features": ["woodAge_YRS"],
    "feature_aliases": {
        "coatCount": ["coats", "number of coats"],
        "CURE_days": ["cure time", "curing days"],
        "humidity_PCT": ["humidity", "room humidity"],
        "uvLamp_hrs": ["uv hours", "lamp hours"],
        "Resin2Oil": ["resin ratio", "resin to oil"],
        "woodAge_YRS": ["wood age", "seasoning"],
        "BrushKind": ["brush", "brush type"],
    },
    "seed": 0,
    "cards": {
        "description": "Violin tops varnished at an invented luthiers' cooperative, one row per top.",
        "feature_descriptions": {
            "coatCount": "number of varnish coats laid on the top",
            "CURE_days": "days each coat was left to cure before the next",
            "humidity_PCT": "mean relative humidity of the drying room, in percent",
            "uvLamp_hrs": "total hours under the ultraviolet drying lamp",
            "Resin2Oil": "parts of resin per part of linseed oil in the varnish",
            "woodAge_YRS": "years the spruce was seasoned before carving",
            "BrushKind": "brush used: squirrel, badger or synthetic",
        },
        "target_description": "state of the varnish after its first winter",
        "model_description": "scikit-learn LinearDiscriminantAnalysis (lsqr solver, shrinkage 0.15); "
        "the brush enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic tops; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic tops, invented for testing; not a real workshop's records.",
            "The brush enters as a numeric code, as if the brushes were ordered.",
            "LDA assumes one shared covariance for the three finishes; curved effects are missed.",
        ],
        "label_meanings": {
            "clear": "the varnish is clear and whole",
            "hazed": "the varnish has clouded but not cracked",
            "crazed": "the varnish shows a web of fine cracks",
        },
        "probability_meaning": "The LDA posterior probability of each finish; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(116)
    n = SIZE
    coats = rng.integers(2, 9, n)
    cure = np.round(np.clip(rng.normal(6, 2.5, n), 1, 14), 1)
    humid = np.round(np.clip(rng.normal(55, 12, n), 25, 90), 1)
    uv = np.clip(np.round(rng.gamma(3.0, 12.0, n)), 0, 150).astype(int)
    resin = np.round(np.clip(rng.normal(1.0, 0.35, n), 0.3, 2.2), 2)
    age = rng.integers(3, 31, n)
    brush = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "top_id": np.arange(FIRST_ID, FIRST_ID + n),
            "coatCount": coats,
            "CURE_days": cure,
            "humidity_PCT": humid,
            "uvLamp_hrs": uv,
            "Resin2Oil": resin,
            "woodAge_YRS": age,
            "BrushKind": brush,
        }
    )
    crack = 0.45 * (coats - 5) - 0.35 * (cure - 6) + 0.03 * (uv - 36) + 1.6 * (resin - 1.0) - 0.03 * (age - 16)
    haze = 0.08 * (humid - 55) - 0.2 * (cure - 6) + 0.5 * (brush == 2) - 0.01 * (uv - 36)
    crack = crack + rng.normal(0, 0.8, n)
    haze = haze + rng.normal(0, 0.8, n)
    outcome = np.zeros(n, dtype=int)
    outcome[(haze > 0.6) & (haze >= crack)] = 1
    outcome[(crack > 0.6) & (crack > haze)] = 2
    frame["finish"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 tops the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1205).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented varnish host in memory, fitted on the tops outside `held_out_ids()`."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.top_id.isin(test)]
    model = LinearDiscriminantAnalysis(solver="lsqr", shrinkage=0.15)
    model.fit(train[features], train.finish)
    return host_from_model(model, frame[["top_id", *features, "finish"]], test_ids=test, **VARNISH_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
