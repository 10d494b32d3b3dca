"""The invented `vase` host of helper freshV: hand-blown vases of a small glass studio, one row per vase.

Each vase comes out of the annealing oven `sound`, `cracked` (stress cracks within a day) or `seedy` (too many
small bubbles, "seeds", to sell). `load_host()` fits a seeded `HistGradientBoostingClassifier` with few
iterations (behind a one-hot encoder for the glass type) on 240 of the 300 vases and builds the host with
`simxai.hosts.host_from_model`. Nothing here comes from a data set: domain, columns and words are invented.

    python evalsets/fresh-2026-12-04v/host_vase.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["VASE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 109401
SIZE = 300
NUMERIC = ["WallMm", "anneal_temp_c", "mass_g", "cooling hours", "Gathers", "BlowerYears"]
CATEGORICAL = ["GlassType"]
FEATURES = [*CATEGORICAL, *NUMERIC]
VASE_CONFIG: dict[str, Any] = {
    "name": "vase annealing",
    "target": "Outcome",
    "class_names": {"0": "sound", "1": "cracked", "2": "seedy"},
    "instance_noun": "vase",
    "id_column": "VaseNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"GlassType": {"0": "soda_lime", "1": "borosilicate", "2": "lead_crystal"}},
    "immutable_features": ["GlassType", "BlowerYears"],
    "feature_aliases": {
        "GlassType": ["glass", "glass type", "batch glass"],
        "WallMm": ["wall", "wall thickness", "thickness"],
        "anneal_temp_c": ["annealing temperature", "oven temperature", "anneal temp"],
        "mass_g": ["mass", "weight", "grams"],
        "cooling hours": ["cooling time", "cool-down", "ramp-down hours"],
        "Gathers": ["gathers", "number of gathers", "dips"],
        "BlowerYears": ["blower experience", "years blowing", "experience"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Hand-blown vases of an invented glass studio, one row per vase, used to decide which "
        "pieces to inspect twice before they go to the shop.",
        "feature_descriptions": {
            "GlassType": "the glass: soda_lime, borosilicate or lead_crystal",
            "WallMm": "mean wall thickness, in millimetres",
            "anneal_temp_c": "annealing oven soak temperature, in degrees Celsius",
            "mass_g": "mass of the finished vase, in grams",
            "cooling hours": "hours of the controlled cool-down in the oven",
            "Gathers": "how many gathers of glass were taken from the furnace (1 to 6)",
            "BlowerYears": "years of experience of the glassblower",
        },
        "target_description": "whether the vase comes out sound, cracked or seedy (full of small bubbles)",
        "model_description": "A histogram gradient-boosting classifier with 12 boosting iterations, depth 3, "
        "the glass type one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic vases; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic vases, invented for testing; not a real studio's records.",
            "Knows nothing of colour frit, furnace fuel, draughts or the blower's mood that day.",
        ],
        "label_meanings": {
            "sound": "the vase leaves the oven whole and clear enough to sell",
            "cracked": "stress cracks appear in the vase within a day of leaving the oven",
            "seedy": "the glass holds too many small bubbles to sell as first quality",
        },
        "probability_meaning": "The boosted model's estimated probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(109401)
    n = SIZE
    glass = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    wall = np.round(np.clip(rng.normal(5.0, 1.8, n), 1.5, 11.0), 1)
    temp = np.round(np.clip(rng.normal(510, 25, n) + (glass == 1) * 40, 440, 600)).astype(int)
    gathers = rng.integers(1, 7, n)
    mass = np.round(np.clip(180 * gathers + 60 * wall + rng.normal(0, 120, n), 150, 1900)).astype(int)
    cooling = np.round(np.clip(rng.normal(10, 4, n), 2, 24), 1)
    years = rng.choice([1, 3, 6, 12, 25], n)
    frame = pd.DataFrame(
        {
            "VaseNo": np.arange(FIRST_ID, FIRST_ID + n),
            "GlassType": glass,
            "WallMm": wall,
            "anneal_temp_c": temp,
            "mass_g": mass,
            "cooling hours": cooling,
            "Gathers": gathers,
            "BlowerYears": years,
        }
    )
    crack = 0.5 * wall - 0.35 * cooling + 0.002 * mass - 0.8 * (glass == 1) + rng.normal(0, 0.9, n)
    seed = 0.45 * gathers - 0.08 * years - 0.03 * (temp - 510) + 0.7 * (glass == 2) + rng.normal(0, 0.8, n)
    outcome = np.where(crack > 0.9, 1, np.where(seed > 1.6, 2, 0))
    frame["Outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 vases the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1094).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented vase host in memory, its model fitted on the vases outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.VaseNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("boosting", HistGradientBoostingClassifier(max_iter=12, max_depth=3, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["VaseNo", *FEATURES, "Outcome"]], test_ids=test, **VASE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
