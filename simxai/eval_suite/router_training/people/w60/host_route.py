"""The invented `route` host of writer w60: boulder problems set on the walls of a small climbing gym.

`load_host()` fits a small synthetic model (an `SVC` with an RBF kernel, its probabilities Platt-scaled by a
`CalibratedClassifierCV`, behind a `StandardScaler`, the wall angle and the True/False comp-style column one-hot
encoded, a `Pipeline`) on 240 of the 300 problems and builds the host from the model, the frame, the ids of the 60
held-out problems and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: two
weeks after it goes up a problem is kept as it is (`keep`), given a new grade on its tag (`regrade`) or taken down
before its rotation (`strip_early`). Nothing here comes from a data set: the domain, its columns and its words
were invented by w60 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w60/host_route.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ROUTE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 131001
SIZE = 300
NUMERIC = [
    "set grade (V)",
    "HoldCount",
    "volume share (%)",
    "sends first week",
    "setter_years",
    "crux height (m)",
]
CATEGORICAL = ["wall_angle", "comp_style"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ROUTE_CONFIG: dict[str, Any] = {
    "name": "boulder problems",
    "target": "after_two_weeks",
    "class_names": {"0": "keep", "1": "regrade", "2": "strip_early"},
    "instance_noun": "problem",
    "id_column": "problem_no",
    "category_names": {"wall_angle": {"0": "slab", "1": "vertical", "2": "overhang"}},
    "immutable_features": ["wall_angle"],
    "feature_aliases": {
        "wall_angle": ["wall angle", "angle", "the wall", "wall"],
        "comp_style": ["comp style", "comp-style", "coordination", "parkour"],
        "set grade (V)": ["set grade", "grade", "v grade", "the grade on the tag"],
        "HoldCount": ["hold count", "holds", "number of holds"],
        "volume share (%)": ["volume share", "volumes", "share of volumes"],
        "sends first week": ["sends", "first week sends", "ticks"],
        "setter_years": ["setter years", "setter experience", "years setting"],
        "crux height (m)": ["crux height", "height of the crux", "crux"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Boulder problems set in an invented bouldering gym, one row per problem, judged two "
        "weeks after it went up.",
        "feature_descriptions": {
            "wall_angle": "the wall the problem is on: slab, vertical or overhang",
            "comp_style": "whether the problem is a comp-style coordination or run-and-jump problem (True/False)",
            "set grade (V)": "the grade on the tag when it went up, on the V scale (0 to 8)",
            "HoldCount": "how many holds the problem uses, start and top included",
            "volume share (%)": "the share of the problem's holds that are volumes, in percent",
            "sends first week": "how many climbers logged a send in its first week",
            "setter_years": "years of setting experience of the person who set it",
            "crux height (m)": "height of the hardest move above the mats, in metres",
        },
        "target_description": "the problem two weeks after it went up: kept as set, regraded, or stripped early",
        "model_description": "A support vector classifier with an RBF kernel and Platt-scaled probabilities on "
        "the standardised numbers, the wall angle and the comp-style column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic problems; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic problems, invented for testing; not a real gym's setting log.",
            "Does not know the hold colours, the brand of the holds, the season or who forerun the problem.",
        ],
        "label_meanings": {
            "keep": "the problem stays up as set until its wall is reset",
            "regrade": "the problem stays up with a new grade on its tag",
            "strip_early": "the problem is taken down before its wall's reset (unsafe, broken or unloved)",
        },
        "probability_meaning": "The classifier's Platt-scaled probability of each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(131060)
    n = SIZE
    angle = rng.choice(3, n, p=[0.3, 0.35, 0.35])
    frame = pd.DataFrame(
        {
            "problem_no": np.arange(FIRST_ID, FIRST_ID + n),
            "wall_angle": angle,
            "comp_style": rng.random(n) < 0.3,
            "set grade (V)": rng.integers(0, 9, n),
            "HoldCount": rng.integers(5, 26, n),
            "volume share (%)": rng.integers(0, 61, n),
            "sends first week": rng.integers(0, 251, n),
            "setter_years": rng.integers(0, 16, n),
            "crux height (m)": np.round(rng.uniform(0.5, 4.0, n), 1),
        }
    )
    strip = (
        -0.012 * (frame["sends first week"] - 125)
        + 0.9 * frame.comp_style
        + 0.45 * (frame["crux height (m)"] - 2.2)
        - 0.09 * (frame.setter_years - 7)
        + rng.normal(0, 0.5, n)
    )
    regrade = (
        0.3 * (frame["set grade (V)"] - 4)
        + 0.035 * (frame["volume share (%)"] - 30)
        - 0.06 * (frame.HoldCount - 15)
        + 0.7 * (angle == 0)
        - 0.3 * (angle == 2)
        + rng.normal(0, 0.5, n)
    )
    label = np.where(strip > np.quantile(strip, 0.72), 2, np.where(regrade > np.quantile(regrade, 0.55), 1, 0))
    frame["after_two_weeks"] = label
    return frame


def held_out_ids() -> list[int]:
    """The 60 problems the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1310).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented route host in memory, its model fitted on the problems outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import SVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.problem_no.isin(test)]
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
            ("svc", CalibratedClassifierCV(SVC(kernel="rbf", C=2.0, gamma="scale"), method="sigmoid", ensemble=False)),
        ]
    )
    model.fit(train[FEATURES], train.after_two_weeks)
    return host_from_model(model, frame[["problem_no", *FEATURES, "after_two_weeks"]], test_ids=test, **ROUTE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
