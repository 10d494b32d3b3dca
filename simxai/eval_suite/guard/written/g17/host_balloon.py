"""The invented `balloon` host of guard writer g17: dawn and dusk hot-air balloon launches, each flown or scrubbed.

`load_host()` fits a small synthetic model (scikit-learn's `LabelPropagation`, a graph-based classifier with an RBF
kernel, behind a `StandardScaler`; a model class no earlier invented host used) on a seeded frame of 360 planned
launches of an invented balloon-ride company. 288 launches fit the model; the other 72 are held out for the
performance figures. The host is built with `simxai.hosts.in_memory.host_from_model`, following the pattern of
g16's `host_kayak.py`. Nothing here comes from a data set: the domain, its columns and its words were invented by g17.

    python simxai/eval_suite/guard/written/g17/host_balloon.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BALLOON_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 95001
SIZE = 360
NUMERIC = [
    "surface_wind_kt",
    "gust_spread_kt",
    "visibility_km",
    "cloud_base_m",
    "passengers",
    "pilot_hours",
    "launch_hour",
]
CATEGORICAL = ["envelope", "field"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BALLOON_CONFIG: dict[str, Any] = {
    "name": "hot-air balloon launches",
    "target": "outcome",
    "class_names": {"0": "flown", "1": "scrubbed"},
    "instance_noun": "launch",
    "id_column": "launch_id",
    "category_names": {
        "envelope": {"0": "small", "1": "medium", "2": "large"},
        "field": {"0": "meadow", "1": "valley", "2": "hilltop"},
    },
    "immutable_features": ["pilot_hours"],
    "feature_aliases": {
        "surface_wind_kt": ["wind", "surface wind", "wind speed"],
        "gust_spread_kt": ["gusts", "gust spread", "how gusty it was"],
        "visibility_km": ["visibility", "how far one could see"],
        "cloud_base_m": ["cloud base", "ceiling", "how high the clouds were"],
        "passengers": ["passenger count", "number of passengers", "basket load"],
        "pilot_hours": ["pilot experience", "pilot's hours", "flying hours"],
        "launch_hour": ["launch time", "hour", "when it was due to lift off"],
        "envelope": ["balloon size", "envelope size"],
        "field": ["launch field", "launch site", "site"],
    },
    "seed": 0,
    "cards": {
        "description": "Planned passenger launches of an invented hot-air balloon company, one row per launch.",
        "feature_descriptions": {
            "surface_wind_kt": "mean surface wind at the field before launch, in knots",
            "gust_spread_kt": "gust speed minus mean wind, in knots",
            "visibility_km": "horizontal visibility at the field, in km",
            "cloud_base_m": "height of the cloud base above the field, in metres",
            "passengers": "number of passengers booked in the basket",
            "pilot_hours": "logged flying hours of the pilot in command",
            "launch_hour": "planned hour of lift-off (24-hour clock; dawn or evening slots)",
            "envelope": "size class of the balloon envelope: small, medium or large",
            "field": "launch field: meadow, valley or hilltop",
        },
        "target_description": "whether the planned launch was flown or scrubbed on the day",
        "model_description": "scikit-learn LabelPropagation (RBF kernel, gamma 0.3) behind a StandardScaler; "
        "envelope and field enter as their codes.",
        "training": "Fitted on 288 of the 360 synthetic launches; the other 72 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic launches, invented for testing; not a real company's flight log.",
            "A graph-based classifier: its probabilities are kernel-weighted votes, not calibrated.",
            "Envelope and field enter as numeric codes, as if they were ordered.",
        ],
        "label_meanings": {
            "flown": "the balloon lifted off with its passengers as planned",
            "scrubbed": "the pilot cancelled the launch on the day",
        },
        "probability_meaning": "The share of kernel-weighted label mass the classifier gives each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(9517)
    n = SIZE
    envelope = rng.choice(3, n, p=[0.3, 0.45, 0.25])
    field = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    wind = np.clip(np.round(rng.gamma(2.5, 2.4, n)), 0, 25).astype(int)
    gust = np.clip(np.round(0.4 * wind + rng.normal(1.5, 1.5, n)), 0, 15).astype(int)
    visibility = np.round(np.clip(rng.normal(9, 3.5, n), 1, 20), 1)
    cloud = np.clip(np.round(rng.normal(900, 350, n), -1), 150, 2000).astype(int)
    passengers = rng.integers(2, 17, n)
    pilot = np.clip(np.round(rng.gamma(3.0, 300, n), -1), 100, 4000).astype(int)
    hour = rng.choice([6, 7, 8, 18, 19, 20], n)
    frame = pd.DataFrame(
        {
            "launch_id": np.arange(FIRST_ID, FIRST_ID + n),
            "surface_wind_kt": wind,
            "gust_spread_kt": gust,
            "visibility_km": visibility,
            "cloud_base_m": cloud,
            "passengers": passengers,
            "pilot_hours": pilot,
            "launch_hour": hour,
            "envelope": envelope,
            "field": field,
        }
    )
    risk = (
        0.35 * (wind - 6)
        + 0.3 * (gust - 4)
        - 0.12 * (visibility - 9)
        - 0.002 * (cloud - 900)
        + 0.04 * (passengers - 9)
        - 0.0006 * (pilot - 900)
        + 0.25 * (hour >= 18)
        + 0.3 * (field == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (risk > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 72 launches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(95).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented balloon host in memory, its classifier fitted on the launches outside `held_out_ids()`."""
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.semi_supervised import LabelPropagation

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.launch_id.isin(test)]
    model = make_pipeline(StandardScaler(), LabelPropagation(kernel="rbf", gamma=0.3, max_iter=2000))
    model.fit(train[features], train.outcome)
    return host_from_model(model, frame[["launch_id", *features, "outcome"]], test_ids=test, **BALLOON_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
