"""The invented `hive` host of test set ag: the spring inspections of an invented beekeepers' co-operative.

One row per hive, as the co-operative's inspector logged it at the April visit: the bees' strain, whether the queen
was seen marked, the frames of brood, the varroa mites counted per hundred bees, the hive's age in months, the
apiary's altitude, the honey stores left after winter and the days since the previous inspection. `load_host()`
fits a seeded multinomial logistic regression (on the one-hot-encoded strain and queen flag and the standardised
numbers) on 240 of the 300 hives and builds the host with `simxai.hosts.host_from_model`. Three labels, what the
inspector expects of the hive by midsummer: `thriving`, `swarming` (it will throw a swarm and split) or `failing`
(it dwindles or dies out). Nothing here comes from a data set: the domain, its columns and its words were invented
for this test set.

    python evalsets/fresh-2026-12-06ag/host_hive.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 131601
SIZE = 300
NUMERIC = [
    "brood_frames",
    "mites per 100 bees",
    "HiveAgeMonths",
    "Altitude (m)",
    "honey stores (kg)",
    "days_since_inspection",
]
CATEGORICAL = ["Strain", "QueenMarked"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "beehive spring inspections",
    "target": "Outlook",
    "class_names": {"0": "thriving", "1": "swarming", "2": "failing"},
    "instance_noun": "hive",
    "id_column": "HiveID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Strain"],
    "feature_aliases": {
        "Strain": ["strain", "breed", "bee strain", "race"],
        "QueenMarked": ["queen marked", "marked queen", "queen seen", "queen spotted"],
        "brood_frames": ["brood frames", "frames of brood", "brood"],
        "mites per 100 bees": ["mites", "mite count", "varroa", "mite load"],
        "HiveAgeMonths": ["hive age", "age", "months old", "age in months"],
        "Altitude (m)": ["altitude", "elevation", "height"],
        "honey stores (kg)": ["honey stores", "stores", "honey", "food stores"],
        "days_since_inspection": ["days since inspection", "days since last visit", "gap since inspection"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The spring inspections of an invented beekeepers' co-operative, one row per hive, logged "
        "by its inspector at the April visit.",
        "feature_descriptions": {
            "Strain": "the bees' strain: carniolan, italian, buckfast or black",
            "QueenMarked": "True when the inspector saw the marked queen at the visit",
            "brood_frames": "how many frames held brood (0 to 10)",
            "mites per 100 bees": "the varroa mites counted per hundred bees in an alcohol wash",
            "HiveAgeMonths": "how many months since the colony was hived",
            "Altitude (m)": "the apiary's altitude, in metres",
            "honey stores (kg)": "the honey left in the hive after winter, in kilograms",
            "days_since_inspection": "how many days since the previous inspection",
        },
        "target_description": "what the inspector expects of the hive by midsummer: thriving, swarming or failing",
        "model_description": "A multinomial logistic regression on the one-hot-encoded strain and queen flag and "
        "the standardised numbers; the probabilities are its softmax outputs.",
        "training": "Fitted on 240 of the 300 synthetic hives; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hives, invented for testing; not a real co-operative's records.",
            "Knows nothing of the weather or the forage around the apiary.",
        ],
        "label_meanings": {
            "thriving": "the colony grows and keeps together through midsummer",
            "swarming": "the colony throws a swarm, half the bees leaving with the old queen",
            "failing": "the colony dwindles, goes queenless or dies out",
        },
        "probability_meaning": "The model's softmax share of each outlook (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(131601)
    n = SIZE
    strain = rng.choice(["carniolan", "italian", "buckfast", "black"], n, p=[0.3, 0.3, 0.25, 0.15])
    marked = rng.random(n) < 0.6
    brood = np.clip(rng.poisson(5.0, n), 0, 10)
    mites = np.round(np.clip(rng.gamma(1.6, 1.5, n), 0.0, 15.0), 1)
    age = rng.integers(2, 61, n)
    altitude = np.round(np.clip(rng.normal(420.0, 230.0, n), 20.0, 1400.0), -1).astype(int)
    stores = np.round(np.clip(rng.normal(9.0, 4.0, n), 0.0, 25.0), 1)
    gap = rng.integers(7, 60, n)
    frame = pd.DataFrame(
        {
            "HiveID": np.arange(FIRST_ID, FIRST_ID + n),
            "Strain": strain,
            "QueenMarked": marked,
            "brood_frames": brood,
            "mites per 100 bees": mites,
            "HiveAgeMonths": age,
            "Altitude (m)": altitude,
            "honey stores (kg)": stores,
            "days_since_inspection": gap,
        }
    )
    swarmy = np.select([strain == "carniolan", strain == "black"], [0.6, -0.3], 0.0)
    health = 0.35 * brood - 0.45 * mites + 0.12 * stores + 0.6 * marked - 0.001 * altitude + rng.normal(0, 0.7, n)
    swarm = 0.5 * brood + swarmy + 0.02 * gap + 0.015 * age - 0.3 * mites + rng.normal(0, 0.7, n)
    outlook = np.where(health < np.quantile(health, 0.33), 2, np.where(swarm > np.quantile(swarm, 0.6), 1, 0))
    frame["Outlook"] = outlook
    return frame


def held_out_ids() -> list[int]:
    """The 60 hives the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1316).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented beehive host in memory, its model fitted on the hives outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.HiveID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    model = Pipeline([("columns", columns), ("logit", LogisticRegression(C=1.0, max_iter=2000))])
    model.fit(train[FEATURES], train.Outlook)
    return host_from_model(model, frame[["HiveID", *FEATURES, "Outlook"]], test_ids=test, **HIVE_CONFIG)


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
    recorded = Counter(HIVE_CONFIG["class_names"][str(g)] for g in _frame().Outlook)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
