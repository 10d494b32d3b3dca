"""The invented `glider` host of guard writer gset42: a gliding club's yearly airworthiness check of invented gliders.

`load_host()` builds a seeded frame of 300 gliders checked in one year (ids 146501-146800) and fits a scikit-learn
`GradientBoostingClassifier` on 240 of them; the other 60 are held out for the performance figures. Each check ends
in one of three verdicts: `fly` (the glider stays on the flight line as it is), `repair` (it is fixed in the club's
workshop before flying again) or `ground` (it is taken off the flight line until a full rebuild). Nothing here comes
from a data set: the domain, its columns and its words were invented by gset42.

    python evalsets/guard-2026-12-07am/host_glider.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GLIDER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 146501
SIZE = 300
NUMERIC = [
    "Airframe Hours (h)",
    "tow_hook_wear_pct",
    "GelcoatCracks",
    "Skid Wear [mm]",
    "spar deflection mm",
]
CATEGORICAL = ["Build", "trailer_stored"]
GLIDER_CONFIG: dict[str, Any] = {
    "name": "gliding club airworthiness check",
    "target": "check_verdict",
    "class_names": {"0": "fly", "1": "repair", "2": "ground"},
    "instance_noun": "glider",
    "id_column": "glider_no",
    "category_names": {
        "Build": {"0": "glassfibre", "1": "wood", "2": "carbon"},
        "trailer_stored": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Build"],
    "feature_aliases": {
        "Airframe Hours (h)": ["airframe hours", "hours flown"],
        "tow_hook_wear_pct": ["tow hook wear", "wear of the tow hook"],
        "GelcoatCracks": ["gelcoat cracks", "cracks in the gelcoat"],
        "Skid Wear [mm]": ["skid wear", "worn skid"],
        "spar deflection mm": ["spar deflection", "bend of the spar"],
        "Build": ["build", "what the airframe is made of"],
        "trailer_stored": ["trailer stored", "kept in a trailer"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Gliders checked by an invented gliding club over one year, one row per glider.",
        "feature_descriptions": {
            "Airframe Hours (h)": "hours the airframe has flown since it was built",
            "tow_hook_wear_pct": "wear of the tow release hook, in percent of the allowed limit",
            "GelcoatCracks": "cracks found in the gelcoat, counted",
            "Skid Wear [mm]": "wear of the landing skid, in millimetres",
            "spar deflection mm": "how far the wing spar bends under the test load, in millimetres",
            "Build": "what the airframe is made of: glassfibre, wood or carbon",
            "trailer_stored": "whether the glider is kept rigged-down in a closed trailer",
        },
        "target_description": "what the club's inspector decided for the glider",
        "model_description": "scikit-learn GradientBoostingClassifier (100 stages, depth 2, seed 0); the build and "
        "the trailer flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic gliders; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic gliders, invented for testing; not a real gliding club.",
            "One year's checks only: how gliders age over decades is not in the data.",
            "Few carbon gliders, so their figures are noisy.",
        ],
        "label_meanings": {
            "fly": "the glider stays on the flight line as it is",
            "repair": "the glider is fixed in the club's workshop before it flies again",
            "ground": "the glider is taken off the flight line until a full rebuild",
        },
        "probability_meaning": "The boosted model's estimated chance of each verdict; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(14650)
    n = SIZE
    hours = np.round(np.clip(rng.normal(2400.0, 800.0, n), 300.0, 5200.0), -1)
    hook = np.round(np.clip(rng.normal(45.0, 18.0, n), 2.0, 98.0), 0)
    cracks = rng.poisson(2.0, n)
    skid = np.round(np.clip(rng.normal(6.0, 2.5, n), 0.5, 14.0), 1)
    spar = np.round(np.clip(rng.normal(38.0, 7.0, n), 20.0, 60.0), 0)
    build = rng.choice(3, n, p=[0.55, 0.3, 0.15])
    trailer = rng.choice(2, n, p=[0.4, 0.6])
    frame = pd.DataFrame(
        {
            "glider_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Airframe Hours (h)": hours,
            "tow_hook_wear_pct": hook,
            "GelcoatCracks": cracks,
            "Skid Wear [mm]": skid,
            "spar deflection mm": spar,
            "Build": build,
            "trailer_stored": trailer,
        }
    )
    score_fly = 0.8 - 0.03 * (hook - 45) - 0.35 * (cracks - 2) + 0.4 * trailer + rng.normal(0, 0.5, n)
    score_repair = 0.35 * (cracks - 2) + 0.12 * (skid - 6) + 0.02 * (hook - 45) + rng.normal(0, 0.5, n)
    score_ground = 0.12 * (spar - 45) + 0.0004 * (hours - 2400) + 0.6 * (build == 1) + 0.5 + rng.normal(0, 0.5, n)
    frame["check_verdict"] = np.argmax(np.column_stack([score_fly, score_repair, score_ground]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 gliders the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(14651).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented glider host in memory, fitted on the gliders outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.glider_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=100, max_depth=2, random_state=0)
    model.fit(train[features], train.check_verdict)
    return host_from_model(model, frame[["glider_no", *features, "check_verdict"]], test_ids=test, **GLIDER_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
