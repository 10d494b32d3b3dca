"""The invented `fleece` host of writer w37: fleeces shorn on an Orkney croft, one row per fleece, graded in three.

`load_host()` fits a seeded logistic-loss `SGDClassifier` (behind a scaler and a one-hot encoder for the breed) on
240 of the 300 fleeces and builds the host with `simxai.hosts.host_from_model`. Three labels: a fleece is graded
`spinning`, `felting` or `reject`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w37 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w37/host_fleece.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FLEECE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 108201
SIZE = 300
NUMERIC = ["ewe_age", "staple_mm", "FleeceKg", "vm_pct", "GrazingWeeksShore", "BreakScore"]
CATEGORICAL = ["breed"]
FEATURES = [*CATEGORICAL, *NUMERIC]
FLEECE_CONFIG: dict[str, Any] = {
    "name": "fleece grading",
    "target": "Grade",
    "class_names": {"0": "spinning", "1": "felting", "2": "reject"},
    "instance_noun": "fleece",
    "id_column": "FleeceNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"breed": {"0": "north_ronaldsay", "1": "shetland", "2": "cheviot_cross"}},
    "immutable_features": ["breed", "ewe_age"],
    "feature_aliases": {
        "breed": ["breed", "kind of sheep"],
        "ewe_age": ["age", "ewe age", "age of the ewe"],
        "staple_mm": ["staple", "staple length", "fibre length"],
        "FleeceKg": ["fleece weight", "weight", "kilos"],
        "vm_pct": ["vegetable matter", "vm", "muck", "dirt"],
        "GrazingWeeksShore": ["weeks on the shore", "shore grazing", "seaweed grazing"],
        "BreakScore": ["break", "tenderness", "break score"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Fleeces shorn on an invented Orkney croft, one row per fleece, graded for sale to "
        "hand spinners, felters or the reject bag.",
        "feature_descriptions": {
            "breed": "the breed: north_ronaldsay, shetland or cheviot_cross",
            "ewe_age": "age of the ewe at shearing, in years (1 to 9)",
            "staple_mm": "staple length, in mm",
            "FleeceKg": "skirted fleece weight, in kg",
            "vm_pct": "vegetable matter (straw, seed, burrs) in the fleece, in percent",
            "GrazingWeeksShore": "weeks of the past year the ewe grazed on the shore",
            "BreakScore": "tenderness of the staple when tugged, 0 (sound) to 5 (snaps)",
        },
        "target_description": "the grade the fleece was sold under: spinning, felting or reject",
        "model_description": "A linear classifier trained by stochastic gradient descent on the logistic loss "
        "(one against the rest per grade), on the scaled columns; the breed one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic fleeces; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic fleeces, invented for testing; not a real croft's records.",
            "Does not know the colour, the crimp or whether the fleece was rolled wet.",
        ],
        "label_meanings": {
            "spinning": "sound, clean and long enough to sell to hand spinners",
            "felting": "usable only for felting or stuffing",
            "reject": "too tender, short or dirty to sell at all",
        },
        "probability_meaning": "The model's normalised score for each grade (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(108237)
    n = SIZE
    breed = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    frame = pd.DataFrame(
        {
            "FleeceNo": np.arange(FIRST_ID, FIRST_ID + n),
            "breed": breed,
            "ewe_age": rng.integers(1, 10, n),
            "staple_mm": np.clip(np.round(rng.normal(85, 22, n) + (breed == 2) * 15), 30, 160).astype(int),
            "FleeceKg": np.round(np.clip(rng.normal(1.6, 0.5, n) + (breed == 2) * 0.9, 0.4, 4.2), 2),
            "vm_pct": np.round(np.clip(rng.exponential(2.5, n), 0, 15), 1),
            "GrazingWeeksShore": rng.integers(0, 53, n),
            "BreakScore": rng.integers(0, 6, n),
        }
    )
    score = (
        0.035 * frame.staple_mm
        - 0.3 * frame.vm_pct
        - 0.6 * frame.BreakScore
        - 0.12 * frame.ewe_age
        - 0.02 * frame.GrazingWeeksShore
        + 0.4 * (frame.breed == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["Grade"] = np.select([score > 1.2, score > -0.4], [0, 1], 2)
    return frame


def held_out_ids() -> list[int]:
    """The 60 fleeces the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1082).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented fleece host in memory, its model fitted on the fleeces outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.FleeceNo.isin(test)]
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
            ("sgd", SGDClassifier(loss="log_loss", alpha=0.001, max_iter=2000, tol=1e-4, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.Grade)
    return host_from_model(model, frame[["FleeceNo", *FEATURES, "Grade"]], test_ids=test, **FLEECE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
