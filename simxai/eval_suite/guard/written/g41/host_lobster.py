"""The invented `lobster` host of guard writer g41: inshore lobster pots and what each haul brought up.

`load_host()` builds a seeded frame of 200 pot hauls (ids 151801-152000) of an invented inshore creel fishery and
fits a scikit-learn `RandomForestClassifier` on 160 of them; the other 40 are held out for the performance figures.
Each row is one pot; the skipper's log recorded its haul `full`, `light` or `lost`. Nothing here comes from a data
set: the domain, its columns and its words were invented by gdev44 for g41. Feature names mix styles (camelCase,
snake_case, spaces, units in brackets); `has_escape_gap` holds True/False.

    python simxai/eval_suite/guard/written/g41/host_lobster.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LOBSTER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 151801
SIZE = 200
FEATURES = [
    "soakDays",
    "bait age hrs",
    "depth_m",
    "Pot Mesh [mm]",
    "has_escape_gap",
    "Ground",
    "Swell M",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LOBSTER_CONFIG: dict[str, Any] = {
    "name": "inshore creel fishery pot log",
    "target": "haul",
    "class_names": {"0": "full", "1": "light", "2": "lost"},
    "instance_noun": "pot",
    "id_column": "pot_id",
    "category_names": {
        "Ground": {"0": "rock", "1": "sand", "2": "weed"},
        "has_escape_gap": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Pot Mesh [mm]"],
    "feature_aliases": {
        "soakDays": ["soak days", "soak time", "days in the water"],
        "bait age hrs": ["bait age", "age of the bait", "how old the bait is"],
        "depth_m": ["depth", "water depth", "how deep the pot sits"],
        "Pot Mesh [mm]": ["mesh", "mesh size", "pot mesh"],
        "has_escape_gap": ["escape gap", "escape hatch", "whether it has an escape gap"],
        "Ground": ["ground", "sea bed", "bottom type"],
        "Swell M": ["swell", "swell height", "how big the swell was"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Lobster pots of an invented inshore creel fishery, one row per pot haul, with what the "
        "skipper logged.",
        "feature_descriptions": {
            "soakDays": "days the pot stayed on the bottom before it was hauled",
            "bait age hrs": "hours since the bait was cut when the pot was set",
            "depth_m": "depth of water over the pot at low tide, in metres",
            "Pot Mesh [mm]": "mesh size of the pot's netting, in millimetres",
            "has_escape_gap": "whether the pot has an escape gap for undersized lobsters (True) or not (False)",
            "Ground": "the sea bed under the pot: rock, sand or weed",
            "Swell M": "largest swell during the soak, in metres",
        },
        "target_description": "what the haul brought up: full (a keeper or more in the pot), light (only "
        "undersized animals or nothing) or lost (the pot or its buoy line was not recovered)",
        "model_description": "a scikit-learn RandomForestClassifier (70 trees, depth at most 5, seed 44) on the raw "
        "columns; the ground enters as its code and the escape gap as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic pot hauls; the other 40 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic pot hauls, invented for testing; not a real fishery's log.",
            "Only 40 hauls are held out, so each performance figure moves a lot with one pot.",
        ],
        "label_meanings": {
            "full": "the pot came up with at least one lobster of legal size",
            "light": "the pot came up with undersized lobsters only, or empty",
            "lost": "the pot or its buoy line could not be recovered",
        },
        "probability_meaning": "The share of the forest's trees voting for each haul (from predict_proba); the "
        "three sum to 1 and the haul with the highest share is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(41801)
    n = SIZE
    soak = rng.integers(1, 9, n)
    bait = rng.integers(2, 72, n)
    depth = np.round(rng.uniform(3.0, 30.0, n), 1)
    mesh = rng.choice([40, 50, 60], n)
    gap = rng.random(n) < 0.6
    ground = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    swell = np.round(rng.uniform(0.2, 3.5, n), 1)
    frame = pd.DataFrame(
        {
            "pot_id": np.arange(FIRST_ID, FIRST_ID + n),
            "soakDays": soak,
            "bait age hrs": bait,
            "depth_m": depth,
            "Pot Mesh [mm]": mesh,
            "has_escape_gap": gap,
            "Ground": ground,
            "Swell M": swell,
        }
    )
    loss = 0.9 * (swell - 1.8) + 0.12 * (soak - 4) - 0.03 * (depth - 15) + 0.7 * (ground == 0) + rng.normal(0, 0.5, n)
    catch = -0.03 * (bait - 30) + 0.5 * (ground == 0) - 0.5 * (ground == 1) + 0.2 * (soak - 4)
    catch = catch - 0.6 * gap - 0.03 * (mesh - 50) + rng.normal(0, 0.6, n)
    haul = np.where(loss > 0.9, 2, np.where(catch > 0.0, 0, 1))
    frame["haul"] = haul
    return frame


def held_out_ids() -> list[int]:
    """The 40 pots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1518).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lobster host in memory, fitted on the pots outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.pot_id.isin(test)]
    model = RandomForestClassifier(n_estimators=70, max_depth=5, random_state=44)
    model.fit(train[FEATURES], train.haul)
    return host_from_model(model, frame[["pot_id", *FEATURES, "haul"]], test_ids=test, **LOBSTER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
