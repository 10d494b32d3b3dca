"""The invented `mural` host of guard writer g44: outdoor murals and the state a city arts office found them in.

`load_host()` builds a seeded frame of 200 condition surveys (ids 159601-159800) of the outdoor murals of an
invented harbour town and fits a scikit-learn `ExtraTreesClassifier` on 160 of them; the other 40 are held out for
the performance figures. Each row is one mural; the surveyor graded it `vivid`, `faded` or `flaking`. Nothing here
comes from a data set: the domain, its columns and its words were invented by gdev47 for g44. Feature names mix
styles (camelCase, snake_case, spaces, units in brackets); `has_varnish_coat` holds True/False.

    python simxai/eval_suite/guard/written/g44/host_mural.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MURAL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 159601
SIZE = 200
FEATURES = [
    "paintAgeYrs",
    "Wall Facing",
    "has_varnish_coat",
    "sun hours per day",
    "Mural Area [m2]",
    "graffiti_incidents",
    "daysSinceWash",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MURAL_CONFIG: dict[str, Any] = {
    "name": "harbour town mural condition survey",
    "target": "mural_state",
    "class_names": {"0": "vivid", "1": "faded", "2": "flaking"},
    "instance_noun": "mural",
    "id_column": "survey_id",
    "category_names": {
        "Wall Facing": {"0": "north", "1": "east", "2": "south", "3": "west"},
        "has_varnish_coat": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Mural Area [m2]"],
    "feature_aliases": {
        "paintAgeYrs": ["paint age", "age of the paint", "years since it was painted"],
        "Wall Facing": ["facing", "which way the wall faces", "aspect"],
        "has_varnish_coat": ["varnish", "protective coat", "anti-UV varnish"],
        "sun hours per day": ["sun hours", "sunshine", "direct sun"],
        "Mural Area [m2]": ["area", "size of the mural", "mural size"],
        "graffiti_incidents": ["graffiti", "tagging incidents", "times it was tagged"],
        "daysSinceWash": ["days since washing", "last wash", "time since the last wash"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Outdoor murals of an invented harbour town, one row per condition survey by the town's "
        "arts office, with the grade the surveyor gave.",
        "feature_descriptions": {
            "paintAgeYrs": "years since the mural was painted or last repainted",
            "Wall Facing": "the direction the wall faces: north, east, south or west",
            "has_varnish_coat": "whether a clear anti-UV varnish was applied over the paint (True) or not (False)",
            "sun hours per day": "average hours of direct sun on the wall per summer day",
            "Mural Area [m2]": "painted area in square metres",
            "graffiti_incidents": "how many times the mural was tagged since it was painted",
            "daysSinceWash": "days since the wall was last washed down",
        },
        "target_description": "the surveyor's grade: vivid (colours intact), faded (colours washed out by sun and "
        "weather) or flaking (paint lifting off the wall; repair needed)",
        "model_description": "a scikit-learn ExtraTreesClassifier (120 trees, depth at most 6, seed 47) on the raw "
        "columns; the facing enters as its code and the varnish as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic surveys; the other 40 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic surveys, invented for testing; not a real town's records.",
            "Only 40 surveys are held out, so each performance figure moves by 2.5 points with one mural.",
        ],
        "label_meanings": {
            "vivid": "the colours were found intact",
            "faded": "the colours were found washed out",
            "flaking": "the paint was found lifting off and the mural needs repair",
        },
        "probability_meaning": "The share of the forest's trees voting for each grade (predict_proba); the three "
        "sum to 1 and the grade with the highest share is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(47601)
    n = SIZE
    age = rng.integers(1, 30, n)
    facing = rng.choice(4, n, p=[0.2, 0.25, 0.3, 0.25])
    varnish = rng.random(n) < 0.4
    sun = np.round(np.clip(rng.normal(4.5, 1.8, n) + 1.5 * (facing == 2) - 1.5 * (facing == 0), 0.5, 10.0), 1)
    area = np.round(rng.uniform(6.0, 80.0, n), 0)
    graffiti = rng.poisson(1.5, n)
    wash = rng.integers(10, 700, n)
    fade = 0.09 * (age - 12) + 0.35 * (sun - 4.5) - 0.8 * varnish + rng.normal(0, 0.7, n)
    flake = 0.07 * (age - 12) + 0.35 * (graffiti - 1.5) + 0.002 * (wash - 350) - 0.4 * varnish
    flake = flake + 0.5 * (facing == 0) + rng.normal(0, 0.7, n)
    state = np.where(np.maximum(fade, flake) < 0.25, 0, np.where(fade >= flake, 1, 2))
    frame = pd.DataFrame(
        {
            "survey_id": np.arange(FIRST_ID, FIRST_ID + n),
            "paintAgeYrs": age,
            "Wall Facing": facing,
            "has_varnish_coat": varnish,
            "sun hours per day": sun,
            "Mural Area [m2]": area,
            "graffiti_incidents": graffiti,
            "daysSinceWash": wash,
        }
    )
    frame["mural_state"] = state.astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 40 surveys the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1596).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented mural host in memory, fitted on the surveys outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.survey_id.isin(test)]
    model = ExtraTreesClassifier(n_estimators=120, max_depth=6, random_state=47)
    model.fit(train[FEATURES], train.mural_state)
    return host_from_model(model, frame[["survey_id", *FEATURES, "mural_state"]], test_ids=test, **MURAL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
