"""The invented `cork` host of writer w45: cork planks stripped from the oaks of an invented Alentejo estate.

`load_host()` fits a small synthetic model (a `LinearDiscriminantAnalysis` behind a scaler and a one-hot encoder
for the estate's parcel, a `Pipeline`) on 240 of the 300 planks and builds the host from the model, the frame, the
ids of the 60 held-out planks and the fields of its host config with `simxai.hosts.host_from_model`. It has three
labels: a plank is graded `stopper` (good enough to punch wine stoppers from), `disc` (for the discs of technical
stoppers) or `granulate` (ground up). Nothing here comes from a data set: the domain, its columns and its words were
invented by w45 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w45/host_cork.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CORK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 116301
SIZE = 300
NUMERIC = ["thickness_mm", "porosity_pct", "moisture_pct", "cycle_years", "boil_minutes", "TreeAge"]
CATEGORICAL = ["parcel"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CORK_CONFIG: dict[str, Any] = {
    "name": "cork plank grading",
    "target": "grade",
    "class_names": {"0": "stopper", "1": "disc", "2": "granulate"},
    "instance_noun": "plank",
    "id_column": "plank_id",
    "categorical_features": CATEGORICAL,
    "category_names": {"parcel": {"0": "montado_norte", "1": "ribeira", "2": "cabeco"}},
    "immutable_features": ["parcel", "TreeAge"],
    "feature_aliases": {
        "parcel": ["parcel", "field", "herdade parcel"],
        "thickness_mm": ["thickness", "caliper", "calibre"],
        "porosity_pct": ["porosity", "pores", "holes"],
        "moisture_pct": ["moisture", "humidity", "water content"],
        "cycle_years": ["cycle", "years since stripping", "harvest cycle"],
        "boil_minutes": ["boiling", "boil time", "cozedura"],
        "TreeAge": ["tree age", "age of the tree", "oak age"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Cork planks stripped from the oaks of an invented Alentejo estate, one row per plank, "
        "graded at the yard before they go to the stopper factory.",
        "feature_descriptions": {
            "parcel": "the parcel of the estate: montado_norte, ribeira or cabeco",
            "thickness_mm": "plank thickness after boiling, in millimetres",
            "porosity_pct": "share of the plank's face taken by pores and lenticels, in percent",
            "moisture_pct": "moisture of the plank at grading, in percent",
            "cycle_years": "years since the tree was last stripped, 9 to 14",
            "boil_minutes": "minutes the plank spent in the boiling tank",
            "TreeAge": "age of the cork oak, in years",
        },
        "target_description": "the grade the yard gives the plank: stopper, disc or granulate",
        "model_description": "A linear discriminant analysis on the scaled columns; the parcel one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic planks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic planks, invented for testing; not a real estate's records.",
            "Does not know about cork taint (TCA), insect galleries or the buyer's mood.",
        ],
        "label_meanings": {
            "stopper": "thick and clean enough to punch whole natural stoppers from",
            "disc": "good for the thin discs glued onto technical stoppers",
            "granulate": "too thin or porous; ground into granules for agglomerate",
        },
        "probability_meaning": "The posterior probability of each grade under the discriminant model (they add "
        "up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(116116)
    n = SIZE
    parcel = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    cycle = rng.integers(9, 15, n)
    thickness = np.round(np.clip(18 + 2.2 * (cycle - 9) + (parcel == 1) * 3 + rng.normal(0, 6, n), 12, 60), 1)
    frame = pd.DataFrame(
        {
            "plank_id": np.arange(FIRST_ID, FIRST_ID + n),
            "parcel": parcel,
            "thickness_mm": thickness,
            "porosity_pct": np.round(np.clip(rng.gamma(3.0, 2.6, n) + (parcel == 2) * 2.5, 1, 30), 1),
            "moisture_pct": np.round(np.clip(rng.normal(12, 3, n), 5, 22), 1),
            "cycle_years": cycle,
            "boil_minutes": rng.choice([45, 60, 75, 90], n),
            "TreeAge": rng.integers(35, 181, n),
        }
    )
    score = (
        0.11 * frame.thickness_mm
        - 0.22 * frame.porosity_pct
        - 0.08 * abs(frame.moisture_pct - 12)
        + 0.006 * frame.TreeAge
        + 0.01 * (frame.boil_minutes - 60)
        + rng.normal(0, 0.7, n)
    )
    cut = np.quantile(score, [0.36, 0.68])
    frame["grade"] = np.where(score > cut[1], 0, np.where(score > cut[0], 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 planks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1163).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented cork host in memory, its model fitted on the planks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.plank_id.isin(test)]
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
            ("lda", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["plank_id", *FEATURES, "grade"]], test_ids=test, **CORK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
