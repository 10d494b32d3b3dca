"""The invented `parking` host of writer w14: city parking tickets that get paid or stay unpaid.

`load_host()` fits a small synthetic model (a seeded random forest on a seeded frame, fitted on 400 of the 500 tickets)
and builds the host from the model, the frame, the ids of the 100 held-out tickets and the fields of its host config
with `simxai.hosts.in_memory.fit_host` (the same host `--host-config` would load from those files), following the
pattern of `bench/dev_hosts.py`. Nothing here comes from a data set: the domain, its columns and its words were invented
by w14 so that the router meets a host it has never been trained on.

    python simxai/eval_suite/router_training/people/w14/host_parking.py     # builds the host, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PARKING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 21001
SIZE = 500
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PARKING_CONFIG: dict[str, Any] = {
    "name": "city parking fines",
    "target": "paid",
    "class_names": {"0": "unpaid", "1": "paid"},
    "instance_noun": "ticket",
    "id_column": "ticket_id",
    "category_names": {
        "zone": {"0": "city_centre", "1": "residential", "2": "retail_park", "3": "station"},
        "vehicle_type": {"0": "car", "1": "van", "2": "motorbike", "3": "suv"},
    },
    "immutable_features": ["driver_age"],
    "feature_aliases": {
        "fine_amount": ["fine", "amount", "penalty", "charge"],
        "overstay_minutes": ["overstay", "minutes over", "time over"],
        "prior_tickets": ["previous tickets", "past fines", "priors"],
        "reminders_sent": ["reminders", "reminder letters", "letters"],
        "days_since_issue": ["days outstanding", "age of the ticket", "days"],
        "distance_km": ["distance", "how far they live"],
        "vehicle_type": ["vehicle", "car type"],
        "driver_age": ["age"],
    },
    "seed": 0,
    "cards": {
        "description": "Parking tickets issued by an invented city council, one row per penalty charge notice.",
        "feature_descriptions": {
            "driver_age": "age of the registered keeper in years",
            "fine_amount": "the penalty charge in pounds (GBP)",
            "zone": "where the ticket was issued: city centre, residential street, retail park or station",
            "vehicle_type": "the kind of vehicle ticketed",
            "overstay_minutes": "minutes parked beyond the paid or permitted time",
            "prior_tickets": "tickets the keeper received in the previous 2 years",
            "reminders_sent": "reminder letters sent so far",
            "days_since_issue": "days since the ticket was issued",
            "distance_km": "distance from the keeper's address to the city centre in km",
        },
        "target_description": "whether the ticket was paid within 56 days",
        "model_description": "A random forest of 60 trees of depth at most 6.",
        "training": "Fitted on 400 of the 500 synthetic tickets with random_state=0; the other 100 are held out "
        "for the performance figures.",
        "limitations": ["Synthetic tickets, invented for testing; not real council records."],
        "label_meanings": {
            "paid": "the penalty was paid within 56 days of issue",
            "unpaid": "the penalty was still unpaid 56 days after issue",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2112)
    n = SIZE
    zone = rng.choice(4, n, p=[0.35, 0.3, 0.2, 0.15])
    frame = pd.DataFrame(
        {
            "ticket_id": np.arange(FIRST_ID, FIRST_ID + n),
            "driver_age": rng.integers(17, 86, n),
            "fine_amount": np.where(zone == 0, rng.choice([70, 110], n), rng.choice([35, 50, 70], n)),
            "zone": zone,
            "vehicle_type": rng.choice(4, n, p=[0.55, 0.2, 0.1, 0.15]),
            "overstay_minutes": rng.integers(5, 241, n),
            "prior_tickets": rng.poisson(1.2, n),
            "reminders_sent": rng.integers(0, 4, n),
            "days_since_issue": rng.integers(1, 57, n),
            "distance_km": np.round(rng.gamma(2.0, 6.0, n), 1),
        }
    )
    score = (
        -0.02 * (frame.fine_amount - 65)
        + 0.03 * (frame.driver_age - 45)
        - 0.45 * (frame.prior_tickets - 1.2)
        - 0.5 * (frame.reminders_sent - 1.5)
        - 0.04 * (frame.distance_km - 12)
        - 0.004 * (frame.overstay_minutes - 120)
        + 0.02 * (frame.days_since_issue - 28)
        - 0.6 * (frame.vehicle_type == 1)
        + 0.4 * (frame.zone == 1)
        - 0.5 * (frame.zone == 3)
        + rng.normal(0, 0.7, n)
    )
    frame["paid"] = (score > -0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 100 tickets the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(21).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented parking host in memory, its model fitted on the tickets outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import fit_host

    return fit_host(
        RandomForestClassifier(n_estimators=60, max_depth=6, random_state=0),
        _frame(),
        test_ids=held_out_ids(),
        **PARKING_CONFIG,
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
