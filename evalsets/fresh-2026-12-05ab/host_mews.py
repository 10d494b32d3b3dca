"""The invented `mews` host of test set ab: the flights of the birds kept in the mews of an invented falconry centre.

One row per flight (one bird flown free to the lure or the fist on one day), written up by the falconer afterwards.
`load_host()` fits a seeded additive spline model (each number expanded into cubic B-splines, the two categories
one-hot encoded, then a multinomial `LogisticRegression`) on 240 of the 300 flights and builds the host with
`simxai.hosts.host_from_model`. Three labels: a bird flew `keen` (sharp, came straight back), `sulky` (too heavy,
sat in a tree and ignored the lure) or `weak` (too low, flat and slow). Nothing here comes from a data set: the
domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-05ab/host_mews.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MEWS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 122001
SIZE = 300
NUMERIC = ["Weight (g)", "pct_under_fat", "HoursSinceFed", "weathering hours", "wind_kph", "Age (yrs)"]
CATEGORICAL = ["Species", "Imprint"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MEWS_CONFIG: dict[str, Any] = {
    "name": "falconry mews flights",
    "target": "Flight",
    "class_names": {"0": "keen", "1": "sulky", "2": "weak"},
    "instance_noun": "flight",
    "id_column": "FlightNo",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Species"],
    "feature_aliases": {
        "Species": ["species", "kind of bird", "bird type"],
        "Imprint": ["imprint", "imprinted", "hand-reared", "imprint bird"],
        "Weight (g)": ["weight", "grams", "weight in grams", "flying weight"],
        "pct_under_fat": ["percent under fat weight", "under fat", "cut", "how far below fat weight"],
        "HoursSinceFed": ["hours since fed", "since the last feed", "hours since feeding", "last meal"],
        "weathering hours": ["weathering", "hours on the weathering lawn", "time on the block"],
        "wind_kph": ["wind", "wind speed", "breeze"],
        "Age (yrs)": ["age", "years old", "how old"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Flights of the birds of prey kept in the mews of an invented falconry centre, one row per "
        "flight, written up by the falconer to judge each bird's condition before the next day's flying.",
        "feature_descriptions": {
            "Species": "the kind of bird: harris_hawk, red_tail or kestrel",
            "Imprint": "True when the bird was hand-reared (imprinted on people) rather than parent-reared",
            "Weight (g)": "the bird's weight on the scales before the flight, in grams",
            "pct_under_fat": "how many percent the bird was below its free-fed (fat) weight that day",
            "HoursSinceFed": "how many hours had passed since the bird's last feed when it was flown",
            "weathering hours": "how many hours the bird sat out on the weathering lawn that day before the flight",
            "wind_kph": "the wind speed during the flight, in kilometres per hour",
            "Age (yrs)": "the bird's age in years",
        },
        "target_description": "whether the bird flew keen, sulky (too heavy, ignored the lure) or weak (too low)",
        "model_description": "An additive spline model: each number expanded into cubic B-splines, the species and "
        "the imprint flag one-hot encoded, then a multinomial logistic regression.",
        "training": "Fitted on 240 of the 300 synthetic flights; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic flights, invented for testing; not a real falconry centre's records.",
            "Knows nothing of the quarry, of moult or of how the falconer handled the bird that day.",
        ],
        "label_meanings": {
            "keen": "the bird flew sharp and responsive and came straight back to the fist or the lure",
            "sulky": "the bird was too heavy: it sat in a tree and ignored the lure",
            "weak": "the bird was too low: it flew flat and slow and tired early",
        },
        "probability_meaning": "The spline model's probability of each kind of flight (they add up to 1).",
    },
}

_BASE_WEIGHT = {"harris_hawk": 720.0, "red_tail": 1080.0, "kestrel": 190.0}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(122001)
    n = SIZE
    species = rng.choice(["harris_hawk", "red_tail", "kestrel"], n, p=[0.45, 0.3, 0.25])
    imprint = rng.random(n) < 0.35
    cut = np.round(np.clip(rng.normal(9.0, 4.0, n), 0.0, 22.0), 1)
    fat = np.array([_BASE_WEIGHT[s] for s in species]) * rng.normal(1.0, 0.05, n)
    weight = np.round(fat * (1 - cut / 100)).astype(int)
    fed = rng.integers(6, 49, n)
    weathering = np.round(rng.uniform(0.0, 6.0, n) * 2) / 2
    wind = rng.integers(0, 41, n)
    age = rng.integers(1, 16, n)
    frame = pd.DataFrame(
        {
            "FlightNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Species": species,
            "Imprint": imprint,
            "Weight (g)": weight,
            "pct_under_fat": cut,
            "HoursSinceFed": fed,
            "weathering hours": weathering,
            "wind_kph": wind,
            "Age (yrs)": age,
        }
    )
    hunger = cut + 0.12 * (fed - 24) + 0.3 * (weathering - 3) + rng.normal(0, 1.3, n)
    sulk = 7.0 + 0.1 * (wind - 15) + 1.2 * imprint - 1.0 * (species == "kestrel")
    weak = 14.0 - 0.15 * (age - 6) - 0.05 * wind
    frame["Flight"] = np.where(hunger < sulk, 1, np.where(hunger > weak, 2, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 flights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1220).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented mews host in memory, its model fitted on the flights outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.FlightNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("splines", SplineTransformer(n_knots=5, degree=3, extrapolation="linear"), NUMERIC),
                    ]
                ),
            ),
            ("scale", StandardScaler()),
            ("logistic", LogisticRegression(C=0.5, max_iter=5000)),
        ]
    )
    model.fit(train[FEATURES], train.Flight)
    return host_from_model(model, frame[["FlightNo", *FEATURES, "Flight"]], test_ids=test, **MEWS_CONFIG)


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
    recorded = Counter(MEWS_CONFIG["class_names"][str(g)] for g in _frame().Flight)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    print("held-out:", score(host, {"metric": "accuracy"}))
