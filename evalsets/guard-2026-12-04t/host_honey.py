"""The invented `honey` host of guard writer guardT: jars of an invented beekeepers' co-op, by crystallisation state.

`load_host()` builds a seeded frame of 300 jars (ids 105501-105800) and fits scikit-learn's
`LinearDiscriminantAnalysis` (lsqr solver, automatic shrinkage) on 240 of them; the other 60 are held out for
the performance figures. Nothing here comes from a data set: the domain, columns and words were invented.

    python evalsets/guard-2026-12-04t/host_honey.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HONEY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 105501
SIZE = 300
NUMERIC = ["GF_RATIO", "waterContentPct", "storeTempC", "pollen_k_per_g", "DaysSinceExtraction"]
CATEGORICAL = ["Floral_Source"]
HONEY_CONFIG: dict[str, Any] = {
    "name": "co-op honey jars",
    "target": "state",
    "class_names": {"0": "runny", "1": "creamy", "2": "set"},
    "instance_noun": "jar",
    "id_column": "jar_id",
    "category_names": {"Floral_Source": {"0": "clover", "1": "heather", "2": "rapeseed", "3": "acacia"}},
    "immutable_features": ["Floral_Source"],
    "feature_aliases": {
        "GF_RATIO": ["glucose fructose ratio", "G/F ratio"],
        "waterContentPct": ["water content", "moisture"],
        "storeTempC": ["storage temperature", "shelf temperature"],
        "pollen_k_per_g": ["pollen count", "pollen"],
        "DaysSinceExtraction": ["age", "days since extraction"],
        "Floral_Source": ["floral source", "flower", "nectar source"],
    },
    "seed": 0,
    "cards": {
        "description": "Jars from an invented beekeepers' co-op, checked for crystallisation, one row per jar.",
        "feature_descriptions": {
            "GF_RATIO": "glucose to fructose ratio of the honey",
            "waterContentPct": "water content, in percent",
            "storeTempC": "average shelf temperature, in degrees Celsius",
            "pollen_k_per_g": "pollen grains per gram, in thousands",
            "DaysSinceExtraction": "days between extraction and the check",
            "Floral_Source": "main nectar source: clover, heather, rapeseed or acacia",
        },
        "target_description": "crystallisation state of the jar at the check",
        "model_description": "scikit-learn LinearDiscriminantAnalysis (lsqr solver, automatic shrinkage); "
        "the floral source enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic jars; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic jars, invented for testing; not a real co-op's records.",
            "The floral source enters as a numeric code, as if the sources were ordered.",
        ],
        "label_meanings": {
            "runny": "still fully liquid",
            "creamy": "fine crystals, soft and spreadable",
            "set": "hard, coarse crystals throughout",
        },
        "probability_meaning": "The discriminant model's posterior probability of each state; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(23042)
    n = SIZE
    source = rng.choice(4, n, p=[0.3, 0.2, 0.3, 0.2])
    gf = np.round(np.clip(rng.normal(1.0, 0.18, n) + 0.25 * (source == 2) - 0.3 * (source == 3), 0.5, 1.6), 2)
    water = np.round(np.clip(rng.normal(17.8, 1.1, n), 15.0, 21.5), 1)
    temp = np.round(np.clip(rng.normal(18, 4, n), 6, 30), 1)
    pollen = np.round(np.clip(rng.gamma(3.0, 12.0, n), 2, 150), 1)
    days = rng.integers(3, 400, n)
    frame = pd.DataFrame(
        {
            "jar_id": np.arange(FIRST_ID, FIRST_ID + n),
            "GF_RATIO": gf,
            "waterContentPct": water,
            "storeTempC": temp,
            "pollen_k_per_g": pollen,
            "DaysSinceExtraction": days,
            "Floral_Source": source,
        }
    )
    score = (
        4.0 * (gf - 1.0)
        - 0.35 * (water - 17.8)
        - 0.06 * np.abs(temp - 14)
        + 0.012 * (pollen - 36)
        + 0.006 * (days - 200)
        + rng.normal(0, 0.6, n)
    )
    frame["state"] = np.digitize(score, [-0.5, 0.6]).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 jars the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(23).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented honey host in memory, fitted on the jars outside `held_out_ids()`."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.jar_id.isin(test)]
    model = LinearDiscriminantAnalysis(solver="lsqr", shrinkage="auto")
    model.fit(train[features], train.state)
    return host_from_model(model, frame[["jar_id", *features, "state"]], test_ids=test, **HONEY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
