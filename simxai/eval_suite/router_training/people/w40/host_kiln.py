"""The invented `kiln` host of writer w40: blown-glass pieces leaving the annealing kiln of a small studio.

`load_host()` fits a small synthetic model (a seeded `HistGradientBoostingClassifier` with only a dozen boosting
iterations, behind a one-hot encoder for the glass type) on 240 of the 300 pieces and builds the host with
`simxai.hosts.host_from_model`. Two labels: a piece comes out of the kiln `sound` or `cracked`. Nothing here comes
from a data set: the domain, its columns and its words were invented by w40.

    python simxai/eval_suite/router_training/people/w40/host_kiln.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KILN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 110601
SIZE = 300
NUMERIC = ["wall_mm", "anneal_temp_c", "soak_min", "cool_rate", "weight_g", "kiln_age_yrs"]
CATEGORICAL = ["glass"]
FEATURES = [*CATEGORICAL, *NUMERIC]
KILN_CONFIG: dict[str, Any] = {
    "name": "kiln cracks",
    "target": "outcome",
    "class_names": {"0": "sound", "1": "cracked"},
    "instance_noun": "piece",
    "id_column": "piece_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"glass": {"0": "soda_lime", "1": "borosilicate", "2": "lead_crystal"}},
    "immutable_features": ["kiln_age_yrs"],
    "feature_aliases": {
        "glass": ["glass", "glass type", "batch glass"],
        "wall_mm": ["wall", "wall thickness", "thickness"],
        "anneal_temp_c": ["anneal temp", "annealing temperature", "anneal point"],
        "soak_min": ["soak", "soak time", "hold"],
        "cool_rate": ["cooling rate", "ramp down", "cool down"],
        "weight_g": ["weight", "mass", "grams"],
        "kiln_age_yrs": ["kiln age", "age of the kiln"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Blown-glass pieces of an invented studio, one row per piece put through the annealing "
        "kiln, used to guess which pieces will crack on cooling.",
        "feature_descriptions": {
            "glass": "the glass the piece is blown from: soda_lime, borosilicate or lead_crystal",
            "wall_mm": "thickest wall of the piece, in millimetres",
            "anneal_temp_c": "temperature the kiln holds for annealing, in degrees C",
            "soak_min": "minutes the piece soaks at the annealing temperature",
            "cool_rate": "cooling rate after the soak, in degrees C per hour",
            "weight_g": "weight of the finished piece, in grams",
            "kiln_age_yrs": "age of the kiln the piece went into, in years",
        },
        "target_description": "whether the piece comes out of the kiln sound or cracked",
        "model_description": "A histogram gradient boosting classifier with few iterations; the glass type "
        "one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic pieces; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pieces, invented for testing; not a real studio's log.",
            "Does not know who blew the piece, the colour frit or the humidity of the shop.",
        ],
        "label_meanings": {
            "sound": "the piece came out whole, no stress cracks",
            "cracked": "the piece showed a crack on cooling or within a day",
        },
        "probability_meaning": "The model's estimated probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(110640)
    n = SIZE
    glass = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "piece_no": np.arange(FIRST_ID, FIRST_ID + n),
            "glass": glass,
            "wall_mm": np.round(np.clip(rng.gamma(3.0, 2.0, n), 1.5, 25), 1),
            "anneal_temp_c": np.clip(np.round(rng.normal(510, 25, n)), 440, 580).astype(int),
            "soak_min": np.clip(np.round(rng.normal(60, 25, n)), 10, 180).astype(int),
            "cool_rate": np.clip(np.round(rng.normal(60, 20, n)), 15, 130).astype(int),
            "weight_g": np.clip(np.round(rng.normal(700, 350, n)), 80, 2500).astype(int),
            "kiln_age_yrs": rng.choice([2, 5, 9, 14, 22], n),
        }
    )
    ideal = np.select([glass == 1, glass == 2], [560, 440], 515)
    stress = (
        0.035 * frame.cool_rate * frame.wall_mm / 6
        + 0.03 * np.abs(frame.anneal_temp_c - ideal)
        - 0.015 * frame.soak_min
        + 0.0006 * frame.weight_g
        + 0.04 * frame.kiln_age_yrs
        - 0.9 * (glass == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["outcome"] = (stress > np.quantile(stress, 0.62)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 pieces the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1106).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kiln host in memory, its model fitted on the pieces outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.piece_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("boost", HistGradientBoostingClassifier(max_iter=12, max_depth=3, learning_rate=0.3, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["piece_no", *FEATURES, "outcome"]], test_ids=test, **KILN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
