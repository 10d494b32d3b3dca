"""The invented `radio` host of writer w48: old valve radios brought to an invented repair bench, one row per set.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` behind a one-hot encoder for the
cabinet and the recapped flag) on 240 of the 300 sets and builds the host from the model, the frame, the ids of the
60 held-out sets and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: after
the bench work a set `plays` (receives and plays cleanly), `needs_parts` (waits for a valve or a transformer) or is
`dead` (stripped for parts). Nothing here comes from a data set: the domain, its columns and its words were invented
by w48 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w48/host_radio.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["RADIO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 118701
SIZE = 300
NUMERIC = ["year built", "valves", "rust (%)", "bench hours", "mains hum (mV)", "shelf years"]
CATEGORICAL = ["cabinet", "recapped"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
RADIO_CONFIG: dict[str, Any] = {
    "name": "valve radio repairs",
    "target": "verdict",
    "class_names": {"0": "plays", "1": "needs_parts", "2": "dead"},
    "instance_noun": "set",
    "id_column": "set_nr",
    "category_names": {"cabinet": {"0": "bakelite", "1": "wood", "2": "plastic"}},
    "immutable_features": ["year built"],
    "feature_aliases": {
        "cabinet": ["case", "cabinet material", "housing"],
        "recapped": ["new capacitors", "caps replaced", "recap"],
        "year built": ["year", "build year", "age of the set"],
        "valves": ["tubes", "valve count", "number of valves"],
        "rust (%)": ["rust", "chassis rust", "corrosion"],
        "bench hours": ["hours on the bench", "repair hours", "work hours"],
        "mains hum (mV)": ["hum", "mains hum", "ripple"],
        "shelf years": ["years in storage", "storage years", "years on the shelf"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Old valve radios brought to an invented repair bench, one row per set, recorded when the "
        "bench work on the set was finished.",
        "feature_descriptions": {
            "cabinet": "what the cabinet is made of: bakelite, wood or plastic",
            "recapped": "whether the old paper and electrolytic capacitors were replaced (True/False)",
            "year built": "the year the set was made",
            "valves": "how many valves (tubes) the set has",
            "rust (%)": "share of the chassis covered in rust, in percent",
            "bench hours": "hours of work spent on the set at the bench",
            "mains hum (mV)": "hum measured at the speaker with the volume down, in millivolts",
            "shelf years": "years the set stood unused before it came in",
        },
        "target_description": "the verdict after the bench work: plays, needs parts, or dead",
        "model_description": "An extremely randomised trees ensemble (150 trees, at least 4 sets per leaf) on the "
        "numbers and the one-hot encoded cabinet and recapped flag.",
        "training": "Fitted on 240 of the 300 synthetic sets; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic sets, invented for testing; not a real repair shop's book.",
            "Does not know the brand, the circuit or which valve failed.",
        ],
        "label_meanings": {
            "plays": "the set receives stations and plays cleanly after the work",
            "needs_parts": "the set works in part and waits for a valve, transformer or speaker",
            "dead": "the set cannot be brought back and is stripped for parts",
        },
        "probability_meaning": "The model's estimated probability of each of the three verdicts (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(118777)
    n = SIZE
    year = rng.integers(1932, 1963, n)
    cabinet = np.where(year > 1952, rng.choice(3, n, p=[0.3, 0.3, 0.4]), rng.choice(3, n, p=[0.5, 0.45, 0.05]))
    frame = pd.DataFrame(
        {
            "set_nr": np.arange(FIRST_ID, FIRST_ID + n),
            "cabinet": cabinet,
            "recapped": rng.random(n) < 0.55,
            "year built": year,
            "valves": rng.integers(3, 10, n),
            "rust (%)": np.clip(np.round(rng.gamma(2.0, 8.0, n)), 0, 70).astype(int),
            "bench hours": np.round(np.clip(rng.gamma(2.5, 2.2, n), 0.5, 24), 1),
            "mains hum (mV)": np.clip(np.round(rng.gamma(2.0, 25.0, n)), 2, 220).astype(int),
            "shelf years": rng.integers(0, 41, n),
        }
    )
    broken = (
        0.045 * frame["rust (%)"]
        + 0.03 * frame["shelf years"]
        - 0.9 * frame.recapped
        - 0.03 * (frame["year built"] - 1932)
        + 0.5 * (frame.cabinet == 2)
        + rng.normal(0, 0.7, n)
    )
    short = (
        0.012 * frame["mains hum (mV)"]
        + 0.2 * frame.valves
        - 0.12 * frame["bench hours"]
        - 0.6 * frame.recapped
        + rng.normal(0, 0.6, n)
    )
    frame["verdict"] = np.where(broken > 1.0, 2, np.where(short > 1.3, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 sets the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1187).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented radio host in memory, its model fitted on the sets outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.set_nr.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("trees", ExtraTreesClassifier(n_estimators=150, min_samples_leaf=4, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.verdict)
    return host_from_model(model, frame[["set_nr", *FEATURES, "verdict"]], test_ids=test, **RADIO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
