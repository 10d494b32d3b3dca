"""The invented `record` host of writer w29: second-hand vinyl records graded for a weekend market stall.

`load_host()` fits a small synthetic model (a `Perceptron`, made probabilistic by sigmoid calibration over five folds
with `CalibratedClassifierCV`, behind a scaler and a one-hot encoder for the categories) on 320 of the 400 records
and builds the host from the model, the frame, the ids of the 80 held-out records and the fields of its host config
with `simxai.hosts.host_from_model`, following the pattern of w27's hosts. It has three labels: a record is graded
`mint`, `good` or `poor`. Nothing here comes from a data set: the domain, its columns and its words were invented by
w29 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w29/host_record.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["RECORD_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 98401
SIZE = 400
NUMERIC = ["surfaceNoiseDb", "warpMm", "scratchCount", "clickCount", "pressingYear", "vinylWeightG"]
CATEGORICAL = ["sleeveCondition", "wasCleaned"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
RECORD_CONFIG: dict[str, Any] = {
    "name": "vinyl grading",
    "target": "grade",
    "class_names": {"0": "mint", "1": "good", "2": "poor"},
    "instance_noun": "record",
    "id_column": "stockNo",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "sleeveCondition": {"0": "clean", "1": "worn", "2": "torn"},
        "wasCleaned": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["pressingYear", "vinylWeightG"],
    "feature_aliases": {
        "surfaceNoiseDb": ["surface noise", "noise", "hiss", "crackle"],
        "warpMm": ["warp", "warped", "dish"],
        "scratchCount": ["scratches", "scratch count", "scuffs"],
        "clickCount": ["clicks", "pops", "clicks per side"],
        "pressingYear": ["year", "pressing year", "pressed"],
        "vinylWeightG": ["vinyl weight", "grams", "gram"],
        "sleeveCondition": ["sleeve", "cover", "jacket"],
        "wasCleaned": ["cleaned", "washed", "wash"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Second-hand vinyl records bought in job lots for a weekend market stall, one row per record "
        "at the bench check, graded before pricing.",
        "feature_descriptions": {
            "surfaceNoiseDb": "surface noise in the lead-out groove, in dB (higher is noisier)",
            "warpMm": "how far the disc rises off a flat platter at its worst point, in mm",
            "scratchCount": "visible scratches counted under a lamp, both sides",
            "clickCount": "clicks and pops heard per side on a test play",
            "pressingYear": "the year the record was pressed",
            "vinylWeightG": "the disc's weight in grams: 120, 140 or 180",
            "sleeveCondition": "the sleeve: clean, worn or torn",
            "wasCleaned": "whether the disc went through the cleaning machine before grading: no or yes",
        },
        "target_description": "the grade the stall gives the record: mint, good or poor",
        "model_description": "A perceptron on the scaled columns (sleeve and cleaning one-hot encoded), its scores "
        "turned into probabilities by sigmoid calibration over five folds (CalibratedClassifierCV).",
        "training": "Fitted on 320 of the 400 synthetic records; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic records, invented for testing; not a real stall's stock.",
            "Does not know the label, the artist, the rarity or the price a record fetches.",
            "A linear model: it cannot see that one deep scratch can matter more than many light ones.",
        ],
        "label_meanings": {
            "mint": "plays like new, sleeve and disc near perfect: top price",
            "good": "plays through with some noise or wear: normal price",
            "poor": "noisy, warped or skipping: bargain box",
        },
        "probability_meaning": "The model's estimated probability of each of the three grades (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(98498)
    n = SIZE
    frame = pd.DataFrame(
        {
            "stockNo": np.arange(FIRST_ID, FIRST_ID + n),
            "surfaceNoiseDb": np.round(np.clip(rng.normal(42, 8, n), 22, 68), 1),
            "warpMm": np.round(np.clip(rng.gamma(1.5, 0.8, n), 0, 7), 1),
            "scratchCount": np.clip(rng.poisson(5, n), 0, 30),
            "clickCount": np.clip(rng.poisson(8, n), 0, 40),
            "pressingYear": rng.integers(1958, 2024, n),
            "vinylWeightG": rng.choice([120, 140, 180], n, p=[0.45, 0.35, 0.2]),
            "sleeveCondition": rng.choice(3, n, p=[0.35, 0.45, 0.2]),
            "wasCleaned": rng.choice(2, n, p=[0.5, 0.5]),
        }
    )
    wear = (
        0.09 * (frame.surfaceNoiseDb - 42)
        + 0.6 * frame.warpMm
        + 0.12 * frame.scratchCount
        + 0.07 * frame.clickCount
        - 0.015 * (frame.pressingYear - 1990)
        - 0.006 * (frame.vinylWeightG - 140)
        + 0.5 * frame.sleeveCondition
        - 0.5 * frame.wasCleaned
        + rng.normal(0, 0.5, n)
    )
    frame["grade"] = np.where(wear < 1.2, 0, np.where(wear < 2.7, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 80 records the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(984).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented record host in memory, its model fitted on the records outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import Perceptron
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.stockNo.isin(test)]
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
            (
                "perceptron",
                CalibratedClassifierCV(
                    Perceptron(penalty="l2", alpha=1e-3, max_iter=2000, tol=1e-4, random_state=0),
                    method="sigmoid",
                    cv=5,
                ),
            ),
        ]
    )
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["stockNo", *FEATURES, "grade"]], test_ids=test, **RECORD_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
