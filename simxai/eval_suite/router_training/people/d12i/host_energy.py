"""The invented `energy` host of the d12i dev dialogues: household energy use, normal or high, from a host config.

`load_host()` fits a small synthetic energy-use model (a seeded random forest on a seeded frame) and builds the host
from the model, the frame and the fields of its host config with `simxai.hosts.host_from_model` (the same host
`--host-config` would load from those files), following the pattern of `bench/dev_hosts.py`. Nothing here comes from a
data set: the domain, its columns and its words were invented for these dialogues, so that they measure a host nobody
trained on.

    python simxai/eval_suite/router_training/people/d12i/host_energy.py     # builds the host, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ENERGY_CONFIG", "load_host"]

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ENERGY_CONFIG: dict[str, Any] = {
    "name": "household energy use",
    "target": "usage",
    "class_names": {"0": "normal", "1": "high"},
    "instance_noun": "household",
    "id_column": "household_id",
    "category_names": {
        "heating": {"0": "gas", "1": "electric", "2": "heat_pump"},
        "insulation": {"0": "poor", "1": "fair", "2": "good"},
        "solar": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["building_age"],
    "feature_aliases": {
        "floor_area": ["area", "size", "square metres"],
        "occupants": ["people", "residents"],
        "thermostat": ["temperature setting", "setpoint"],
        "building_age": ["age of the building", "house age"],
    },
    "seed": 0,
    "cards": {
        "description": "Households of an invented utility, one row per household, for one winter.",
        "feature_descriptions": {
            "floor_area": "heated floor area in square metres",
            "occupants": "people living in the household",
            "heating": "the main heating system",
            "insulation": "the insulation grade of the building",
            "building_age": "age of the building in years",
            "thermostat": "the usual thermostat setting in degrees Celsius",
            "solar": "whether the household has solar panels",
        },
        "target_description": "whether the household's winter energy use is high for its size",
        "model_description": "A random forest of 40 trees.",
        "training": "Fitted on all 400 synthetic households with random_state=0.",
        "limitations": ["Synthetic households, invented for testing; not real homes."],
        "label_meanings": {"normal": "energy use in the usual range", "high": "energy use well above the usual"},
        "probability_meaning": "The share of trees that vote for the label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(21)
    n = 400
    frame = pd.DataFrame(
        {
            "household_id": np.arange(8001, 8001 + n),
            "floor_area": rng.integers(35, 221, n),
            "occupants": rng.integers(1, 7, n),
            "heating": rng.integers(0, 3, n),
            "insulation": rng.integers(0, 3, n),
            "building_age": rng.integers(1, 121, n),
            "thermostat": np.round(rng.uniform(16, 24, n), 1),
            "solar": (rng.uniform(0, 1, n) < 0.3).astype(int),
        }
    )
    score = (
        0.01 * (frame.floor_area - 120)
        + 0.25 * (frame.occupants - 3)
        + 0.5 * (frame.heating == 1)
        - 0.4 * (frame.heating == 2)
        - 0.6 * frame.insulation
        + 0.01 * (frame.building_age - 60)
        + 0.35 * (frame.thermostat - 20)
        - 0.7 * frame.solar
        + rng.normal(0, 0.6, n)
    )
    frame["usage"] = (score > -0.3).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented energy host in memory (the model is fitted on every household)."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("household_id", "usage")]
    model = RandomForestClassifier(n_estimators=40, random_state=0).fit(frame[features], frame.usage)
    return host_from_model(model, frame, **ENERGY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
