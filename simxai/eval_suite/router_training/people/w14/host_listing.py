"""The invented `listing` host of writer w14: holiday-rental listings that get booked or stay vacant.

`load_host()` fits a small synthetic model (seeded gradient boosting on a seeded frame, fitted on 320 of the 400
listings) and builds the host from the model, the frame, the ids of the 80 held-out listings and the fields of its host
config with `simxai.hosts.in_memory.fit_host` (the same host `--host-config` would load from those files), following the
pattern of `bench/dev_hosts.py`. Nothing here comes from a data set: the domain, its columns and its words were invented
by w14 so that the router meets a host it has never been trained on.

    python simxai/eval_suite/router_training/people/w14/host_listing.py     # builds the host, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LISTING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 23001
SIZE = 400
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LISTING_CONFIG: dict[str, Any] = {
    "name": "holiday rental bookings",
    "target": "booked",
    "class_names": {"0": "vacant", "1": "booked"},
    "instance_noun": "listing",
    "id_column": "listing_id",
    "category_names": {
        "property_type": {"0": "studio", "1": "flat", "2": "house", "3": "cottage"},
        "neighbourhood": {"0": "old_town", "1": "seafront", "2": "harbour", "3": "suburbs"},
    },
    "immutable_features": ["bedrooms"],
    "feature_aliases": {
        "nightly_price": ["price", "rate", "price per night", "nightly rate"],
        "bedrooms": ["beds", "bedroom count", "rooms"],
        "review_score": ["rating", "stars", "score"],
        "review_count": ["reviews", "number of reviews"],
        "min_nights": ["minimum stay", "min stay", "minimum nights"],
        "distance_to_beach_km": ["distance", "distance to the beach", "beach distance"],
        "cleaning_fee": ["cleaning", "cleaning charge"],
        "photos": ["pictures", "number of photos"],
        "property_type": ["type", "kind of property"],
        "neighbourhood": ["area", "neighborhood", "district"],
    },
    "seed": 0,
    "cards": {
        "description": "Holiday-rental listings on an invented booking site in a seaside town, one row per listing, "
        "for the coming August.",
        "feature_descriptions": {
            "nightly_price": "price per night in pounds (GBP)",
            "bedrooms": "number of bedrooms (0 for a studio)",
            "property_type": "the kind of property",
            "neighbourhood": "the part of town the listing is in",
            "review_score": "average guest rating out of 5",
            "review_count": "number of guest reviews",
            "min_nights": "minimum stay in nights",
            "distance_to_beach_km": "walking distance to the beach in km",
            "cleaning_fee": "one-off cleaning fee in pounds",
            "photos": "number of photos on the listing",
        },
        "target_description": "whether the listing was booked for at least half of August",
        "model_description": "Gradient boosting of 100 depth-3 trees.",
        "training": "Fitted on 320 of the 400 synthetic listings with random_state=0; the other 80 are held out "
        "for the performance figures.",
        "limitations": ["Synthetic listings, invented for testing; not real properties."],
        "label_meanings": {
            "booked": "the listing was booked for at least half of August",
            "vacant": "the listing stayed empty for more than half of August",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2323)
    n = SIZE
    ptype = rng.choice(4, n, p=[0.2, 0.4, 0.25, 0.15])
    bedrooms = np.where(ptype == 0, 0, rng.integers(1, 5, n))
    frame = pd.DataFrame(
        {
            "listing_id": np.arange(FIRST_ID, FIRST_ID + n),
            "nightly_price": np.round(40 + 35 * bedrooms + rng.gamma(2.0, 20.0, n)),
            "bedrooms": bedrooms,
            "property_type": ptype,
            "neighbourhood": rng.choice(4, n, p=[0.3, 0.25, 0.2, 0.25]),
            "review_score": np.round(np.clip(rng.normal(4.3, 0.45, n), 1, 5), 1),
            "review_count": rng.poisson(35, n),
            "min_nights": rng.choice([1, 2, 3, 5, 7], n, p=[0.2, 0.3, 0.25, 0.1, 0.15]),
            "distance_to_beach_km": np.round(rng.gamma(1.8, 0.9, n), 1),
            "cleaning_fee": rng.choice([0, 20, 35, 50, 80], n),
            "photos": rng.integers(3, 41, n),
        }
    )
    score = (
        -0.018 * (frame.nightly_price - 40 - 35 * frame.bedrooms - 40)
        + 1.6 * (frame.review_score - 4.3)
        + 0.015 * (frame.review_count - 35)
        - 0.25 * (frame.min_nights - 3)
        - 0.5 * (frame.distance_to_beach_km - 1.6)
        - 0.01 * (frame.cleaning_fee - 37)
        + 0.03 * (frame.photos - 21)
        + 0.6 * (frame.neighbourhood == 1)
        - 0.5 * (frame.neighbourhood == 3)
        + 0.3 * (frame.property_type == 3)
        + rng.normal(0, 0.7, n)
    )
    frame["booked"] = (score > 0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 listings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(23).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented listing host in memory, its model fitted on the listings outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import fit_host

    return fit_host(
        GradientBoostingClassifier(n_estimators=100, max_depth=3, random_state=0),
        _frame(),
        test_ids=held_out_ids(),
        **LISTING_CONFIG,
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
