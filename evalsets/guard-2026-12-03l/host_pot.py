"""The invented `pot` host of guard set L: studio pottery that comes out of the kiln intact or cracked.

`load_host()` makes a small synthetic frame of fired pots (seeded), holds out 100 of the 500, fits a Gaussian
naive Bayes classifier on the other 400, and builds the host from the model, the frame, the held-out ids and the
fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config` would load from
those files), so the host's metrics are computed on pots the model never saw. It follows the pattern of set K's
`host_hive.py`. Nothing here comes from a data set: the domain, its columns and its words were invented for set
L, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-03l/host_pot.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["POT_CONFIG", "load_host"]

#: Pots held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
POT_CONFIG: dict[str, Any] = {
    "name": "pottery kiln firings",
    "target": "firing_outcome",
    "class_names": {"0": "intact", "1": "cracked"},
    "instance_noun": "pot",
    "id_column": "pot_id",
    "category_names": {
        "clay_body": {"0": "stoneware", "1": "porcelain", "2": "earthenware"},
        "kiln_type": {"0": "electric", "1": "gas", "2": "wood"},
        "glaze": {"0": "unglazed", "1": "celadon", "2": "tenmoku", "3": "shino"},
    },
    "immutable_features": ["clay_body", "kiln_type"],
    "feature_aliases": {
        "wall_thickness_mm": ["wall thickness", "thickness of the walls", "how thick the pot is"],
        "drying_days": ["drying time", "days of drying", "how long it dried"],
        "peak_temp_c": ["peak temperature", "top temperature", "firing temperature"],
        "cooling_hours": ["cooling time", "cool-down", "hours of cooling"],
        "moisture_pct": ["moisture", "water content", "dampness at loading"],
        "height_cm": ["height", "how tall the pot is"],
        "glaze": ["glaze", "glaze type", "finish"],
    },
    "seed": 0,
    "cards": {
        "description": "Pots thrown at an invented community ceramics studio, one row per pot fired; the label "
        "says whether it came out of the kiln whole or with a crack.",
        "feature_descriptions": {
            "clay_body": "the clay the pot was made from",
            "kiln_type": "the kiln it was fired in",
            "glaze": "the glaze on the pot, if any",
            "wall_thickness_mm": "thickness of the wall at its thickest point, in millimetres",
            "drying_days": "days the pot dried before it was loaded",
            "peak_temp_c": "the highest temperature of the firing, in degrees Celsius",
            "cooling_hours": "hours from the peak until the kiln was opened",
            "moisture_pct": "water left in the clay when it was loaded, in percent of its weight",
            "height_cm": "height of the pot in centimetres",
        },
        "target_description": "whether the pot cracked in the firing",
        "model_description": "A Gaussian naive Bayes classifier (one normal distribution per feature and label, "
        "default variance smoothing).",
        "training": "Fitted on 400 of the 500 synthetic pots with a seeded split; 100 are held out.",
        "limitations": [
            "Synthetic pots, invented for testing; not real studio records.",
            "Naive Bayes treats every feature as independent given the label, so it misses interactions "
            "(a thick wall matters more when the pot was loaded damp).",
        ],
        "label_meanings": {
            "intact": "the pot came out of the kiln without a crack",
            "cracked": "the pot came out with at least one crack through the wall or the base",
        },
        "probability_meaning": "The naive Bayes posterior for the label (predict_proba); naive Bayes posteriors "
        "are often too close to 0 or 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6301)
    n = 500
    clay_body = rng.choice(3, n, p=[0.5, 0.2, 0.3])
    kiln_type = rng.choice(3, n, p=[0.55, 0.3, 0.15])
    glaze = rng.choice(4, n, p=[0.2, 0.3, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "pot_id": np.arange(63001, 63001 + n),
            "clay_body": clay_body,
            "kiln_type": kiln_type,
            "glaze": glaze,
            "wall_thickness_mm": np.round(rng.normal(8, 2.2, n).clip(3, 15), 1),
            "drying_days": rng.integers(1, 15, n),
            "peak_temp_c": np.round(rng.normal(1200, 70, n).clip(1000, 1320), -1),
            "cooling_hours": rng.integers(6, 49, n),
            "moisture_pct": np.round(rng.gamma(2.0, 1.0, n).clip(0.3, 8), 1),
            "height_cm": np.round(rng.uniform(5, 60, n), 0),
        }
    )
    score = (
        0.25 * (frame.wall_thickness_mm - 8)
        - 0.15 * (frame.drying_days - 7)
        + 0.45 * (frame.moisture_pct - 2)
        - 0.05 * (frame.cooling_hours - 24)
        + 0.02 * (frame.height_cm - 30)
        + 0.006 * (frame.peak_temp_c - 1200)
        + 0.5 * (frame.clay_body == 1)
        + 0.4 * (frame.kiln_type == 2)
        + 0.3 * (frame.glaze == 3)
        + rng.normal(0, 0.8, n)
    )
    frame["firing_outcome"] = (score > 0.3).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented pot host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("pot_id", "firing_outcome")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.firing_outcome)
    model = GaussianNB()
    model.fit(train[features], train.firing_outcome)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.pot_id), **POT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
