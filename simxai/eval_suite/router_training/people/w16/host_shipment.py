"""The invented `shipment` host of writer w16: parcels of a European web shop that arrive on time or late.

`load_host()` fits a small synthetic model (a seeded random forest on a seeded frame, fitted on 320 of the 400
parcels) and builds the host from the model, the frame, the ids of the 80 held-out parcels and the fields of its host
config with `simxai.hosts.host_from_model` (the same host `--host-config` would load from those files), following
the pattern of w15's `host_field.py`. Nothing here comes from a data set: the domain, its carriers, columns and words
were invented by w16 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w16/host_shipment.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SHIPMENT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 39001
SIZE = 400
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SHIPMENT_CONFIG: dict[str, Any] = {
    "name": "parcel delivery",
    "target": "late",
    "class_names": {"0": "on_time", "1": "late"},
    "instance_noun": "shipment",
    "id_column": "shipment_id",
    "category_names": {
        "carrier": {"0": "swiftpost", "1": "parcelnet", "2": "eurodash", "3": "greenline"},
        "service": {"0": "economy", "1": "standard", "2": "express"},
        "day_of_week": {str(i): day for i, day in enumerate(DAYS)},
        "destination": {"0": "domestic", "1": "eu", "2": "non_eu"},
    },
    "immutable_features": ["distance_km"],
    "feature_aliases": {
        "distance_km": ["distance", "how far", "kilometres"],
        "weight_kg": ["weight", "how heavy", "kilos"],
        "carrier": ["courier", "delivery company"],
        "service": ["service level", "delivery option", "shipping option"],
        "warehouse_backlog": ["backlog", "queue at the warehouse", "orders waiting"],
        "weather_severity": ["weather", "storm level", "weather warning"],
        "day_of_week": ["dispatch day", "weekday", "day shipped"],
        "declared_value_eur": ["value", "declared value", "parcel value", "insured value"],
        "destination": ["destination zone", "zone"],
    },
    "seed": 0,
    "cards": {
        "description": "Parcels sent by an invented online shop from its warehouse near Rotterdam in autumn 2025, "
        "one row per parcel.",
        "feature_descriptions": {
            "distance_km": "road distance from the warehouse to the delivery address in km",
            "weight_kg": "weight of the parcel in kg",
            "carrier": "the courier: swiftpost, parcelnet, eurodash or greenline",
            "service": "the delivery option paid for: economy, standard or express",
            "warehouse_backlog": "orders waiting to be packed at the warehouse when the order came in",
            "weather_severity": "weather warning level on the dispatch day, 0 (none) to 5 (severe storm)",
            "day_of_week": "the day the parcel left the warehouse",
            "declared_value_eur": "declared value of the goods in euros",
            "destination": "domestic (the Netherlands), another eu country, or outside the eu (customs)",
        },
        "target_description": "whether the parcel arrived after the delivery date promised at checkout",
        "model_description": "A random forest of 80 trees of depth at most 7.",
        "training": "Fitted on 320 of the 400 synthetic parcels with random_state=0; the other 80 are held out "
        "for the performance figures.",
        "limitations": [
            "Synthetic parcels, invented for testing; not real orders.",
            "It knows nothing of strikes, road closures or a wrong address.",
        ],
        "label_meanings": {
            "on_time": "the parcel arrived on or before the promised delivery date",
            "late": "the parcel arrived after the promised delivery date",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3916)
    n = SIZE
    destination = rng.choice(3, n, p=[0.45, 0.4, 0.15])
    distance = np.array([60.0, 500.0, 1100.0])[destination] * rng.lognormal(0, 0.5, n)
    service = rng.choice(3, n, p=[0.3, 0.5, 0.2])
    carrier = rng.choice(4, n, p=[0.35, 0.3, 0.2, 0.15])
    day = rng.choice(7, n, p=[0.18, 0.17, 0.17, 0.17, 0.19, 0.08, 0.04])
    frame = pd.DataFrame(
        {
            "shipment_id": np.arange(FIRST_ID, FIRST_ID + n),
            "distance_km": np.clip(np.round(distance), 3, 2500).astype(int),
            "weight_kg": np.round(np.clip(rng.gamma(1.5, 2.5, n), 0.1, 30), 1),
            "carrier": carrier,
            "service": service,
            "warehouse_backlog": rng.integers(0, 2001, n),
            "weather_severity": rng.choice(6, n, p=[0.35, 0.25, 0.18, 0.12, 0.07, 0.03]),
            "day_of_week": day,
            "declared_value_eur": np.round(rng.lognormal(3.8, 1.0, n), 2),
            "destination": destination,
        }
    )
    score = (
        0.0012 * (frame.distance_km - 450)
        + 0.06 * (frame.weight_kg - 3.7)
        + 0.0014 * (frame.warehouse_backlog - 1000)
        + 0.55 * (frame.weather_severity - 1.3)
        - 0.8 * (frame.service == 2)
        + 0.6 * (frame.service == 0)
        + np.array([0.0, 0.5, -0.3, 0.9])[frame.carrier]
        + 0.9 * (frame.day_of_week >= 4)
        + 0.8 * (frame.destination == 2)
        - 0.0003 * (frame.declared_value_eur - 70)
        + rng.normal(0, 0.8, n)
    )
    frame["late"] = (score > 0.6).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 parcels the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(39).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented shipment host in memory, its model fitted on the parcels outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("shipment_id", "late")]
    test = held_out_ids()
    train = frame[~frame.shipment_id.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=7, random_state=0)
    model.fit(train[features], train.late)
    return host_from_model(model, frame, test_ids=test, **SHIPMENT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
