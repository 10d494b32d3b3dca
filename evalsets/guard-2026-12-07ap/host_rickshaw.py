"""The invented `rickshaw` host of guard writer gset45: a cycle-rickshaw co-op's weekly check of its rickshaws.

`load_host()` builds a seeded frame of 300 rickshaw checks (ids 153701-154000) and fits a scikit-learn
`RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each check ends in
one of three verdicts: `ride` (the rickshaw goes back on the street as it is), `service` (it spends a day in the
workshop first) or `retire` (it is taken off the street for good). Nothing here comes from a data set: the domain,
its columns and its words were invented by gset45.

    python evalsets/guard-2026-12-07ap/host_rickshaw.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["RICKSHAW_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 153701
SIZE = 300
NUMERIC = [
    "Frame Age (yrs)",
    "brake_wear_pct",
    "SpokesBroken",
    "Tyre Pressure [psi]",
    "km this week",
]
CATEGORICAL = ["Canopy", "bell_works"]
RICKSHAW_CONFIG: dict[str, Any] = {
    "name": "rickshaw co-op check",
    "target": "mechanic_verdict",
    "class_names": {"0": "ride", "1": "service", "2": "retire"},
    "instance_noun": "rickshaw",
    "id_column": "rickshaw_no",
    "category_names": {
        "Canopy": {"0": "canvas", "1": "vinyl", "2": "open"},
        "bell_works": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Canopy"],
    "feature_aliases": {
        "Frame Age (yrs)": ["frame age", "age of the frame"],
        "brake_wear_pct": ["brake wear", "wear on the brake pads"],
        "SpokesBroken": ["broken spokes", "spokes broken"],
        "Tyre Pressure [psi]": ["tyre pressure", "pressure in the tyres"],
        "km this week": ["weekly distance", "kilometres ridden this week"],
        "Canopy": ["canopy", "the hood over the seat"],
        "bell_works": ["bell works", "working bell"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Cycle rickshaws checked by an invented riders' co-op each week, one row per check.",
        "feature_descriptions": {
            "Frame Age (yrs)": "age of the rickshaw's frame, in years",
            "brake_wear_pct": "how worn the brake pads are, in percent of their life",
            "SpokesBroken": "broken spokes found on the three wheels, counted",
            "Tyre Pressure [psi]": "tyre pressure measured at the check, in psi",
            "km this week": "kilometres the rickshaw was ridden in the week before the check",
            "Canopy": "the hood over the passenger seat: canvas, vinyl or open (none)",
            "bell_works": "whether the bell rang at the check",
        },
        "target_description": "what the co-op's mechanic decided for the rickshaw",
        "model_description": "scikit-learn RandomForestClassifier (120 trees, depth 5, seed 0); the canopy and "
        "the bell flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic checks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic rickshaws, invented for testing; not a real co-op.",
            "Checks from one dry season only: wet-weather wear is not represented.",
            "Few open rickshaws, so their figures are noisy.",
        ],
        "label_meanings": {
            "ride": "the rickshaw goes back on the street as it is",
            "service": "the rickshaw spends a day in the workshop before it rides again",
            "retire": "the rickshaw is taken off the street for good",
        },
        "probability_meaning": "The model's estimated chance of each verdict; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(15370)
    n = SIZE
    age = np.round(np.clip(rng.normal(6.0, 3.0, n), 0.5, 16.0), 1)
    brakes = np.round(np.clip(rng.normal(45.0, 20.0, n), 0.0, 100.0), 0)
    spokes = rng.poisson(1.0, n)
    tyre = np.round(np.clip(rng.normal(45.0, 6.0, n), 25.0, 65.0), 0)
    km = np.round(np.clip(rng.normal(180.0, 60.0, n), 20.0, 400.0), 0)
    canopy = rng.choice(3, n, p=[0.45, 0.4, 0.15])
    bell = rng.choice(2, n, p=[0.25, 0.75])
    frame = pd.DataFrame(
        {
            "rickshaw_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Frame Age (yrs)": age,
            "brake_wear_pct": brakes,
            "SpokesBroken": spokes,
            "Tyre Pressure [psi]": tyre,
            "km this week": km,
            "Canopy": canopy,
            "bell_works": bell,
        }
    )
    score_ride = 1.0 - 0.03 * (brakes - 45) - 0.5 * spokes + 0.3 * bell + rng.normal(0, 0.5, n)
    score_service = (
        0.02 * (brakes - 45) + 0.45 * spokes + 0.004 * (km - 180) + 0.04 * np.abs(tyre - 45) + rng.normal(0, 0.5, n)
    )
    score_retire = -0.4 + 0.25 * (age - 6) + 0.015 * (brakes - 45) + 0.2 * (spokes - 1) + rng.normal(0, 0.5, n)
    frame["mechanic_verdict"] = np.argmax(np.column_stack([score_ride, score_service, score_retire]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(15371).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented rickshaw host in memory, fitted on the checks outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.rickshaw_no.isin(test)]
    model = RandomForestClassifier(n_estimators=120, max_depth=5, random_state=0)
    model.fit(train[features], train.mechanic_verdict)
    return host_from_model(
        model, frame[["rickshaw_no", *features, "mechanic_verdict"]], test_ids=test, **RICKSHAW_CONFIG
    )


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
