"""The invented `vessel` host of writer w17: container ships whose next port call is on schedule or delayed.

`load_host()` fits a small synthetic model (a seeded pipeline: numeric features scaled, categorical ones one-hot
encoded, then a logistic model fitted by stochastic gradient descent, `SGDClassifier(loss="log_loss")`, on a seeded
frame, fitted on 320 of the 400 voyages) and builds the host from the model, the frame, the ids of the 80 held-out
voyages and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w16's
`host_tenant.py`. Nothing here comes from a data set: the domain, its columns and its words were invented by w17 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w17/host_vessel.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["VESSEL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 47001
SIZE = 400
NUMERIC = ["voyage_nm", "cargo_teu", "crew_size", "port_congestion_index", "wind_knots", "hull_age_years"]
CATEGORICAL = ["flag_state", "route", "season"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
VESSEL_CONFIG: dict[str, Any] = {
    "name": "port call delays",
    "target": "delayed",
    "class_names": {"0": "on_schedule", "1": "delayed"},
    "instance_noun": "vessel",
    "id_column": "vessel_id",
    "category_names": {
        "flag_state": {"0": "panama", "1": "liberia", "2": "marshall_islands", "3": "singapore", "4": "malta"},
        "route": {"0": "asia_europe", "1": "transpacific", "2": "transatlantic", "3": "intra_asia"},
        "season": {"0": "winter", "1": "spring", "2": "summer", "3": "autumn"},
    },
    "immutable_features": ["hull_age_years"],
    "feature_aliases": {
        "voyage_nm": ["voyage length", "distance", "nautical miles", "leg length"],
        "cargo_teu": ["cargo", "containers", "teu", "load"],
        "crew_size": ["crew", "crew members"],
        "port_congestion_index": ["congestion", "port congestion", "queue at the port"],
        "wind_knots": ["wind", "wind speed"],
        "hull_age_years": ["ship age", "age of the hull", "vessel age"],
        "flag_state": ["flag", "registry"],
        "route": ["trade lane", "lane", "service"],
        "season": ["time of year"],
    },
    "seed": 0,
    "cards": {
        "description": "Voyages of container ships of an invented carrier, one row per ship and its next port "
        "call, from its 2025 schedule.",
        "feature_descriptions": {
            "voyage_nm": "length of the leg to the next port call in nautical miles",
            "cargo_teu": "containers on board in twenty-foot equivalent units (TEU)",
            "crew_size": "number of crew on board",
            "port_congestion_index": "congestion at the destination port, 0 (none) to 10 (ships queueing for days)",
            "wind_knots": "forecast average wind speed on the leg in knots",
            "hull_age_years": "age of the ship's hull in years",
            "flag_state": "flag the ship sails under: panama, liberia, marshall_islands, singapore or malta",
            "route": "trade lane: asia_europe, transpacific, transatlantic or intra_asia",
            "season": "season of the voyage: winter, spring, summer or autumn",
        },
        "target_description": "whether the ship berthed more than 24 hours after its scheduled arrival",
        "model_description": "A logistic model fitted by stochastic gradient descent (log loss, alpha=0.001) "
        "after scaling the numeric features and one-hot encoding the categorical ones.",
        "training": "Fitted on 320 of the 400 synthetic voyages; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic voyages, invented for testing; not real ships.",
            "A linear model: it cannot capture interactions such as wind mattering more on long legs.",
            "Knows nothing about strikes, canal closures or breakdowns.",
        ],
        "label_meanings": {
            "on_schedule": "the ship berthed within 24 hours of its scheduled arrival",
            "delayed": "the ship berthed more than 24 hours after its scheduled arrival",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(4719)
    n = SIZE
    route = rng.choice(4, n, p=[0.3, 0.25, 0.2, 0.25])
    season = rng.choice(4, n)
    base_nm = np.array([9500, 5800, 3600, 1600])[route]
    voyage = np.round(base_nm * rng.lognormal(0, 0.2, n) / 10) * 10
    teu = np.round(np.array([14000, 9000, 6000, 2500])[route] * rng.lognormal(0, 0.3, n) / 10) * 10
    frame = pd.DataFrame(
        {
            "vessel_id": np.arange(FIRST_ID, FIRST_ID + n),
            "voyage_nm": voyage.astype(int),
            "cargo_teu": teu.astype(int),
            "crew_size": rng.integers(16, 31, n),
            "port_congestion_index": np.clip(np.round(rng.normal(4.5, 2.2, n), 1), 0, 10),
            "wind_knots": np.clip(np.round(rng.gamma(3, 5, n) + 8 * (season == 0)), 0, 60).astype(int),
            "hull_age_years": rng.integers(1, 29, n),
            "flag_state": rng.choice(5, n, p=[0.3, 0.25, 0.2, 0.15, 0.1]),
            "route": route,
            "season": season,
        }
    )
    score = (
        0.45 * (frame.port_congestion_index - 4.5)
        + 0.06 * (frame.wind_knots - 17)
        + 0.00012 * (frame.voyage_nm - 5500)
        + 0.05 * (frame.hull_age_years - 14)
        + 0.00004 * (frame.cargo_teu - 8000)
        - 0.04 * (frame.crew_size - 23)
        + 0.5 * (frame.season == 0)
        + 0.4 * (frame.route == 0)
        - 0.3 * (frame.flag_state == 3)
        + rng.normal(0, 0.9, n)
    )
    frame["delayed"] = (score > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 voyages the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(47).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented vessel host in memory, its model fitted on the voyages outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.vessel_id.isin(test)]
    encode = ColumnTransformer(
        [
            ("scale", StandardScaler(), NUMERIC),
            ("onehot", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
        ]
    )
    classify = SGDClassifier(loss="log_loss", alpha=0.001, max_iter=2000, tol=1e-4, random_state=0)
    model = Pipeline([("encode", encode), ("classify", classify)])
    model.fit(train[features], train.delayed)
    return host_from_model(model, frame[["vessel_id", *features, "delayed"]], test_ids=test, **VESSEL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
