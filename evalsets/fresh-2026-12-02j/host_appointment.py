"""The invented `appointment` host of fresh set J: clinic appointments that are attended or missed.

`load_host()` fits a small synthetic no-show model (seeded extra-trees behind a one-hot encoding of the categories,
in a scikit-learn `Pipeline`) on the appointments outside the host's stratified held-out split, and builds the host
from the model, the frame and the fields of its host config with `simxai.hosts.host_from_model` (the same host
`--host-config` would load from those files). Nothing here comes from a data set: the clinics, their columns, their
categories and their words were invented for set J, so that it measures a host nobody trained on.

    python evalsets/fresh-2026-12-02j/host_appointment.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["APPOINTMENT_CONFIG", "CATEGORIES", "TEST_SIZE", "load_host"]

FIRST_ID = 41001
SIZE = 400
#: The held-out share of the appointments: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "clinic": ("downtown", "riverside", "hillcrest", "eastgate"),
    "specialty": ("primary_care", "dermatology", "cardiology", "physiotherapy", "mental_health"),
    "booking_method": ("phone", "online", "app", "referral"),
    "reminder_channel": ("none", "sms", "email", "call"),
}
NUMERIC = (
    "patient_age",
    "days_booked_ahead",
    "distance_km",
    "previous_no_shows",
    "copay_usd",
    "appointment_hour",
)
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
APPOINTMENT_CONFIG: dict[str, Any] = {
    "name": "clinic appointment no-show",
    "target": "outcome",
    "class_names": {"0": "attended", "1": "missed"},
    "instance_noun": "appointment",
    "id_column": "appointment_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["patient_age", "previous_no_shows"],
    "feature_aliases": {
        "patient_age": ["age", "patient's age"],
        "days_booked_ahead": ["lead time", "days ahead", "booking lead", "how far ahead"],
        "distance_km": ["distance", "travel distance", "how far away", "km from the clinic"],
        "previous_no_shows": ["no-show history", "prior no-shows", "past no-shows", "missed before"],
        "copay_usd": ["copay", "co-pay", "copayment", "out-of-pocket"],
        "appointment_hour": ["hour", "time of day", "slot time", "appointment time"],
        "clinic": ["site", "location", "branch"],
        "specialty": ["department", "service", "speciality"],
        "booking_method": ["booked via", "booking channel", "how it was booked"],
        "reminder_channel": ["reminder", "reminder type", "reminder sent"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Outpatient appointments at four invented clinics of one health network, one row per "
        "appointment, as they stood the day before the visit.",
        "feature_descriptions": {
            "patient_age": "the patient's age in years",
            "days_booked_ahead": "days between the day the appointment was booked and the visit",
            "distance_km": "the distance from the patient's home to the clinic, in kilometres",
            "previous_no_shows": "appointments the same patient missed before without cancelling",
            "copay_usd": "the patient's copay for the visit, in US dollars",
            "appointment_hour": "the hour the appointment starts, 8 to 17 (24-hour clock)",
            "clinic": "the clinic of the visit: downtown, riverside, hillcrest or eastgate",
            "specialty": "the service: primary_care, dermatology, cardiology, physiotherapy or mental_health",
            "booking_method": "how the appointment was booked: phone, online, app or referral",
            "reminder_channel": "the reminder sent before the visit: none, sms, email or call",
        },
        "target_description": "whether the patient comes to the appointment (attended) or does not show up "
        "without cancelling (missed)",
        "model_description": "Extremely randomized trees (200 trees, at least 3 appointments per leaf) on the "
        "numbers and one-hot encoded categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic appointments "
        f"(seed 0); the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic appointments of invented clinics, made up for testing; not real patients.",
            "A small tree ensemble: its probabilities are coarse and it extrapolates flatly beyond the ranges seen.",
        ],
        "label_meanings": {
            "attended": "the patient comes to the appointment",
            "missed": "the patient does not come and did not cancel beforehand (a no-show)",
        },
        "probability_meaning": "The share of the trees' votes for each label, an estimate of its probability.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(4101)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    frame = pd.DataFrame(
        {
            "appointment_id": np.arange(FIRST_ID, FIRST_ID + n),
            "patient_age": np.clip(rng.normal(47, 18, n).round(), 18, 92).astype(int),
            "days_booked_ahead": np.clip(rng.gamma(1.4, 14, n).round(), 0, 120).astype(int),
            "distance_km": np.clip(rng.gamma(2.0, 6.0, n), 0.5, 70).round(1),
            "previous_no_shows": rng.choice([0, 1, 2, 3, 4], n, p=[0.62, 0.2, 0.1, 0.05, 0.03]),
            "copay_usd": rng.choice([0, 10, 20, 25, 40, 60, 75], n, p=[0.25, 0.15, 0.2, 0.15, 0.1, 0.1, 0.05]),
            "appointment_hour": rng.integers(8, 18, n),
            "clinic": pick("clinic", [0.35, 0.25, 0.2, 0.2]),
            "specialty": pick("specialty", [0.35, 0.15, 0.15, 0.2, 0.15]),
            "booking_method": pick("booking_method", [0.35, 0.25, 0.2, 0.2]),
            "reminder_channel": pick("reminder_channel", [0.25, 0.4, 0.2, 0.15]),
        }
    )
    clinic = {"downtown": 0.0, "riverside": 0.2, "hillcrest": -0.2, "eastgate": 0.3}
    specialty = {
        "primary_care": 0.0,
        "dermatology": 0.3,
        "cardiology": -0.5,
        "physiotherapy": 0.2,
        "mental_health": 0.5,
    }
    method = {"phone": 0.0, "online": 0.3, "app": 0.1, "referral": -0.5}
    reminder = {"none": 0.6, "sms": -0.3, "email": 0.1, "call": -0.6}
    score = (
        0.03 * (frame.days_booked_ahead - 20)
        + 0.05 * (frame.distance_km - 12)
        + 0.8 * frame.previous_no_shows
        + 0.015 * (frame.copay_usd - 25)
        - 0.02 * (frame.patient_age - 47)
        + 0.12 * (frame.appointment_hour - 12).abs()
        + frame.clinic.map(clinic)
        + frame.specialty.map(specialty)
        + frame.booking_method.map(method)
        + frame.reminder_channel.map(reminder)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (score > 0.9).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented appointment host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("appointment_id", "outcome")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.outcome.to_numpy(), TEST_SIZE, APPOINTMENT_CONFIG["seed"])
    model = Pipeline(
        [
            (
                "encode",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore"), list(CATEGORIES)),
                        ("numbers", "passthrough", list(NUMERIC)),
                    ]
                ),
            ),
            ("trees", ExtraTreesClassifier(n_estimators=200, min_samples_leaf=3, random_state=0)),
        ]
    )
    model.fit(frame[features].iloc[train], frame.outcome.iloc[train])
    return host_from_model(model, frame, **APPOINTMENT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
