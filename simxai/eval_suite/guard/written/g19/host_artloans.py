"""The invented `artloans` host of guard writer g19: a museum's artwork loan requests, fit to travel or not.

`load_host()` fits a small synthetic model on a seeded frame of 400 loan requests of an invented museum (each
artwork asked for by another venue): degree-2 polynomial features of the standardized columns, then
scikit-learn's `LogisticRegressionCV` with fixed folds (a `StratifiedKFold` of 5, seeded). 320 requests fit the
model; the other 80 are held out for the performance figures. The host is built with
`simxai.hosts.in_memory.host_from_model`, following the pattern of g18's `host_compost.py`. Nothing here comes
from a data set: the domain, its columns and its words were invented by g19.

    python simxai/eval_suite/guard/written/g19/host_artloans.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ARTLOANS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 102701
SIZE = 400
NUMERIC = ["RH_pct", "crackLen_mm", "AgeYears", "flake_count", "travel_km", "weight_kg"]
CATEGORICAL = ["Medium"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ARTLOANS_CONFIG: dict[str, Any] = {
    "name": "museum artwork loan requests",
    "target": "decision",
    "class_names": {"0": "fit_to_travel", "1": "not_fit"},
    "instance_noun": "artwork",
    "id_column": "request_id",
    "category_names": {"Medium": {"0": "oil on canvas", "1": "panel painting", "2": "works on paper", "3": "textile"}},
    "immutable_features": ["AgeYears"],
    "feature_aliases": {
        "RH_pct": ["relative humidity", "humidity", "RH"],
        "crackLen_mm": ["crack length", "cracks", "total crack length"],
        "AgeYears": ["age", "how old it is"],
        "flake_count": ["flakes", "flaking", "paint flakes"],
        "travel_km": ["distance", "travel distance", "kilometres"],
        "weight_kg": ["weight", "how heavy it is"],
        "Medium": ["medium", "material", "support"],
    },
    "seed": 0,
    "cards": {
        "description": "Loan requests of an invented museum, one row per artwork asked for by another venue.",
        "feature_descriptions": {
            "RH_pct": "relative humidity of the artwork's store on the survey day, in percent",
            "crackLen_mm": "total length of cracks found in the condition survey, in millimetres",
            "AgeYears": "age of the artwork, in years",
            "flake_count": "number of lifting paint or fibre flakes counted in the survey",
            "travel_km": "distance to the borrowing venue, in kilometres",
            "weight_kg": "weight of the artwork with its frame or mount, in kilograms",
            "Medium": "medium: oil on canvas, panel painting, works on paper or textile",
        },
        "target_description": "whether the conservators judged the artwork fit to travel for the loan",
        "model_description": "degree-2 polynomial features of the standardized columns, then scikit-learn "
        "LogisticRegressionCV (5 fixed stratified folds, seed 19); the medium enters as its code.",
        "training": "Fitted on 320 of the 400 synthetic requests; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic requests, invented for testing; not a real museum's records.",
            "The medium enters as a numeric code, as if the media were ordered.",
        ],
        "label_meanings": {
            "fit_to_travel": "the artwork may be packed and lent",
            "not_fit": "the artwork should stay home until treated",
        },
        "probability_meaning": "The logistic probability the model gives each outcome; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(19019)
    n = SIZE
    medium = rng.choice(4, n, p=[0.4, 0.15, 0.3, 0.15])
    rh = np.round(np.clip(rng.normal(50, 8, n), 25, 75), 1)
    age = np.clip(np.round(rng.gamma(2.0, 80.0, n)), 5, 650).astype(int)
    crack = np.round(np.clip(rng.gamma(1.5, 20.0, n) + 0.05 * age, 0, 400), 1)
    flakes = np.clip(np.round(rng.gamma(1.2, 4.0, n) + 0.01 * age), 0, 60).astype(int)
    travel = np.clip(np.round(rng.gamma(1.5, 1200.0, n)), 20, 12000).astype(int)
    weight = np.round(np.clip(rng.gamma(2.0, 8.0, n), 0.3, 150), 1)
    frame = pd.DataFrame(
        {
            "request_id": np.arange(FIRST_ID, FIRST_ID + n),
            "RH_pct": rh,
            "crackLen_mm": crack,
            "AgeYears": age,
            "flake_count": flakes,
            "travel_km": travel,
            "weight_kg": weight,
            "Medium": medium,
        }
    )
    score = (
        0.002 * (rh - 50) ** 2
        + 0.025 * (crack - 35)
        + 0.12 * (flakes - 5)
        + 0.0002 * (travel - 1800)
        + 0.002 * (age - 160)
        + 0.6 * (medium == 1)
        + 0.4 * (medium == 3)
        + 0.00003 * (travel - 1800) * (crack - 35)
        + rng.normal(0, 0.8, n)
    )
    frame["decision"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 requests the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(19).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented artwork-loan host in memory, fitted on the requests outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegressionCV
    from sklearn.model_selection import StratifiedKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import PolynomialFeatures, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.request_id.isin(test)]
    folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=19)
    model = make_pipeline(
        StandardScaler(),
        PolynomialFeatures(degree=2, include_bias=False),
        StandardScaler(),
        LogisticRegressionCV(
            Cs=8, cv=folds, l1_ratios=(0.0,), scoring="accuracy", use_legacy_attributes=False, max_iter=2000
        ),
    )
    model.fit(train[features], train.decision)
    return host_from_model(model, frame[["request_id", *features, "decision"]], test_ids=test, **ARTLOANS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
