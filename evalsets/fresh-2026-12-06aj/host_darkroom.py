"""The invented `darkroom` host of test set aj: rolls of black-and-white film at an invented community darkroom.

One row per roll a member developed in the shared darkroom: the film stock, the developer temperature and time,
the agitation rate, how old the roll was when it was developed, how far it was over- or under-exposed (in stops)
and how many rolls the fixer bath had already been through. `load_host()` fits a seeded gradient-boosting
classifier (in a `Pipeline`, the stock one-hot encoded, the numbers passed through) on 240 of the 300 rolls and
builds the host with `simxai.hosts.host_from_model`. Three labels, how the darkroom steward graded the negatives
on the light box: `clean`, `thin` (under-developed or under-exposed) or `fogged` (a grey veil over the film).
Nothing here comes from a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-06aj/host_darkroom.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DARKROOM_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 139001
SIZE = 300
NUMERIC = [
    "Developer Temp (C)",
    "Dev Time (min)",
    "agitation_per_min",
    "roll_age_months",
    "ExposureStops",
    "FixerUses",
]
CATEGORICAL = ["Stock"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DARKROOM_CONFIG: dict[str, Any] = {
    "name": "community darkroom film rolls",
    "target": "Grade",
    "class_names": {"0": "clean", "1": "thin", "2": "fogged"},
    "instance_noun": "roll",
    "id_column": "RollID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Stock"],
    "feature_aliases": {
        "Stock": ["stock", "film stock", "film", "brand"],
        "Developer Temp (C)": ["developer temp", "developer temperature", "temperature", "temp"],
        "Dev Time (min)": ["dev time", "development time", "developing time", "time in the developer"],
        "agitation_per_min": ["agitation", "agitations per minute", "inversions"],
        "roll_age_months": ["roll age", "age of the roll", "film age", "months old"],
        "ExposureStops": ["exposure", "exposure stops", "stops", "over exposure"],
        "FixerUses": ["fixer uses", "fixer", "fixer reuse", "rolls through the fixer"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Rolls of black-and-white film developed by members of an invented community darkroom, one "
        "row per roll, graded by the steward on the light box.",
        "feature_descriptions": {
            "Stock": "the film stock: Halden, Morrow or Vesta (three invented brands)",
            "Developer Temp (C)": "the developer temperature in degrees Celsius (17 to 26)",
            "Dev Time (min)": "minutes in the developer (4 to 15)",
            "agitation_per_min": "inversions of the tank per minute (1 to 8)",
            "roll_age_months": "months between the roll's expiry-date print run and its development (0 to 72)",
            "ExposureStops": "how far the roll was over (+) or under (-) exposed, in stops (-3 to 3)",
            "FixerUses": "rolls the fixer bath had already fixed before this one (0 to 30)",
        },
        "target_description": "how the steward graded the negatives: clean, thin or fogged",
        "model_description": "A gradient-boosting classifier on the one-hot-encoded stock and the raw numbers; the "
        "probabilities are its predicted class shares.",
        "training": "Fitted on 240 of the 300 synthetic rolls; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic rolls, invented for testing; not a real darkroom's log book.",
            "Sees only the logged columns, not the camera, the light meter or the member's hands.",
        ],
        "label_meanings": {
            "clean": "good negatives, ready to print",
            "thin": "negatives too thin (under-developed or under-exposed)",
            "fogged": "a grey veil of fog over the film",
        },
        "probability_meaning": "The model's share of each grade (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(139001)
    n = SIZE
    stock = rng.choice(["Halden", "Morrow", "Vesta"], n, p=[0.4, 0.35, 0.25])
    temp = np.round(np.clip(rng.normal(20.5, 1.8, n), 17.0, 26.0), 1)
    time = np.round(np.clip(rng.normal(9.0, 2.2, n), 4.0, 15.0), 1)
    agitation = rng.integers(1, 9, n)
    age = rng.integers(0, 73, n)
    stops = np.round(np.clip(rng.normal(0.0, 1.1, n), -3.0, 3.0), 1)
    fixer = rng.integers(0, 31, n)
    frame = pd.DataFrame(
        {
            "RollID": np.arange(FIRST_ID, FIRST_ID + n),
            "Stock": stock,
            "Developer Temp (C)": temp,
            "Dev Time (min)": time,
            "agitation_per_min": agitation,
            "roll_age_months": age,
            "ExposureStops": stops,
            "FixerUses": fixer,
        }
    )
    # development: warmer, longer and more agitated develops further; exposure adds density
    develop = 0.45 * (temp - 20.5) + 0.35 * (time - 9.0) + 0.12 * (agitation - 4.5) + 0.8 * stops
    fog = 0.035 * age + 0.3 * (temp - 20.5) + 0.05 * fixer + np.where(stock == "Vesta", 0.7, 0.0)
    fog = fog + rng.normal(0, 0.5, n)
    develop = develop + rng.normal(0, 0.5, n)
    grade = np.where(fog > 2.4, 2, np.where(develop < -0.9, 1, 0))
    frame["Grade"] = grade
    return frame


def held_out_ids() -> list[int]:
    """The 60 rolls the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1390).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented darkroom host in memory, its model fitted on the rolls outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.RollID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    boost = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=0)
    model = Pipeline([("columns", columns), ("boost", boost)])
    model.fit(train[FEATURES], train.Grade)
    return host_from_model(model, frame[["RollID", *FEATURES, "Grade"]], test_ids=test, **DARKROOM_CONFIG)


if __name__ == "__main__":
    from collections import Counter

    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    predict, score = default_registry().get("get_prediction"), default_registry().get("get_model_performance")
    assert predict is not None and score is not None
    recorded = Counter(DARKROOM_CONFIG["class_names"][str(g)] for g in _frame().Grade)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
