"""The invented `peal` host of writer w35: peal attempts of an invented band of church bell ringers.

`load_host()` fits a small synthetic model (a `RidgeClassifier` calibrated by a `CalibratedClassifierCV`, sigmoid,
cv=5, behind a scaler and a one-hot encoder for the method) on 240 of the 300 attempts and builds the host with
`simxai.hosts.host_from_model`. Three labels: a peal attempt is `scored` (rung to the end), `lost_early` (stopped in
the first hour) or `lost_late` (stopped after the first hour). The domain, its columns and its words were invented
by w35; nothing comes from a data set.

    python simxai/eval_suite/router_training/people/w35/host_peal.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PEAL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 106101
SIZE = 300
NUMERIC = ["bells", "band_years", "practice_nights", "planned_minutes", "tower_temp_c", "tenor_cwt"]
CATEGORICAL = ["method"]
FEATURES = [*CATEGORICAL, *NUMERIC]
PEAL_CONFIG: dict[str, Any] = {
    "name": "peal attempts",
    "target": "outcome",
    "class_names": {"0": "scored", "1": "lost_early", "2": "lost_late"},
    "instance_noun": "attempt",
    "id_column": "attempt_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"method": {"0": "grandsire", "1": "stedman", "2": "surprise"}},
    "immutable_features": ["tenor_cwt"],
    "feature_aliases": {
        "method": ["method", "what we rang"],
        "bells": ["bells", "number of bells", "ringers"],
        "band_years": ["band experience", "years ringing", "average years"],
        "practice_nights": ["practice", "practice nights", "practices"],
        "planned_minutes": ["length", "planned length", "minutes"],
        "tower_temp_c": ["tower temperature", "temperature", "cold"],
        "tenor_cwt": ["tenor", "tenor weight"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Peal attempts of an invented band of change ringers, one row per attempt in a tower.",
        "feature_descriptions": {
            "method": "the method rung: grandsire, stedman or surprise",
            "bells": "how many bells were rung (6-12)",
            "band_years": "average years of ringing experience in the band",
            "practice_nights": "practice nights on the method in the month before",
            "planned_minutes": "the planned length of the attempt in minutes",
            "tower_temp_c": "temperature in the ringing chamber, in degrees C",
            "tenor_cwt": "weight of the tenor bell in hundredweight",
        },
        "target_description": "whether the attempt was scored, lost in the first hour or lost after it",
        "model_description": "A ridge classifier made probabilistic by sigmoid calibration (five folds), on scaled "
        "features with the method one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic attempts; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic attempts, invented for testing; not a real ringing society's records.",
            "Does not know who conducted, the state of the ropes or who turned up late.",
        ],
        "label_meanings": {
            "scored": "the peal was rung to the end and counts",
            "lost_early": "the attempt broke down in its first hour",
            "lost_late": "the attempt broke down after the first hour",
        },
        "probability_meaning": "The model's estimated probability of each of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(106199)
    n = SIZE
    frame = pd.DataFrame(
        {
            "attempt_no": np.arange(FIRST_ID, FIRST_ID + n),
            "method": rng.choice(3, n, p=[0.4, 0.3, 0.3]),
            "bells": rng.choice([6, 8, 10, 12], n, p=[0.3, 0.4, 0.2, 0.1]),
            "band_years": np.clip(np.round(rng.normal(18, 8, n)), 2, 50).astype(int),
            "practice_nights": rng.integers(0, 9, n),
            "planned_minutes": np.clip(np.round(rng.normal(170, 25, n) / 5) * 5, 120, 240).astype(int),
            "tower_temp_c": np.round(np.clip(rng.normal(10, 5, n), -3, 24), 1),
            "tenor_cwt": rng.choice([8, 12, 17, 24, 35], n),
        }
    )
    skill = (
        0.06 * (frame.band_years - 18)
        + 0.25 * (frame.practice_nights - 4)
        - 0.3 * (frame.bells - 8)
        - 0.5 * (frame.method == 2)
        + 0.05 * (frame.tower_temp_c - 10)
        + rng.normal(0, 0.6, n)
    )
    stamina = -0.02 * (frame.planned_minutes - 170) - 0.03 * (frame.tenor_cwt - 17) + rng.normal(0, 0.6, n)
    frame["outcome"] = np.where(skill < -0.6, 1, np.where(stamina + 0.5 * skill < -0.3, 2, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 attempts the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1061).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented peal host in memory, its model fitted on the attempts outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import RidgeClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.attempt_no.isin(test)]
    calibrated = CalibratedClassifierCV(RidgeClassifier(alpha=1.0, random_state=0), method="sigmoid", cv=5)
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("calibrated", calibrated),
        ]
    )
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["attempt_no", *FEATURES, "outcome"]], test_ids=test, **PEAL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
