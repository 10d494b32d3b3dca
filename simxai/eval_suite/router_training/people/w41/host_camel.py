"""The invented `camel` host of writer w41: runners in the races of an invented outback camel cup, one row a run.

`load_host()` fits a small synthetic model (a seeded boosting of decision stumps, `AdaBoostClassifier(
n_estimators=60, learning_rate=0.5, random_state=0)`, behind a one-hot encoder for the track) on 240 of the 300
runs and builds the host from the model, the frame, the ids of the 60 held-out runs and the fields of its host
config with `simxai.hosts.host_from_model`. It has two labels: a camel is `placed` (first three home) or
`unplaced`. Nothing here comes from a data set: the domain, its columns and its words were invented by w41 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w41/host_camel.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CAMEL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 112401
SIZE = 300
NUMERIC = ["AgeYrs", "weight_kg", "TrainingKm", "jockey_kg", "heat_c", "PriorStarts"]
CATEGORICAL = ["Track"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CAMEL_CONFIG: dict[str, Any] = {
    "name": "camel cup runners",
    "target": "Result",
    "class_names": {"0": "unplaced", "1": "placed"},
    "instance_noun": "run",
    "id_column": "RunNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Track": {"0": "town_oval", "1": "salt_lake", "2": "dune_straight"}},
    "immutable_features": ["Track", "PriorStarts"],
    "feature_aliases": {
        "Track": ["track", "course", "race track"],
        "AgeYrs": ["age", "camel age", "years old"],
        "weight_kg": ["weight", "camel weight", "body weight"],
        "TrainingKm": ["training", "training km", "kilometres of training"],
        "jockey_kg": ["jockey", "jockey weight", "rider weight"],
        "heat_c": ["heat", "temperature", "race-day temperature"],
        "PriorStarts": ["starts", "prior starts", "previous races"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Runs in the races of an invented outback camel cup, one row per camel per race, used by "
        "a trainer to pick which camels to enter.",
        "feature_descriptions": {
            "Track": "the track: town_oval, salt_lake or dune_straight",
            "AgeYrs": "age of the camel, in years",
            "weight_kg": "weight of the camel on race day, in kilograms",
            "TrainingKm": "kilometres of training in the week before the race",
            "jockey_kg": "weight of the jockey, in kilograms",
            "heat_c": "air temperature at the start, in degrees Celsius",
            "PriorStarts": "races the camel had started before",
        },
        "target_description": "whether the camel finished in the first three (placed) or not (unplaced)",
        "model_description": "AdaBoost of 60 decision stumps (learning rate 0.5); the track one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic runs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic runs, invented for testing; not a real race club's records.",
            "Knows nothing about a camel's temper, the betting odds or the crowd.",
        ],
        "label_meanings": {
            "placed": "the camel finished first, second or third",
            "unplaced": "the camel finished fourth or worse, or did not finish",
        },
        "probability_meaning": "The boosted stumps' weighted vote for each outcome, scaled to add up to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(112401)
    n = SIZE
    track = rng.choice(3, n, p=[0.40, 0.30, 0.30])
    age = rng.integers(4, 19, n)
    frame = pd.DataFrame(
        {
            "RunNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Track": track,
            "AgeYrs": age,
            "weight_kg": np.clip(np.round(rng.normal(520, 60, n)), 380, 700).astype(int),
            "TrainingKm": np.round(np.clip(rng.gamma(3.0, 12.0, n), 2, 120), 1),
            "jockey_kg": np.round(np.clip(rng.normal(62, 7, n), 48, 85), 1),
            "heat_c": np.round(np.clip(rng.normal(33, 6, n), 18, 47), 1),
            "PriorStarts": np.clip(rng.poisson(6, n), 0, 25),
        }
    )
    score = (
        0.03 * frame.TrainingKm
        - 0.06 * (frame.jockey_kg - 62)
        - 0.004 * (frame.weight_kg - 520)
        - 0.15 * np.abs(frame.AgeYrs - 9)
        - 0.05 * np.clip(frame.heat_c - 35, 0, None)
        + 0.06 * frame.PriorStarts
        + 0.3 * (frame.Track == 1)
        + rng.normal(0, 0.5, n)
    )
    frame["Result"] = (score > 0.6).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 runs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1124).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented camel host in memory, its model fitted on the runs outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.RunNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("boost", AdaBoostClassifier(n_estimators=60, learning_rate=0.5, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.Result)
    return host_from_model(model, frame[["RunNo", *FEATURES, "Result"]], test_ids=test, **CAMEL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
