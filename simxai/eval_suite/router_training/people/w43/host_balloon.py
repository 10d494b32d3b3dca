"""The invented `balloon` host of writer w43: passenger flights of a small Texas hot-air balloon outfit.

`load_host()` fits a small synthetic model (a seeded linear discriminant analysis, `LinearDiscriminantAnalysis`,
behind a scaler and a one-hot encoder for the launch site) on 240 of the 300 flights and builds the host with
`simxai.hosts.host_from_model`. Two labels: a flight ends in a `soft` landing or a `hard` one (the basket tipped or
dragged). Nothing here comes from a data set: the domain, its columns and its words were invented by w43.

    python simxai/eval_suite/router_training/people/w43/host_balloon.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BALLOON_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 114201
SIZE = 300
NUMERIC = ["surface_wind_kt", "GustSpreadKt", "riders", "fuel_left_pct", "FlightMinutes", "air_temp_f", "EnvelopeHours"]
CATEGORICAL = ["LaunchSite"]
FEATURES = [*CATEGORICAL, *NUMERIC]
BALLOON_CONFIG: dict[str, Any] = {
    "name": "balloon landings",
    "target": "Landing",
    "class_names": {"0": "soft", "1": "hard"},
    "instance_noun": "flight",
    "id_column": "FlightNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"LaunchSite": {"0": "prairie", "1": "lakeside", "2": "hill_country"}},
    "immutable_features": ["LaunchSite", "EnvelopeHours"],
    "feature_aliases": {
        "LaunchSite": ["launch site", "site", "field"],
        "surface_wind_kt": ["wind", "surface wind", "wind speed"],
        "GustSpreadKt": ["gusts", "gust spread", "gustiness"],
        "riders": ["riders", "passengers", "folks in the basket"],
        "fuel_left_pct": ["fuel", "propane left", "fuel left"],
        "FlightMinutes": ["flight time", "minutes aloft", "duration"],
        "air_temp_f": ["temperature", "air temperature", "temp"],
        "EnvelopeHours": ["envelope hours", "envelope age", "hours on the envelope"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Passenger flights of an invented hot-air balloon outfit in Texas, one row per flight, "
        "used by the chief pilot to judge which mornings end with a rough landing.",
        "feature_descriptions": {
            "LaunchSite": "the launch field: prairie, lakeside or hill_country",
            "surface_wind_kt": "surface wind at landing, in knots",
            "GustSpreadKt": "difference between gusts and mean wind at landing, in knots",
            "riders": "paying passengers in the basket",
            "fuel_left_pct": "propane left in the tanks at landing, in percent",
            "FlightMinutes": "minutes from lift-off to touchdown",
            "air_temp_f": "air temperature at launch, in degrees Fahrenheit",
            "EnvelopeHours": "flight hours on the envelope (the fabric), fixed for a flight",
        },
        "target_description": "whether the basket set down softly or landed hard (tipped or dragged)",
        "model_description": "A linear discriminant analysis on the scaled columns, the launch site one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic flights; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic flights, invented for testing; not a real balloon company's log.",
            "Knows nothing of the pilot, power lines, livestock or the chase crew.",
        ],
        "label_meanings": {
            "soft": "the basket set down upright and stayed put",
            "hard": "the basket tipped, bounced or dragged on landing",
        },
        "probability_meaning": "The discriminant's posterior probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(114114)
    n = SIZE
    site = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    wind = np.round(np.clip(rng.gamma(2.2, 2.6, n), 0.5, 18), 1)
    gust = np.round(np.clip(0.3 * wind + rng.normal(1.5, 1.2, n) + (site == 2) * 1.0, 0, 12), 1)
    frame = pd.DataFrame(
        {
            "FlightNo": np.arange(FIRST_ID, FIRST_ID + n),
            "LaunchSite": site,
            "surface_wind_kt": wind,
            "GustSpreadKt": gust,
            "riders": rng.integers(1, 13, n),
            "fuel_left_pct": np.clip(np.round(rng.normal(38, 12, n)), 8, 70).astype(int),
            "FlightMinutes": np.clip(np.round(rng.normal(65, 15, n)), 25, 110).astype(int),
            "air_temp_f": np.clip(np.round(rng.normal(58, 12, n)), 28, 92).astype(int),
            "EnvelopeHours": rng.choice([40, 120, 250, 380, 520], n),
        }
    )
    risk = (
        0.28 * frame.surface_wind_kt
        + 0.35 * frame.GustSpreadKt
        + 0.12 * frame.riders
        - 0.04 * frame.fuel_left_pct
        + 0.01 * frame.FlightMinutes
        + 0.002 * frame.EnvelopeHours
        + 0.5 * (frame.LaunchSite == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["Landing"] = (risk > 3.6).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 flights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1142).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented balloon host in memory, its model fitted on the flights outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

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
                        (
                            "categories",
                            OneHotEncoder(drop="first", handle_unknown="ignore", sparse_output=False),
                            CATEGORICAL,
                        ),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("lda", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.Landing)
    return host_from_model(model, frame[["FlightNo", *FEATURES, "Landing"]], test_ids=test, **BALLOON_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
