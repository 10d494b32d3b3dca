"""The invented `jump` host of writer w47: jumps at an invented Frisian canal-vaulting (fierljeppen) club.

`load_host()` fits a small synthetic model (a `GaussianProcessClassifier` with a fixed RBF kernel behind a scaler,
with the venue and the wet-pole column one-hot encoded, a `Pipeline`) on 240 of the 300 jumps and builds the host
from the model, the frame, the ids of the 60 held-out jumps and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: the jumper lands on the far bank (`landed`) or ends in the
canal (`splashed`). The `wet_pole` column holds True/False. Nothing here comes from a data set: the domain, its
columns and its words were invented by w47 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w47/host_jump.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["JUMP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 118401
SIZE = 300
NUMERIC = ["pole_m", "RunUp", "HeadwindMS", "body weight (kg)", "GripHeight", "attempt"]
CATEGORICAL = ["venue", "wet_pole"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
JUMP_CONFIG: dict[str, Any] = {
    "name": "canal vaulting jumps",
    "target": "result",
    "class_names": {"0": "splashed", "1": "landed"},
    "instance_noun": "jump",
    "id_column": "jump_no",
    "category_names": {"venue": {"0": "wjelsryp", "1": "tjerkwerd", "2": "koudum"}},
    "immutable_features": ["venue", "body weight (kg)"],
    "feature_aliases": {
        "venue": ["venue", "canal", "place", "club ground"],
        "wet_pole": ["wet pole", "rain on the pole", "pole wet", "slippery pole"],
        "pole_m": ["pole", "pole length", "polsstok", "length of the pole"],
        "RunUp": ["run-up", "run up", "aanloop", "approach"],
        "HeadwindMS": ["headwind", "wind", "wind against"],
        "body weight (kg)": ["body weight", "weight", "weight of the jumper"],
        "GripHeight": ["grip", "grip height", "hands on the pole"],
        "attempt": ["attempt", "try", "poging"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Jumps at an invented Frisian canal-vaulting (fierljeppen) club, one row per jump: the jumper "
        "runs, climbs a pole planted in the canal and tries to land on the far bank.",
        "feature_descriptions": {
            "venue": "the club ground the jump was made at: wjelsryp, tjerkwerd or koudum",
            "wet_pole": "whether the pole was wet from rain (True/False)",
            "pole_m": "length of the pole used, in metres",
            "RunUp": "length of the run-up to the pole, in metres",
            "HeadwindMS": "wind against the jumper, in metres per second (negative: wind from behind)",
            "body weight (kg)": "the jumper's body weight, in kilograms",
            "GripHeight": "how high the jumper had climbed on the pole at its top point, in metres",
            "attempt": "which of the jumper's three attempts of the day, 1 to 3",
        },
        "target_description": "whether the jumper landed on the far bank or ended in the canal",
        "model_description": "A Gaussian process classifier with a fixed RBF kernel (length scale 1.6) on the "
        "scaled columns, the venue and the wet pole one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic jumps; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic jumps, invented for testing; not a real club's results.",
            "Does not know the jumper's form of the day, the crowd or the width of each canal.",
        ],
        "label_meanings": {
            "landed": "the jumper landed on the far bank, a valid jump",
            "splashed": "the jumper ended in the water",
        },
        "probability_meaning": "The Gaussian process's estimated chance of each result (Laplace approximation), "
        "adding up to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(118447)
    n = SIZE
    venue = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    wet = rng.random(n) < 0.25
    frame = pd.DataFrame(
        {
            "jump_no": np.arange(FIRST_ID, FIRST_ID + n),
            "venue": venue,
            "wet_pole": wet,
            "pole_m": np.round(rng.uniform(9.5, 13.5, n) * 2) / 2,
            "RunUp": np.round(rng.uniform(8.0, 22.0, n), 1),
            "HeadwindMS": np.round(rng.normal(1.0, 2.2, n), 1),
            "body weight (kg)": np.round(np.clip(rng.normal(76, 9, n), 55, 100)).astype(int),
            "GripHeight": np.round(rng.uniform(7.0, 12.5, n), 1),
            "attempt": rng.integers(1, 4, n),
        }
    )
    reach = (
        0.9 * frame.GripHeight
        - 0.4 * (frame.pole_m - frame.GripHeight).clip(lower=0)
        + 0.09 * frame.RunUp
        - 0.35 * frame.HeadwindMS
        - 1.3 * wet
        - 0.03 * (frame["body weight (kg)"] - 76)
        + 0.2 * (frame.attempt - 1)
        - 0.5 * (venue == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["result"] = (reach > np.quantile(reach, 0.5)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 jumps the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1184).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented jump host in memory, its model fitted on the jumps outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.gaussian_process import GaussianProcessClassifier
    from sklearn.gaussian_process.kernels import RBF
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.jump_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("scale", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("gp", GaussianProcessClassifier(RBF(length_scale=1.6), optimizer=None, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.result)
    return host_from_model(model, frame[["jump_no", *FEATURES, "result"]], test_ids=test, **JUMP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
