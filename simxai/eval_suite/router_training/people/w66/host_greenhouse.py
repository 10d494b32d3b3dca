"""The invented `greenhouse` host of writer w66: weekly walk-round checks of the bays at a market garden's glasshouse.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the crop as
its code, no `Pipeline`) on 240 of the 300 bay checks and builds the host from the model, the frame, the ids of the
60 held-out checks and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: after
the walk-round a bay is left `healthy`, marked to `treat` (spray or feed) or set to `replant`. Nothing here comes
from a data set: the domain, its columns and its words were invented by w66 so that the router meets a host it was
not trained on.

    python simxai/eval_suite/router_training/people/w66/host_greenhouse.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GREENHOUSE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 142601
SIZE = 300
FEATURES = [
    "crop",
    "humidity (%)",
    "AphidCount",
    "days since fed",
    "leaf_curl",
    "night temp (C)",
    "VentsOpen",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
GREENHOUSE_CONFIG: dict[str, Any] = {
    "name": "glasshouse bay checks",
    "target": "bay_call",
    "class_names": {"0": "healthy", "1": "treat", "2": "replant"},
    "instance_noun": "bay",
    "id_column": "bay_check_no",
    "category_names": {"crop": {"0": "cherry tomato", "1": "sweet pepper", "2": "cucumber"}},
    "immutable_features": ["crop"],
    "feature_aliases": {
        "crop": ["crop", "what's growing", "what is planted"],
        "humidity (%)": ["humidity", "rh", "how damp", "how humid"],
        "AphidCount": ["aphids", "aphid count", "greenfly", "bugs"],
        "days since fed": ["feed", "days since feeding", "since fed", "last feed"],
        "leaf_curl": ["leaf curl", "curl", "curling leaves"],
        "night temp (C)": ["night temperature", "night temp", "overnight temp", "how cold at night"],
        "VentsOpen": ["vents", "vents open", "open vents", "ventilation"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Weekly walk-round checks of the bays of an invented market garden's glasshouse, one row per "
        "bay per week, with the grower's call on the bay.",
        "feature_descriptions": {
            "crop": "what the bay is planted with: cherry tomato, sweet pepper or cucumber",
            "humidity (%)": "relative humidity in the bay at the check, in per cent",
            "AphidCount": "aphids counted on ten sample leaves",
            "days since fed": "days since the bay last had liquid feed",
            "leaf_curl": "leaf curl score from 0 (flat leaves) to 10 (badly curled)",
            "night temp (C)": "lowest temperature in the bay the night before, in degrees Celsius",
            "VentsOpen": "how many roof vents of the bay were open at the check",
        },
        "target_description": "the grower's call on the bay: healthy, treat or replant",
        "model_description": "A gradient-boosted tree ensemble (80 trees of depth 2) on the raw numbers, the crop as "
        "its code.",
        "training": "Fitted on 240 of the 300 synthetic bay checks; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic checks, invented for testing; not a real glasshouse's record book.",
            "Does not know the variety, the soil, the watering or whether biological control was released.",
        ],
        "label_meanings": {
            "healthy": "the bay needs nothing until the next walk-round",
            "treat": "the bay needs a spray, a feed or a vent change this week",
            "replant": "the bay's plants should be pulled and the bay replanted",
        },
        "probability_meaning": "The boosted ensemble's estimate of how likely each call is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(142611)
    n = SIZE
    crop = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "bay_check_no": np.arange(FIRST_ID, FIRST_ID + n),
            "crop": crop,
            "humidity (%)": rng.integers(40, 96, n),
            "AphidCount": rng.integers(0, 61, n),
            "days since fed": rng.integers(0, 22, n),
            "leaf_curl": rng.integers(0, 11, n),
            "night temp (C)": np.round(rng.uniform(8.0, 20.0, n), 1),
            "VentsOpen": rng.integers(0, 7, n),
        }
    )
    stress = (
        0.04 * frame.AphidCount
        + 0.03 * np.maximum(frame["humidity (%)"] - 70, 0)
        + 0.08 * frame["days since fed"]
        + 0.25 * frame.leaf_curl
        - 0.12 * frame["night temp (C)"]
        - 0.1 * frame.VentsOpen
        + 0.4 * (crop == 2)
        + rng.normal(0, 0.45, n)
    )
    low, high = np.quantile(stress, [0.5, 0.8])
    frame["bay_call"] = np.where(stress > high, 2, np.where(stress > low, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 bay checks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1426).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented greenhouse host in memory, its model fitted on the checks outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bay_check_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=80, max_depth=2, learning_rate=0.1, random_state=0)
    model.fit(train[FEATURES], train.bay_call)
    return host_from_model(
        model, frame[["bay_check_no", *FEATURES, "bay_call"]], test_ids=test, **GREENHOUSE_CONFIG
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
