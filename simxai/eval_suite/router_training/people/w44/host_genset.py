"""The invented `genset` host of writer w44: generators hired out to market stalls in Lagos, one row per hire week.

`load_host()` fits a seeded model (a `LinearDiscriminantAnalysis` behind a scaler and a one-hot encoder for the
generator type) on 240 of the 300 hires and builds the host from the model, the frame, the ids of the 60 held-out
hires and the fields of its host config with `simxai.hosts.host_from_model`. Two labels: a hire week `ran_fine` or
the set `broke_down` before the week was out. Nothing here comes from a data set: the domain, its columns and its
words were invented by w44.

    python simxai/eval_suite/router_training/people/w44/host_genset.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GENSET_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 114801
SIZE = 300
NUMERIC = ["load_kva", "hours_per_day", "days_since_service", "dust_index", "fuel_stops", "age_months"]
CATEGORICAL = ["gen_type"]
FEATURES = [*CATEGORICAL, *NUMERIC]
GENSET_CONFIG: dict[str, Any] = {
    "name": "generator hire",
    "target": "outcome",
    "class_names": {"0": "ran_fine", "1": "broke_down"},
    "instance_noun": "hire",
    "id_column": "hire_no",
    "categorical_features": CATEGORICAL,
    "category_names": {"gen_type": {"0": "petrol_small", "1": "diesel_big", "2": "hybrid"}},
    "immutable_features": ["gen_type", "age_months"],
    "feature_aliases": {
        "gen_type": ["type", "generator type", "kind of gen"],
        "load_kva": ["load", "kva", "power drawn"],
        "hours_per_day": ["hours", "running hours", "hours a day"],
        "days_since_service": ["service", "days since service", "last service"],
        "dust_index": ["dust", "dustiness"],
        "fuel_stops": ["fuel stops", "refuels", "times refuelled"],
        "age_months": ["age", "age of the gen", "months old"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Weekly hires of generators to stalls in an invented Lagos market, one row per hire week, "
        "kept by the owner to decide which sets to service before hiring them out again.",
        "feature_descriptions": {
            "gen_type": "the kind of set: petrol_small, diesel_big or hybrid",
            "load_kva": "mean load drawn by the stall, in kVA",
            "hours_per_day": "mean running hours per day during the week",
            "days_since_service": "days between the last service and the start of the hire",
            "dust_index": "how dusty the stall's spot is, 0 (clean) to 10 (very dusty)",
            "fuel_stops": "how many times the set was refuelled during the week",
            "age_months": "age of the generator, in months",
        },
        "target_description": "whether the set ran the whole hire week or broke down before it ended",
        "model_description": "Linear discriminant analysis on the scaled columns, the generator type one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic hires; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic hires, invented for testing; not a real business's records.",
            "Knows nothing of fuel quality, voltage surges, theft or who repaired the set last.",
        ],
        "label_meanings": {
            "ran_fine": "the set ran through the whole hire week without a breakdown",
            "broke_down": "the set stopped and needed a mechanic before the week was over",
        },
        "probability_meaning": "The model's posterior probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(114801)
    n = SIZE
    kind = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    capacity = np.array([3.5, 12.0, 6.0])[kind]
    load = np.round(np.clip(capacity * rng.uniform(0.3, 1.05, n), 0.5, 13.0), 1)
    frame = pd.DataFrame(
        {
            "hire_no": np.arange(FIRST_ID, FIRST_ID + n),
            "gen_type": kind,
            "load_kva": load,
            "hours_per_day": np.clip(np.round(rng.normal(10, 3.5, n)), 2, 20).astype(int),
            "days_since_service": np.clip(np.round(rng.gamma(2.0, 25, n)), 1, 240).astype(int),
            "dust_index": rng.integers(0, 11, n),
            "fuel_stops": np.clip(np.round(rng.normal(9, 4, n)), 1, 25).astype(int),
            "age_months": np.clip(np.round(rng.gamma(3.0, 10, n)), 2, 96).astype(int),
        }
    )
    strain = (
        2.2 * frame.load_kva / capacity
        + 0.12 * frame.hours_per_day
        + 0.012 * frame.days_since_service
        + 0.15 * frame.dust_index
        + 0.02 * frame.age_months
        - 0.6 * (frame.gen_type == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["outcome"] = (strain > 4.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 hires the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1148).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented genset host in memory, its model fitted on the hires outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.hire_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        (
                            "categories",
                            OneHotEncoder(drop="first", handle_unknown="ignore", sparse_output=False),
                            CATEGORICAL,
                        ),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("lda", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["hire_no", *FEATURES, "outcome"]], test_ids=test, **GENSET_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
