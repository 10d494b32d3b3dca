"""The invented `well` host of guard set G: private drinking-water wells, safe or unsafe, built from a host config.

`load_host()` makes a small synthetic frame of well tests (seeded), holds out 100 of the 500 wells, fits a seeded
gradient-boosting model on the other 400, and builds the host from the model, the frame, the held-out ids and the
fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config` would load from those
files), so the host's metrics are computed on wells the model never saw. It follows the pattern of set F's
`host_flight.py`. Nothing here comes from a data set: the domain, its columns and its words were invented for set G,
so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-02g/host_well.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WELL_CONFIG", "load_host"]

#: Wells held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WELL_CONFIG: dict[str, Any] = {
    "name": "drinking-water wells",
    "target": "status",
    "class_names": {"0": "safe", "1": "unsafe"},
    "instance_noun": "well",
    "id_column": "well_id",
    "category_names": {
        "aquifer": {"0": "shallow_alluvial", "1": "fractured_bedrock", "2": "deep_confined"},
        "county": {"0": "ashford", "1": "brennan", "2": "corran", "3": "dunmore"},
    },
    "immutable_features": ["aquifer", "county"],
    "feature_aliases": {
        "depth_m": ["depth", "well depth", "how deep"],
        "nitrate_mg_l": ["nitrate", "nitrates"],
        "coliform_cfu": ["coliform", "bacteria", "coliform count"],
        "ph": ["acidity", "pH level"],
        "septic_distance_m": ["distance to the septic tank", "septic distance", "septic"],
        "well_age_years": ["well age", "age of the well"],
        "rainfall_mm": ["rainfall", "recent rain"],
        "turbidity_ntu": ["turbidity", "cloudiness"],
    },
    "seed": 0,
    "cards": {
        "description": "Tests of private drinking-water wells in an invented district, one row per well; the "
        "label says whether the water failed the district's drinking-water standard.",
        "feature_descriptions": {
            "aquifer": "the kind of aquifer the well draws from",
            "county": "the county the well lies in",
            "depth_m": "depth of the well in metres",
            "nitrate_mg_l": "nitrate concentration in mg/L",
            "coliform_cfu": "coliform bacteria per 100 mL (colony-forming units)",
            "ph": "pH of the water",
            "septic_distance_m": "distance from the nearest septic system in metres",
            "well_age_years": "age of the well in years",
            "rainfall_mm": "rainfall in the week before sampling, in mm",
            "turbidity_ntu": "turbidity of the water in NTU",
        },
        "target_description": "whether the well's water fails the drinking-water standard",
        "model_description": "A gradient-boosting classifier of 120 depth-3 trees.",
        "training": "Fitted on 400 of the 500 synthetic wells with random_state=0; 100 wells are held out.",
        "limitations": ["Synthetic wells, invented for testing; not real water-quality data."],
        "label_meanings": {
            "safe": "the water meets the drinking-water standard",
            "unsafe": "the water fails the drinking-water standard",
        },
        "probability_meaning": "The model's estimated probability of the label, from its log-odds.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(1302)
    n = 500
    aquifer = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "well_id": np.arange(13001, 13001 + n),
            "aquifer": aquifer,
            "county": rng.integers(0, 4, n),
            "depth_m": np.round(np.where(aquifer == 2, rng.uniform(60, 180, n), rng.uniform(8, 70, n)), 1),
            "nitrate_mg_l": np.round(rng.gamma(2.0, 3.5, n), 1),
            "coliform_cfu": rng.poisson(rng.choice([0.3, 4.0], n, p=[0.7, 0.3])),
            "ph": np.round(rng.normal(7.1, 0.5, n), 2),
            "septic_distance_m": rng.integers(10, 120, n),
            "well_age_years": rng.integers(1, 60, n),
            "rainfall_mm": np.round(rng.gamma(1.5, 12, n), 1),
            "turbidity_ntu": np.round(rng.gamma(1.4, 0.8, n), 2),
        }
    )
    score = (
        0.6 * np.minimum(frame.coliform_cfu, 6)
        + 0.18 * (frame.nitrate_mg_l - 7)
        - 0.02 * (frame.depth_m - 50)
        - 0.025 * (frame.septic_distance_m - 60)
        + 0.03 * (frame.rainfall_mm - 18)
        + 0.4 * (frame.turbidity_ntu - 1.1)
        + 0.015 * (frame.well_age_years - 30)
        + 0.8 * np.abs(frame.ph - 7.1)
        + 0.5 * (frame.aquifer == 0)
        - 0.4 * (frame.aquifer == 2)
        + 0.3 * (frame.county == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["status"] = (score > 1.0).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented well host in memory, its model fitted on the 400 wells outside the held-out 100."""
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.model_selection import train_test_split

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("well_id", "status")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.status)
    model = GradientBoostingClassifier(n_estimators=120, max_depth=3, random_state=0)
    model.fit(train[features], train.status)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.well_id), **WELL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
