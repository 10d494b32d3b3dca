"""The invented `sardine` host of writer w45: evenings of a village sardine-grill stall at the summer saints' fairs.

`load_host()` fits a small synthetic model (a seeded `AdaBoostClassifier` of depth-2 decision trees behind a
one-hot encoder for the fair and the rain, a `Pipeline`) on 240 of the 300 evenings and builds the host from the
model, the frame, the ids of the 60 held-out evenings and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: the stall ends the evening `sold_out` or with `leftovers`. The
`raining` column holds True/False. Nothing here comes from a data set: the domain, its columns and its words were
invented by w45 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w45/host_sardine.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SARDINE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 116601
SIZE = 300
NUMERIC = ["Crates", "PlatePrice", "EveningTempC", "OpenHour", "Grills", "NearbyStalls"]
CATEGORICAL = ["Saint", "raining"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SARDINE_CONFIG: dict[str, Any] = {
    "name": "sardine stall evenings",
    "target": "Outcome",
    "class_names": {"0": "leftovers", "1": "sold_out"},
    "instance_noun": "evening",
    "id_column": "EveningNo",
    "category_names": {"Saint": {"0": "antonio", "1": "joao", "2": "pedro"}},
    "immutable_features": ["Saint"],
    "feature_aliases": {
        "Saint": ["saint", "fair", "arraial", "santo"],
        "raining": ["rain", "raining", "chuva", "wet evening"],
        "Crates": ["crates", "crates of sardines", "caixas"],
        "PlatePrice": ["price", "plate price", "price of a plate"],
        "EveningTempC": ["temperature", "evening temperature", "heat"],
        "OpenHour": ["opening hour", "open hour", "start time"],
        "Grills": ["grills", "braziers", "fogareiros"],
        "NearbyStalls": ["nearby stalls", "competition", "other stalls"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Evenings of an invented village sardine-grill stall at the June saints' fairs, one row "
        "per evening, used to decide how many crates to buy at the lota.",
        "feature_descriptions": {
            "Saint": "the fair: antonio, joao or pedro",
            "raining": "whether it rained during the evening (True/False)",
            "Crates": "crates of sardines bought for the evening",
            "PlatePrice": "price of a plate of sardines with bread, in euros",
            "EveningTempC": "temperature at eight in the evening, in degrees Celsius",
            "OpenHour": "hour the stall lit its grills, 16 to 22",
            "Grills": "grills lit at the stall",
            "NearbyStalls": "other food stalls within sight of ours",
        },
        "target_description": "whether the stall sold out of sardines or ended with leftovers",
        "model_description": "An AdaBoost ensemble of 60 depth-2 decision trees on the columns; the fair and the "
        "rain one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic evenings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic evenings, invented for testing; not a real stall's takings.",
            "Does not know about football matches, the band playing or how fresh the fish was.",
        ],
        "label_meanings": {
            "sold_out": "every sardine bought for the evening was sold before closing",
            "leftovers": "sardines were left over at closing",
        },
        "probability_meaning": "The boosted ensemble's weighted vote for each outcome, scaled to add up to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(116616)
    n = SIZE
    saint = rng.choice(3, n, p=[0.45, 0.30, 0.25])
    raining = rng.random(n) < 0.22
    frame = pd.DataFrame(
        {
            "EveningNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Saint": saint,
            "raining": raining,
            "Crates": rng.integers(2, 15, n),
            "PlatePrice": np.round(rng.choice(np.arange(6.0, 12.5, 0.5), n), 1),
            "EveningTempC": np.round(np.clip(rng.normal(24 - 4 * raining, 3.5, n), 13, 35), 1),
            "OpenHour": rng.integers(16, 23, n),
            "Grills": rng.integers(1, 6, n),
            "NearbyStalls": rng.integers(0, 9, n),
        }
    )
    demand = (
        1.2 * (frame.Saint == 0)
        - 2.0 * frame.raining
        + 0.15 * frame.EveningTempC
        - 0.45 * frame.PlatePrice
        - 0.22 * frame.NearbyStalls
        - 0.18 * (frame.OpenHour - 16)
        + 0.35 * frame.Grills
        - 0.38 * frame.Crates
        + rng.normal(0, 0.8, n)
    )
    frame["Outcome"] = (demand > np.quantile(demand, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 evenings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1166).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented sardine host in memory, its model fitted on the evenings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.EveningNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            (
                "boost",
                AdaBoostClassifier(
                    DecisionTreeClassifier(max_depth=2, random_state=0), n_estimators=60, random_state=0
                ),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["EveningNo", *FEATURES, "Outcome"]], test_ids=test, **SARDINE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
