"""The invented `forge` host of writer w73: the inspector's call on each piece leaving a blacksmith's forge.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the steel as its
code, no `Pipeline`) on 240 of the 300 pieces and builds the host from the model, the frame, the ids of the 60
held-out pieces and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: each
forged piece is passed as it is (`pass`), sent back to the anvil (`rework`) or thrown in the scrap bin (`scrap`).
Nothing here comes from a data set: the domain, its columns and its words were invented by w73 so that the router
meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w73/host_forge.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FORGE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 150601
SIZE = 300
FEATURES = [
    "steel",
    "forging temp (C)",
    "hammer_blows",
    "QuenchSeconds",
    "bar thickness (mm)",
    "smith_years",
    "ReheatCount",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FORGE_CONFIG: dict[str, Any] = {
    "name": "forge inspection calls",
    "target": "inspection",
    "class_names": {"0": "pass", "1": "rework", "2": "scrap"},
    "instance_noun": "piece",
    "id_column": "piece_no",
    "category_names": {"steel": {"0": "mild steel", "1": "spring steel", "2": "tool steel"}},
    "immutable_features": ["steel"],
    "feature_aliases": {
        "steel": ["steel", "steel type", "stock"],
        "forging temp (C)": ["temperature", "forging temperature", "heat", "temp"],
        "hammer_blows": ["blows", "hammer blows", "strikes"],
        "QuenchSeconds": ["quench", "quench time", "seconds in the quench"],
        "bar thickness (mm)": ["thickness", "bar thickness", "bar size"],
        "smith_years": ["experience", "smith's years", "years at the anvil"],
        "ReheatCount": ["reheats", "heats", "times back in the fire"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pieces leaving an invented blacksmith's forge, one row per forged piece, with the "
        "inspector's call on it.",
        "feature_descriptions": {
            "steel": "the bar stock: mild steel, spring steel or tool steel",
            "forging temp (C)": "the working temperature of the bar, in degrees Celsius",
            "hammer_blows": "hammer blows counted while shaping the piece",
            "QuenchSeconds": "seconds the piece spent in the quench tank",
            "bar thickness (mm)": "thickness of the starting bar, in millimetres",
            "smith_years": "years of experience of the smith who made it",
            "ReheatCount": "times the piece went back into the fire",
        },
        "target_description": "the inspector's call on the piece: pass, rework or scrap",
        "model_description": "A random forest (100 trees, at most 7 levels deep) on the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic pieces; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic pieces, invented for testing; not a real forge's log.",
            "Does not know the weather in the shop, the coal or the customer's drawing.",
        ],
        "label_meanings": {
            "pass": "the piece goes to the customer as it is",
            "rework": "the piece goes back to the anvil to be corrected",
            "scrap": "the piece is thrown in the scrap bin",
        },
        "probability_meaning": "The share of the forest's trees voting for each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(150611)
    n = SIZE
    steel = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "piece_no": np.arange(FIRST_ID, FIRST_ID + n),
            "steel": steel,
            "forging temp (C)": rng.integers(700, 1251, n),
            "hammer_blows": rng.integers(5, 81, n),
            "QuenchSeconds": np.round(rng.uniform(2.0, 30.0, n), 1),
            "bar thickness (mm)": rng.integers(6, 41, n),
            "smith_years": rng.integers(0, 31, n),
            "ReheatCount": rng.integers(0, 7, n),
        }
    )
    bad = (
        0.006 * np.abs(frame["forging temp (C)"] - 1000)
        + 0.02 * frame.hammer_blows
        + 0.06 * np.abs(frame.QuenchSeconds - 12) * (steel > 0)
        - 0.06 * frame.smith_years
        + 0.35 * frame.ReheatCount
        + 0.4 * (steel == 2)
        + rng.normal(0, 0.6, n)
    )
    low, high = np.quantile(bad, [0.42, 0.76])
    frame["inspection"] = np.where(bad < low, 0, np.where(bad < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 pieces the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1506).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented forge host in memory, its model fitted on the pieces outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.piece_no.isin(test)]
    model = RandomForestClassifier(n_estimators=100, max_depth=7, random_state=0)
    model.fit(train[FEATURES], train.inspection)
    return host_from_model(model, frame[["piece_no", *FEATURES, "inspection"]], test_ids=test, **FORGE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
