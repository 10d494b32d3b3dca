"""The invented `dryer` host of guard writer g34: a laundromat chain's tumble dryers, and whether each broke down.

`load_host()` builds a seeded frame of 150 dryers (ids 135651-135800) of an invented laundromat chain and fits a
scikit-learn `GradientBoostingClassifier` on 120 of them; the other 30 are held out for the performance figures. At
the 30-day check after a service call each dryer was either still `running` or `down` (out of order). Nothing here
comes from a data set: the domain, its columns and its words were invented by g34. The `Gas` column holds True/False;
`installed_yyyy` is a year.

    python simxai/eval_suite/guard/written/g34/host_dryer.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DRYER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 135651
SIZE = 150
FEATURES = ["Drum Load (kg)", "lint_cleanings_wk", "ExhaustTempC", "cycles per day", "installed_yyyy", "Gas",
            "Brand Tier"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DRYER_CONFIG: dict[str, Any] = {
    "name": "laundromat dryers",
    "target": "status_30d",
    "class_names": {"0": "running", "1": "down"},
    "instance_noun": "dryer",
    "id_column": "dryer_id",
    "category_names": {
        "Brand Tier": {"0": "budget", "1": "mid", "2": "commercial"},
        "Gas": {"False": "False", "True": "True"},
    },
    "immutable_features": ["installed_yyyy"],
    "feature_aliases": {
        "Drum Load (kg)": ["load", "drum load", "how full it runs"],
        "lint_cleanings_wk": ["lint cleanings", "lint trap", "cleanings a week"],
        "ExhaustTempC": ["exhaust temperature", "exhaust temp", "how hot the exhaust runs"],
        "cycles per day": ["cycles", "daily cycles", "use per day"],
        "installed_yyyy": ["install year", "year installed", "age"],
        "Gas": ["gas-fired", "gas or electric", "gas dryer"],
        "Brand Tier": ["brand", "tier", "make"],
    },
    "seed": 0,
    "cards": {
        "description": "Tumble dryers of an invented laundromat chain, one row per dryer after a service call, with "
        "whether it was running at the 30-day check.",
        "feature_descriptions": {
            "Drum Load (kg)": "average load per cycle, in kilograms",
            "lint_cleanings_wk": "how many times a week staff empty the lint trap",
            "ExhaustTempC": "exhaust air temperature measured at the service call, in degrees Celsius",
            "cycles per day": "average number of drying cycles a day",
            "installed_yyyy": "the year the dryer was installed",
            "Gas": "whether the dryer is gas-fired (True) or electric (False)",
            "Brand Tier": "the maker's range: budget, mid or commercial",
        },
        "target_description": "the dryer's status at the 30-day check: running or down",
        "model_description": "a scikit-learn GradientBoostingClassifier (60 trees of depth 2, learning rate 0.1) on "
        "the raw columns; the brand tier enters as its code and the gas column as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic dryers; the other 30 are held out for the performance figures.",
        "limitations": [
            "Synthetic dryers, invented for testing; not a real chain's records.",
            "The brand tier enters as a numeric code, as if the tiers were ordered.",
            "Only one 30-day check per dryer; a dryer repaired and broken again in between counts once.",
        ],
        "label_meanings": {
            "running": "working at the 30-day check",
            "down": "out of order at the 30-day check",
        },
        "probability_meaning": "The boosted trees' probability for each status; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(34136)
    n = SIZE
    tier = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    load = np.round(rng.uniform(4, 14, n), 1)
    lint = rng.choice([1, 2, 3, 5, 7], n, p=[0.15, 0.25, 0.25, 0.2, 0.15])
    exhaust = np.round(rng.normal(62, 9, n)).astype(int)
    cycles = rng.integers(3, 25, n)
    installed = rng.integers(2008, 2026, n)
    gas = rng.random(n) < 0.45
    frame = pd.DataFrame(
        {
            "dryer_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Drum Load (kg)": load,
            "lint_cleanings_wk": lint,
            "ExhaustTempC": exhaust,
            "cycles per day": cycles,
            "installed_yyyy": installed,
            "Gas": gas,
            "Brand Tier": tier,
        }
    )
    risk = 0.08 * (exhaust - 62) - 0.25 * (lint - 3) + 0.08 * (cycles - 13) + 0.07 * (2026 - installed - 9)
    risk = risk + 0.1 * (load - 9) - 0.5 * (tier == 2) + 0.3 * gas + rng.normal(0, 0.7, n)
    frame["status_30d"] = (risk > 0.4).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 30 dryers the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(34).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented dryer host in memory, fitted on the dryers outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.dryer_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=34)
    model.fit(train[FEATURES], train.status_30d)
    return host_from_model(model, frame[["dryer_id", *FEATURES, "status_30d"]], test_ids=test, **DRYER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
