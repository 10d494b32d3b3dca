"""The invented `ropewalk` host of guard writer guardAB: ropes laid on an invented harbour ropewalk.

`load_host()` builds a seeded frame of 300 ropes (ids 122301-122600) from the tally book of an invented harbour
ropewalk and fits scikit-learn's `GaussianNB` on 240 of them; the other 60 are held out for the performance
figures. Each rope is graded at the end of the walk as `sound` (passed the proof load), `kinked` (hockled: the lay
is too hard and the rope twists back on itself) or `frayed` (strands opened or yarns broke under the proof load).
Nothing here comes from a data set: the domain, its columns and its words were invented by guardAB.

    python evalsets/guard-2026-12-05ab/host_ropewalk.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ROPEWALK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 122301
SIZE = 300
NUMERIC = ["twist_per_metre", "Yarn Count", "Hemp Moisture (%)", "LayAngleDeg", "walk_length_m", "spinner_years"]
CATEGORICAL = ["FibreKind", "tarred"]
ROPEWALK_CONFIG: dict[str, Any] = {
    "name": "harbour ropewalk tally book",
    "target": "grade",
    "class_names": {"0": "sound", "1": "kinked", "2": "frayed"},
    "instance_noun": "rope",
    "id_column": "rope_no",
    "category_names": {
        "FibreKind": {"0": "hemp", "1": "manila", "2": "sisal"},
        "tarred": {"0": "False", "1": "True"},
    },
    "immutable_features": ["spinner_years"],
    "feature_aliases": {
        "twist_per_metre": ["twist", "turns per metre"],
        "Yarn Count": ["yarns", "yarn count"],
        "Hemp Moisture (%)": ["moisture", "damp"],
        "LayAngleDeg": ["lay angle", "angle of lay"],
        "walk_length_m": ["length", "walk length"],
        "spinner_years": ["spinner experience", "years spinning"],
        "FibreKind": ["fibre", "fiber"],
        "tarred": ["tar", "tarred yarn"],
    },
    "seed": 0,
    "cards": {
        "description": "Ropes laid on an invented harbour ropewalk, one row per rope from the tally book.",
        "feature_descriptions": {
            "twist_per_metre": "turns of twist put into the strands per metre",
            "Yarn Count": "number of yarns in each strand",
            "Hemp Moisture (%)": "moisture of the fibre when spun, in percent",
            "LayAngleDeg": "angle of the lay (strands to the rope's axis), in degrees",
            "walk_length_m": "length of the rope as laid on the walk, in metres",
            "spinner_years": "years the head spinner has worked the walk",
            "FibreKind": "the fibre spun: hemp, manila or sisal",
            "tarred": "whether the yarns were tarred before laying",
        },
        "target_description": "the grade the rope got at the proof load",
        "model_description": "scikit-learn GaussianNB (one independent normal per column and grade); the fibre "
        "and the tar enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic ropes; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic ropes, invented for testing; not a real ropewalk's tally book.",
            "Naive Bayes treats the columns as independent given the grade, though twist and lay angle go together.",
            "The fibre enters as a numeric code.",
        ],
        "label_meanings": {
            "sound": "the rope passed the proof load",
            "kinked": "the lay was too hard and the rope hockled (twisted back on itself)",
            "frayed": "strands opened or yarns broke under the proof load",
        },
        "probability_meaning": "The naive Bayes posterior probability of each grade; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2205)
    n = SIZE
    twist = np.round(np.clip(rng.normal(42, 7, n), 20, 70), 1)
    yarns = rng.integers(12, 37, n)
    moisture = np.round(np.clip(rng.normal(12, 3, n), 4, 24), 1)
    angle = np.round(np.clip(0.4 * twist + rng.normal(15, 3, n), 20, 50), 1)
    length = rng.integers(60, 331, n)
    years = rng.integers(1, 31, n)
    fibre = rng.choice(3, n, p=[0.4, 0.4, 0.2])
    tar = rng.choice(2, n, p=[0.55, 0.45])
    frame = pd.DataFrame(
        {
            "rope_no": np.arange(FIRST_ID, FIRST_ID + n),
            "twist_per_metre": twist,
            "Yarn Count": yarns,
            "Hemp Moisture (%)": moisture,
            "LayAngleDeg": angle,
            "walk_length_m": length,
            "spinner_years": years,
            "FibreKind": fibre,
            "tarred": tar,
        }
    )
    hard = 0.09 * (twist - 42) + 0.1 * (angle - 32) - 0.02 * (years - 15) + rng.normal(0, 0.6, n)
    weak = 0.18 * (moisture - 12) - 0.06 * (yarns - 24) + 0.5 * (fibre == 2) - 0.4 * tar + rng.normal(0, 0.6, n)
    grade = np.zeros(n, dtype=int)
    grade[weak > 0.7] = 2
    grade[hard > 0.8] = 1
    frame["grade"] = grade
    return frame


def held_out_ids() -> list[int]:
    """The 60 ropes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(2250).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented ropewalk host in memory, fitted on the ropes outside `held_out_ids()`."""
    from sklearn.naive_bayes import GaussianNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.rope_no.isin(test)]
    model = GaussianNB()
    model.fit(train[features], train.grade)
    return host_from_model(model, frame[["rope_no", *features, "grade"]], test_ids=test, **ROPEWALK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
