"""The invented `bridge` host of guard writer g12: road bridges that pass their inspection or need repair.

`load_host()` fits a small synthetic model (a seeded single `DecisionTreeClassifier`, a model family no earlier
invented host used, on a seeded frame of 400 bridges, fitted on 320 of them) and builds the host from the model, the
frame, the ids of the 80 held-out bridges and the fields of its host config with
`simxai.hosts.in_memory.host_from_model`, following the pattern of g11's `host_battery.py`. Nothing here comes from
a data set: the domain, its columns and its words were invented by g12.

    python simxai/eval_suite/guard/written/g12/host_bridge.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BRIDGE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 59001
SIZE = 400
NUMERIC = [
    "age_years",
    "span_m",
    "daily_traffic_k",
    "heavy_vehicle_share",
    "crack_width_mm",
    "salt_days",
    "years_since_repair",
    "load_rating_t",
]
CATEGORICAL = ["deck_material", "climate_zone"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BRIDGE_CONFIG: dict[str, Any] = {
    "name": "road bridge inspections",
    "target": "needs_repair",
    "class_names": {"0": "sound", "1": "needs_repair"},
    "instance_noun": "bridge",
    "id_column": "bridge_id",
    "category_names": {
        "deck_material": {"0": "concrete", "1": "steel", "2": "timber"},
        "climate_zone": {"0": "coastal", "1": "inland", "2": "alpine"},
    },
    "immutable_features": ["age_years", "span_m", "deck_material", "climate_zone"],
    "feature_aliases": {
        "age_years": ["age", "bridge age", "how old it is"],
        "span_m": ["span", "length of the main span", "span length"],
        "daily_traffic_k": ["traffic", "daily traffic", "vehicles per day"],
        "heavy_vehicle_share": ["heavy traffic", "share of lorries", "truck share"],
        "crack_width_mm": ["cracks", "crack width", "widest crack"],
        "salt_days": ["road salt", "salting days", "de-icing days"],
        "years_since_repair": ["last repair", "time since the last repair", "years since maintenance"],
        "load_rating_t": ["load rating", "rated load", "weight limit"],
        "deck_material": ["material", "deck", "deck type"],
        "climate_zone": ["climate", "zone", "region"],
    },
    "seed": 0,
    "cards": {
        "description": "Road bridges of an invented county highways department, one row per bridge as found at "
        "its 2026 routine inspection.",
        "feature_descriptions": {
            "age_years": "years since the bridge was opened",
            "span_m": "length of the longest span in metres",
            "daily_traffic_k": "average vehicles per day, in thousands",
            "heavy_vehicle_share": "share of the traffic that is heavy goods vehicles, 0 to 1",
            "crack_width_mm": "width of the widest crack measured on the deck or piers, in mm",
            "salt_days": "days of road salting per year on the bridge",
            "years_since_repair": "years since the last structural repair",
            "load_rating_t": "rated load limit in tonnes",
            "deck_material": "concrete, steel or timber deck",
            "climate_zone": "coastal, inland or alpine",
        },
        "target_description": "whether the inspection found that the bridge needs a structural repair within a year",
        "model_description": "A single decision tree (scikit-learn DecisionTreeClassifier, max depth 5, at least 8 "
        "bridges per leaf, gini criterion).",
        "training": "Fitted on 320 of the 400 synthetic bridges; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic bridges, invented for testing; not real inspection records.",
            "A single shallow tree: its probabilities take only as many values as it has leaves.",
            "It sees one inspection, not how a bridge changed between inspections.",
        ],
        "label_meanings": {
            "sound": "the inspection found no structural repair needed within a year",
            "needs_repair": "the inspection asked for a structural repair within a year",
        },
        "probability_meaning": "The share of training bridges of each label in the tree leaf the bridge falls in.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(5912)
    n = SIZE
    material = rng.choice(3, n, p=[0.55, 0.3, 0.15])
    climate = rng.choice(3, n, p=[0.3, 0.5, 0.2])
    age = rng.integers(5, 96, n)
    span = np.round(np.clip(rng.lognormal(3.2, 0.6, n), 6, 180), 1)
    traffic = np.round(np.clip(rng.gamma(2.0, 6.0, n), 0.2, 80), 1)
    heavy = np.round(np.clip(rng.beta(2, 9, n), 0, 1), 2)
    crack = np.round(np.clip(rng.gamma(1.6, 0.18, n), 0, 2.5), 2)
    salt = np.clip(np.round(rng.normal(35, 18, n) + 25 * (climate == 2) - 15 * (climate == 0)), 0, 120).astype(int)
    since = np.clip(np.round(rng.exponential(9, n)), 0, 60).astype(int)
    rating = np.clip(np.round(rng.normal(40, 10, n) - 5 * (material == 2), -1), 10, 60).astype(int)
    frame = pd.DataFrame(
        {
            "bridge_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age_years": age,
            "span_m": span,
            "daily_traffic_k": traffic,
            "heavy_vehicle_share": heavy,
            "crack_width_mm": crack,
            "salt_days": salt,
            "years_since_repair": since,
            "load_rating_t": rating,
            "deck_material": material,
            "climate_zone": climate,
        }
    )
    score = (
        3.0 * (frame.crack_width_mm - 0.29)
        + 0.02 * (frame.age_years - 50)
        + 0.05 * (frame.years_since_repair - 9)
        + 0.015 * (frame.salt_days - 35)
        + 2.5 * (frame.heavy_vehicle_share - 0.18)
        + 0.01 * (frame.daily_traffic_k - 12)
        - 0.02 * (frame.load_rating_t - 40)
        + 0.6 * (frame.deck_material == 2)
        + 0.3 * (frame.climate_zone == 0)
        + rng.normal(0, 0.6, n)
    )
    frame["needs_repair"] = (score > 0.35).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 bridges the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(59).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bridge host in memory, its model fitted on the bridges outside `held_out_ids()`."""
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.bridge_id.isin(test)]
    model = DecisionTreeClassifier(max_depth=5, min_samples_leaf=8, random_state=0)
    model.fit(train[features], train.needs_repair)
    return host_from_model(model, frame[["bridge_id", *features, "needs_repair"]], test_ids=test, **BRIDGE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
