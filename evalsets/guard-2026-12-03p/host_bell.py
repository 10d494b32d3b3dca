"""The invented `bell` host of guard set P: bells cast at an invented foundry, judged in tune or sent to recast.

`load_host()` makes a small synthetic frame of cast bells (seeded), holds out 80 of the 400, fits a Bernoulli naive
Bayes model behind a standard scaler on the other 320 (each scaled feature is binarised at zero, that is at its
training mean, so the model only sees "above or below the usual" for each feature), and builds the host from the
model, the frame, the held-out ids and the fields of its host config with `simxai.hosts.host_from_model`, so the
host's metrics are computed on bells the model never saw. It follows the pattern of set O's `host_loaf.py`. Nothing
here comes from a data set: the domain, its columns and its words were invented for set P.

    python evalsets/guard-2026-12-03p/host_bell.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BELL_CONFIG", "load_host"]

#: Bells held out from fitting (the model's metrics are computed on them).
HELD_OUT = 80

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BELL_CONFIG: dict[str, Any] = {
    "name": "bell foundry tuning log",
    "target": "tuning",
    "class_names": {"0": "in_tune", "1": "recast"},
    "instance_noun": "bell",
    "id_column": "bell_id",
    "category_names": {
        "mould": {"0": "loam", "1": "sand"},
        "alloy": {"0": "standard", "1": "high_tin", "2": "silicon"},
    },
    "immutable_features": ["mould", "alloy"],
    "feature_aliases": {
        "tin_pct": ["tin", "tin content", "tin share"],
        "wall_mm": ["wall thickness", "thickness of the wall", "wall"],
        "pour_temp_c": ["pouring temperature", "pour temperature", "how hot it was poured"],
        "cooling_hours": ["cooling time", "hours in the pit", "cooling"],
        "diameter_cm": ["diameter", "mouth diameter", "size of the bell"],
        "porosity_pct": ["porosity", "air pockets", "voids"],
        "mould": ["mould type", "the mould"],
        "alloy": ["alloy type", "the alloy", "bronze"],
    },
    "seed": 0,
    "background_size": 40,
    "cards": {
        "description": "Bells cast at an invented foundry, one row per bell as written in its tuning log; the label "
        "is the tuner's call after striking the bell: in_tune (its partials can be trued on the lathe) or "
        "recast (too far out, melted down and poured again).",
        "feature_descriptions": {
            "mould": "the mould the bell was cast in",
            "alloy": "the bronze alloy poured",
            "tin_pct": "tin as a percent of the bronze's weight",
            "wall_mm": "wall thickness at the sound bow, in millimetres",
            "pour_temp_c": "temperature of the bronze at pouring, in degrees Celsius",
            "cooling_hours": "hours the bell cooled in the casting pit",
            "diameter_cm": "diameter at the mouth, in centimetres",
            "porosity_pct": "share of the sound bow with voids on the ultrasound scan, in percent",
        },
        "target_description": "the tuner's call after striking the bell",
        "model_description": "A Bernoulli naive Bayes model behind a standard scaler: each scaled feature is "
        "binarised at zero (above or below its training mean) and the features are taken as independent given "
        "the label.",
        "training": "Fitted on 320 of the 400 synthetic bells with a seeded split; 80 are held out.",
        "limitations": [
            "Synthetic bells, invented for testing; not a real foundry's log.",
            "Each feature is cut at its training mean, so the model cannot tell a little above the mean from far "
            "above it.",
            "Naive Bayes treats the features as independent given the label; its probabilities are often too extreme.",
        ],
        "label_meanings": {
            "in_tune": "the bell's partials are close enough to be trued on the tuning lathe",
            "recast": "the bell is too far out of tune and is melted down to be poured again",
        },
        "probability_meaning": "The naive Bayes posterior of the label (predict_proba); not calibrated.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(9301)
    n = 400
    mould = rng.choice(2, n, p=[0.55, 0.45])
    alloy = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "bell_id": np.arange(93001, 93001 + n),
            "mould": mould,
            "alloy": alloy,
            "tin_pct": np.round(rng.normal(22, 1.5, n).clip(17, 27), 1),
            "wall_mm": np.round(rng.normal(60, 12, n).clip(30, 100)).astype(int),
            "pour_temp_c": np.round(rng.normal(1120, 30, n).clip(1040, 1200)).astype(int),
            "cooling_hours": np.round(rng.gamma(4.0, 12.0, n).clip(8, 150)).astype(int),
            "diameter_cm": np.round(rng.normal(70, 20, n).clip(25, 140)).astype(int),
            "porosity_pct": np.round(rng.gamma(2.0, 1.0, n).clip(0.1, 9), 1),
        }
    )
    recast = (
        0.45 * (frame.porosity_pct - 2)
        - 0.02 * (frame.cooling_hours - 48)
        + 0.35 * np.abs(frame.tin_pct - 22)
        - 0.02 * (frame.pour_temp_c - 1120)
        + 0.015 * (frame.diameter_cm - 70)
        + 0.4 * (mould == 1)
        + 0.3 * (alloy == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["tuning"] = (recast > 0.5).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented bell host in memory, its model fitted on the 320 outside the held-out 80."""
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import BernoulliNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("bell_id", "tuning")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.tuning)
    model = make_pipeline(StandardScaler(), BernoulliNB(alpha=1.0, binarize=0.0))
    model.fit(train[features], train.tuning)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.bell_id), **BELL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
