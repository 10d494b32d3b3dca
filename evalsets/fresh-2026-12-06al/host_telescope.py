"""The invented `telescope` host of test set al: the loaner telescopes of an invented astronomy club.

One row per telescope the club lends to its members: the mount, the aperture, how long it is left to cool before
use, how many nights since its mirrors were last aligned, the humidity of the cupboard it is stored in, how worn its
focuser is and how many times a month it goes out. `load_host()` fits a seeded extra-trees classifier (in a
`Pipeline`, the mount one-hot encoded) on 240 of the 300 telescopes and builds the host with
`simxai.hosts.host_from_model`. Three labels, how the club's optics keeper rated the scope at the spring check:
`sharp`, `soft` (out of alignment, blurred stars) or `fogged` (mould or haze on the optics). Nothing here comes from
a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-06al/host_telescope.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TELESCOPE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 144001
SIZE = 300
NUMERIC = [
    "Aperture (mm)",
    "Cooldown (min)",
    "nights_since_collimation",
    "storage_humidity",
    "FocuserWear",
    "TripsPerMonth",
]
CATEGORICAL = ["Mount"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TELESCOPE_CONFIG: dict[str, Any] = {
    "name": "club loaner telescopes",
    "target": "Rating",
    "class_names": {"0": "sharp", "1": "soft", "2": "fogged"},
    "instance_noun": "telescope",
    "id_column": "ScopeID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Mount"],
    "feature_aliases": {
        "Mount": ["mount", "mount type"],
        "Aperture (mm)": ["aperture", "mirror size", "diameter"],
        "Cooldown (min)": ["cooldown", "cool down", "cooling time"],
        "nights_since_collimation": ["nights since collimation", "collimation", "nights since alignment"],
        "storage_humidity": ["storage humidity", "cupboard humidity", "humidity"],
        "FocuserWear": ["focuser wear", "focuser", "wear"],
        "TripsPerMonth": ["trips per month", "trips", "outings"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The loaner telescopes of an invented astronomy club, one row per scope, rated by the "
        "club's optics keeper at the spring check.",
        "feature_descriptions": {
            "Mount": "the mount: equatorial, altaz (alt-azimuth) or dobsonian",
            "Aperture (mm)": "the diameter of the main mirror or lens, in millimetres (60 to 300)",
            "Cooldown (min)": "minutes the scope is usually left outside to cool before observing (0 to 90)",
            "nights_since_collimation": "observing nights since the optics were last aligned (0 to 120)",
            "storage_humidity": "average relative humidity of the storage cupboard, in percent (20 to 90)",
            "FocuserWear": "the keeper's score of focuser wear (0 to 10)",
            "TripsPerMonth": "how many times a month the scope goes out on loan (0 to 12)",
        },
        "target_description": "how the optics keeper rated the scope: sharp, soft or fogged",
        "model_description": "An extra-trees classifier (120 seeded trees, leaves of at least 3 scopes) on the "
        "one-hot-encoded mount and the raw numbers; the probabilities are the trees' averaged leaf shares.",
        "training": "Fitted on 240 of the 300 synthetic telescopes; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic telescopes, invented for testing; not a real club's logbook.",
            "Sees only the logged columns, not how each member handles the scope.",
        ],
        "label_meanings": {
            "sharp": "pin-point stars at the spring check",
            "soft": "out of alignment, blurred stars",
            "fogged": "mould or haze on the optics",
        },
        "probability_meaning": "The share of the trees' leaves that rated the scope with each label, averaged.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(144001)
    n = SIZE
    mount = rng.choice(["equatorial", "altaz", "dobsonian"], n, p=[0.4, 0.3, 0.3])
    aperture = np.round(np.clip(rng.normal(150.0, 55.0, n), 60.0, 300.0), 0)
    cooldown = rng.integers(0, 91, n)
    nights = rng.integers(0, 121, n)
    humidity = np.round(np.clip(rng.normal(55.0, 14.0, n), 20.0, 90.0), 0)
    wear = np.round(np.clip(rng.normal(4.0, 2.2, n), 0.0, 10.0), 1)
    trips = rng.integers(0, 13, n)
    frame = pd.DataFrame(
        {
            "ScopeID": np.arange(FIRST_ID, FIRST_ID + n),
            "Mount": mount,
            "Aperture (mm)": aperture,
            "Cooldown (min)": cooldown,
            "nights_since_collimation": nights,
            "storage_humidity": humidity,
            "FocuserWear": wear,
            "TripsPerMonth": trips,
        }
    )
    # fog: a damp cupboard and a scope that rarely goes out
    fog = 0.06 * (humidity - 55) - 0.15 * (trips - 6) + rng.normal(0, 0.5, n)
    # soft: long since alignment, a worn focuser, trips that knock it about, short cooldown; dobsonians drift most
    soft = 0.02 * (nights - 60) + 0.25 * (wear - 4) + 0.08 * (trips - 6) - 0.015 * (cooldown - 45)
    soft = soft + np.where(mount == "dobsonian", 0.5, 0.0) + rng.normal(0, 0.5, n)
    rating = np.where(fog > 1.0, 2, np.where(soft > 0.3, 1, 0))
    frame["Rating"] = rating
    return frame


def held_out_ids() -> list[int]:
    """The 60 telescopes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1440).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented telescope host in memory, its model fitted on the scopes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ScopeID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    trees = ExtraTreesClassifier(n_estimators=120, min_samples_leaf=3, random_state=144)
    model = Pipeline([("columns", columns), ("trees", trees)])
    model.fit(train[FEATURES], train.Rating)
    return host_from_model(model, frame[["ScopeID", *FEATURES, "Rating"]], test_ids=test, **TELESCOPE_CONFIG)


if __name__ == "__main__":
    from collections import Counter

    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    predict, score = default_registry().get("get_prediction"), default_registry().get("get_model_performance")
    assert predict is not None and score is not None
    recorded = Counter(TELESCOPE_CONFIG["class_names"][str(s)] for s in _frame().Rating)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
