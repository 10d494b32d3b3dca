"""The invented `hatchery` host of writer w76: tanks of young fish in an invented hill-stream trout hatchery.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the strain as
its code) on 240 of the 300 tanks and builds the host from the model, the frame, the ids of the 60 held-out tanks
and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a tank's fish are ready
to `release` into the stream, are `kept` to grow on, or need to be `treat`ed. Nothing here comes from a data set:
the domain, its columns and its words were invented by w76 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w76/host_hatchery.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HATCHERY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 154401
SIZE = 300
NUMBERS = ["water temp (C)", "length (mm)", "fry_count", "FinScore", "days hatched", "TankNo"]
FEATURES = ["strain", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HATCHERY_CONFIG: dict[str, Any] = {
    "name": "hatchery tanks",
    "target": "decision",
    "class_names": {"0": "release", "1": "keep", "2": "treat"},
    "instance_noun": "tank",
    "id_column": "tank_id",
    "category_names": {"strain": {"0": "brown trout", "1": "rainbow trout", "2": "arctic char"}},
    "immutable_features": ["strain"],
    "feature_aliases": {
        "strain": ["fish", "species", "stock"],
        "water temp (C)": ["water temp", "temperature", "temp", "water temperature"],
        "length (mm)": ["length", "size of the fish", "fish length"],
        "fry_count": ["fry", "fry count", "number of fry", "head count"],
        "FinScore": ["fins", "fin score", "fin condition"],
        "days hatched": ["days since hatching", "age", "days old"],
        "TankNo": ["tank number", "tank no"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Tanks of young fish in an invented trout hatchery, one row per tank at its weekly check.",
        "feature_descriptions": {
            "strain": "the fish in the tank: brown trout, rainbow trout or arctic char",
            "water temp (C)": "the tank's average water temperature this week, in degrees Celsius",
            "length (mm)": "the average length of a sampled fish, in millimetres",
            "fry_count": "how many fish the tank holds",
            "FinScore": "the fin condition of a sample, from 1 (ragged) to 10 (perfect)",
            "days hatched": "days since the eggs in the tank hatched",
            "TankNo": "the number stencilled on the tank",
        },
        "target_description": "the week's decision: release, keep or treat",
        "model_description": "A gradient-boosted tree model (60 trees of depth 2) on the raw numbers, the strain as "
        "its code.",
        "training": "Fitted on 240 of the 300 synthetic tanks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic tanks, invented for testing; not a real hatchery's records.",
            "Does not see the river's flow, the weather or disease tests from the lab.",
        ],
        "label_meanings": {
            "release": "the fish are ready to go into the stream",
            "keep": "the fish stay in the tank to grow on",
            "treat": "the tank needs a health treatment before anything else",
        },
        "probability_meaning": "The boosted model's estimated chance of each decision.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(154417)
    n = SIZE
    strain = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "tank_id": np.arange(FIRST_ID, FIRST_ID + n),
            "strain": strain,
            "water temp (C)": np.round(rng.uniform(4.0, 18.0, n), 1),
            "length (mm)": rng.integers(20, 121, n),
            "fry_count": rng.integers(200, 3001, n),
            "FinScore": rng.integers(1, 11, n),
            "days hatched": rng.integers(10, 151, n),
            "TankNo": rng.integers(1, 31, n),
        }
    )
    ready = (
        0.04 * frame["length (mm)"]
        + 0.015 * frame["days hatched"]
        + 0.15 * frame.FinScore
        - 0.4 * (strain == 2)
        + rng.normal(0, 0.5, n)
    )
    sick = 0.12 * frame["water temp (C)"] + 0.0006 * frame.fry_count - 0.25 * frame.FinScore + rng.normal(0, 0.4, n)
    decision = np.where(ready > np.quantile(ready, 0.6), 0, 1)
    decision = np.where(sick > np.quantile(sick, 0.75), 2, decision)
    frame["decision"] = decision
    return frame


def held_out_ids() -> list[int]:
    """The 60 tanks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1544).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hatchery host in memory, its model fitted on the tanks outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.tank_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, random_state=0)
    model.fit(train[FEATURES], train.decision)
    return host_from_model(model, frame[["tank_id", *FEATURES, "decision"]], test_ids=test, **HATCHERY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
