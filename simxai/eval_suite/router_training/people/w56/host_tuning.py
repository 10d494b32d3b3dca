"""The invented `tuning` host of writer w56: pianos on a tuner's Monday rounds in the suburbs of Osaka.

`load_host()` fits a small synthetic model (linear discriminant analysis behind a `StandardScaler`, the piano kind
and the True/False radiator column one-hot encoded, a `Pipeline`) on 240 of the 300 visits and builds the host
from the model, the frame, the ids of the 60 held-out visits and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: three months after the visit the piano `holds_pitch` or has
`drifted`. Nothing here comes from a data set: the domain, its columns and its words were invented by w56 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w56/host_tuning.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TUNING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 127701
SIZE = 300
NUMERIC = [
    "piano age (years)",
    "PinTightness",
    "humidity swing (%)",
    "cents_flat_before",
    "PitchRaisePasses",
    "months since last tuning",
]
CATEGORICAL = ["piano_kind", "near_radiator"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TUNING_CONFIG: dict[str, Any] = {
    "name": "piano tuning rounds",
    "target": "three_month_check",
    "class_names": {"0": "holds_pitch", "1": "drifted"},
    "instance_noun": "visit",
    "id_column": "visit_no",
    "category_names": {"piano_kind": {"0": "upright", "1": "grand", "2": "school_upright"}},
    "immutable_features": ["piano_kind"],
    "feature_aliases": {
        "piano_kind": ["piano kind", "kind of piano", "type of piano", "piano type"],
        "near_radiator": ["near radiator", "radiator", "next to the heater", "by the heater"],
        "piano age (years)": ["piano age", "age", "how old the piano", "years old"],
        "PinTightness": ["pin tightness", "tuning pins", "pins", "how tight the pins"],
        "humidity swing (%)": ["humidity swing", "humidity", "dampness swing", "swing in humidity"],
        "cents_flat_before": ["cents flat before", "cents flat", "how flat", "flatness before"],
        "PitchRaisePasses": ["pitch raise passes", "pitch raises", "passes", "extra passes"],
        "months since last tuning": ["months since last tuning", "months since tuning", "last tuning", "gap"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pianos tuned on an invented tuner's Monday rounds around Osaka, one row per visit, "
        "checked again three months after the visit.",
        "feature_descriptions": {
            "piano_kind": "the kind of piano: upright, grand or school_upright",
            "near_radiator": "whether the piano stands within a metre of a heater or radiator (True/False)",
            "piano age (years)": "age of the piano, in years",
            "PinTightness": "how firmly the tuning pins hold, scored 1 (loose) to 10 (very tight)",
            "humidity swing (%)": "the room's spread of relative humidity over the season, in percent points",
            "cents_flat_before": "how far A4 was below pitch before the visit, in cents",
            "PitchRaisePasses": "extra rough passes made to raise the pitch before the fine tuning (0 to 3)",
            "months since last tuning": "months between the previous tuning and this visit",
        },
        "target_description": "the piano three months after the visit: holds pitch, or drifted",
        "model_description": "Linear discriminant analysis on the standardised numbers, the piano kind and the "
        "radiator column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic visits; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic visits, invented for testing; not a real tuner's diary.",
            "Does not know who plays, how often, the brand of the piano or whether the window is left open.",
        ],
        "label_meanings": {
            "holds_pitch": "A4 within 3 cents of 440 Hz and the unisons still clean at the three-month check",
            "drifted": "more than 3 cents off, or unisons beating, at the three-month check",
        },
        "probability_meaning": "The posterior probability of each outcome under the discriminant's Gaussian "
        "model of the two classes.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(127751)
    n = SIZE
    kind = rng.choice(3, n, p=[0.5, 0.25, 0.25])
    frame = pd.DataFrame(
        {
            "visit_no": np.arange(FIRST_ID, FIRST_ID + n),
            "piano_kind": kind,
            "near_radiator": rng.random(n) < 0.3,
            "piano age (years)": rng.integers(5, 91, n),
            "PinTightness": rng.integers(1, 11, n),
            "humidity swing (%)": rng.integers(5, 41, n),
            "cents_flat_before": rng.integers(0, 61, n),
            "PitchRaisePasses": rng.integers(0, 4, n),
            "months since last tuning": rng.integers(3, 49, n),
        }
    )
    score = (
        0.012 * (frame["piano age (years)"] - 48)
        - 0.3 * (frame.PinTightness - 5.5)
        + 0.06 * (frame["humidity swing (%)"] - 22)
        + 0.025 * (frame.cents_flat_before - 30)
        - 0.35 * (frame.PitchRaisePasses - 1.5)
        + 0.02 * (frame["months since last tuning"] - 25)
        + 0.8 * frame.near_radiator
        + 0.5 * (kind == 2)
        - 0.3 * (kind == 1)
        + rng.normal(0, 0.7, n)
    )
    frame["three_month_check"] = (score > np.quantile(score, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 visits the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1277).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tuning host in memory, its model fitted on the visits outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.visit_no.isin(test)]
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
            ("discriminant", LinearDiscriminantAnalysis()),
        ]
    )
    model.fit(train[FEATURES], train.three_month_check)
    return host_from_model(model, frame[["visit_no", *FEATURES, "three_month_check"]], test_ids=test, **TUNING_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
