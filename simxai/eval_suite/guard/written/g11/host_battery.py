"""The invented `battery` host of guard writer g11: battery packs that stay healthy or become degraded.

`load_host()` fits a small synthetic model (a seeded `HistGradientBoostingClassifier`, a model family no earlier
invented host used, on a seeded frame of 400 packs, fitted on 320 of them) and builds the host from the model, the
frame, the ids of the 80 held-out packs and the fields of its host config with
`simxai.hosts.in_memory.host_from_model`, following the pattern of w16's `host_tenant.py`. Nothing here comes from
a data set: the domain, its columns and its words were invented by g11.

    python simxai/eval_suite/guard/written/g11/host_battery.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BATTERY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 49001
SIZE = 400
NUMERIC = [
    "charge_cycles",
    "avg_temp_c",
    "depth_of_discharge_pct",
    "fast_charge_share",
    "age_months",
    "capacity_kwh",
    "internal_resistance_mohm",
]
CATEGORICAL = ["cell_chemistry", "pack_vendor"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BATTERY_CONFIG: dict[str, Any] = {
    "name": "battery pack health",
    "target": "degraded",
    "class_names": {"0": "healthy", "1": "degraded"},
    "instance_noun": "pack",
    "id_column": "pack_id",
    "category_names": {
        "cell_chemistry": {"0": "nmc", "1": "lfp", "2": "nca"},
        "pack_vendor": {"0": "voltaris", "1": "nordcell", "2": "kanto_energy", "3": "brightstack"},
    },
    "immutable_features": ["cell_chemistry", "pack_vendor", "capacity_kwh"],
    "feature_aliases": {
        "charge_cycles": ["cycles", "cycle count", "number of charges"],
        "avg_temp_c": ["temperature", "operating temperature", "how warm it runs"],
        "depth_of_discharge_pct": ["depth of discharge", "DoD", "how deep it is drained"],
        "fast_charge_share": ["fast charging", "share of fast charges", "rapid charging"],
        "age_months": ["age", "pack age", "how old it is"],
        "capacity_kwh": ["capacity", "pack size", "rated capacity"],
        "internal_resistance_mohm": ["resistance", "internal resistance", "impedance"],
        "cell_chemistry": ["chemistry", "cell type"],
        "pack_vendor": ["vendor", "manufacturer", "supplier"],
    },
    "seed": 0,
    "cards": {
        "description": "Stationary and vehicle battery packs monitored by an invented fleet-service company, one "
        "row per pack from its 2026 telemetry snapshot.",
        "feature_descriptions": {
            "charge_cycles": "full-equivalent charge cycles so far",
            "avg_temp_c": "average cell temperature while in use, in degrees Celsius",
            "depth_of_discharge_pct": "typical depth of discharge per cycle, in % of capacity",
            "fast_charge_share": "share of charges done on fast (DC) chargers, 0 to 1",
            "age_months": "months since the pack was commissioned",
            "capacity_kwh": "rated capacity in kWh",
            "internal_resistance_mohm": "measured internal resistance of the pack in milliohms",
            "cell_chemistry": "nmc, lfp or nca cells",
            "pack_vendor": "voltaris, nordcell, kanto_energy or brightstack",
        },
        "target_description": "whether the pack fell below 80 % of its rated capacity within the next 6 months",
        "model_description": "A histogram gradient-boosting classifier (scikit-learn HistGradientBoostingClassifier, "
        "100 iterations, max depth 3, learning rate 0.1).",
        "training": "Fitted on 320 of the 400 synthetic packs; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic packs, invented for testing; not real telemetry.",
            "A snapshot model: it does not see how the pack was used over time, only averages.",
            "Meant to plan inspections, not to decide on warranty claims.",
        ],
        "label_meanings": {
            "healthy": "the pack kept at least 80 % of its rated capacity over the next 6 months",
            "degraded": "the pack fell below 80 % of its rated capacity within 6 months",
        },
        "probability_meaning": "The model's estimated probability of each label (not calibrated).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(4911)
    n = SIZE
    chemistry = rng.choice(3, n, p=[0.5, 0.35, 0.15])
    vendor = rng.choice(4, n, p=[0.35, 0.25, 0.25, 0.15])
    age = rng.integers(3, 97, n)
    cycles = np.clip(np.round(age * rng.normal(12, 4, n)), 20, 2500).astype(int)
    temp = np.round(rng.normal(29, 6, n), 1)
    dod = np.clip(np.round(rng.normal(70, 15, n)), 20, 100).astype(int)
    fast = np.round(np.clip(rng.beta(2, 4, n), 0, 1), 2)
    capacity = np.round(rng.choice([13.5, 40.0, 60.0, 75.0, 100.0], n, p=[0.2, 0.2, 0.25, 0.2, 0.15]), 1)
    resistance = np.round(rng.normal(45, 8, n) + 0.012 * cycles + 0.4 * (temp - 29), 1)
    frame = pd.DataFrame(
        {
            "pack_id": np.arange(FIRST_ID, FIRST_ID + n),
            "charge_cycles": cycles,
            "avg_temp_c": temp,
            "depth_of_discharge_pct": dod,
            "fast_charge_share": fast,
            "age_months": age,
            "capacity_kwh": capacity,
            "internal_resistance_mohm": resistance,
            "cell_chemistry": chemistry,
            "pack_vendor": vendor,
        }
    )
    score = (
        0.0018 * (frame.charge_cycles - 600)
        + 0.09 * (frame.avg_temp_c - 29)
        + 0.025 * (frame.depth_of_discharge_pct - 70)
        + 2.0 * (frame.fast_charge_share - 0.33)
        + 0.01 * (frame.age_months - 50)
        + 0.04 * (frame.internal_resistance_mohm - 52)
        - 0.8 * (frame.cell_chemistry == 1)
        + 0.3 * (frame.cell_chemistry == 2)
        + 0.35 * (frame.pack_vendor == 3)
        + rng.normal(0, 0.8, n)
    )
    frame["degraded"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 packs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(49).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented battery host in memory, its model fitted on the packs outside `held_out_ids()`."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.pack_id.isin(test)]
    model = HistGradientBoostingClassifier(max_iter=100, max_depth=3, learning_rate=0.1, random_state=0)
    model.fit(train[features], train.degraded)
    return host_from_model(model, frame[["pack_id", *features, "degraded"]], test_ids=test, **BATTERY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
