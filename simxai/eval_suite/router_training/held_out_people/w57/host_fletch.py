"""The invented `fletch` host of writer w57: archers' Sunday qualifying rounds at a small club archery range.

`load_host()` fits a small synthetic model (a k-nearest-neighbours classifier, 15 neighbours weighted by distance,
behind a `StandardScaler` for the numbers and a one-hot encoder for the bow type and the True/False coached
column, a `Pipeline`) on 240 of the 300 rounds and builds the host from the model, the frame, the ids of the 60
held-out rounds and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: in the
round the archer `qualified` for the regional championship or `missed` the qualifying score. Nothing here comes
from a data set: the domain, its columns and its words were invented by w57 so that the router meets a host it
was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w57/host_fletch.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FLETCH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 129201
SIZE = 300
NUMERIC = [
    "draw weight (lbs)",
    "ArrowsPerWeek",
    "target distance (m)",
    "wind (km/h)",
    "years_shooting",
    "archer age",
]
CATEGORICAL = ["bow", "coached"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FLETCH_CONFIG: dict[str, Any] = {
    "name": "archery club qualifying rounds",
    "target": "outcome",
    "class_names": {"0": "qualified", "1": "missed"},
    "instance_noun": "round",
    "id_column": "scorecard",
    "category_names": {"bow": {"0": "recurve", "1": "compound", "2": "barebow"}},
    "immutable_features": ["bow"],
    "feature_aliases": {
        "bow": ["bow type", "kind of bow", "bow style", "division"],
        "coached": ["coaching", "had coaching", "coaching session", "with the coach"],
        "draw weight (lbs)": ["draw weight", "poundage", "lbs", "pounds"],
        "ArrowsPerWeek": ["arrows per week", "arrows a week", "practice arrows", "training volume"],
        "target distance (m)": ["target distance", "distance", "metres to the target", "range"],
        "wind (km/h)": ["wind", "wind speed", "gusts"],
        "years_shooting": ["years shooting", "experience", "years of archery"],
        "archer age": ["age", "archer's age", "how old"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Sunday qualifying rounds shot at an invented small club archery range, one row per "
        "archer and round, with what was known before the first end.",
        "feature_descriptions": {
            "bow": "the bow division the archer shot: recurve, compound or barebow",
            "coached": "whether the archer came to the Saturday coaching session (True) or not (False)",
            "draw weight (lbs)": "the bow's draw weight at the archer's draw length, in pounds",
            "ArrowsPerWeek": "practice arrows shot in the week before the round",
            "target distance (m)": "the distance of the round, in metres (18 to 70)",
            "wind (km/h)": "mean wind speed on the range during the round, in kilometres per hour",
            "years_shooting": "years the archer has shot at the club",
            "archer age": "the archer's age in years",
        },
        "target_description": "whether the archer made the qualifying score for the regional championship",
        "model_description": "A k-nearest-neighbours classifier (15 neighbours weighted by distance), the numbers "
        "scaled and the bow and coached column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic rounds; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic rounds, invented for testing; not a real club's scorecards.",
            "Does not know the archer's nerves, the light, the arrows' spine or the judges.",
        ],
        "label_meanings": {
            "qualified": "the archer shot the qualifying score or better and goes to the regional championship",
            "missed": "the archer's score stayed under the qualifying score",
        },
        "probability_meaning": "The distance-weighted share of the 15 most similar training rounds with each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(129263)
    n = SIZE
    bow = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "scorecard": np.arange(FIRST_ID, FIRST_ID + n),
            "bow": bow,
            "coached": rng.random(n) < 0.45,
            "draw weight (lbs)": np.where(bow == 1, rng.integers(40, 61, n), rng.integers(18, 45, n)),
            "ArrowsPerWeek": rng.integers(0, 61, n) * 10,
            "target distance (m)": rng.choice([18, 30, 50, 70], n),
            "wind (km/h)": np.round(rng.uniform(0.0, 40.0, n), 1),
            "years_shooting": rng.integers(0, 31, n),
            "archer age": rng.integers(12, 76, n),
        }
    )
    score = (
        0.005 * (frame.ArrowsPerWeek - 300)
        + 0.9 * frame.coached
        - 0.025 * (frame["target distance (m)"] - 40)
        - 0.07 * (frame["wind (km/h)"] - 20)
        + 0.08 * np.minimum(frame.years_shooting, 15)
        + 0.6 * (bow == 1)
        - 0.5 * (bow == 2)
        - 0.02 * np.abs(frame["archer age"] - 35)
        + rng.normal(0, 0.7, n)
    )
    frame["outcome"] = np.where(score > np.quantile(score, 0.55), 0, 1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 rounds the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1292).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented fletch host in memory, its model fitted on the rounds outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.scorecard.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            ("neighbours", KNeighborsClassifier(n_neighbors=15, weights="distance")),
        ]
    )
    model.fit(train[FEATURES], train.outcome)
    return host_from_model(model, frame[["scorecard", *FEATURES, "outcome"]], test_ids=test, **FLETCH_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
