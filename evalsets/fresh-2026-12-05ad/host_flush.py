"""The invented `flush` host of test set ad: the flushes of an invented mushroom farm.

One row per flush (one wave of fruiting in one grow room), as the farm's grower logged it: the strain, whether the
block was cased, the substrate moisture, the room temperature, the CO2 level, the fresh-air changes, the spawn rate
and which flush of the block it was. `load_host()` fits a seeded histogram gradient-boosting classifier (shallow
boosted trees on the ordinal-coded strain and the raw numbers, with early stopping off) on 240 of the 300 flushes
and builds the host with `simxai.hosts.host_from_model`. Three labels, the flush's yield grade: `bumper`, `fair`
or `thin`. Nothing here comes from a data set: the domain, its columns and its words were invented for this test
set.

    python evalsets/fresh-2026-12-05ad/host_flush.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FLUSH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 126201
SIZE = 300
NUMERIC = ["Substrate Moisture (%)", "room_temp_c", "CO2 (ppm)", "air changes per hour", "SpawnRate", "flush_no"]
CATEGORICAL = ["Strain", "Cased"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FLUSH_CONFIG: dict[str, Any] = {
    "name": "mushroom farm flushes",
    "target": "Grade",
    "class_names": {"0": "bumper", "1": "fair", "2": "thin"},
    "instance_noun": "flush",
    "id_column": "FlushID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Strain"],
    "feature_aliases": {
        "Strain": ["strain", "variety", "mushroom type", "species"],
        "Cased": ["cased", "casing", "casing layer"],
        "Substrate Moisture (%)": ["moisture", "substrate moisture", "wetness", "water content"],
        "room_temp_c": ["temperature", "room temperature", "temp", "degrees"],
        "CO2 (ppm)": ["co2", "carbon dioxide", "co2 level"],
        "air changes per hour": ["air changes", "fresh air", "ventilation", "fae"],
        "SpawnRate": ["spawn rate", "spawn", "spawn percentage"],
        "flush_no": ["flush number", "which flush", "flush count"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The flushes of an invented mushroom farm, one row per flush of one block in one grow room, "
        "logged by the grower.",
        "feature_descriptions": {
            "Strain": "the strain grown: oyster_grey, oyster_pink, shiitake or lions_mane",
            "Cased": "True when the block was topped with a casing layer",
            "Substrate Moisture (%)": "the substrate's water content when the flush pinned, in percent",
            "room_temp_c": "the grow room's mean temperature during the flush, in degrees Celsius",
            "CO2 (ppm)": "the grow room's mean CO2 level during the flush, in parts per million",
            "air changes per hour": "how many times an hour the fans replaced the room's air",
            "SpawnRate": "the spawn added to the substrate, in percent of its wet weight",
            "flush_no": "which flush of the block it was: 1 for the first, up to 4",
        },
        "target_description": "the flush's yield grade: a bumper crop, a fair one or a thin one",
        "model_description": "A histogram gradient-boosting classifier: 150 boosted trees of at most 8 leaves on the "
        "ordinal-coded strain and casing and the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic flushes; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic flushes, invented for testing; not a real farm's log.",
            "Knows nothing of the grower's handling or of contamination, only of the logged columns.",
        ],
        "label_meanings": {
            "bumper": "a heavy flush, well above the room's usual weight",
            "fair": "an ordinary flush",
            "thin": "a light flush, well below the room's usual weight",
        },
        "probability_meaning": "The boosted trees' probability of each grade (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(126201)
    n = SIZE
    strain = rng.choice(["oyster_grey", "oyster_pink", "shiitake", "lions_mane"], n, p=[0.35, 0.2, 0.25, 0.2])
    cased = rng.random(n) < 0.45
    moisture = np.round(np.clip(rng.normal(62.0, 5.0, n), 48.0, 75.0), 1)
    temp = np.round(np.clip(rng.normal(17.0, 3.0, n), 9.0, 26.0), 1)
    co2 = np.round(np.clip(rng.normal(900.0, 300.0, n), 400.0, 2000.0) / 10).astype(int) * 10
    air = rng.integers(2, 9, n)
    spawn = np.round(rng.uniform(2.0, 12.0, n), 1)
    flush = rng.choice([1, 2, 3, 4], n, p=[0.35, 0.3, 0.2, 0.15])
    frame = pd.DataFrame(
        {
            "FlushID": np.arange(FIRST_ID, FIRST_ID + n),
            "Strain": strain,
            "Cased": cased,
            "Substrate Moisture (%)": moisture,
            "room_temp_c": temp,
            "CO2 (ppm)": co2,
            "air changes per hour": air,
            "SpawnRate": spawn,
            "flush_no": flush,
        }
    )
    best_temp = np.where(strain == "oyster_pink", 22.0, np.where(strain == "shiitake", 15.0, 17.0))
    vigour = (
        -0.18 * np.abs(moisture - 63.0)
        - 0.25 * np.abs(temp - best_temp)
        - 0.0025 * np.maximum(co2 - 800, 0)
        + 0.15 * air
        + 0.12 * spawn
        - 0.7 * (flush - 1)
        + 0.5 * cased * (strain != "oyster_grey")
        + rng.normal(0, 0.7, n)
    )
    low, high = np.quantile(vigour, [0.35, 0.7])
    frame["Grade"] = np.where(vigour >= high, 0, np.where(vigour <= low, 2, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 60 flushes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1262).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented flush host in memory, its model fitted on the flushes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OrdinalEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.FlushID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    boost = HistGradientBoostingClassifier(
        max_iter=150,
        learning_rate=0.08,
        max_leaf_nodes=8,
        categorical_features=[0, 1],
        early_stopping=False,
        random_state=0,
    )
    model = Pipeline([("columns", columns), ("boost", boost)])
    model.fit(train[FEATURES], train.Grade)
    return host_from_model(model, frame[["FlushID", *FEATURES, "Grade"]], test_ids=test, **FLUSH_CONFIG)


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
    recorded = Counter(FLUSH_CONFIG["class_names"][str(g)] for g in _frame().Grade)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
