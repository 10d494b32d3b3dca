"""The invented `pigeons` host of guard writer guardV: homing pigeons on a club's long race, clocked or missing.

`load_host()` builds a seeded frame of 300 race entries (ids 109701-110000) of an invented pigeon club's
long-distance race and fits scikit-learn's `KNeighborsClassifier` (21 neighbours, uniform weights) on the
standardized columns of 240 of them; the other 60 are held out for the performance figures. Nothing here comes
from a data set: the domain, its columns and its words were invented by guardV.

    python evalsets/guard-2026-12-04v/host_pigeons.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PIGEONS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 109701
SIZE = 300
NUMERIC = ["Loft.Dist_KM", "headwindKmh", "BIRD_AGE_months", "moult_Stage", "prevRaces_n", "Liberation.Hour"]
CATEGORICAL = ["WidowhoodSystem"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PIGEONS_CONFIG: dict[str, Any] = {
    "name": "pigeon club race returns",
    "target": "race_result",
    "class_names": {"0": "clocked", "1": "missing"},
    "instance_noun": "pigeon",
    "id_column": "ring_no",
    "category_names": {"WidowhoodSystem": {"0": "natural", "1": "widowhood", "2": "roundabout"}},
    "immutable_features": ["BIRD_AGE_months"],
    "feature_aliases": {
        "Loft.Dist_KM": ["distance", "race distance", "distance to the loft"],
        "headwindKmh": ["headwind", "wind"],
        "BIRD_AGE_months": ["age", "bird age"],
        "moult_Stage": ["moult", "moult stage"],
        "prevRaces_n": ["previous races", "race experience"],
        "Liberation.Hour": ["liberation time", "release hour"],
        "WidowhoodSystem": ["system", "racing system", "motivation system"],
    },
    "seed": 0,
    "cards": {
        "description": "Entries of an invented pigeon club's long-distance race, one row per bird basketed.",
        "feature_descriptions": {
            "Loft.Dist_KM": "distance from the liberation site to the bird's home loft, in kilometres",
            "headwindKmh": "mean headwind along the line of flight, in km/h",
            "BIRD_AGE_months": "age of the bird on race day, in months",
            "moult_Stage": "primary flight feathers dropped so far in the moult, 0 to 10",
            "prevRaces_n": "races the bird had flown before this one",
            "Liberation.Hour": "hour of the morning the birds were released",
            "WidowhoodSystem": "racing system: natural, widowhood or roundabout",
        },
        "target_description": "whether the bird was clocked home on race day or went missing",
        "model_description": "scikit-learn KNeighborsClassifier (21 neighbours, uniform weights, Euclidean) on "
        "standardized columns; the racing system enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic entries; "
        "the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic race entries, invented for testing; not a real club's results.",
            "The racing system enters as a numeric code, as if the systems were ordered.",
            "Probabilities are shares of 21 neighbours, so they move in steps of 1/21.",
        ],
        "label_meanings": {
            "clocked": "the bird reached its loft and was timed on race day",
            "missing": "the bird was not home by the close of the race day",
        },
        "probability_meaning": "The share of the 21 nearest training birds with each result; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(1097)
    n = SIZE
    system = rng.choice(3, n, p=[0.4, 0.4, 0.2])
    dist = np.round(np.clip(rng.normal(520, 140, n), 180, 900), 1)
    wind = np.round(np.clip(rng.gamma(2.0, 7.0, n), 0, 55), 1)
    age = rng.integers(10, 96, n)
    moult = rng.integers(0, 11, n)
    races = np.clip(np.round(rng.gamma(2.0, 4.0, n)), 0, 40).astype(int)
    hour = np.round(rng.choice([5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 9.0], n), 1)
    frame = pd.DataFrame(
        {
            "ring_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Loft.Dist_KM": dist,
            "headwindKmh": wind,
            "BIRD_AGE_months": age,
            "moult_Stage": moult,
            "prevRaces_n": races,
            "Liberation.Hour": hour,
            "WidowhoodSystem": system,
        }
    )
    score = (
        0.006 * (dist - 520)
        + 0.07 * (wind - 14)
        + 0.18 * (moult - 5)
        - 0.09 * (races - 8)
        + 0.0004 * (age - 40) ** 2
        + 0.35 * (hour - 7)
        - 0.5 * (system == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["race_result"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 entries the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(97).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pigeon host in memory, fitted on the entries outside `held_out_ids()`."""
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.ring_no.isin(test)]
    model = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=21))
    model.fit(train[features], train.race_result)
    return host_from_model(model, frame[["ring_no", *features, "race_result"]], test_ids=test, **PIGEONS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
