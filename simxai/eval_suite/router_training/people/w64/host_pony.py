"""The invented `pony` host of writer w64: treks of a hill pony-trekking centre, one row per pony per trek.

`load_host()` fits a small synthetic model (a `LogisticRegression` on the standardised numbers, the breed one-hot
encoded, a `Pipeline`) on 192 of the 240 treks and builds the host from the model, the frame, the ids of the 48
held-out treks and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: the next
morning the pony trots up `sound` or is `lame`. Nothing here comes from a data set: the domain, its columns and its
words were invented by w64 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w64/host_pony.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PONY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 137401
SIZE = 240
NUMERIC = [
    "km travelled",
    "DaysSinceShod",
    "rider weight (kg)",
    "Age",
    "rest_days",
    "hoof angle (deg)",
]
CATEGORICAL = ["breed"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PONY_CONFIG: dict[str, Any] = {
    "name": "pony trek soundness",
    "target": "next_morning",
    "class_names": {"0": "sound", "1": "lame"},
    "instance_noun": "trek",
    "id_column": "trek_no",
    "category_names": {"breed": {"0": "highland", "1": "welsh", "2": "fell"}},
    "immutable_features": ["breed"],
    "feature_aliases": {
        "breed": ["breed", "kind of pony"],
        "km travelled": ["distance", "km", "kilometres travelled", "how far"],
        "DaysSinceShod": ["days since shod", "days since shoeing", "shoes", "last shoeing"],
        "rider weight (kg)": ["rider weight", "rider", "weight of the rider"],
        "Age": ["age", "how old"],
        "rest_days": ["rest days", "days off", "rest"],
        "hoof angle (deg)": ["hoof angle", "angle of the hoof", "hoof"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Treks of an invented hill pony-trekking centre, one row per pony per trek, with whether "
        "the pony was sound or lame the next morning.",
        "feature_descriptions": {
            "breed": "the pony's breed: highland, welsh or fell",
            "km travelled": "kilometres the pony travelled on the trek",
            "DaysSinceShod": "days since the farrier last shod the pony",
            "rider weight (kg)": "weight of the rider in kilograms, tack not included",
            "Age": "the pony's age in years",
            "rest_days": "days the pony rested in the week before the trek",
            "hoof angle (deg)": "angle of the front hoof wall to the ground, in degrees",
        },
        "target_description": "the pony at the trot-up the next morning: sound or lame",
        "model_description": "A logistic regression on the standardised numbers, the breed one-hot encoded.",
        "training": "Fitted on 192 of the 240 synthetic treks; the other 48 are held out for the performance figures.",
        "limitations": [
            "Synthetic treks, invented for testing; not a real centre's yard book.",
            "Does not know the ground, the weather, the saddle or which route was ridden.",
        ],
        "label_meanings": {
            "sound": "the pony trotted up sound the next morning and could go out again",
            "lame": "the pony was lame the next morning and was rested",
        },
        "probability_meaning": "The logistic regression's estimate of how likely each outcome is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(137433)
    n = SIZE
    breed = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "trek_no": np.arange(FIRST_ID, FIRST_ID + n),
            "breed": breed,
            "km travelled": rng.integers(5, 41, n),
            "DaysSinceShod": rng.integers(1, 61, n),
            "rider weight (kg)": rng.integers(30, 111, n),
            "Age": rng.integers(4, 26, n),
            "rest_days": rng.integers(0, 7, n),
            "hoof angle (deg)": np.round(rng.uniform(45, 60, n), 1),
        }
    )
    strain = (
        0.06 * frame["km travelled"]
        + 0.03 * frame.DaysSinceShod
        + 0.025 * frame["rider weight (kg)"]
        + 0.06 * frame.Age
        - 0.25 * frame.rest_days
        + 0.15 * np.abs(frame["hoof angle (deg)"] - 52)
        - 0.6 * (breed == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["next_morning"] = (strain > np.quantile(strain, 0.62)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 treks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1374).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pony host in memory, its model fitted on the treks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.trek_no.isin(test)]
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
            ("logistic", LogisticRegression(C=1.0, max_iter=2000)),
        ]
    )
    model.fit(train[FEATURES], train.next_morning)
    return host_from_model(model, frame[["trek_no", *FEATURES, "next_morning"]], test_ids=test, **PONY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
