"""The invented `retread` host of test set ah: truck-tyre casings sent to an invented retreading plant.

One row per casing, as the plant's intake inspector logged it: the casing's brand, whether it had been retreaded
before, its age, the distance it had run, the tread left, the puncture repairs in it, the sidewall cuts found, a
bead damage score and the load it was rated for. `load_host()` fits a seeded gradient-boosting classifier (in a
`Pipeline`, the brand and the retread flag one-hot encoded, the numbers passed through) on 240 of the 300 casings
and builds the host with `simxai.hosts.host_from_model`. Three labels, what the plant decided: `retread` (buffed and
given a new tread), `repair_first` (repaired, then retreaded) or `scrap`. Nothing here comes from a data set: the
domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-06ah/host_retread.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["RETREAD_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 134301
SIZE = 300
NUMERIC = [
    "Casing Age (years)",
    "DistanceRun (1000 km)",
    "tread_left_mm",
    "puncture_repairs",
    "SidewallCuts",
    "bead damage score",
    "Load Index",
]
CATEGORICAL = ["Brand", "PreviouslyRetreaded"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
RETREAD_CONFIG: dict[str, Any] = {
    "name": "truck tyre retreading",
    "target": "Decision",
    "class_names": {"0": "retread", "1": "repair_first", "2": "scrap"},
    "instance_noun": "casing",
    "id_column": "CasingID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Brand"],
    "feature_aliases": {
        "Brand": ["brand", "make", "manufacturer", "maker"],
        "PreviouslyRetreaded": ["previously retreaded", "retreaded before", "second life", "already retreaded"],
        "Casing Age (years)": ["casing age", "age", "years old", "tyre age"],
        "DistanceRun (1000 km)": ["distance run", "distance", "mileage", "kilometres"],
        "tread_left_mm": ["tread left", "tread depth", "tread", "remaining tread"],
        "puncture_repairs": ["puncture repairs", "punctures", "repairs", "plugs"],
        "SidewallCuts": ["sidewall cuts", "cuts", "sidewall damage"],
        "bead damage score": ["bead damage", "bead score", "bead"],
        "Load Index": ["load index", "load rating", "load"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Truck-tyre casings sent to an invented retreading plant, one row per casing, logged by its "
        "intake inspector.",
        "feature_descriptions": {
            "Brand": "the casing's maker: Dunmere, Korva, Ostra or Tellux",
            "PreviouslyRetreaded": "True when the casing has been retreaded once already",
            "Casing Age (years)": "how old the casing is, in years (from its DOT code)",
            "DistanceRun (1000 km)": "the distance the casing has run, in thousands of kilometres",
            "tread_left_mm": "the tread depth left at intake, in millimetres",
            "puncture_repairs": "how many puncture repairs the casing already holds (0 to 6)",
            "SidewallCuts": "how many sidewall cuts the inspector found (0 to 5)",
            "bead damage score": "the inspector's bead damage score, 0 (none) to 10 (severe)",
            "Load Index": "the load index moulded on the sidewall (140 to 160)",
        },
        "target_description": "what the plant decided: retread, repair_first or scrap",
        "model_description": "A gradient-boosting classifier (shallow trees) on the one-hot-encoded brand and "
        "retread flag and the raw numbers; the probabilities are its predicted class shares.",
        "training": "Fitted on 240 of the 300 synthetic casings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic casings, invented for testing; not a real plant's records.",
            "Sees only the logged columns, not the shearography scan or the inspector's eye.",
        ],
        "label_meanings": {
            "retread": "the casing was buffed and given a new tread as it was",
            "repair_first": "the casing was repaired first, then retreaded",
            "scrap": "the casing was rejected and sent for recycling",
        },
        "probability_meaning": "The model's share of each decision (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(134301)
    n = SIZE
    brand = rng.choice(["Dunmere", "Korva", "Ostra", "Tellux"], n, p=[0.3, 0.25, 0.25, 0.2])
    before = rng.random(n) < 0.3
    age = rng.integers(1, 13, n)
    distance = np.round(np.clip(rng.gamma(3.0, 80.0, n), 20.0, 900.0), 0)
    tread = np.round(np.clip(rng.normal(5.0, 2.2, n), 0.5, 14.0), 1)
    punctures = rng.integers(0, 7, n)
    cuts = rng.integers(0, 6, n)
    bead = rng.integers(0, 11, n)
    load = rng.integers(140, 161, n)
    frame = pd.DataFrame(
        {
            "CasingID": np.arange(FIRST_ID, FIRST_ID + n),
            "Brand": brand,
            "PreviouslyRetreaded": before,
            "Casing Age (years)": age,
            "DistanceRun (1000 km)": distance,
            "tread_left_mm": tread,
            "puncture_repairs": punctures,
            "SidewallCuts": cuts,
            "bead damage score": bead,
            "Load Index": load,
        }
    )
    sturdy = np.select([brand == "Korva", brand == "Ostra"], [0.5, -0.4], 0.0)
    worn = 0.25 * age + 0.004 * distance + 0.35 * bead + 0.6 * before - sturdy - 0.1 * tread + rng.normal(0, 0.7, n)
    damaged = 0.5 * punctures + 0.6 * cuts + 0.1 * bead + rng.normal(0, 0.7, n)
    decision = np.where(worn > np.quantile(worn, 0.68), 2, np.where(damaged > np.quantile(damaged, 0.55), 1, 0))
    frame["Decision"] = decision
    return frame


def held_out_ids() -> list[int]:
    """The 60 casings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1343).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented retread host in memory, its model fitted on the casings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.CasingID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    boost = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=0)
    model = Pipeline([("columns", columns), ("boost", boost)])
    model.fit(train[FEATURES], train.Decision)
    return host_from_model(model, frame[["CasingID", *FEATURES, "Decision"]], test_ids=test, **RETREAD_CONFIG)


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
    recorded = Counter(RETREAD_CONFIG["class_names"][str(g)] for g in _frame().Decision)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
