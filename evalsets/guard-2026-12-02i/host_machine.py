"""The invented `machine` host of guard set I: factory machines that run or fail within a month, from a host config.

`load_host()` makes a small synthetic frame of factory machines (seeded), holds out 100 of the 500, fits a seeded
logistic regression (after standard scaling) on the other 400, builds the host from the model, the frame, the
held-out ids and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config`
would load from those files), so the host's metrics are computed on machines the model never saw. It follows the
pattern of set H's `host_transaction.py`. Nothing here comes from a data set: the domain, its columns and its words
were invented for set I, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-02i/host_machine.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MACHINE_CONFIG", "load_host"]

#: Machines held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MACHINE_CONFIG: dict[str, Any] = {
    "name": "factory machines",
    "target": "failure",
    "class_names": {"0": "runs", "1": "fails"},
    "instance_noun": "machine",
    "id_column": "machine_id",
    "category_names": {
        "line": {"0": "stamping", "1": "welding", "2": "painting", "3": "assembly"},
        "manufacturer": {"0": "kessler", "1": "marrow", "2": "tanaka_works"},
    },
    "immutable_features": ["line", "manufacturer"],
    "feature_aliases": {
        "vibration_mm_s": ["vibration", "vibration level", "shaking"],
        "temperature_c": ["temperature", "operating temperature", "how hot it runs"],
        "hours_since_service": ["hours since service", "time since the last service", "service gap"],
        "age_years": ["machine age", "age", "how old the machine is"],
        "load_pct": ["load", "utilisation", "workload"],
        "oil_quality_index": ["oil quality", "lubricant condition"],
        "error_count_7d": ["errors", "error count", "faults logged this week"],
        "spindle_speed_rpm": ["spindle speed", "rpm", "rotation speed"],
    },
    "seed": 0,
    "cards": {
        "description": "Machines of an invented factory, one row per machine; the label says whether the machine "
        "broke down (an unplanned stop) within the following 30 days.",
        "feature_descriptions": {
            "line": "the production line the machine stands on",
            "manufacturer": "who built the machine",
            "vibration_mm_s": "RMS vibration velocity in mm/s",
            "temperature_c": "mean operating temperature in degrees Celsius",
            "hours_since_service": "operating hours since the last maintenance service",
            "age_years": "years since the machine was installed",
            "load_pct": "mean load as a percentage of rated capacity",
            "oil_quality_index": "lubricant condition index, 0 (spent) to 100 (fresh)",
            "error_count_7d": "error codes logged in the last 7 days",
            "spindle_speed_rpm": "mean spindle speed in revolutions per minute",
        },
        "target_description": "whether the machine failed (an unplanned stop) within 30 days",
        "model_description": "A logistic regression on standardised features (L2 penalty, C=1.0).",
        "training": "Fitted on 400 of the 500 synthetic machines with a seeded split; 100 are held out.",
        "limitations": [
            "Synthetic machines, invented for testing; not real plant data.",
            "Linear in the features: it cannot represent interactions such as heat mattering only under high load.",
        ],
        "label_meanings": {
            "runs": "the machine kept running without an unplanned stop for 30 days",
            "fails": "the machine had an unplanned stop within 30 days",
        },
        "probability_meaning": "The logistic model's estimated probability of the label, from its linear score.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3501)
    n = 500
    line = rng.choice(4, n, p=[0.3, 0.25, 0.2, 0.25])
    manufacturer = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "machine_id": np.arange(35001, 35001 + n),
            "line": line,
            "manufacturer": manufacturer,
            "vibration_mm_s": np.round(rng.gamma(3.0, 1.2, n), 2),
            "temperature_c": np.round(rng.normal(62, 9, n), 1),
            "hours_since_service": rng.integers(20, 2400, n),
            "age_years": np.round(rng.uniform(0.5, 22, n), 1),
            "load_pct": np.round(np.clip(rng.normal(68, 15, n), 15, 110), 1),
            "oil_quality_index": np.round(np.clip(rng.normal(70, 15, n), 5, 100), 0),
            "error_count_7d": rng.poisson(1.8, n),
            "spindle_speed_rpm": np.round(rng.normal(3000, 600, n), -1),
        }
    )
    score = (
        0.45 * (frame.vibration_mm_s - 3.6)
        + 0.06 * (frame.temperature_c - 62)
        + 0.0009 * (frame.hours_since_service - 1200)
        + 0.05 * (frame.age_years - 11)
        + 0.025 * (frame.load_pct - 68)
        - 0.04 * (frame.oil_quality_index - 70)
        + 0.35 * (frame.error_count_7d - 1.8)
        + 0.3 * (frame.line == 1)
        - 0.2 * (frame.manufacturer == 2)
        + rng.normal(0, 0.9, n)
    )
    frame["failure"] = (score > 0.9).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented machine host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("machine_id", "failure")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.failure)
    model = Pipeline([("scale", StandardScaler()), ("logistic", LogisticRegression(C=1.0, max_iter=1000))])
    model.fit(train[features], train.failure)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.machine_id), **MACHINE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
