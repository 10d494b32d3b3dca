"""The invented `tattoo` host of writer w54: pieces done at a small tattoo studio, checked at the healing visit.

`load_host()` fits a small synthetic model (a random forest of 60 depth-5 trees, the placement and the True/False
first_tattoo column one-hot encoded, a `Pipeline`) on 240 of the 300 pieces and builds the host from the model,
the frame, the ids of the 60 held-out pieces and the fields of its host config with
`simxai.hosts.host_from_model`. It has three labels: four weeks after the session a piece has `healed_clean`,
`needs_touchup` (patchy, a free touch-up is booked) or shows a `blowout` (ink spread under the skin). Nothing
here comes from a data set: the domain, its columns and its words were invented by w54 so that the router meets
a host it was not trained on.

    python simxai/eval_suite/router_training/people/w54/host_tattoo.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TATTOO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 125301
SIZE = 300
NUMERIC = [
    "session length (hrs)",
    "NeedleCount",
    "size (sq cm)",
    "aftercare_days",
    "ClientAge",
    "skin thinness",
]
CATEGORICAL = ["placement", "first_tattoo"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TATTOO_CONFIG: dict[str, Any] = {
    "name": "tattoo healing",
    "target": "healing_check",
    "class_names": {"0": "healed_clean", "1": "needs_touchup", "2": "blowout"},
    "instance_noun": "piece",
    "id_column": "piece_id",
    "category_names": {"placement": {"0": "forearm", "1": "ribs", "2": "ankle"}},
    "immutable_features": ["placement"],
    "feature_aliases": {
        "placement": ["placement", "body part", "where on the body", "spot"],
        "first_tattoo": ["first tattoo", "first timer", "first ink", "virgin skin"],
        "session length (hrs)": ["session length", "hours in the chair", "session hours", "how long the session"],
        "NeedleCount": ["needle count", "needles", "needle group", "grouping"],
        "size (sq cm)": ["size", "area", "square cm", "how big the piece"],
        "aftercare_days": ["aftercare days", "aftercare", "days of aftercare", "days following aftercare"],
        "ClientAge": ["client age", "age", "age of the client", "how old the client"],
        "skin thinness": ["skin thinness", "thin skin", "skin score", "how thin the skin"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pieces done at an invented small tattoo studio, one row per piece, looked at in the healing "
        "visit four weeks after the session.",
        "feature_descriptions": {
            "placement": "where on the body the piece is: forearm, ribs or ankle",
            "first_tattoo": "whether it was the client's first tattoo (True) or not (False)",
            "session length (hrs)": "hours of the session, from 1 to 8",
            "NeedleCount": "needles in the grouping used for most of the piece, 3 to 15",
            "size (sq cm)": "area of the piece in square centimetres",
            "aftercare_days": "days the client says they followed the aftercare sheet, 0 to 28",
            "ClientAge": "the client's age in years",
            "skin thinness": "how thin the skin at the spot is, scored 1 (thick) to 10 (paper thin)",
        },
        "target_description": "the piece at the four-week healing visit: clean, patchy, or blown out",
        "model_description": "A random forest of 60 trees of depth 5, the placement and first_tattoo columns "
        "one-hot encoded, the numbers passed through.",
        "training": "Fitted on 240 of the 300 synthetic pieces; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pieces, invented for testing; not a real studio's records.",
            "Does not know the artist, the ink brand, the design, sun exposure or whether the client went swimming.",
        ],
        "label_meanings": {
            "healed_clean": "solid lines and even colour at four weeks, nothing to redo",
            "needs_touchup": "patchy or faded spots at four weeks, a touch-up session is booked",
            "blowout": "ink has spread under the skin past the lines; cannot be fixed by a touch-up",
        },
        "probability_meaning": "The share of the forest's trees, weighted by their leaves, voting for each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(125333)
    n = SIZE
    placement = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "piece_id": np.arange(FIRST_ID, FIRST_ID + n),
            "placement": placement,
            "first_tattoo": rng.random(n) < 0.4,
            "session length (hrs)": np.round(rng.uniform(1.0, 8.0, n), 1),
            "NeedleCount": rng.integers(3, 16, n),
            "size (sq cm)": rng.integers(10, 401, n),
            "aftercare_days": rng.integers(0, 29, n),
            "ClientAge": rng.integers(18, 66, n),
            "skin thinness": rng.integers(1, 11, n),
        }
    )
    patchy = (
        -0.12 * (frame.aftercare_days - 14)
        + 0.25 * (frame["session length (hrs)"] - 4.5)
        + 0.004 * (frame["size (sq cm)"] - 200)
        + 0.6 * (placement == 2)
        + rng.normal(0, 0.8, n)
    )
    blown = (
        0.45 * (frame["skin thinness"] - 5.5)
        + 0.9 * frame.first_tattoo
        + 0.15 * (frame.NeedleCount - 9)
        + 0.03 * (frame.ClientAge - 40)
        + 0.7 * (placement == 1)
        + rng.normal(0, 0.8, n)
    )
    state = np.zeros(n, dtype=int)
    state[patchy > np.quantile(patchy, 0.6)] = 1
    state[blown > np.quantile(blown, 0.72)] = 2
    frame["healing_check"] = state
    return frame


def held_out_ids() -> list[int]:
    """The 60 pieces the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1253).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tattoo host in memory, its model fitted on the pieces outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.piece_id.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("forest", RandomForestClassifier(n_estimators=60, max_depth=5, random_state=1253)),
        ]
    )
    model.fit(train[FEATURES], train.healing_check)
    return host_from_model(model, frame[["piece_id", *FEATURES, "healing_check"]], test_ids=test, **TATTOO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
