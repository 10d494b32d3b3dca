"""The invented `section` host of writer w27: a county's gritting network, one row per road section on a winter night.

`load_host()` fits a small synthetic model (a totally-random-trees embedding, `RandomTreesEmbedding`, whose sparse
leaf codes feed a multinomial logistic regression, behind a one-hot encoder for the categories) on 320 of the 400
sections and builds the host from the model, the frame, the ids of the 80 held-out sections and the fields of its
host config with `simxai.hosts.host_from_model`, following the pattern of w24's hosts. It has three labels: the
night's treatment the duty officer ends up ordering for a section, `no_action`, `precautionary_salt` or
`plough_and_salt`. Nothing here comes from a data set: the domain, its columns and its words were invented by w27 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w27/host_section.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SECTION_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 94001
SIZE = 400
NUMERIC = [
    "min_rst_c",
    "dew_point_gap_c",
    "rain_mm",
    "snow_cm",
    "hours_since_salt",
    "traffic_k",
    "altitude_m",
]
CATEGORICAL = ["road_class", "bus_route"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SECTION_CONFIG: dict[str, Any] = {
    "name": "winter gritting decisions",
    "target": "treatment",
    "class_names": {"0": "no_action", "1": "precautionary_salt", "2": "plough_and_salt"},
    "instance_noun": "section",
    "id_column": "section_no",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "road_class": {"0": "a_road", "1": "b_road", "2": "minor"},
        "bus_route": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["altitude_m", "road_class"],
    "feature_aliases": {
        "min_rst_c": ["rst", "road surface temperature", "road temp", "surface temp", "min rst"],
        "dew_point_gap_c": ["dew point gap", "dp gap", "dew point", "dp"],
        "rain_mm": ["rain", "precip", "rainfall", "wet"],
        "snow_cm": ["snow", "snowfall", "snow depth"],
        "hours_since_salt": ["since last salted", "last treatment", "hours since salting", "residual salt"],
        "traffic_k": ["traffic", "aadt", "vehicles", "flow"],
        "altitude_m": ["altitude", "height", "elevation"],
        "road_class": ["class", "road type", "category"],
        "bus_route": ["bus", "buses", "bus service"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Road sections of an invented county's winter gritting network, one row per section with "
        "the night's road-weather forecast, used to decide each section's treatment for the night.",
        "feature_descriptions": {
            "min_rst_c": "forecast minimum road surface temperature overnight, in degrees C",
            "dew_point_gap_c": "forecast gap between road surface temperature and dew point at the minimum, in "
            "degrees C (small: frost or ice likely)",
            "rain_mm": "forecast rain on the section before the minimum, in mm",
            "snow_cm": "forecast snowfall overnight, in cm",
            "hours_since_salt": "hours since the section was last salted",
            "traffic_k": "average daily traffic on the section, in thousands of vehicles",
            "altitude_m": "height of the section above sea level, in metres",
            "road_class": "the road's class: a_road, b_road or minor",
            "bus_route": "whether a bus service uses the section: no or yes",
        },
        "target_description": "the treatment ordered for the section that night: no action, precautionary salting "
        "or ploughing and salting",
        "model_description": "A totally random trees embedding (RandomTreesEmbedding, 60 trees of depth 5) whose "
        "one-hot leaf codes feed a multinomial logistic regression; road class and bus route one-hot encoded.",
        "training": "Fitted on 320 of the 400 synthetic road sections; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic road sections, invented for testing; not a real council's gritting records.",
            "Does not know the wind, shaded cuttings, bridges, the salt stock or which gritter drives the route.",
            "The embedding's trees are grown without the labels, so sharp thresholds (0 degrees C) are only "
            "approximated.",
        ],
        "label_meanings": {
            "no_action": "the section is left untreated that night",
            "precautionary_salt": "the section is salted before the frost or ice forms",
            "plough_and_salt": "snow is expected to settle: the section is ploughed and salted",
        },
        "probability_meaning": "The model's estimated probability of each of the three treatments (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(94094)
    n = SIZE
    altitude = rng.integers(5, 421, n)
    frame = pd.DataFrame(
        {
            "section_no": np.arange(FIRST_ID, FIRST_ID + n),
            "min_rst_c": np.round(np.clip(rng.normal(1.5, 3.0, n) - altitude / 250, -9, 9), 1),
            "dew_point_gap_c": np.round(np.clip(rng.gamma(2.0, 1.2, n), 0, 9), 1),
            "rain_mm": np.round(np.clip(rng.exponential(1.5, n), 0, 12), 1),
            "snow_cm": np.round(np.where(rng.random(n) < 0.25, rng.exponential(4.0, n), 0.0), 1),
            "hours_since_salt": rng.integers(2, 97, n),
            "traffic_k": np.round(np.clip(rng.lognormal(1.6, 0.8, n), 0.3, 45), 1),
            "altitude_m": altitude,
            "road_class": rng.choice(3, n, p=[0.3, 0.35, 0.35]),
            "bus_route": rng.choice(2, n, p=[0.6, 0.4]),
        }
    )
    ice = (
        -0.9 * frame.min_rst_c
        - 0.35 * frame.dew_point_gap_c
        + 0.25 * frame.rain_mm
        + 0.015 * frame.hours_since_salt
        + 0.04 * frame.traffic_k
        + 0.5 * (frame.road_class == 0)
        + 0.4 * frame.bus_route
        + rng.normal(0, 0.7, n)
    )
    snow = frame.snow_cm + 0.004 * frame.altitude_m + rng.normal(0, 0.8, n)
    frame["treatment"] = np.where(snow > 4.0, 2, np.where(ice > -0.4, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 80 sections the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(94).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented section host in memory, its model fitted on the sections outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomTreesEmbedding
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.section_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ]
                ),
            ),
            ("embedding", RandomTreesEmbedding(n_estimators=60, max_depth=5, random_state=0)),
            ("logistic", LogisticRegression(C=0.5, max_iter=2000)),
        ]
    )
    model.fit(train[FEATURES], train.treatment)
    return host_from_model(model, frame[["section_no", *FEATURES, "treatment"]], test_ids=test, **SECTION_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
