"""The invented `brews` host of guard writer g26: kombucha batches of a community fermenting club, healthy or moldy.

`load_host()` builds a seeded frame of 300 batches (ids 117501-117800) brewed by an invented club and fits
scikit-learn's `NuSVC` (RBF kernel, nu 0.45, seed 26), Platt-scaled by `CalibratedClassifierCV` (sigmoid, 5 folds,
one refit), on the standardized columns of 240 of them; the other 60 are held out for the performance figures.
Nothing here comes from a data set: the domain, its columns and its words were invented by g26.

    python simxai/eval_suite/guard/written/g26/host_brews.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BREWS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 117501
SIZE = 300
NUMERIC = ["starter_share_pct", "sugar_g_per_l", "room_temp_c", "brew_days", "start_ph", "jar_litres"]
CATEGORICAL = ["TeaBase"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BREWS_CONFIG: dict[str, Any] = {
    "name": "kombucha club batches",
    "target": "batch_state",
    "class_names": {"0": "healthy", "1": "moldy"},
    "instance_noun": "batch",
    "id_column": "batch_id",
    "category_names": {"TeaBase": {"0": "black", "1": "green", "2": "oolong", "3": "rooibos"}},
    "immutable_features": ["jar_litres"],
    "feature_aliases": {
        "starter_share_pct": ["starter", "starter liquid", "backslop"],
        "sugar_g_per_l": ["sugar", "sugar dose"],
        "room_temp_c": ["room temperature", "brewing temperature"],
        "brew_days": ["brew time", "days brewing"],
        "start_ph": ["starting ph", "ph"],
        "jar_litres": ["jar size", "volume"],
        "TeaBase": ["tea", "tea base", "tea type"],
    },
    "seed": 0,
    "cards": {
        "description": "Kombucha batches brewed by members of an invented fermenting club, one row per batch.",
        "feature_descriptions": {
            "starter_share_pct": "share of the batch that was starter liquid from an earlier brew, in percent",
            "sugar_g_per_l": "sugar added, in grams per litre of tea",
            "room_temp_c": "average room temperature during the brew, in degrees Celsius",
            "brew_days": "days the batch fermented before it was checked",
            "start_ph": "pH of the sweet tea right after the starter went in",
            "jar_litres": "volume of the brewing jar, in litres",
            "TeaBase": "tea the batch was brewed on: black, green, oolong or rooibos",
        },
        "target_description": "whether the batch was healthy or had grown mold when it was checked",
        "model_description": "scikit-learn NuSVC (RBF kernel, nu 0.45, seed 26), Platt-scaled by a sigmoid fitted "
        "over 5 folds, on standardized columns; the tea base enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic batches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real club's records.",
            "The tea base enters as a numeric code, as if the teas were ordered.",
            "A sigmoid fitted over 5 folds gives the probabilities; they may disagree with the margin.",
        ],
        "label_meanings": {
            "healthy": "no mold on the culture when the batch was checked",
            "moldy": "fuzzy mold had grown on the culture, so the batch was thrown away",
        },
        "probability_meaning": "The Platt-scaled probability of each state; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(26117)
    n = SIZE
    tea = rng.choice(4, n, p=[0.4, 0.25, 0.15, 0.2])
    starter = np.round(np.clip(rng.normal(12, 4.5, n), 2, 30), 1)
    sugar = np.round(np.clip(rng.normal(70, 15, n), 30, 120)).astype(int)
    temp = np.round(np.clip(rng.normal(24, 3, n), 16, 32), 1)
    days = rng.integers(4, 22, n)
    ph = np.round(np.clip(rng.normal(3.9, 0.5, n), 2.8, 5.2), 2)
    jar = np.round(np.clip(rng.normal(5, 3, n), 1, 20), 1)
    frame = pd.DataFrame(
        {
            "batch_id": np.arange(FIRST_ID, FIRST_ID + n),
            "starter_share_pct": starter,
            "sugar_g_per_l": sugar,
            "room_temp_c": temp,
            "brew_days": days,
            "start_ph": ph,
            "jar_litres": jar,
            "TeaBase": tea,
        }
    )
    score = (
        1.6 * (ph - 3.9)
        - 0.12 * (starter - 12)
        + 0.06 * (temp - 24) ** 2
        - 0.4
        + 0.04 * (days - 12)
        + 0.06 * (jar - 5)
        + 0.5 * (tea == 3)
        - 0.3 * (tea == 0)
        + rng.normal(0, 0.7, n)
    )
    frame["batch_state"] = (score > 0.1).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(26).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kombucha host in memory, fitted on the batches outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import NuSVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.batch_id.isin(test)]
    model = make_pipeline(
        StandardScaler(),
        CalibratedClassifierCV(NuSVC(nu=0.45, random_state=26), method="sigmoid", cv=5, ensemble=False),
    )
    model.fit(train[features], train.batch_state)
    return host_from_model(model, frame[["batch_id", *features, "batch_state"]], test_ids=test, **BREWS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
