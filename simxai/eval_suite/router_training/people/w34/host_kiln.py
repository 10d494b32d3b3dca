"""The invented `kiln` host of writer w34: firings of an invented community pottery studio's gas kiln.

`load_host()` fits a small synthetic model (a seeded `MLPClassifier`, one hidden layer of 12 units, behind a scaler
and a one-hot encoder for the clay body) on 240 of the 300 firings and builds the host with
`simxai.hosts.host_from_model`, following the pattern of w32's hosts. Three labels: a firing comes out `sound`,
`cracked` or `bloated`. Nothing here comes from a data set: the domain, its columns and its words were invented by
w34.

    python simxai/eval_suite/router_training/people/w34/host_kiln.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KILN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 104601
SIZE = 300
NUMERIC = ["peak_temp_c", "ramp_c_per_hr", "hold_min", "wall_mm", "moisture_pct", "cooldown_hr", "kiln_firings"]
CATEGORICAL = ["clay_body"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
KILN_CONFIG: dict[str, Any] = {
    "name": "kiln firing outcome",
    "target": "outcome",
    "class_names": {"0": "sound", "1": "cracked", "2": "bloated"},
    "instance_noun": "firing",
    "id_column": "firing_id",
    "categorical_features": CATEGORICAL,
    "category_names": {"clay_body": {"0": "stoneware", "1": "porcelain", "2": "earthenware"}},
    "immutable_features": ["clay_body", "kiln_firings"],
    "feature_aliases": {
        "clay_body": ["clay", "clay body", "body"],
        "peak_temp_c": ["peak temperature", "top temperature", "peak", "temperature"],
        "ramp_c_per_hr": ["ramp", "ramp rate", "heating rate", "climb"],
        "hold_min": ["hold", "soak", "hold time", "soak time"],
        "wall_mm": ["wall thickness", "walls", "thickness"],
        "moisture_pct": ["moisture", "dampness", "water content"],
        "cooldown_hr": ["cooldown", "cooling", "cooling time"],
        "kiln_firings": ["kiln age", "firings on the kiln", "elements age"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Firings of an invented community pottery studio's gas kiln, one row per load, used by the "
        "studio volunteers to plan schedules and warn members about risky loads.",
        "feature_descriptions": {
            "clay_body": "the clay body of most of the load: stoneware, porcelain or earthenware",
            "peak_temp_c": "the peak temperature reached, in degrees Celsius",
            "ramp_c_per_hr": "the heating rate in the last hour before peak, in degrees per hour",
            "hold_min": "the hold (soak) at peak, in minutes",
            "wall_mm": "typical wall thickness of the pieces, in millimetres",
            "moisture_pct": "moisture of the greenware at loading, in percent",
            "cooldown_hr": "hours from peak until the kiln was opened",
            "kiln_firings": "number of firings the kiln had done before this one",
        },
        "target_description": "whether the load came out sound, with cracks, or with bloating",
        "model_description": "A small neural network (multi-layer perceptron, one hidden layer of 12 units, "
        "L-BFGS solver) on the scaled columns; the clay body one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic firings; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic firings, invented for testing; not a real studio's records.",
            "Does not know about glaze faults, kiln wash, shelf placement or power cuts.",
        ],
        "label_meanings": {
            "sound": "the load came out without cracks or bloats on most pieces",
            "cracked": "several pieces cracked or dunted",
            "bloated": "several pieces bloated or blistered from over-firing",
        },
        "probability_meaning": "The network's softmax share for each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(104646)
    n = SIZE
    body = rng.choice(3, n, p=[0.45, 0.25, 0.30])
    peak = np.round(np.where(body == 2, 1080, 1250) + rng.normal(0, 30, n)).astype(int)
    frame = pd.DataFrame(
        {
            "firing_id": np.arange(FIRST_ID, FIRST_ID + n),
            "clay_body": body,
            "peak_temp_c": peak,
            "ramp_c_per_hr": np.round(np.clip(rng.normal(110, 40, n), 30, 250)).astype(int),
            "hold_min": rng.choice([0, 10, 15, 20, 30, 45, 60], n),
            "wall_mm": np.round(np.clip(rng.normal(7, 2.2, n), 3, 15), 1),
            "moisture_pct": np.round(np.clip(rng.gamma(2.0, 1.0, n), 0.2, 9), 1),
            "cooldown_hr": np.round(np.clip(rng.normal(14, 4, n), 4, 26)).astype(int),
            "kiln_firings": rng.integers(5, 400, n),
        }
    )
    crack = (
        0.012 * frame.ramp_c_per_hr
        + 0.15 * frame.wall_mm
        + 0.35 * frame.moisture_pct
        - 0.08 * frame.cooldown_hr
        + rng.normal(0, 0.5, n)
    )
    nominal = np.where(body == 2, 1080, 1250)
    bloat = (
        0.03 * (frame.peak_temp_c - nominal)
        + 0.02 * frame.hold_min
        + 0.6 * (body == 2)
        + 0.002 * frame.kiln_firings
        + rng.normal(0, 0.5, n)
    )
    frame["outcome"] = np.select([crack > 1.9, bloat > 1.0], [1, 2], 0)
    return frame


def held_out_ids() -> list[int]:
    """The 60 firings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1046).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kiln host in memory, its model fitted on the firings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.firing_id.isin(test)]
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
                "mlp",
                MLPClassifier(hidden_layer_sizes=(12,), alpha=1.0, solver="lbfgs", max_iter=3000, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["firing_id", *FEATURES, "outcome"]], test_ids=test, **KILN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
