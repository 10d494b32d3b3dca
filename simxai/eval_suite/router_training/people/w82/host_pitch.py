"""The invented `pitch` host of writer w82: the groundsman's match-day call on each pitch of a grassroots football club.

`load_host()` fits a small synthetic model (a seeded `LogisticRegression` behind a `StandardScaler` in a
`Pipeline`, on the raw numbers and the ground as its code) on 240 of the 300 pitch-Saturdays and builds the host
from the model, the frame, the ids of the 60 held-out ones and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: a pitch is fit to `play` on Saturday or the games on it are
`postpone`d. Nothing here comes from a data set: the domain, its columns and its words were invented by w82 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w82/host_pitch.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PITCH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 160501
SIZE = 300
FEATURES = [
    "ground",
    "rain 48h (mm)",
    "soil_moisture",
    "FrostHours",
    "grass length (cm)",
    "divot_count",
    "GoalmouthMud",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PITCH_CONFIG: dict[str, Any] = {
    "name": "match-day pitch calls",
    "target": "pitch_call",
    "class_names": {"0": "play", "1": "postpone"},
    "instance_noun": "pitch",
    "id_column": "pitch_day",
    "category_names": {"ground": {"0": "mill lane", "1": "the rec", "2": "church field"}},
    "immutable_features": ["ground"],
    "feature_aliases": {
        "ground": ["ground", "site", "venue"],
        "rain 48h (mm)": ["rain", "rainfall", "rain in the last two days"],
        "soil_moisture": ["soil moisture", "moisture", "wetness"],
        "FrostHours": ["frost hours", "frost", "hours of frost"],
        "grass length (cm)": ["grass length", "grass", "sward height"],
        "divot_count": ["divots", "divot count", "holes"],
        "GoalmouthMud": ["goalmouth mud", "goalmouths", "mud"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pitches of an invented grassroots football club, one row per pitch per Saturday.",
        "feature_descriptions": {
            "ground": "which ground the pitch is at: mill lane, the rec or church field",
            "rain 48h (mm)": "rain in the 48 hours before the Saturday morning check, in millimetres",
            "soil_moisture": "soil moisture read with a probe at the centre spot, in percent",
            "FrostHours": "hours below freezing the night before",
            "grass length (cm)": "length of the grass, in centimetres",
            "divot_count": "divots counted on a walk of the pitch",
            "GoalmouthMud": "how muddy the goalmouths are, scored 0 to 10",
        },
        "target_description": "the groundsman's match-day call: play or postpone",
        "model_description": "A logistic regression on standardised inputs (a scikit-learn Pipeline).",
        "training": "Fitted on 240 of the 300 synthetic pitch-Saturdays; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic pitches, invented for testing; not a real club's log.",
            "Does not know the forecast for the afternoon or the referee's view.",
        ],
        "label_meanings": {
            "play": "the games on the pitch go ahead",
            "postpone": "the games on the pitch are called off for the day",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(160577)
    n = SIZE
    ground = rng.choice(3, n, p=[0.4, 0.33, 0.27])
    frame = pd.DataFrame(
        {
            "pitch_day": np.arange(FIRST_ID, FIRST_ID + n),
            "ground": ground,
            "rain 48h (mm)": rng.integers(0, 61, n),
            "soil_moisture": rng.integers(10, 91, n),
            "FrostHours": rng.integers(0, 15, n),
            "grass length (cm)": np.round(rng.uniform(2.0, 12.0, n), 1),
            "divot_count": rng.integers(0, 121, n),
            "GoalmouthMud": rng.integers(0, 11, n),
        }
    )
    risk = (
        0.05 * (frame["rain 48h (mm)"] - 30)
        + 0.03 * (frame.soil_moisture - 50)
        + 0.18 * (frame.FrostHours - 7)
        + 0.12 * (frame["grass length (cm)"] - 7)
        + 0.008 * (frame.divot_count - 60)
        + 0.15 * (frame.GoalmouthMud - 5)
        + 0.6 * (ground == 2)
        + rng.normal(0, 1.0, n)
    )
    frame["pitch_call"] = (risk > np.quantile(risk, 0.6)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 pitch-Saturdays the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1605).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pitch host in memory, its model fitted on the pitch-Saturdays outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.pitch_day.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logistic", LogisticRegression(C=0.3, max_iter=500))])
    model.fit(train[FEATURES], train.pitch_call)
    return host_from_model(model, frame[["pitch_day", *FEATURES, "pitch_call"]], test_ids=test, **PITCH_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
