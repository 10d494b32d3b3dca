"""The invented `pump` host of fresh set E: industrial water pumps, healthy or failing, built from a host config.

`load_host()` fits a small synthetic pump-failure model (a seeded random forest on a seeded frame) and builds the host
from the model, the frame and the fields of its host config with `simxai.hosts.host_from_model`, as
`bench/dev_hosts.py` does (the same host `--host-config` would load from those files). Nothing here comes from a data
set: the domain, its columns and its words were invented for set E, so that it measures a host nobody trained on.

    python evalsets/fresh-2026-12-02e/host_pump.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PUMP_CONFIG", "load_host"]

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PUMP_CONFIG: dict[str, Any] = {
    "name": "pump failure",
    "target": "status",
    "class_names": {"0": "healthy", "1": "failing"},
    "instance_noun": "pump",
    "id_column": "pump_id",
    "category_names": {
        "maker": {"0": "aquatec", "1": "borel", "2": "cortina"},
        "site": {"0": "indoor", "1": "outdoor", "2": "offshore"},
    },
    "immutable_features": ["maker", "age"],
    "feature_aliases": {
        "vibration": ["vibe", "shaking"],
        "temperature": ["temp", "bearing temperature"],
        "days_since_service": ["service", "maintenance", "last service"],
        "running_hours": ["hours", "runtime"],
        "load": ["load factor", "duty"],
    },
    "seed": 0,
    "cards": {
        "description": "Water pumps of an invented utility, one row per pump, inspected once; the label says "
        "whether the pump failed within the next 90 days.",
        "feature_descriptions": {
            "age": "age of the pump in years",
            "maker": "the manufacturer of the pump",
            "site": "where the pump is installed",
            "running_hours": "running hours since installation, in thousands",
            "vibration": "vibration velocity in mm/s at inspection",
            "temperature": "bearing temperature in degrees Celsius at inspection",
            "pressure": "outlet pressure in bar",
            "load": "average load as a percentage of rated capacity",
            "days_since_service": "days since the last service",
        },
        "target_description": "whether the pump fails within 90 days of the inspection",
        "model_description": "A random forest of 50 trees.",
        "training": "Fitted on all 480 synthetic pumps with random_state=0.",
        "limitations": ["Synthetic pumps, invented for testing; not real equipment."],
        "label_meanings": {
            "healthy": "the pump runs without failure for the next 90 days",
            "failing": "the pump fails within 90 days and needs a repair",
        },
        "probability_meaning": "The share of trees that vote for the label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(12)
    n = 480
    frame = pd.DataFrame(
        {
            "pump_id": np.arange(20001, 20001 + n),
            "age": rng.integers(1, 31, n),
            "maker": rng.integers(0, 3, n),
            "site": rng.integers(0, 3, n),
            "running_hours": np.round(rng.uniform(2, 120, n), 1),
            "vibration": np.round(rng.gamma(3.0, 1.2, n), 2),
            "temperature": np.round(rng.normal(62, 9, n), 1),
            "pressure": np.round(rng.uniform(2, 9, n), 1),
            "load": rng.integers(30, 101, n),
            "days_since_service": rng.integers(5, 720, n),
        }
    )
    score = (
        0.05 * (frame.age - 15)
        + 0.45 * (frame.vibration - 3.6)
        + 0.08 * (frame.temperature - 62)
        + 0.003 * (frame.days_since_service - 360)
        + 0.02 * (frame.load - 65)
        + 0.6 * (frame.site == 2)
        - 0.4 * (frame.maker == 0)
        + rng.normal(0, 0.7, n)
    )
    frame["status"] = (score > 0.8).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented pump host in memory (the model is fitted on every pump)."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("pump_id", "status")]
    model = RandomForestClassifier(n_estimators=50, random_state=0).fit(frame[features], frame.status)
    return host_from_model(model, frame, **PUMP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
