"""The invented `archery` host of guard writer g42: club target arrows and where each one landed.

`load_host()` builds a seeded frame of 200 scored arrows (ids 154001-154200) of an invented village archery club
and fits a scikit-learn `RandomForestClassifier` on 160 of them; the other 40 are held out for the performance
figures. Each row is one arrow; the club's score sheet recorded it `gold`, `ring` or `miss`. Nothing here comes from
a data set: the domain, its columns and its words were invented by gdev45 for g42. Feature names mix styles
(camelCase, snake_case, spaces, units in brackets); `has_vane_fletching` holds True/False.

    python simxai/eval_suite/guard/written/g42/host_archery.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ARCHERY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 154001
SIZE = 200
FEATURES = [
    "drawWeightLbs",
    "distance_m",
    "Crosswind [m/s]",
    "has_vane_fletching",
    "Bow Style",
    "archer years",
    "endNumber",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ARCHERY_CONFIG: dict[str, Any] = {
    "name": "village archery club score sheet",
    "target": "landing",
    "class_names": {"0": "gold", "1": "ring", "2": "miss"},
    "instance_noun": "arrow",
    "id_column": "arrow_id",
    "category_names": {
        "Bow Style": {"0": "recurve", "1": "longbow", "2": "compound"},
        "has_vane_fletching": {"False": "False", "True": "True"},
    },
    "immutable_features": ["archer years"],
    "feature_aliases": {
        "drawWeightLbs": ["draw weight", "bow weight", "how heavy the draw is"],
        "distance_m": ["distance", "range", "how far the target was"],
        "Crosswind [m/s]": ["crosswind", "side wind", "wind across the range"],
        "has_vane_fletching": ["vanes", "plastic vanes", "vane fletching"],
        "Bow Style": ["bow", "bow type", "kind of bow"],
        "archer years": ["experience", "years shooting", "archer's years"],
        "endNumber": ["end", "end number", "which end of the round"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Arrows shot at the target boss of an invented village archery club, one row per arrow, "
        "with where the score sheet says it landed.",
        "feature_descriptions": {
            "drawWeightLbs": "the bow's draw weight, in pounds",
            "distance_m": "distance from the shooting line to the target, in metres",
            "Crosswind [m/s]": "wind across the range when the arrow was shot, in metres per second",
            "has_vane_fletching": "whether the arrow had plastic vanes (True) or feathers (False)",
            "Bow Style": "the kind of bow: recurve, longbow or compound",
            "archer years": "years the archer has shot at the club",
            "endNumber": "which end of the round the arrow belongs to (1 to 12; later ends come when tired)",
        },
        "target_description": "where the arrow landed: gold (the centre ring), ring (any outer scoring ring) or "
        "miss (off the target face)",
        "model_description": "a scikit-learn RandomForestClassifier (80 trees, depth at most 5, seed 45) on the "
        "raw columns; the bow style enters as its code and the vanes as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic arrows; the other 40 are held out for the performance figures.",
        "limitations": [
            "Synthetic arrows, invented for testing; not a real club's score sheets.",
            "Only 40 arrows are held out, so each performance figure moves with a few arrows.",
        ],
        "label_meanings": {
            "gold": "the arrow hit the centre gold",
            "ring": "the arrow scored in one of the outer rings",
            "miss": "the arrow missed the target face",
        },
        "probability_meaning": "The share of the forest's trees voting for each landing (predict_proba); the three "
        "sum to 1 and the landing with the highest share is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(45401)
    n = SIZE
    draw = rng.integers(18, 50, n)
    distance = rng.choice([18, 30, 50, 70], n)
    wind = np.round(rng.uniform(0.0, 9.0, n), 1)
    vanes = rng.random(n) < 0.5
    style = rng.choice(3, n, p=[0.45, 0.25, 0.3])
    years = rng.integers(0, 26, n)
    end = rng.integers(1, 13, n)
    frame = pd.DataFrame(
        {
            "arrow_id": np.arange(FIRST_ID, FIRST_ID + n),
            "drawWeightLbs": draw,
            "distance_m": distance,
            "Crosswind [m/s]": wind,
            "has_vane_fletching": vanes,
            "Bow Style": style,
            "archer years": years,
            "endNumber": end,
        }
    )
    skill = 0.09 * (years - 12) + 0.8 * (style == 2) - 0.5 * (style == 1) + 0.02 * (draw - 34)
    drift = 0.35 * (wind - 4.5) + 0.025 * (distance - 42) - 0.4 * vanes + 0.06 * (end - 6)
    error = drift - skill + rng.normal(0, 0.6, n)
    frame["landing"] = np.where(error > 0.9, 2, np.where(error < -0.7, 0, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 40 arrows the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1540).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented archery host in memory, fitted on the arrows outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.arrow_id.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=5, random_state=45)
    model.fit(train[FEATURES], train.landing)
    return host_from_model(model, frame[["arrow_id", *FEATURES, "landing"]], test_ids=test, **ARCHERY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
