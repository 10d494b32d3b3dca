"""The invented `choir` host of writer w83: a community choir's call on each singer after the open audition.

`load_host()` fits a small synthetic model (a seeded `Pipeline` of a `StandardScaler` and a `LogisticRegression`
on the raw numbers, the section as its code) on 240 of the 300 auditions and builds the host from the model, the
frame, the ids of the 60 held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It
has two labels: a singer is `admit`ted to the choir now or put on the `waitlist`. Nothing here comes from a data
set: the domain, its columns and its words were invented by w83 so that the router meets a host it was not trained
on.

    python simxai/eval_suite/router_training/people/w83/host_choir.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CHOIR_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 161101
SIZE = 300
FEATURES = [
    "section",
    "range (semitones)",
    "sight_reading",
    "PitchDrift",
    "rehearsals_missed",
    "breath hold (s)",
    "YearsSinging",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CHOIR_CONFIG: dict[str, Any] = {
    "name": "choir audition calls",
    "target": "audition_call",
    "class_names": {"0": "admit", "1": "waitlist"},
    "instance_noun": "singer",
    "id_column": "audition",
    "category_names": {"section": {"0": "upper voices", "1": "lower voices", "2": "youth wing"}},
    "immutable_features": ["section"],
    "feature_aliases": {
        "section": ["section", "voice part", "part"],
        "range (semitones)": ["range", "vocal range", "semitones"],
        "sight_reading": ["sight reading", "reading", "sight-reading"],
        "PitchDrift": ["pitch drift", "drift", "tuning"],
        "rehearsals_missed": ["rehearsals missed", "missed rehearsals", "absences"],
        "breath hold (s)": ["breath hold", "breath", "breath control"],
        "YearsSinging": ["years singing", "experience", "years"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Singers at an invented community choir's open audition, with the audition panel's call.",
        "feature_descriptions": {
            "section": "the part the singer auditioned for: upper voices, lower voices or youth wing",
            "range (semitones)": "the singer's comfortable range, in semitones",
            "sight_reading": "sight-reading test score, 0 to 10",
            "PitchDrift": "how far the singer drifted off pitch in the unaccompanied test, in cents",
            "rehearsals_missed": "taster rehearsals missed out of the twelve before the audition",
            "breath hold (s)": "longest sustained note held, in seconds",
            "YearsSinging": "years of singing in any choir or group",
        },
        "target_description": "the audition panel's call: admit now or waitlist",
        "model_description": "A logistic regression on standardised features, in a scikit-learn Pipeline.",
        "training": "Fitted on 240 of the 300 synthetic auditions; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic singers, invented for testing; not a real choir's records.",
            "Does not hear the voice itself: tone and blend are not in the data.",
        ],
        "label_meanings": {
            "admit": "the singer joins the choir this term",
            "waitlist": "the singer waits for a place and is asked to audition again",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(161137)
    n = SIZE
    section = rng.choice(3, n, p=[0.4, 0.33, 0.27])
    frame = pd.DataFrame(
        {
            "audition": np.arange(FIRST_ID, FIRST_ID + n),
            "section": section,
            "range (semitones)": rng.integers(10, 37, n),
            "sight_reading": rng.integers(0, 11, n),
            "PitchDrift": rng.integers(0, 61, n),
            "rehearsals_missed": rng.integers(0, 13, n),
            "breath hold (s)": np.round(rng.uniform(5.0, 40.0, n), 1),
            "YearsSinging": rng.integers(0, 41, n),
        }
    )
    doubt = (
        -0.09 * (frame["range (semitones)"] - 23)
        - 0.22 * (frame.sight_reading - 5)
        + 0.04 * (frame.PitchDrift - 30)
        + 0.18 * (frame.rehearsals_missed - 6)
        - 0.05 * (frame["breath hold (s)"] - 22)
        - 0.03 * (frame.YearsSinging - 20)
        + 0.4 * (section == 1)
        + rng.normal(0, 1.0, n)
    )
    frame["audition_call"] = (doubt > np.quantile(doubt, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 auditions the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1611).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented choir host in memory, its model fitted on the auditions outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.audition.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logit", LogisticRegression(C=0.3, max_iter=500))])
    model.fit(train[FEATURES], train.audition_call)
    return host_from_model(model, frame[["audition", *FEATURES, "audition_call"]], test_ids=test, **CHOIR_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
