"""The invented `flyloft` host of writer w35: fly cues of an invented touring theatre, one row per cue run.

`load_host()` fits a small synthetic model (a seeded soft `VotingClassifier` of a linear discriminant analysis, a
complement naive Bayes and a shallow seeded decision tree, behind a min-max scaler and a one-hot encoder for the
batten type) on 240 of the 300 cue runs and builds the host with `simxai.hosts.host_from_model`. Two labels: a fly
cue runs `clean` or `fouled` (snagged, late or off its dead). The domain, its columns and its words were invented
by w35; nothing comes from a data set.

    python simxai/eval_suite/router_training/people/w35/host_flyloft.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FLYLOFT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 105801
SIZE = 300
NUMERIC = ["LoadKg", "TravelM", "CueSeconds", "OperatorYears", "ShowNight", "BattenAgeYrs"]
CATEGORICAL = ["BattenType"]
FEATURES = [*CATEGORICAL, *NUMERIC]
FLYLOFT_CONFIG: dict[str, Any] = {
    "name": "fly cues",
    "target": "run",
    "class_names": {"0": "clean", "1": "fouled"},
    "instance_noun": "cue",
    "id_column": "cue_id",
    "categorical_features": CATEGORICAL,
    "category_names": {"BattenType": {"0": "lighting", "1": "scenery", "2": "masking"}},
    "immutable_features": ["BattenType", "BattenAgeYrs"],
    "feature_aliases": {
        "BattenType": ["batten", "batten type", "pipe"],
        "LoadKg": ["load", "weight", "kilos on the pipe"],
        "TravelM": ["travel", "distance", "run length"],
        "CueSeconds": ["cue time", "speed of the cue", "seconds"],
        "OperatorYears": ["operator experience", "flyman's years", "experience"],
        "ShowNight": ["show night", "night of the run", "performance number"],
        "BattenAgeYrs": ["batten age", "age of the rigging"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Fly cues of an invented touring theatre's counterweight rig, one row per cue run in a show.",
        "feature_descriptions": {
            "BattenType": "what hangs on the batten: lighting, scenery or masking",
            "LoadKg": "the load flown, in kilograms",
            "TravelM": "how far the batten travels in the cue, in metres",
            "CueSeconds": "how long the cue is called to take, in seconds",
            "OperatorYears": "years of experience of the fly operator",
            "ShowNight": "which night of the run the cue was flown (1-60)",
            "BattenAgeYrs": "age of the batten's rigging in years",
        },
        "target_description": "whether the cue ran clean or fouled",
        "model_description": "A soft voting classifier of a linear discriminant analysis, a complement naive Bayes "
        "and a depth-3 decision tree, on min-max scaled features with the batten type one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic cue runs; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic cue runs, invented for testing; not a real theatre's show reports.",
            "Does not know about the set, the actors, the lighting desk or the weather in the loft.",
        ],
        "label_meanings": {
            "clean": "the batten flew in or out on time and landed on its mark",
            "fouled": "the batten snagged, ran late or missed its mark",
        },
        "probability_meaning": "The model's estimated probability of each of the two outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(105899)
    n = SIZE
    frame = pd.DataFrame(
        {
            "cue_id": np.arange(FIRST_ID, FIRST_ID + n),
            "BattenType": rng.choice(3, n, p=[0.45, 0.35, 0.2]),
            "LoadKg": np.clip(np.round(rng.normal(220, 80, n)), 40, 480).astype(int),
            "TravelM": np.round(np.clip(rng.normal(9, 3, n), 2, 18), 1),
            "CueSeconds": np.clip(np.round(rng.normal(12, 5, n)), 3, 30).astype(int),
            "OperatorYears": np.clip(np.round(rng.gamma(2.0, 4.0, n)), 0, 35).astype(int),
            "ShowNight": rng.integers(1, 61, n),
            "BattenAgeYrs": rng.choice([2, 8, 15, 25, 40], n),
        }
    )
    risk = (
        0.008 * (frame.LoadKg - 220)
        + 0.12 * (frame.TravelM - 9)
        - 0.12 * (frame.CueSeconds - 12)
        - 0.09 * (frame.OperatorYears - 8)
        - 0.015 * (frame.ShowNight - 30)
        + 0.03 * (frame.BattenAgeYrs - 15)
        + 0.6 * (frame.BattenType == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["run"] = (risk > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 cue runs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1058).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented flyloft host in memory, its model fitted on the cue runs outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.ensemble import VotingClassifier
    from sklearn.naive_bayes import ComplementNB
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import MinMaxScaler, OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.cue_id.isin(test)]
    vote = VotingClassifier(
        [
            ("lda", LinearDiscriminantAnalysis()),
            ("cnb", ComplementNB()),
            ("tree", DecisionTreeClassifier(max_depth=3, random_state=0)),
        ],
        voting="soft",
    )
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", MinMaxScaler(clip=True), NUMERIC),
                    ]
                ),
            ),
            ("vote", vote),
        ]
    )
    model.fit(train[FEATURES], train.run)
    return host_from_model(model, frame[["cue_id", *FEATURES, "run"]], test_ids=test, **FLYLOFT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
