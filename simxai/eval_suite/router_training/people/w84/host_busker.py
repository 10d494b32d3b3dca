"""The invented `busker` host of writer w84: the town council's call on each busking permit application.

`load_host()` fits a small synthetic model (a `StandardScaler` and a `LogisticRegression` in a `Pipeline`, on the
raw numbers and the pitch as its code) on 240 of the 300 applications and builds the host from the model, the
frame, the ids of the 60 held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It
has two labels: an application is `granted` or `refused`. Nothing here comes from a data set: the domain, its
columns and its words were invented by w84 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w84/host_busker.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BUSKER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 162901
SIZE = 300
FEATURES = [
    "pitch",
    "volume (dB)",
    "set length (min)",
    "NoiseComplaints",
    "years_busking",
    "amp_watts",
    "CrowdSize",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BUSKER_CONFIG: dict[str, Any] = {
    "name": "busking permits",
    "target": "permit_call",
    "class_names": {"0": "granted", "1": "refused"},
    "instance_noun": "busker",
    "id_column": "application",
    "category_names": {"pitch": {"0": "market square", "1": "station arch", "2": "river walk"}},
    "immutable_features": ["pitch"],
    "feature_aliases": {
        "pitch": ["pitch", "spot", "busking spot"],
        "volume (dB)": ["volume", "loudness", "decibels"],
        "set length (min)": ["set length", "set", "length of the set"],
        "NoiseComplaints": ["noise complaints", "complaints"],
        "years_busking": ["years busking", "experience", "years on the street"],
        "amp_watts": ["amp watts", "amp", "amplifier"],
        "CrowdSize": ["crowd size", "crowd", "audience"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Busking permit applications to an invented town council, one row per application.",
        "feature_descriptions": {
            "pitch": "the pitch applied for: market square, station arch or river walk",
            "volume (dB)": "loudness measured at three metres at the audition, in decibels",
            "set length (min)": "length of one set, in minutes",
            "NoiseComplaints": "noise complaints logged against the busker last year, 0 to 9",
            "years_busking": "years the busker has performed in the street",
            "amp_watts": "power of the amplifier, in watts (0 for none)",
            "CrowdSize": "typical crowd at the audition, in people",
        },
        "target_description": "the council's call on the permit: granted or refused",
        "model_description": "A standard scaler and a logistic regression in a pipeline.",
        "training": "Fitted on 240 of the 300 synthetic applications; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic applications, invented for testing; not a real council's decisions.",
            "Does not hear the music, only the audition sheet.",
        ],
        "label_meanings": {
            "granted": "the busker gets a permit for the pitch",
            "refused": "the permit is refused",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(162953)
    n = SIZE
    pitch = rng.choice(3, n, p=[0.40, 0.32, 0.28])
    frame = pd.DataFrame(
        {
            "application": np.arange(FIRST_ID, FIRST_ID + n),
            "pitch": pitch,
            "volume (dB)": rng.integers(55, 101, n),
            "set length (min)": rng.integers(10, 121, n),
            "NoiseComplaints": rng.integers(0, 10, n),
            "years_busking": rng.integers(0, 31, n),
            "amp_watts": rng.integers(0, 201, n),
            "CrowdSize": rng.integers(0, 81, n),
        }
    )
    risk = (
        0.07 * (frame["volume (dB)"] - 78)
        + 0.012 * (frame["set length (min)"] - 65)
        + 0.35 * (frame.NoiseComplaints - 4.5)
        - 0.06 * (frame.years_busking - 15)
        + 0.006 * (frame.amp_watts - 100)
        - 0.015 * (frame.CrowdSize - 40)
        + 0.6 * (pitch == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["permit_call"] = (risk > np.quantile(risk, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 applications the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1629).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented busker host in memory, its model fitted on the applications outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.application.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logit", LogisticRegression(C=0.5, max_iter=500))])
    model.fit(train[FEATURES], train.permit_call)
    return host_from_model(model, frame[["application", *FEATURES, "permit_call"]], test_ids=test, **BUSKER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
