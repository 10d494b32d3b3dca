"""The invented `organ` host of writer freshS: the pipes of an invented parish-church pipe organ, one row per pipe.

`load_host()` fits a seeded multi-layer perceptron (`MLPClassifier`) behind a scaler and a one-hot encoder for the
division, on 240 of the 300 pipes, and builds the host with `simxai.hosts.host_from_model`. Three labels: a pipe at
the last inspection was `speaking` (sounds cleanly), `sluggish` (slow or weak speech) or `ciphering` (sounds on its
own without a key pressed). Nothing here comes from a data set: the domain and its columns were invented for this
test set.

    python evalsets/fresh-2026-12-04s/host_organ.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ORGAN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 103101
SIZE = 300
NUMERIC = ["PipeLengthFt", "wind_pressure_mm", "humidityPct", "nave_temp_c", "pipeAgeYears", "ServicesPerWeek"]
CATEGORICAL = ["Division"]
FEATURES = [*CATEGORICAL, *NUMERIC]
ORGAN_CONFIG: dict[str, Any] = {
    "name": "organ pipe speech",
    "target": "Speech",
    "class_names": {"0": "speaking", "1": "sluggish", "2": "ciphering"},
    "instance_noun": "pipe",
    "id_column": "PipeNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Division": {"0": "great", "1": "swell", "2": "pedal"}},
    "immutable_features": ["Division", "pipeAgeYears"],
    "feature_aliases": {
        "Division": ["division", "manual", "department"],
        "PipeLengthFt": ["pipe length", "length", "feet", "speaking length"],
        "wind_pressure_mm": ["wind pressure", "wind", "pressure"],
        "humidityPct": ["humidity", "relative humidity", "damp"],
        "nave_temp_c": ["nave temperature", "temperature", "temp"],
        "pipeAgeYears": ["pipe age", "age", "age of the pipe"],
        "ServicesPerWeek": ["services per week", "services", "use per week"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pipes of an invented parish-church pipe organ, one row per pipe, as noted by the organ "
        "builder at the yearly inspection.",
        "feature_descriptions": {
            "Division": "the division the pipe belongs to: great, swell or pedal",
            "PipeLengthFt": "speaking length of the pipe, in feet (0.5 to 16)",
            "wind_pressure_mm": "wind pressure at the pipe foot, in millimetres of water",
            "humidityPct": "mean relative humidity in the organ loft, in percent",
            "nave_temp_c": "mean winter temperature of the nave, in degrees Celsius",
            "pipeAgeYears": "age of the pipe, in years",
            "ServicesPerWeek": "services and rehearsals played per week",
        },
        "target_description": "how the pipe spoke at the last inspection",
        "model_description": "A multi-layer perceptron (one hidden layer of 16 units) on the scaled columns; the "
        "division one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic pipes; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pipes, invented for testing; not a real organ's records.",
            "Knows nothing about mice, dust in the windchest or the organist's habits.",
        ],
        "label_meanings": {
            "speaking": "the pipe sounds cleanly when its key is pressed",
            "sluggish": "the pipe speaks late or weakly",
            "ciphering": "the pipe sounds on its own, with no key pressed",
        },
        "probability_meaning": "The network's softmax output for each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(103103)
    n = SIZE
    division = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    length = np.where(division == 2, rng.uniform(4, 16, n), rng.uniform(0.5, 8, n)).round(1)
    frame = pd.DataFrame(
        {
            "PipeNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Division": division,
            "PipeLengthFt": length,
            "wind_pressure_mm": np.clip(np.round(rng.normal(80, 10, n)), 60, 110).astype(int),
            "humidityPct": np.clip(np.round(rng.normal(58, 12, n)), 30, 85).astype(int),
            "nave_temp_c": np.clip(np.round(rng.normal(13, 4, n), 1), 4, 24),
            "pipeAgeYears": rng.choice([12, 45, 90, 140, 210], n),
            "ServicesPerWeek": rng.integers(1, 15, n),
        }
    )
    sluggish = (
        0.05 * (80 - frame.wind_pressure_mm)
        + 0.08 * frame.PipeLengthFt
        + 0.006 * frame.pipeAgeYears
        - 0.08 * (frame.nave_temp_c - 13)
        + rng.normal(0, 0.6, n)
    )
    cipher = (
        0.06 * (frame.humidityPct - 58)
        + 0.08 * frame.ServicesPerWeek
        + 0.5 * (frame.Division == 1)
        + 0.004 * frame.pipeAgeYears
        + rng.normal(0, 0.6, n)
    )
    speech = np.zeros(n, dtype=int)
    speech[(sluggish > 1.0) & (sluggish >= cipher)] = 1
    speech[(cipher > 1.0) & (cipher > sluggish)] = 2
    frame["Speech"] = speech
    return frame


def held_out_ids() -> list[int]:
    """The 60 pipes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1031).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented organ host in memory, its model fitted on the pipes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.PipeNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            (
                "network",
                MLPClassifier(hidden_layer_sizes=(16,), alpha=1e-2, max_iter=3000, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Speech)
    return host_from_model(model, frame[["PipeNo", *FEATURES, "Speech"]], test_ids=test, **ORGAN_CONFIG)


if __name__ == "__main__":
    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
