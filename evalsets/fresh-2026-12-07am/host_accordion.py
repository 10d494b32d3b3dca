"""The invented `accordion` host of test set am: the rental accordions of an invented music school.

One row per accordion the school lends to its pupils: the keyboard type, the weight, the age of its reeds, how many
months since it was last tuned, the temperature of the room it is stored in, how many patches its bellows carry and
how many hours a week it is played. `load_host()` fits a seeded histogram gradient-boosting classifier (in a
`Pipeline`, the keyboard one-hot encoded) on 240 of the 300 accordions and builds the host with
`simxai.hosts.host_from_model`. Three labels, how the school's repairer rated the accordion at the term check:
`playable`, `leaky` (the bellows lose air) or `detuned` (reeds out of tune). Nothing here comes from a data set: the
domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-07am/host_accordion.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ACCORDION_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 146201
SIZE = 300
NUMERIC = [
    "Weight (kg)",
    "Reed Age (yrs)",
    "months_since_tuning",
    "storage_temp",
    "BellowsPatches",
    "HoursPerWeek",
]
CATEGORICAL = ["Keyboard"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ACCORDION_CONFIG: dict[str, Any] = {
    "name": "music school rental accordions",
    "target": "Condition",
    "class_names": {"0": "playable", "1": "leaky", "2": "detuned"},
    "instance_noun": "accordion",
    "id_column": "AccordionID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Keyboard"],
    "feature_aliases": {
        "Keyboard": ["keyboard", "keyboard type", "system"],
        "Weight (kg)": ["weight", "kilos", "mass"],
        "Reed Age (yrs)": ["reed age", "reeds", "age of the reeds"],
        "months_since_tuning": ["months since tuning", "tuning", "last tuned"],
        "storage_temp": ["storage temp", "storage temperature", "room temperature"],
        "BellowsPatches": ["bellows patches", "patches"],
        "HoursPerWeek": ["hours per week", "hours played", "weekly hours"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The rental accordions of an invented music school, one row per instrument, rated by the "
        "school's repairer at the term check.",
        "feature_descriptions": {
            "Keyboard": "the keyboard type: piano, button (chromatic) or diatonic",
            "Weight (kg)": "the weight of the instrument in kilograms (3 to 14)",
            "Reed Age (yrs)": "how old the reeds are, in years (0 to 60)",
            "months_since_tuning": "months since the reeds were last tuned (0 to 48)",
            "storage_temp": "average temperature of the storage room, in degrees Celsius (5 to 35)",
            "BellowsPatches": "how many patches the bellows carry (0 to 8)",
            "HoursPerWeek": "how many hours a week the accordion is played (0 to 20)",
        },
        "target_description": "how the repairer rated the accordion: playable, leaky or detuned",
        "model_description": "A histogram gradient-boosting classifier (150 seeded boosting rounds, depth at most "
        "3) on the one-hot-encoded keyboard and the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic accordions; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic accordions, invented for testing; not a real school's repair log.",
            "Sees only the logged columns, not how each pupil treats the instrument.",
        ],
        "label_meanings": {
            "playable": "holds air and plays in tune at the term check",
            "leaky": "the bellows lose air",
            "detuned": "the reeds are audibly out of tune",
        },
        "probability_meaning": "The boosted model's softmax score for each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(146201)
    n = SIZE
    keyboard = rng.choice(["piano", "button", "diatonic"], n, p=[0.45, 0.3, 0.25])
    weight = np.round(np.clip(rng.normal(8.0, 2.5, n), 3.0, 14.0), 1)
    reed_age = rng.integers(0, 61, n)
    months = rng.integers(0, 49, n)
    temp = np.round(np.clip(rng.normal(19.0, 6.0, n), 5.0, 35.0), 0)
    patches = rng.integers(0, 9, n)
    hours = rng.integers(0, 21, n)
    frame = pd.DataFrame(
        {
            "AccordionID": np.arange(FIRST_ID, FIRST_ID + n),
            "Keyboard": keyboard,
            "Weight (kg)": weight,
            "Reed Age (yrs)": reed_age,
            "months_since_tuning": months,
            "storage_temp": temp,
            "BellowsPatches": patches,
            "HoursPerWeek": hours,
        }
    )
    # leaks: patched bellows worked hard, heavier boxes strain them
    leak = 0.35 * (patches - 4) + 0.06 * (hours - 10) + 0.12 * (weight - 8) + rng.normal(0, 0.5, n)
    # detuning: long since tuning, old reeds, a warm room; diatonic boxes drift most
    drift = 0.05 * (months - 24) + 0.02 * (reed_age - 30) + 0.06 * (temp - 19)
    drift = drift + np.where(keyboard == "diatonic", 0.5, 0.0) + rng.normal(0, 0.5, n)
    condition = np.where(leak > 1.0, 1, np.where(drift > 0.5, 2, 0))
    frame["Condition"] = condition
    return frame


def held_out_ids() -> list[int]:
    """The 60 accordions the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1462).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented accordion host in memory, its model fitted on the accordions outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.AccordionID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    boost = HistGradientBoostingClassifier(
        max_iter=150, max_depth=3, learning_rate=0.08, min_samples_leaf=8, early_stopping=False, random_state=146
    )
    model = Pipeline([("columns", columns), ("boost", boost)])
    model.fit(train[FEATURES], train.Condition)
    return host_from_model(model, frame[["AccordionID", *FEATURES, "Condition"]], test_ids=test, **ACCORDION_CONFIG)


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
    recorded = Counter(ACCORDION_CONFIG["class_names"][str(s)] for s in _frame().Condition)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
