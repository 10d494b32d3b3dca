"""The invented `dredger` host of guard writer gset46: a river authority's weekly check of its dredgers.

`load_host()` builds a seeded frame of 300 dredger checks (ids 155901-156200) and fits a scikit-learn
`RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each check ends in
one of three calls: `dig` (the dredger keeps working the channel as it is), `refit` (it goes to the yard for repairs
first) or `lay_up` (it is moored and taken out of service). Nothing here comes from a data set: the domain, its
columns and its words were invented by gset46.

    python evalsets/guard-2026-12-07aq/host_dredger.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DREDGER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 155901
SIZE = 300
NUMERIC = [
    "Hull Age (yrs)",
    "pump_wear_pct",
    "CutterTeethWorn",
    "Draft [m]",
    "hours this week",
]
CATEGORICAL = ["Hull", "gps_ok"]
DREDGER_CONFIG: dict[str, Any] = {
    "name": "river dredger check",
    "target": "harbour_call",
    "class_names": {"0": "dig", "1": "refit", "2": "lay_up"},
    "instance_noun": "dredger",
    "id_column": "dredger_no",
    "category_names": {
        "Hull": {"0": "steel", "1": "aluminium", "2": "composite"},
        "gps_ok": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Hull"],
    "feature_aliases": {
        "Hull Age (yrs)": ["hull age", "age of the hull"],
        "pump_wear_pct": ["pump wear", "wear on the slurry pump"],
        "CutterTeethWorn": ["worn cutter teeth", "cutter teeth worn"],
        "Draft [m]": ["draft", "depth of the keel"],
        "hours this week": ["weekly hours", "hours dredged this week"],
        "Hull": ["hull", "hull material"],
        "gps_ok": ["gps ok", "working gps"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "River dredgers checked by an invented river authority each week, one row per check.",
        "feature_descriptions": {
            "Hull Age (yrs)": "age of the dredger's hull, in years",
            "pump_wear_pct": "how worn the slurry pump is, in percent of its life",
            "CutterTeethWorn": "worn teeth found on the cutter head, counted",
            "Draft [m]": "draft measured at the check, in metres",
            "hours this week": "hours the dredger worked in the week before the check",
            "Hull": "what the hull is made of: steel, aluminium or composite",
            "gps_ok": "whether the positioning receiver worked at the check",
        },
        "target_description": "what the authority's marine engineer decided for the dredger",
        "model_description": "scikit-learn RandomForestClassifier (120 trees, depth 5, seed 0); the hull and "
        "the GPS flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic checks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic dredgers, invented for testing; not a real river authority.",
            "Checks from one low-water season only: flood-season wear is not represented.",
            "Few composite hulls, so their figures are noisy.",
        ],
        "label_meanings": {
            "dig": "the dredger keeps working the channel as it is",
            "refit": "the dredger goes to the yard for repairs before it works again",
            "lay_up": "the dredger is moored and taken out of service",
        },
        "probability_meaning": "The model's estimated chance of each call; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(15590)
    n = SIZE
    age = np.round(np.clip(rng.normal(18.0, 8.0, n), 1.0, 45.0), 1)
    pump = np.round(np.clip(rng.normal(50.0, 18.0, n), 0.0, 100.0), 0)
    teeth = rng.poisson(1.5, n)
    draft = np.round(np.clip(rng.normal(2.4, 0.5, n), 1.0, 4.0), 2)
    hours = np.round(np.clip(rng.normal(40.0, 12.0, n), 4.0, 80.0), 0)
    hull = rng.choice(3, n, p=[0.5, 0.35, 0.15])
    gps = rng.choice(2, n, p=[0.2, 0.8])
    frame = pd.DataFrame(
        {
            "dredger_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Hull Age (yrs)": age,
            "pump_wear_pct": pump,
            "CutterTeethWorn": teeth,
            "Draft [m]": draft,
            "hours this week": hours,
            "Hull": hull,
            "gps_ok": gps,
        }
    )
    score_dig = 1.0 - 0.035 * (pump - 50) - 0.4 * teeth + 0.4 * gps + rng.normal(0, 0.5, n)
    score_refit = 0.025 * (pump - 50) + 0.4 * teeth + 0.02 * (hours - 40) + rng.normal(0, 0.5, n)
    score_lay = -0.3 + 0.08 * (age - 18) + 0.3 * np.abs(draft - 2.4) + 0.01 * (pump - 50) + rng.normal(0, 0.5, n)
    frame["harbour_call"] = np.argmax(np.column_stack([score_dig, score_refit, score_lay]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(15591).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented dredger host in memory, fitted on the checks outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.dredger_no.isin(test)]
    model = RandomForestClassifier(n_estimators=120, max_depth=5, random_state=0)
    model.fit(train[features], train.harbour_call)
    return host_from_model(model, frame[["dredger_no", *features, "harbour_call"]], test_ids=test, **DREDGER_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
