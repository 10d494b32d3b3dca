"""The invented `caravan` host of writer w87: a touring-caravan hire firm's pre-season check on each caravan.

`load_host()` fits a small synthetic model (a seeded `Pipeline` of a `StandardScaler` and a `LogisticRegression`
on the raw numbers, the chassis as its code) on 240 of the 300 checks and builds the host from the model, the
frame, the ids of the 60 held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It
has two labels: a caravan is `hire`d out this season or sent to the `workshop` first. Nothing here comes from a
data set: the domain, its columns and its words were invented by w87 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/held_out_people/w87/host_caravan.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CARAVAN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 165901
SIZE = 300
FEATURES = [
    "chassis",
    "tyre age (years)",
    "damp_reading",
    "HitchWear",
    "seal_cracks",
    "brake pull (kg)",
    "PreviousHires",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CARAVAN_CONFIG: dict[str, Any] = {
    "name": "caravan pre-season checks",
    "target": "season_call",
    "class_names": {"0": "hire", "1": "workshop"},
    "instance_noun": "caravan",
    "id_column": "check",
    "category_names": {"chassis": {"0": "single axle", "1": "twin axle", "2": "pop top"}},
    "immutable_features": ["chassis"],
    "feature_aliases": {
        "chassis": ["chassis", "axle", "body"],
        "tyre age (years)": ["tyre age", "tyres", "tire age"],
        "damp_reading": ["damp reading", "damp", "moisture"],
        "HitchWear": ["hitch wear", "hitch", "coupling wear"],
        "seal_cracks": ["seal cracks", "cracked seals", "seals"],
        "brake pull (kg)": ["brake pull", "brakes", "braking"],
        "PreviousHires": ["previous hires", "hires", "times hired"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Touring caravans at an invented hire firm's pre-season check, with the yard's call.",
        "feature_descriptions": {
            "chassis": "the caravan's build: single axle, twin axle or pop top",
            "tyre age (years)": "age of the oldest tyre, in years",
            "damp_reading": "highest damp meter reading on the walls, in percent",
            "HitchWear": "wear on the hitch head, scored 0 (new) to 10 (worn out)",
            "seal_cracks": "cracked window or roof seals found at the check",
            "brake pull (kg)": "the force the brakes pulled on the rolling road, in kg",
            "PreviousHires": "times the caravan was hired out last season",
        },
        "target_description": "the yard's call: hire it out now or send it to the workshop first",
        "model_description": "A logistic regression on standardised features, in a scikit-learn Pipeline.",
        "training": "Fitted on 240 of the 300 synthetic checks; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic caravans, invented for testing; not a real firm's records.",
            "Does not look inside the caravan: upholstery and smell are not in the data.",
        ],
        "label_meanings": {
            "hire": "the caravan goes out to customers this season",
            "workshop": "the caravan is repaired before anyone hires it",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(165977)
    n = SIZE
    chassis = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "check": np.arange(FIRST_ID, FIRST_ID + n),
            "chassis": chassis,
            "tyre age (years)": rng.integers(0, 13, n),
            "damp_reading": rng.integers(5, 41, n),
            "HitchWear": rng.integers(0, 11, n),
            "seal_cracks": rng.integers(0, 10, n),
            "brake pull (kg)": rng.integers(20, 121, n),
            "PreviousHires": rng.integers(0, 31, n),
        }
    )
    doubt = (
        0.2 * (frame["tyre age (years)"] - 6)
        + 0.07 * (frame.damp_reading - 22)
        + 0.2 * (frame.HitchWear - 5)
        + 0.15 * (frame.seal_cracks - 4.5)
        - 0.025 * (frame["brake pull (kg)"] - 70)
        + 0.02 * (frame.PreviousHires - 15)
        + 0.35 * (chassis == 1)
        + rng.normal(0, 1.0, n)
    )
    frame["season_call"] = (doubt > np.quantile(doubt, 0.52)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1659).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented caravan host in memory, its model fitted on the checks outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.check.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logit", LogisticRegression(C=0.3, max_iter=500))])
    model.fit(train[FEATURES], train.season_call)
    return host_from_model(model, frame[["check", *FEATURES, "season_call"]], test_ids=test, **CARAVAN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
