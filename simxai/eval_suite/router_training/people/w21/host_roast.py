"""The invented `roast` host of writer w21: roast lots of a small coffee roastery and the grade their cupping gave.

`load_host()` fits a small synthetic model (a categorical naive Bayes behind a binning step, on a seeded frame,
fitted on 320 of the 400 roast lots) and builds the host from the model, the frame, the ids of the 80 held-out
lots and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w19's
`host_dog.py`. It has two labels: a roast lot cups as `specialty` (80 points or more) or as `commercial`. The
numeric columns are cut into four quantile bins (`KBinsDiscretizer`, ordinal codes) and the categories pass
through as codes, so `CategoricalNB` sees only categories. Nothing here comes from a data set: the domain, its
columns and its words were invented by w21 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w21/host_roast.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ROAST_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 74001
SIZE = 400
NUMERIC = ["altitude_m", "roast_minutes", "development_pct", "days_since_roast", "moisture_pct", "defects_per_350g"]
CATEGORICAL = ["origin", "process", "roast_level"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ROAST_CONFIG: dict[str, Any] = {
    "name": "coffee roast lots",
    "target": "grade",
    "class_names": {"0": "commercial", "1": "specialty"},
    "instance_noun": "roast",
    "id_column": "roast_id",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "origin": {"0": "ethiopia", "1": "colombia", "2": "brazil", "3": "kenya", "4": "sumatra", "5": "guatemala"},
        "process": {"0": "washed", "1": "natural", "2": "honey"},
        "roast_level": {"0": "light", "1": "medium", "2": "dark"},
    },
    "immutable_features": ["origin", "altitude_m"],
    "feature_aliases": {
        "altitude_m": ["altitude", "elevation", "growing altitude", "masl"],
        "roast_minutes": ["roast time", "total roast time", "minutes in the drum", "drop time"],
        "development_pct": ["development", "development time ratio", "dtr", "development ratio"],
        "days_since_roast": ["rest", "days of rest", "age of the roast", "days off roast"],
        "moisture_pct": ["moisture", "green moisture", "water content"],
        "defects_per_350g": ["defects", "defect count", "green defects"],
        "origin": ["country", "where it's from", "country of origin"],
        "process": ["processing", "processing method"],
        "roast_level": ["roast degree", "how dark"],
    },
    "seed": 0,
    "cards": {
        "description": "Roast lots of an invented small-batch coffee roastery in 2025, one row per lot, with the "
        "grade the lot got at the roastery's weekly cupping.",
        "feature_descriptions": {
            "altitude_m": "altitude the green coffee was grown at, in metres above sea level",
            "roast_minutes": "total roast time from charge to drop, in minutes",
            "development_pct": "development time after first crack as a percentage of the roast time",
            "days_since_roast": "days between roasting and cupping",
            "moisture_pct": "moisture of the green coffee, in percent",
            "defects_per_350g": "full defects counted in a 350 g green sample",
            "origin": "country of origin: ethiopia, colombia, brazil, kenya, sumatra or guatemala",
            "process": "processing method: washed, natural or honey",
            "roast_level": "roast degree: light, medium or dark",
        },
        "target_description": "the grade the lot got at cupping: specialty (80 points or more) or commercial",
        "model_description": "Categorical naive Bayes: the numeric columns cut into four quantile bins, each bin "
        "and category counted per grade (with Laplace smoothing), the columns independent given the grade.",
        "training": "Fitted on 320 of the 400 synthetic roast lots; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic lots, invented for testing; not real coffees or scores.",
            "Knows nothing about the farm, the price, the roaster's machine or the cuppers' tasting notes.",
            "Sees each number only as one of four bins: a change inside a bin does not move it.",
        ],
        "label_meanings": {
            "specialty": "the lot cupped at 80 points or more on the roastery's sheet",
            "commercial": "the lot cupped below 80 points",
        },
        "probability_meaning": "The model's estimated probability of each grade (the two add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7441)
    n = SIZE
    origin = rng.choice(6, n, p=[0.2, 0.2, 0.2, 0.12, 0.12, 0.16])
    base_altitude = np.array([1950, 1650, 1100, 1750, 1300, 1550])[origin]
    roast_level = rng.choice(3, n, p=[0.35, 0.45, 0.2])
    frame = pd.DataFrame(
        {
            "roast_id": np.arange(FIRST_ID, FIRST_ID + n),
            "altitude_m": (np.round(np.clip(base_altitude + rng.normal(0, 180, n), 700, 2400) / 10) * 10).astype(int),
            "roast_minutes": np.round(np.clip(rng.normal(10.5, 1.3, n) + 0.6 * roast_level, 7, 15), 1),
            "development_pct": np.round(np.clip(rng.normal(20, 3.5, n), 12, 30), 1),
            "days_since_roast": rng.integers(1, 29, n),
            "moisture_pct": np.round(np.clip(rng.normal(10.8, 0.9, n), 8.5, 13.5), 1),
            "defects_per_350g": rng.poisson(4, n),
            "origin": origin,
            "process": rng.choice(3, n, p=[0.5, 0.3, 0.2]),
            "roast_level": roast_level,
        }
    )
    quality = (
        0.0025 * (frame.altitude_m - 1500)
        - 0.25 * (frame.defects_per_350g - 4)
        - 0.12 * np.abs(frame.development_pct - 20)
        - 0.5 * np.abs(frame.moisture_pct - 10.8)
        - 0.08 * np.abs(frame.days_since_roast - 9)
        - 0.3 * np.abs(frame.roast_minutes - 10.5)
        - 0.7 * (frame.roast_level == 2)
        + 0.4 * (frame.origin == 0)
        + 0.3 * (frame.origin == 3)
        - 0.3 * (frame.origin == 2)
        + 0.2 * (frame.process == 0)
        + rng.normal(0, 0.4, n)
    )
    frame["grade"] = (quality > -1.1).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 roast lots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(74).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented roast host in memory, its model fitted on the lots outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.naive_bayes import CategoricalNB
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import KBinsDiscretizer

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.roast_id.isin(test)]
    bins = KBinsDiscretizer(n_bins=4, encode="ordinal", strategy="quantile", quantile_method="averaged_inverted_cdf")
    model = Pipeline(
        [
            ("bins", ColumnTransformer([("numeric", bins, NUMERIC)], remainder="passthrough")),
            ("bayes", CategoricalNB(min_categories=[4] * len(NUMERIC) + [6, 3, 3])),
        ]
    )
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["roast_id", *FEATURES, "grade"]], test_ids=test, **ROAST_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
