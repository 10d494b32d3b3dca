"""The invented `bike` host of writer w23: bicycles of a city bike-share fleet and what the depot did with them.

`load_host()` fits a small synthetic model (a multinomial naive Bayes on count features, fitted on 320 of the 400
bicycles) and builds the host from the model, the frame, the ids of the 80 held-out bicycles and the fields of its
host config with `simxai.hosts.host_from_model`, following the pattern of w22's `host_runner.py`. It has three
labels: at the spring fleet check a bicycle stays `in_service`, goes to the workshop (`needs_repair`) or is
`retired`. Nothing here comes from a data set: the domain, its columns and its words were invented by w23 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w23/host_bike.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BIKE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 80001
SIZE = 400
FEATURES = [
    "rides_last_30d",
    "months_in_fleet",
    "flat_tyre_reports",
    "brake_reports",
    "chain_reports",
    "crash_reports",
    "days_off_dock",
    "electric",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BIKE_CONFIG: dict[str, Any] = {
    "name": "bike-share fleet check",
    "target": "fleet_decision",
    "class_names": {"0": "in_service", "1": "needs_repair", "2": "retired"},
    "instance_noun": "bike",
    "id_column": "bike_number",
    "categorical_features": ["electric"],
    "category_names": {"electric": {"0": "no", "1": "yes"}},
    "immutable_features": ["electric", "months_in_fleet"],
    "feature_aliases": {
        "rides_last_30d": ["rides", "trips", "usage", "rides last month"],
        "months_in_fleet": ["age", "how old", "months in service", "fleet age"],
        "flat_tyre_reports": ["flats", "flat tyres", "punctures", "tyre reports"],
        "brake_reports": ["brakes", "brake complaints", "brake faults"],
        "chain_reports": ["chain", "chain complaints", "gears"],
        "crash_reports": ["crashes", "accidents", "collisions"],
        "days_off_dock": ["days missing", "left off dock", "abandoned days"],
        "electric": ["e-bike", "ebike", "pedal assist"],
    },
    "seed": 0,
    "cards": {
        "description": "Bicycles of an invented city bike-share scheme at its spring 2026 fleet check, one row per "
        "bicycle, with counts taken from the app and the docks over its life or the last 30 days.",
        "feature_descriptions": {
            "rides_last_30d": "number of rides started on the bicycle in the 30 days before the check",
            "months_in_fleet": "months since the bicycle joined the fleet",
            "flat_tyre_reports": "flat tyres reported by riders in the app since its last service",
            "brake_reports": "brake problems reported by riders since its last service",
            "chain_reports": "chain or gear problems reported by riders since its last service",
            "crash_reports": "crashes or collisions reported with the bicycle over its life",
            "days_off_dock": "days in the last 30 it was left away from a dock (abandoned, recovered by a van)",
            "electric": "whether it is a pedal-assist e-bike: no or yes",
        },
        "target_description": "what the fleet check decided: keep in service, send to the workshop, or retire",
        "model_description": "Multinomial naive Bayes on the count features (Laplace smoothing, alpha 1), the kind "
        "of model usually fitted to word counts.",
        "training": "Fitted on 320 of the 400 synthetic bicycles; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic bicycles, invented for testing; not a real scheme's fleet.",
            "Sees only counts: it does not know the model of bicycle, the battery health of e-bikes, or where a "
            "bicycle is ridden.",
            "Treats every feature as a count of independent events, so it can overweight large counts like rides.",
        ],
        "label_meanings": {
            "in_service": "the bicycle stays on the street as it is",
            "needs_repair": "the bicycle is pulled to the workshop and comes back after a repair",
            "retired": "the bicycle is taken out of the fleet for good (stripped for parts or scrapped)",
        },
        "probability_meaning": "The model's estimated probability of each of the three decisions (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(8023)
    n = SIZE
    months = rng.integers(1, 73, n)
    electric = rng.choice(2, n, p=[0.65, 0.35])
    wear = months / 24 + rng.gamma(1.5, 0.8, n)
    frame = pd.DataFrame(
        {
            "bike_number": np.arange(FIRST_ID, FIRST_ID + n),
            "rides_last_30d": np.round(np.clip(rng.normal(55 + 40 * electric - 0.3 * months, 22, n), 0, 180)),
            "months_in_fleet": months,
            "flat_tyre_reports": rng.poisson(0.5 + 0.5 * wear),
            "brake_reports": rng.poisson(0.3 + 0.6 * wear),
            "chain_reports": rng.poisson(0.3 + 0.4 * wear),
            "crash_reports": rng.poisson(0.2 + 0.35 * wear),
            "days_off_dock": rng.poisson(1 + 0.8 * wear),
            "electric": electric,
        }
    )
    fault = (
        0.8 * frame.flat_tyre_reports
        + 1.0 * frame.brake_reports
        + 0.7 * frame.chain_reports
        + 0.4 * frame.days_off_dock
        + rng.normal(0, 1.0, n)
    )
    end = 0.05 * frame.months_in_fleet + 1.1 * frame.crash_reports - 0.02 * frame.rides_last_30d + rng.normal(0, 0.8, n)
    frame["fleet_decision"] = np.where(end > 3.6, 2, np.where(fault > 5.0, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 80 bicycles the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(80).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bike host in memory, its model fitted on the bicycles outside `held_out_ids()`."""
    from sklearn.naive_bayes import MultinomialNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bike_number.isin(test)]
    model = MultinomialNB(alpha=1.0)
    model.fit(train[FEATURES], train.fleet_decision)
    return host_from_model(model, frame[["bike_number", *FEATURES, "fleet_decision"]], test_ids=test, **BIKE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
