"""The invented `casting` host of writer w46: bells cast at a small invented bell foundry, one row per casting.

`load_host()` fits a small synthetic model (a `QuadraticDiscriminantAnalysis` with shrinkage, behind a scaler and a
one-hot encoder for the mould) on 240 of the 300 castings and builds the host from the model, the frame, the ids of
the 60 held-out castings and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels:
once cooled and struck, a bell is `true_tone` (tunes up with ordinary lathe work), `sour` (its partials are too far
out to tune) or `cracked`. Nothing here comes from a data set: the domain, its columns and its words were invented by
w46 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w46/host_casting.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CASTING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 116901
SIZE = 300
NUMERIC = ["tin_pct", "weight_kg", "pour_temp_c", "cooling_days", "scrap_pct", "shed_humidity_pct", "furnace_age_yrs"]
CATEGORICAL = ["mould"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CASTING_CONFIG: dict[str, Any] = {
    "name": "bell casting",
    "target": "outcome",
    "class_names": {"0": "true_tone", "1": "sour", "2": "cracked"},
    "instance_noun": "casting",
    "id_column": "casting_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"mould": {"0": "loam", "1": "sand", "2": "ceramic"}},
    "immutable_features": ["furnace_age_yrs"],
    "feature_aliases": {
        "mould": ["mold", "mould type", "the mould"],
        "tin_pct": ["tin", "tin content", "tin percentage"],
        "weight_kg": ["weight", "bell weight", "mass"],
        "pour_temp_c": ["pour temperature", "pouring temp", "pour temp", "metal temperature"],
        "cooling_days": ["cooling", "cooling time", "days in the pit"],
        "scrap_pct": ["scrap", "remelt", "scrap metal"],
        "shed_humidity_pct": ["humidity", "shed humidity", "damp"],
        "furnace_age_yrs": ["furnace age", "age of the furnace"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Bells cast at an invented bell foundry, one row per casting, recorded when the bell was "
        "lifted out of the pit and struck.",
        "feature_descriptions": {
            "mould": "what the mould was made of: loam, sand or ceramic",
            "tin_pct": "tin in the bronze, as a percentage of the metal",
            "weight_kg": "the weight of the finished bell in kilograms",
            "pour_temp_c": "temperature of the bronze when poured, in degrees C",
            "cooling_days": "days the bell was left to cool in the pit",
            "scrap_pct": "share of remelted scrap bronze in the charge, in percent",
            "shed_humidity_pct": "relative humidity in the casting shed on the day, in percent",
            "furnace_age_yrs": "years since the furnace was relined",
        },
        "target_description": "how the bell turned out when struck: true tone, sour, or cracked",
        "model_description": "A quadratic discriminant analysis (one Gaussian per outcome, shrunk towards a "
        "common shape) on the scaled numbers and the one-hot encoded mould.",
        "training": "Fitted on 240 of the 300 synthetic castings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic castings, invented for testing; not a real foundry's book.",
            "Does not know the bell's profile, the founder on shift or the tuning done afterwards.",
        ],
        "label_meanings": {
            "true_tone": "the bell's partials are close enough to tune it on the lathe",
            "sour": "the bell rings but its partials are too far out to tune; it is recast",
            "cracked": "the bell cracked while cooling or at the first strike",
        },
        "probability_meaning": "The model's estimated probability of each of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(116999)
    n = SIZE
    weight = np.round(np.exp(rng.normal(5.6, 0.9, n))).clip(40, 2600).astype(int)
    frame = pd.DataFrame(
        {
            "casting_no": np.arange(FIRST_ID, FIRST_ID + n),
            "mould": rng.choice(3, n, p=[0.45, 0.35, 0.2]),
            "tin_pct": np.round(np.clip(rng.normal(22, 1.4, n), 18, 26), 1),
            "weight_kg": weight,
            "pour_temp_c": np.round(np.clip(rng.normal(1130, 35, n), 1040, 1220)).astype(int),
            "cooling_days": np.clip(np.round(rng.normal(2.5 + weight / 400, 1.5)), 1, 14).astype(int),
            "scrap_pct": np.clip(np.round(rng.gamma(2.0, 9.0, n)), 0, 70).astype(int),
            "shed_humidity_pct": np.clip(np.round(rng.normal(62, 12, n)), 30, 95).astype(int),
            "furnace_age_yrs": rng.choice([1, 3, 6, 9, 14], n),
        }
    )
    stress = (
        0.9 * (frame.tin_pct - 22)
        - 0.5 * (frame.cooling_days - (2.5 + frame.weight_kg / 400))
        + 0.02 * (frame.pour_temp_c - 1130)
        + 0.4 * (frame.mould == 2)
        + rng.normal(0, 0.8, n)
    )
    off = (
        0.035 * frame.scrap_pct
        + 0.04 * (frame.shed_humidity_pct - 62)
        - 0.5 * (frame.mould == 0)
        + 0.08 * frame.furnace_age_yrs
        + 0.6 * np.abs(frame.tin_pct - 22)
        + rng.normal(0, 0.7, n)
    )
    frame["outcome"] = np.where(stress > 1.6, 2, np.where(off > 1.5, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 castings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1169).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented casting host in memory, its model fitted on the castings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.casting_no.isin(test)]
    encoder = OneHotEncoder(drop="first", handle_unknown="ignore", sparse_output=False)
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer([("categories", encoder, CATEGORICAL), ("numbers", StandardScaler(), NUMERIC)]),
            ),
            ("qda", QuadraticDiscriminantAnalysis(reg_param=0.3)),
        ]
    )
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["casting_no", *FEATURES, "outcome"]], test_ids=test, **CASTING_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
