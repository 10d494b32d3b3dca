"""The invented `cask` host of guard set N: wine casks in a cellar, ready to bottle, to keep ageing, or spoiled.

`load_host()` makes a small synthetic frame of wine casks in a cellar (seeded), holds out 100 of the 500, fits a
radius-neighbours classifier behind a standard scaler on the other 400, and builds the host from the model, the
frame, the held-out ids and the fields of its host config with `simxai.hosts.host_from_model` (the same host
`--host-config` would load from those files), so the host's metrics are computed on casks the model never saw. It
follows the pattern of set M's `host_chimney.py`. Nothing here comes from a data set: the domain, its columns and
its words were invented for set N, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-03n/host_cask.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CASK_CONFIG", "load_host"]

#: Casks held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CASK_CONFIG: dict[str, Any] = {
    "name": "cellar cask tasting",
    "target": "verdict",
    "class_names": {"0": "keep_ageing", "1": "ready", "2": "spoiled"},
    "instance_noun": "cask",
    "id_column": "cask_id",
    "category_names": {
        "oak": {"0": "french", "1": "american", "2": "hungarian"},
        "toast": {"0": "light", "1": "medium", "2": "heavy"},
    },
    "immutable_features": ["oak", "toast"],
    "feature_aliases": {
        "months_in_cask": ["months in the barrel", "time in oak", "how long it has aged"],
        "cellar_temp_c": ["cellar temperature", "how warm the cellar is"],
        "humidity_pct": ["humidity", "damp of the cellar"],
        "volatile_acidity_g_l": ["volatile acidity", "VA", "vinegar note"],
        "free_so2_mg_l": ["free sulphur", "sulfites", "SO2"],
        "topping_interval_weeks": ["topping up", "how often it is topped", "ullage checks"],
        "oak": ["wood", "barrel oak", "oak origin"],
        "toast": ["toast level", "char"],
    },
    "seed": 0,
    "background_size": 40,
    "cards": {
        "description": "Wine casks in the cellar of an invented estate, one row per cask at its last tasting; the "
        "label is the cellar master's verdict: ready to bottle, keep ageing, or spoiled.",
        "feature_descriptions": {
            "oak": "where the oak of the cask comes from",
            "toast": "how deeply the inside of the cask was toasted",
            "months_in_cask": "months the wine has spent in this cask",
            "cellar_temp_c": "average cellar temperature at the cask, in degrees Celsius",
            "humidity_pct": "average relative humidity at the cask, in percent",
            "volatile_acidity_g_l": "volatile acidity measured at the tasting, in grams per litre",
            "free_so2_mg_l": "free sulphur dioxide measured at the tasting, in milligrams per litre",
            "topping_interval_weeks": "weeks between topping-ups of the cask",
        },
        "target_description": "the cellar master's verdict at the last tasting",
        "model_description": "A radius-neighbours classifier behind a standard scaler: a cask gets the label "
        "shares of the training casks within a distance of 2.6 of it in scaled units (uniform weights); a cask "
        "with no neighbour in that radius gets keep_ageing.",
        "training": "Fitted on 400 of the 500 synthetic casks with a seeded split; 100 are held out.",
        "limitations": [
            "Synthetic casks, invented for testing; not real cellar records.",
            "Oak and toast enter as category codes, so the distance treats them as numbers on a line.",
            "Every feature counts equally in the distance once scaled, whether it matters or not.",
        ],
        "label_meanings": {
            "keep_ageing": "the wine is sound but not yet ready; it stays in the cask",
            "ready": "the wine is ready to be bottled",
            "spoiled": "the wine has turned (vinegar or oxidation) and cannot be bottled as wine",
        },
        "probability_meaning": "The share of the training casks within the radius that carry the label "
        "(predict_proba); not calibrated.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7903)
    n = 500
    oak = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    toast = rng.choice(3, n, p=[0.3, 0.45, 0.25])
    frame = pd.DataFrame(
        {
            "cask_id": np.arange(79001, 79001 + n),
            "oak": oak,
            "toast": toast,
            "months_in_cask": rng.integers(3, 37, n),
            "cellar_temp_c": np.round(rng.normal(13.5, 2.0, n).clip(8, 20), 1),
            "humidity_pct": np.round(rng.normal(75, 8, n).clip(50, 95), 0),
            "volatile_acidity_g_l": np.round(rng.gamma(4.0, 0.12, n).clip(0.15, 1.6), 2),
            "free_so2_mg_l": np.round(rng.normal(28, 9, n).clip(5, 55), 0),
            "topping_interval_weeks": rng.integers(1, 11, n),
        }
    )
    spoil = (
        3.0 * (frame.volatile_acidity_g_l - 0.6)
        + 0.06 * (frame.cellar_temp_c - 13.5)
        - 0.05 * (frame.free_so2_mg_l - 28)
        + 0.15 * (frame.topping_interval_weeks - 5)
        + rng.normal(0, 0.4, n)
    )
    ready = (
        0.12 * (frame.months_in_cask - 18)
        + 0.25 * (toast - 1)
        - 0.2 * (oak == 1)
        + 0.02 * (frame.humidity_pct - 75)
        + rng.normal(0, 0.6, n)
    )
    frame["verdict"] = np.where(spoil > 0.6, 2, np.where(ready > 0.0, 1, 0))
    return frame


def load_host() -> TabularHost:
    """Build the invented cask host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.model_selection import train_test_split
    from sklearn.neighbors import RadiusNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("cask_id", "verdict")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.verdict)
    model = make_pipeline(StandardScaler(), RadiusNeighborsClassifier(radius=2.6, outlier_label=0))
    model.fit(train[features], train.verdict)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.cask_id), **CASK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
