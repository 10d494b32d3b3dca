"""The invented `icecave` host of writer freshT: guided tours into a glacier ice cave, one row per planned tour.

`load_host()` fits a small synthetic model (a seeded `LinearDiscriminantAnalysis` behind a scaler and a one-hot
encoder for the cave zone) on 240 of the 300 tours and builds the host with `simxai.hosts.host_from_model`. Three
labels: the tour goes ahead (`go`), is `shortened` to the entrance chamber, or is `cancelled`. Nothing here comes from
a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-04t/host_icecave.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ICECAVE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 105201
SIZE = 300
NUMERIC = ["meltwater_cm", "AirTempC", "dripRate", "GroupSize", "guide_years", "DaysSinceSurvey"]
CATEGORICAL = ["Zone"]
FEATURES = [*CATEGORICAL, *NUMERIC]
ICECAVE_CONFIG: dict[str, Any] = {
    "name": "ice cave tours",
    "target": "Decision",
    "class_names": {"0": "go", "1": "shortened", "2": "cancelled"},
    "instance_noun": "tour",
    "id_column": "TourNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Zone": {"0": "blue_hall", "1": "east_arch", "2": "north_tongue"}},
    "immutable_features": ["Zone", "guide_years"],
    "feature_aliases": {
        "Zone": ["zone", "cave section", "part of the cave"],
        "meltwater_cm": ["meltwater", "water depth", "melt water"],
        "AirTempC": ["air temperature", "temperature", "temp"],
        "dripRate": ["drip rate", "drips", "dripping"],
        "GroupSize": ["group size", "visitors", "party size"],
        "guide_years": ["guide experience", "guide's years"],
        "DaysSinceSurvey": ["days since survey", "survey age", "last survey"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Planned tours into an invented glacier ice cave, one row per tour, used by the tour office "
        "to decide each morning whether a tour runs in full, runs short or is called off.",
        "feature_descriptions": {
            "Zone": "the part of the cave the tour visits: blue_hall, east_arch or north_tongue",
            "meltwater_cm": "depth of meltwater on the cave floor at dawn, in centimetres",
            "AirTempC": "outside air temperature at 7 am, in degrees Celsius",
            "dripRate": "drips per minute counted at the ceiling marker",
            "GroupSize": "number of visitors booked",
            "guide_years": "years of experience of the lead guide",
            "DaysSinceSurvey": "days since the cave ceiling was last surveyed",
        },
        "target_description": "whether the tour goes ahead in full, is shortened or is cancelled",
        "model_description": "Linear discriminant analysis on the scaled columns, the zone one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic tours; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic tours, invented for testing; not a real tour company's records.",
            "Knows nothing of earthquakes, visitor fitness or sudden rockfall outside the cave.",
        ],
        "label_meanings": {
            "go": "the tour runs in full",
            "shortened": "the tour only visits the entrance chamber",
            "cancelled": "the tour is called off",
        },
        "probability_meaning": "The model's posterior probability of each decision (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(105105)
    n = SIZE
    zone = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    temp = np.round(rng.normal(-2, 5, n), 1)
    melt = np.round(np.clip(1.2 * np.clip(temp, 0, None) + rng.gamma(1.5, 2.0, n), 0, 40), 1)
    drip = np.clip(np.round(3 + 2.5 * np.clip(temp + 3, 0, None) + rng.normal(0, 4, n)), 0, 60).astype(int)
    frame = pd.DataFrame(
        {
            "TourNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Zone": zone,
            "meltwater_cm": melt,
            "AirTempC": temp,
            "dripRate": drip,
            "GroupSize": rng.integers(2, 17, n),
            "guide_years": rng.choice([1, 3, 6, 10, 18], n),
            "DaysSinceSurvey": rng.integers(0, 31, n),
        }
    )
    risk = (
        0.09 * frame.meltwater_cm
        + 0.12 * frame.AirTempC
        + 0.05 * frame.dripRate
        + 0.04 * frame.GroupSize
        - 0.04 * frame.guide_years
        + 0.04 * frame.DaysSinceSurvey
        + 0.5 * (frame.Zone == 2)
        + rng.normal(0, 0.5, n)
    )
    frame["Decision"] = np.digitize(risk, [1.2, 2.1]).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 tours the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1052).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented ice-cave host in memory, its model fitted on the tours outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.TourNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("lda", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.Decision)
    return host_from_model(model, frame[["TourNo", *FEATURES, "Decision"]], test_ids=test, **ICECAVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
