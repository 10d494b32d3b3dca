"""The invented `bin` host of writer w27: a county's roadside grit bins, before the next weekly refill round.

`load_host()` fits a small synthetic model (a Bernoulli restricted Boltzmann machine, `BernoulliRBM`, learning 16
hidden features from min-max scaled columns, with a logistic regression on those features; the categories one-hot
encoded first) on 240 of the 300 bins and builds the host from the model, the frame, the ids of the 60 held-out
bins and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w24's hosts.
It has two labels: at the next weekly round a bin is found `ok` (enough grit left) or `empty` (needs a refill).
Nothing here comes from a data set: the domain, its columns and its words were invented by w27 so that the router
meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w27/host_bin.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BIN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 94501
SIZE = 300
NUMERIC = [
    "days_since_fill",
    "capacity_kg",
    "gradient_pct",
    "frost_nights",
    "footfall_k",
    "fill_level_pct",
]
CATEGORICAL = ["near_school", "lid_locked"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BIN_CONFIG: dict[str, Any] = {
    "name": "grit bin refills",
    "target": "next_round",
    "class_names": {"0": "ok", "1": "empty"},
    "instance_noun": "bin",
    "id_column": "bin_no",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "near_school": {"0": "no", "1": "yes"},
        "lid_locked": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["capacity_kg", "gradient_pct"],
    "feature_aliases": {
        "days_since_fill": ["since filled", "since last fill", "last filled", "days since refill"],
        "capacity_kg": ["capacity", "size", "how big"],
        "gradient_pct": ["gradient", "slope", "hill", "incline"],
        "frost_nights": ["frosts", "frosty nights", "frost"],
        "footfall_k": ["footfall", "people passing", "pedestrians"],
        "fill_level_pct": ["fill level", "level", "how full", "full"],
        "near_school": ["school", "by a school"],
        "lid_locked": ["lid", "lock", "padlock"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Roadside grit bins of an invented county, one row per bin at the last inspection, used to "
        "plan the next weekly refill round.",
        "feature_descriptions": {
            "days_since_fill": "days since the bin was last filled",
            "capacity_kg": "the bin's capacity in kg of grit",
            "gradient_pct": "gradient of the road or footpath at the bin, in %",
            "frost_nights": "frost nights forecast before the next round",
            "footfall_k": "people passing the bin per day, in thousands",
            "fill_level_pct": "how full the bin was at the last inspection, in %",
            "near_school": "whether the bin is within 200 m of a school: no or yes",
            "lid_locked": "whether the bin's lid has a lock: no or yes",
        },
        "target_description": "what the next weekly round finds: the bin ok (grit left) or empty (refill needed)",
        "model_description": "A Bernoulli restricted Boltzmann machine (BernoulliRBM, 16 hidden units) learning "
        "features from min-max scaled columns, with a class-balanced logistic regression on those "
        "features; school and lid one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic grit bins; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic grit bins, invented for testing; not a real council's refill records.",
            "Does not know about grit taken by builders, vandalism, snow days or the refill crew's route.",
            "The RBM learns its features without the labels, so its probabilities are smooth and rarely near 0 or 1.",
        ],
        "label_meanings": {
            "ok": "the bin still has grit at the next weekly round",
            "empty": "the bin is empty or nearly so at the next round: refill it",
        },
        "probability_meaning": "The model's estimated probability of each of the two findings (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(94594)
    n = SIZE
    frame = pd.DataFrame(
        {
            "bin_no": np.arange(FIRST_ID, FIRST_ID + n),
            "days_since_fill": rng.integers(1, 61, n),
            "capacity_kg": rng.choice([200, 400, 600], n, p=[0.3, 0.5, 0.2]),
            "gradient_pct": np.round(np.clip(rng.gamma(2.0, 3.0, n), 0, 25), 1),
            "frost_nights": rng.integers(0, 8, n),
            "footfall_k": np.round(np.clip(rng.lognormal(0.0, 0.8, n), 0.1, 12), 1),
            "fill_level_pct": np.round(np.clip(rng.normal(60, 25, n), 0, 100)),
            "near_school": rng.choice(2, n, p=[0.75, 0.25]),
            "lid_locked": rng.choice(2, n, p=[0.6, 0.4]),
        }
    )
    use = (
        0.035 * frame.days_since_fill
        - 0.004 * frame.capacity_kg
        + 0.08 * frame.gradient_pct
        + 0.25 * frame.frost_nights
        + 0.3 * frame.footfall_k
        - 0.03 * frame.fill_level_pct
        + 0.7 * frame.near_school
        - 0.6 * frame.lid_locked
        + rng.normal(0, 0.6, n)
    )
    frame["next_round"] = (use > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 bins the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(945).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bin host in memory, its model fitted on the bins outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.neural_network import BernoulliRBM
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import MinMaxScaler, OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bin_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", MinMaxScaler(clip=True), NUMERIC),
                    ]
                ),
            ),
            ("rbm", BernoulliRBM(n_components=16, learning_rate=0.02, n_iter=300, random_state=0)),
            ("logistic", LogisticRegression(C=100.0, max_iter=3000, class_weight="balanced")),
        ]
    )
    model.fit(train[FEATURES], train.next_round)
    return host_from_model(model, frame[["bin_no", *FEATURES, "next_round"]], test_ids=test, **BIN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
