"""The invented `chimney` host of guard set M: chimney flues of a village sweep's round, clear or due a sweep.

`load_host()` makes a small synthetic frame of inspected chimney flues (seeded), holds out 100 of the 500, fits an
AdaBoost classifier (boosted decision stumps) on the other 400, and builds the host from the model, the frame, the
held-out ids and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config`
would load from those files), so the host's metrics are computed on flues the model never saw. It follows the
pattern of set L's `host_tray.py`. Nothing here comes from a data set: the domain, its columns and its words were
invented for set M, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-03m/host_chimney.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CHIMNEY_CONFIG", "load_host"]

#: Flues held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CHIMNEY_CONFIG: dict[str, Any] = {
    "name": "chimney flue inspection",
    "target": "inspection",
    "class_names": {"0": "clear", "1": "needs_sweep"},
    "instance_noun": "chimney",
    "id_column": "chimney_id",
    "category_names": {
        "fuel": {"0": "wood", "1": "coal", "2": "gas", "3": "oil"},
        "liner": {"0": "clay", "1": "steel", "2": "unlined"},
        "cap": {"0": "none", "1": "mesh", "2": "cowl"},
    },
    "immutable_features": ["fuel", "liner"],
    "feature_aliases": {
        "months_since_sweep": ["months since the last sweep", "time since sweeping", "last sweep"],
        "fires_per_week": ["fires a week", "how often it is lit", "burning frequency"],
        "wood_moisture_pct": ["wood moisture", "how damp the logs are", "moisture of the fuel"],
        "flue_height_m": ["flue height", "how tall the flue is", "chimney height"],
        "draught_pa": ["draught", "draft", "pull of the flue"],
        "building_age_years": ["age of the house", "building age", "how old the house is"],
        "cap": ["chimney cap", "pot cover", "cowl"],
    },
    "seed": 0,
    "background_size": 50,
    "cards": {
        "description": "Chimney flues inspected on the round of an invented village sweep, one row per flue; the "
        "label says whether the inspector found the flue clear or due a sweep.",
        "feature_descriptions": {
            "fuel": "what is burnt in the fireplace or stove below",
            "liner": "what the flue is lined with",
            "cap": "what sits on top of the chimney pot",
            "months_since_sweep": "months since the flue was last swept",
            "fires_per_week": "average number of fires lit per week in the heating season",
            "wood_moisture_pct": "moisture content of the fuel burnt, in percent (0 for gas and oil)",
            "flue_height_m": "height of the flue from the fireplace to the pot, in metres",
            "draught_pa": "draught measured at the appliance, in pascals",
            "building_age_years": "age of the house, in years",
        },
        "target_description": "whether the flue needs sweeping",
        "model_description": "An AdaBoost classifier: 60 decision stumps (trees of depth one) boosted with the "
        "SAMME algorithm, learning rate 0.5.",
        "training": "Fitted on 400 of the 500 synthetic flues with a seeded split; 100 are held out.",
        "limitations": [
            "Synthetic flues, invented for testing; not real inspection records.",
            "Fuel, liner and cap enter as category codes, so the stumps split them as numbers on a line.",
        ],
        "label_meanings": {
            "clear": "the inspector found the flue clean enough to use until the next visit",
            "needs_sweep": "the inspector found soot or tar deposits or a blockage that call for a sweep",
        },
        "probability_meaning": "The boosted vote of the stumps turned into a share for the label (predict_proba); "
        "not calibrated.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7002)
    n = 500
    fuel = rng.choice(4, n, p=[0.45, 0.15, 0.25, 0.15])
    liner = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    cap = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    solid = (fuel <= 1).astype(float)
    frame = pd.DataFrame(
        {
            "chimney_id": np.arange(70001, 70001 + n),
            "fuel": fuel,
            "liner": liner,
            "cap": cap,
            "months_since_sweep": rng.integers(1, 37, n),
            "fires_per_week": np.round(rng.uniform(0, 7, n), 1),
            "wood_moisture_pct": np.round(solid * rng.normal(22, 6, n).clip(8, 40), 0),
            "flue_height_m": np.round(rng.normal(7, 1.8, n).clip(3.5, 12), 1),
            "draught_pa": np.round(rng.normal(12, 4, n).clip(2, 25), 1),
            "building_age_years": rng.integers(5, 201, n),
        }
    )
    score = (
        0.09 * (frame.months_since_sweep - 14)
        + 0.25 * (frame.fires_per_week - 3.5)
        + 0.08 * (frame.wood_moisture_pct - 15) * solid
        - 0.12 * (frame.draught_pa - 12)
        + 0.6 * (frame.liner == 2)
        - 0.5 * (frame.cap == 1)
        + 0.004 * (frame.building_age_years - 100)
        - 0.7 * (frame.fuel == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["inspection"] = (score > 0.2).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented chimney host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.model_selection import train_test_split

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("chimney_id", "inspection")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.inspection)
    model = AdaBoostClassifier(n_estimators=60, learning_rate=0.5, random_state=0)
    model.fit(train[features], train.inspection)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.chimney_id), **CHIMNEY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
