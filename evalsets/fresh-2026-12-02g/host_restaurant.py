"""The invented `restaurant` host of fresh set G: restaurant health inspections that pass or fail, from a host config.

`load_host()` writes a small synthetic inspection model (a seeded random forest on a seeded frame, fitted on the
restaurants outside the host's stratified held-out split, as `bench/dev_hosts.py` does) and builds the host from the
model, the frame and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config`
would load from those files). Nothing here comes from a data set: the domain, its columns, its boroughs and its words
were invented for set G, so that it measures a host nobody trained on.

    python evalsets/fresh-2026-12-02g/host_restaurant.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["RESTAURANT_CONFIG", "TEST_SIZE", "load_host"]

FIRST_ID = 11001
SIZE = 400
#: The held-out share of the restaurants: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.2
CUISINES = ("american", "chinese", "italian", "mexican", "thai", "indian")
BOROUGHS = ("harbourside", "old_town", "northgate", "riverside")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
RESTAURANT_CONFIG: dict[str, Any] = {
    "name": "restaurant health inspections",
    "target": "outcome",
    "class_names": {"0": "passes", "1": "fails"},
    "instance_noun": "restaurant",
    "id_column": "restaurant_id",
    "category_names": {
        "cuisine": {str(i): name for i, name in enumerate(CUISINES)},
        "borough": {str(i): name for i, name in enumerate(BOROUGHS)},
    },
    "immutable_features": ["borough", "years_open"],
    "feature_aliases": {
        "seats": ["seating", "capacity", "covers"],
        "years_open": ["years in business", "age of the business"],
        "prior_violations": ["violations", "previous violations", "past violations", "citations"],
        "days_since_inspection": ["last inspection", "time since the last inspection"],
        "fridge_temp": ["fridge temperature", "cooler temperature", "walk-in temperature", "fridge", "cooler"],
        "pest_complaints": ["pest reports", "pests", "rodent complaints", "complaints"],
        "certified_staff": ["certified", "food safety certificates", "trained staff"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Restaurants of an invented city, one row per restaurant at its latest routine health "
        "inspection.",
        "feature_descriptions": {
            "cuisine": "the kind of food the restaurant serves",
            "borough": "the borough of the city the restaurant is in",
            "seats": "number of seats for diners",
            "years_open": "years the restaurant has been open",
            "prior_violations": "critical violations found at inspections in the previous three years",
            "days_since_inspection": "days since the restaurant's previous inspection",
            "fridge_temp": "walk-in cooler temperature measured at the inspection, in degrees Celsius",
            "pest_complaints": "pest complaints from the public in the last twelve months",
            "certified_staff": "percent of kitchen staff holding a food safety certificate",
        },
        "target_description": "whether the restaurant passes or fails its routine health inspection",
        "model_description": "A random forest of 60 trees of depth at most 6.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic restaurants (seed 0) "
        f"with random_state=0; the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": ["Synthetic restaurants of an invented city, made up for testing; not real inspections."],
        "label_meanings": {
            "passes": "the restaurant passes the inspection and keeps its permit without conditions",
            "fails": "the restaurant fails the inspection and must be re-inspected",
        },
        "probability_meaning": "The share of trees that vote for the label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(1202)
    n = SIZE
    frame = pd.DataFrame(
        {
            "restaurant_id": np.arange(FIRST_ID, FIRST_ID + n),
            "cuisine": rng.integers(0, len(CUISINES), n),
            "borough": rng.choice(len(BOROUGHS), n, p=[0.3, 0.25, 0.25, 0.2]),
            "seats": rng.integers(12, 181, n),
            "years_open": rng.integers(0, 41, n),
            "prior_violations": rng.poisson(1.2, n),
            "days_since_inspection": rng.integers(60, 731, n),
            "fridge_temp": np.round(rng.normal(4.5, 1.8, n).clip(0.5, 12.0), 1),
            "pest_complaints": rng.poisson(0.7, n),
            "certified_staff": rng.integers(0, 21, n) * 5,
        }
    )
    score = (
        0.6 * (frame.prior_violations - 1.2)
        + 0.55 * (frame.fridge_temp - 5)
        + 0.7 * (frame.pest_complaints - 0.7)
        - 0.025 * (frame.certified_staff - 50)
        + 0.002 * (frame.days_since_inspection - 400)
        + 0.004 * (frame.seats - 90)
        - 0.02 * (frame.years_open - 20)
        + 0.3 * (frame.borough == 0)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (score > 0.4).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented restaurant host in memory, its model fitted outside the config's held-out split."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("restaurant_id", "outcome")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.outcome.to_numpy(), TEST_SIZE, RESTAURANT_CONFIG["seed"])
    model = RandomForestClassifier(n_estimators=60, max_depth=6, random_state=0).fit(
        frame[features].iloc[train], frame.outcome.iloc[train]
    )
    return host_from_model(model, frame, **RESTAURANT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
