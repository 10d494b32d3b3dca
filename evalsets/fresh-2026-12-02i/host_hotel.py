"""The invented `hotel` host of fresh set I: hotel bookings that are honoured or cancelled, from a host config.

`load_host()` fits a small synthetic cancellation model (a seeded logistic regression behind a one-hot encoding of
the categories and a scaling of the numbers, in a scikit-learn `Pipeline`) on the bookings outside the host's
stratified held-out split, and builds the host from the model, the frame and the fields of its host config with
`simxai.hosts.host_from_model` (the same host `--host-config` would load from those files). Nothing here comes from
a data set: the hotel, its columns, its categories and its words were invented for set I, so that it measures a
host nobody trained on.

    python evalsets/fresh-2026-12-02i/host_hotel.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "HOTEL_CONFIG", "TEST_SIZE", "load_host"]

FIRST_ID = 33001
SIZE = 400
#: The held-out share of the bookings: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "room_type": ("standard", "superior", "family", "suite"),
    "booking_channel": ("direct", "online_agency", "travel_agent", "corporate"),
    "meal_plan": ("room_only", "breakfast", "half_board", "full_board"),
    "country_region": ("domestic", "europe", "north_america", "asia", "other"),
}
NUMERIC = (
    "adults",
    "lead_time_days",
    "stay_nights",
    "nightly_rate_eur",
    "previous_cancellations",
    "special_requests",
)
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HOTEL_CONFIG: dict[str, Any] = {
    "name": "hotel booking cancellation",
    "target": "status",
    "class_names": {"0": "honoured", "1": "cancelled"},
    "instance_noun": "booking",
    "id_column": "booking_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["country_region", "previous_cancellations"],
    "feature_aliases": {
        "adults": ["guests", "number of adults", "grown-ups"],
        "lead_time_days": ["lead time", "days in advance", "booking window", "how far ahead"],
        "stay_nights": ["nights", "length of stay", "stay length", "los"],
        "nightly_rate_eur": ["rate", "room rate", "price per night", "nightly rate", "adr"],
        "previous_cancellations": ["past cancellations", "prior cancellations", "cancellation history"],
        "special_requests": ["requests", "special request count"],
        "room_type": ["room", "room category"],
        "booking_channel": ["channel", "booking source", "source"],
        "meal_plan": ["board", "board basis", "meals"],
        "country_region": ["origin", "guest origin", "market", "home region"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Room bookings at an invented 120-room city hotel, one row per booking, as they stood a week "
        "before arrival.",
        "feature_descriptions": {
            "adults": "the number of adults on the booking",
            "lead_time_days": "days between the day the booking was made and the arrival date",
            "stay_nights": "the number of nights booked",
            "nightly_rate_eur": "the average room rate per night, in euros",
            "previous_cancellations": "bookings the same guest cancelled before at this hotel",
            "special_requests": "special requests made with the booking (cot, high floor, late check-in, ...)",
            "room_type": "the room category booked: standard, superior, family or suite",
            "booking_channel": "where the booking was made: direct, online_agency, travel_agent or corporate",
            "meal_plan": "the board booked: room_only, breakfast, half_board or full_board",
            "country_region": "where the guest lives: domestic, europe, north_america, asia or other",
        },
        "target_description": "whether the guest keeps the booking (honoured) or cancels it before arrival",
        "model_description": "Logistic regression (C=1.0) on standardised numbers and one-hot encoded categories, in a "
        "scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic bookings (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic bookings of an invented hotel, made up for testing; not real guests.",
            "A linear model: it cannot represent interactions such as a long lead time mattering more on one channel.",
        ],
        "label_meanings": {
            "honoured": "the guest keeps the booking and arrives (or is a no-show without cancelling)",
            "cancelled": "the guest cancels the booking before the arrival date",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3301)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    frame = pd.DataFrame(
        {
            "booking_id": np.arange(FIRST_ID, FIRST_ID + n),
            "adults": rng.choice([1, 2, 3, 4], n, p=[0.25, 0.55, 0.12, 0.08]),
            "lead_time_days": np.clip(rng.gamma(1.3, 60, n).round(), 0, 365).astype(int),
            "stay_nights": np.clip(rng.geometric(0.35, n), 1, 14),
            "nightly_rate_eur": np.clip(rng.normal(135, 45, n).round(), 45, 390).astype(int),
            "previous_cancellations": rng.choice([0, 1, 2, 3], n, p=[0.8, 0.12, 0.05, 0.03]),
            "special_requests": rng.choice([0, 1, 2, 3, 4], n, p=[0.45, 0.3, 0.15, 0.07, 0.03]),
            "room_type": pick("room_type", [0.5, 0.25, 0.15, 0.1]),
            "booking_channel": pick("booking_channel", [0.3, 0.4, 0.15, 0.15]),
            "meal_plan": pick("meal_plan", [0.3, 0.45, 0.15, 0.1]),
            "country_region": pick("country_region", [0.35, 0.3, 0.15, 0.1, 0.1]),
        }
    )
    channel = {"direct": -0.6, "online_agency": 0.7, "travel_agent": 0.1, "corporate": -0.5}
    meal = {"room_only": 0.3, "breakfast": 0.0, "half_board": -0.2, "full_board": -0.4}
    room = {"standard": 0.0, "superior": 0.1, "family": 0.2, "suite": -0.3}
    region = {"domestic": -0.3, "europe": 0.0, "north_america": 0.2, "asia": 0.4, "other": 0.2}
    score = (
        0.012 * (frame.lead_time_days - 75)
        + 0.9 * frame.previous_cancellations
        - 0.5 * (frame.special_requests - 0.9)
        + 0.006 * (frame.nightly_rate_eur - 135)
        - 0.05 * (frame.stay_nights - 2.8)
        + frame.booking_channel.map(channel)
        + frame.meal_plan.map(meal)
        + frame.room_type.map(room)
        + frame.country_region.map(region)
        + rng.normal(0, 0.9, n)
    )
    frame["status"] = (score > 0.6).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented hotel host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("booking_id", "status")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.status.to_numpy(), TEST_SIZE, HOTEL_CONFIG["seed"])
    model = Pipeline(
        [
            (
                "encode",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore"), list(CATEGORIES)),
                        ("numbers", StandardScaler(), list(NUMERIC)),
                    ]
                ),
            ),
            ("logistic", LogisticRegression(C=1.0, max_iter=1000)),
        ]
    )
    model.fit(frame[features].iloc[train], frame.status.iloc[train])
    return host_from_model(model, frame, **HOTEL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
