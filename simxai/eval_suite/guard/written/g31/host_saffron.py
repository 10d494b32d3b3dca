"""The invented `saffron` host of guard writer g31: a saffron farm's daily harvests, graded after drying.

`load_host()` builds a seeded frame of 300 harvests (ids 128001-128300) from an invented saffron farm and fits
scikit-learn's `HistGradientBoostingClassifier` on 240 of them; the other 60 are held out for the performance
figures. Each harvest is one morning's picking of crocus flowers, its stigmas separated and dried; the farm's grader
then gave it `premium` (sold as top-grade threads), `standard` (sold as ordinary threads) or `downgraded` (ground
for the kitchen trade). Nothing here comes from a data set: the domain, its columns and its words were invented by
g31. The `RainBeforePicking` column holds True/False.

    python simxai/eval_suite/guard/written/g31/host_saffron.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SAFFRON_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 128001
SIZE = 300
FEATURES = ["Stigma Length (mm)", "crocin_strength", "MoistureContent", "hours to drying", "field_altitude_m",
            "RainBeforePicking", "Drying Method"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SAFFRON_CONFIG: dict[str, Any] = {
    "name": "saffron farm harvest grading",
    "target": "grade",
    "class_names": {"0": "premium", "1": "standard", "2": "downgraded"},
    "instance_noun": "harvest",
    "id_column": "harvest_id",
    "category_names": {
        "Drying Method": {"0": "electric", "1": "charcoal", "2": "sun", "3": "sieve over embers"},
        "RainBeforePicking": {"False": "False", "True": "True"},
    },
    "immutable_features": ["field_altitude_m"],
    "feature_aliases": {
        "Stigma Length (mm)": ["stigma length", "thread length", "stigmas"],
        "crocin_strength": ["crocin", "colouring strength", "colour strength"],
        "MoistureContent": ["moisture", "moisture content", "dampness"],
        "hours to drying": ["drying delay", "hours before drying", "delay"],
        "field_altitude_m": ["altitude", "field altitude", "elevation"],
        "RainBeforePicking": ["rain", "rain before picking", "wet flowers"],
        "Drying Method": ["drying", "drying method", "dryer"],
    },
    "seed": 0,
    "cards": {
        "description": "Daily harvests of an invented saffron farm, one row per morning's picking, each graded by "
        "the farm's grader after drying.",
        "feature_descriptions": {
            "Stigma Length (mm)": "mean length of the dried stigma threads, in millimetres",
            "crocin_strength": "colouring strength of the dried threads (absorbance units at 440 nm)",
            "MoistureContent": "moisture left in the dried threads, in per cent of their weight",
            "hours to drying": "hours between picking the flowers and starting to dry the stigmas",
            "field_altitude_m": "altitude of the field the flowers came from, in metres",
            "RainBeforePicking": "whether it rained in the night before the picking (True/False)",
            "Drying Method": "how the stigmas were dried: electric, charcoal, sun or sieve over embers",
        },
        "target_description": "the grader's grade after drying: premium, standard or downgraded",
        "model_description": "scikit-learn HistGradientBoostingClassifier (60 boosting rounds, learning rate 0.1, "
        "at most 8 leaves per tree) on the raw columns; the drying method enters as its code and the rain column "
        "as 0/1.",
        "training": "Fitted on 240 of the 300 synthetic harvests; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic harvests, invented for testing; not a real farm's records.",
            "The drying method enters as a numeric code, as if the methods were ordered.",
            "Few harvests were downgraded, so that grade rests on little data.",
        ],
        "label_meanings": {
            "premium": "sold as top-grade whole threads",
            "standard": "sold as ordinary whole threads",
            "downgraded": "ground to powder for the kitchen trade",
        },
        "probability_meaning": "The model's estimated probability of each grade (a softmax of the boosted scores); "
        "the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(31128)
    n = SIZE
    method = rng.choice(4, n, p=[0.35, 0.25, 0.25, 0.15])
    length = np.round(rng.normal(30.0, 2.5, n), 1)
    altitude = rng.choice([1250, 1400, 1550, 1700, 1850], n)
    delay = np.round(np.clip(rng.gamma(2.0, 4.0, n), 1, 40)).astype(int)
    rain = rng.random(n) < 0.3
    moisture = np.round(np.clip(rng.normal(9.5, 1.6, n) + 1.2 * rain + 0.6 * (method == 2), 5, 16), 1)
    crocin = np.round(rng.normal(215, 22, n) - 1.2 * delay + 0.02 * (altitude - 1500)).astype(int)
    frame = pd.DataFrame(
        {
            "harvest_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Stigma Length (mm)": length,
            "crocin_strength": crocin,
            "MoistureContent": moisture,
            "hours to drying": delay,
            "field_altitude_m": altitude,
            "RainBeforePicking": rain,
            "Drying Method": method,
        }
    )
    quality = 0.05 * (crocin - 205) + 0.25 * (length - 30) - 0.5 * (moisture - 9.5) - 0.4 * rain
    quality = quality + rng.normal(0, 0.7, n)
    spoil = 0.8 * (moisture - 11.5) + 0.08 * (delay - 15) + rng.normal(0, 0.5, n)
    grade = np.ones(n, dtype=int)
    grade[quality > 0.3] = 0
    grade[spoil > 0.2] = 2
    frame["grade"] = grade
    return frame


def held_out_ids() -> list[int]:
    """The 60 harvests the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(31).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented saffron host in memory, fitted on the harvests outside `held_out_ids()`."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.harvest_id.isin(test)]
    model = HistGradientBoostingClassifier(max_iter=60, learning_rate=0.1, max_leaf_nodes=8, random_state=31)
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["harvest_id", *FEATURES, "grade"]], test_ids=test, **SAFFRON_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
