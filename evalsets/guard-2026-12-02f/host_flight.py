"""The invented `flight` host of guard set F: scheduled flights, on time or delayed, built from a host config.

`load_host()` fits a small synthetic flight-delay model (a seeded random forest on a seeded frame) and builds the host
from the model, the frame and the fields of its host config with `simxai.hosts.host_from_model` (the same host
`--host-config` would load from those files), following the pattern of `evalsets/fresh-2026-12-02e/host_pump.py`.
Nothing here comes from a data set: the domain, its columns and its words were invented for set F, so that it measures
a host nobody trained on.

    python evalsets/guard-2026-12-02f/host_flight.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FLIGHT_CONFIG", "load_host"]

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FLIGHT_CONFIG: dict[str, Any] = {
    "name": "flight delays",
    "target": "status",
    "class_names": {"0": "on_time", "1": "delayed"},
    "instance_noun": "flight",
    "id_column": "flight_id",
    "category_names": {
        "carrier": {"0": "skyline", "1": "northwind", "2": "bluejet"},
        "weather": {"0": "clear", "1": "rain", "2": "snow", "3": "fog"},
    },
    "immutable_features": ["carrier", "distance"],
    "feature_aliases": {
        "departure_hour": ["departure time", "hour", "scheduled departure"],
        "inbound_delay": ["late inbound aircraft", "incoming delay", "inbound"],
        "turnaround_minutes": ["turnaround", "turn time", "ground time"],
        "aircraft_age": ["plane age", "age of the aircraft"],
        "load_factor": ["occupancy", "how full"],
        "gate_congestion": ["congestion", "airport traffic"],
    },
    "seed": 0,
    "cards": {
        "description": "Departures of an invented regional airline, one row per flight; the label says whether "
        "the flight left more than 15 minutes after its scheduled time.",
        "feature_descriptions": {
            "carrier": "the airline brand operating the flight",
            "weather": "the weather at the departure airport",
            "distance": "flight distance in miles",
            "departure_hour": "scheduled departure hour, 0 to 23",
            "inbound_delay": "minutes the inbound aircraft arrived late",
            "turnaround_minutes": "scheduled ground time between arrival and departure, in minutes",
            "aircraft_age": "age of the aircraft in years",
            "load_factor": "share of seats sold, in percent",
            "gate_congestion": "departures scheduled at the airport in the same hour",
        },
        "target_description": "whether the flight departs more than 15 minutes late",
        "model_description": "A random forest of 60 trees.",
        "training": "Fitted on all 500 synthetic flights with random_state=0.",
        "limitations": ["Synthetic flights, invented for testing; not real airline data."],
        "label_meanings": {
            "on_time": "the flight departs at most 15 minutes after its scheduled time",
            "delayed": "the flight departs more than 15 minutes after its scheduled time",
        },
        "probability_meaning": "The share of trees that vote for the label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2026)
    n = 500
    frame = pd.DataFrame(
        {
            "flight_id": np.arange(9001, 9001 + n),
            "carrier": rng.integers(0, 3, n),
            "weather": rng.choice(4, n, p=[0.55, 0.25, 0.1, 0.1]),
            "distance": rng.integers(120, 1900, n),
            "departure_hour": rng.integers(5, 23, n),
            "inbound_delay": np.round(rng.exponential(14, n)).astype(int),
            "turnaround_minutes": rng.integers(25, 95, n),
            "aircraft_age": np.round(rng.uniform(1, 25, n), 1),
            "load_factor": rng.integers(45, 101, n),
            "gate_congestion": rng.integers(4, 40, n),
        }
    )
    score = (
        0.06 * (frame.inbound_delay - 14)
        - 0.025 * (frame.turnaround_minutes - 60)
        + 0.09 * (frame.departure_hour - 13)
        + 0.05 * (frame.gate_congestion - 22)
        + 0.9 * (frame.weather == 2)
        + 0.6 * (frame.weather == 3)
        + 0.3 * (frame.weather == 1)
        - 0.5 * (frame.carrier == 2)
        + 0.02 * (frame.aircraft_age - 13)
        + rng.normal(0, 0.7, n)
    )
    frame["status"] = (score > 0.3).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented flight host in memory (the model is fitted on every flight)."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("flight_id", "status")]
    model = RandomForestClassifier(n_estimators=60, random_state=0).fit(frame[features], frame.status)
    return host_from_model(model, frame, **FLIGHT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
