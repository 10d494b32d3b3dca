"""The invented `peal` host of writer w46: peal attempts of an invented band of bell ringers, one row per attempt.

`load_host()` fits a small synthetic model (a seeded `MLPClassifier` with one hidden layer of ten units, behind a
scaler and a one-hot encoder for the method) on 240 of the 300 attempts and builds the host from the model, the
frame, the ids of the 60 held-out attempts and the fields of its host config with `simxai.hosts.host_from_model`.
It has two labels: an attempt is `scored` (rung to the end without a break-down) or `lost`. Nothing here comes from
a data set: the domain, its columns and its words were invented by w46 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w46/host_peal.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PEAL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 117201
SIZE = 300
NUMERIC = ["Bells", "Changes", "BandExperienceYrs", "ConductorPeals", "TowerTempC", "StartHour", "TenorCwt"]
CATEGORICAL = ["Method"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PEAL_CONFIG: dict[str, Any] = {
    "name": "peal attempt",
    "target": "Result",
    "class_names": {"0": "scored", "1": "lost"},
    "instance_noun": "attempt",
    "id_column": "AttemptNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Method": {"0": "plain_bob", "1": "grandsire", "2": "stedman", "3": "surprise"}},
    "immutable_features": ["TenorCwt"],
    "feature_aliases": {
        "Method": ["method", "what was rung"],
        "Bells": ["bells", "number of bells", "how many bells"],
        "Changes": ["changes", "length", "number of changes"],
        "BandExperienceYrs": ["band experience", "experience", "years ringing"],
        "ConductorPeals": ["conductor peals", "conductor's peals", "conductor experience"],
        "TowerTempC": ["tower temperature", "temperature", "temp in the tower"],
        "StartHour": ["start hour", "start time", "starting hour"],
        "TenorCwt": ["tenor", "tenor weight", "tenor cwt"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Peal and quarter-peal attempts of an invented band of church bell ringers, one row per "
        "attempt, recorded in the band's book.",
        "feature_descriptions": {
            "Method": "the method rung: plain bob, grandsire, stedman or a surprise method",
            "Bells": "how many bells were rung (6, 8, 10 or 12)",
            "Changes": "the length of the attempt in changes (a quarter peal is about 1260, a peal 5000 or more)",
            "BandExperienceYrs": "the band's mean years of ringing",
            "ConductorPeals": "how many peals the conductor had called before",
            "TowerTempC": "temperature in the ringing chamber, in degrees C",
            "StartHour": "the hour the attempt started (8-20)",
            "TenorCwt": "weight of the tower's tenor bell in hundredweight",
        },
        "target_description": "whether the attempt was rung to the end (scored) or broke down (lost)",
        "model_description": "A small neural network (a multi-layer perceptron with one hidden layer of ten units, "
        "seeded) on the scaled numbers and the one-hot encoded method.",
        "training": "Fitted on 240 of the 300 synthetic attempts; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic attempts, invented for testing; not a real band's peal book.",
            "Does not know who rang which bell, the go of the bells or the ropes.",
        ],
        "label_meanings": {
            "scored": "the attempt was rung to the end and counts",
            "lost": "the ringing broke down (a firing-out or a miscall) and the attempt was stopped",
        },
        "probability_meaning": "The network's estimated probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(117299)
    n = SIZE
    bells = rng.choice([6, 8, 10, 12], n, p=[0.35, 0.4, 0.15, 0.1])
    quarter = rng.uniform(0, 1, n) < 0.6
    frame = pd.DataFrame(
        {
            "AttemptNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Method": rng.choice(4, n, p=[0.35, 0.25, 0.2, 0.2]),
            "Bells": bells,
            "Changes": np.where(quarter, rng.choice([1260, 1280, 1296, 1344], n), rng.choice([5016, 5040, 5088], n)),
            "BandExperienceYrs": np.round(np.clip(rng.normal(16, 7, n), 2, 45)).astype(int),
            "ConductorPeals": np.clip(np.round(rng.gamma(1.5, 40, n)), 0, 400).astype(int),
            "TowerTempC": np.round(np.clip(rng.normal(14, 6, n), -2, 32)).astype(int),
            "StartHour": rng.integers(8, 21, n),
            "TenorCwt": np.round(np.clip(rng.gamma(3.0, 4.5, n) + 3, 4, 45)).astype(int),
        }
    )
    risk = (
        0.00045 * (frame.Changes - 1260)
        + 0.45 * frame.Method
        + 0.12 * (frame.Bells - 6)
        - 0.09 * (frame.BandExperienceYrs - 16)
        - 0.006 * frame.ConductorPeals
        + 0.05 * np.abs(frame.TowerTempC - 14)
        + 0.03 * (frame.TenorCwt - 15)
        + 0.08 * np.maximum(frame.StartHour - 17, 0)
        + rng.normal(0, 0.6, n)
    )
    frame["Result"] = (risk > 1.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 attempts the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1172).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented peal host in memory, its model fitted on the attempts outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.AttemptNo.isin(test)]
    encoder = OneHotEncoder(handle_unknown="ignore", sparse_output=False)
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer([("categories", encoder, CATEGORICAL), ("numbers", StandardScaler(), NUMERIC)]),
            ),
            ("mlp", MLPClassifier(hidden_layer_sizes=(10,), alpha=0.01, max_iter=3000, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.Result)
    return host_from_model(model, frame[["AttemptNo", *FEATURES, "Result"]], test_ids=test, **PEAL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
