"""The invented `falconry` host of writer w87: a falconry centre's morning call on each hawk before the displays.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the species as
its code) on 240 of the 300 hawk-mornings and builds the host from the model, the frame, the ids of the 60 held-out
ones and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a hawk is flown
`free`, flown on the `creance` (a long training line) or `rest`ed in the mews for the day. Nothing here comes from
a data set: the domain, its columns and its words were invented by w87 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/held_out_people/w87/host_falconry.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FALCONRY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 165601
SIZE = 300
FEATURES = [
    "species",
    "weight drop (%)",
    "days_since_flown",
    "WindGust",
    "moult_stage",
    "FeatherDamage",
    "temperature (C)",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FALCONRY_CONFIG: dict[str, Any] = {
    "name": "falconry morning calls",
    "target": "flight_call",
    "class_names": {"0": "free", "1": "creance", "2": "rest"},
    "instance_noun": "hawk",
    "id_column": "morning",
    "category_names": {"species": {"0": "harris hawk", "1": "red tail", "2": "barn owl"}},
    "immutable_features": ["species"],
    "feature_aliases": {
        "species": ["species", "kind of bird", "bird type"],
        "weight drop (%)": ["weight drop", "weight", "flying weight"],
        "days_since_flown": ["days since flown", "days off", "days since last flight"],
        "WindGust": ["wind gust", "wind", "gusts"],
        "moult_stage": ["moult stage", "moult", "molt"],
        "FeatherDamage": ["feather damage", "broken feathers", "feathers"],
        "temperature (C)": ["temperature", "temp", "heat"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Hawks and owls at an invented falconry centre, with the falconer's call for each morning.",
        "feature_descriptions": {
            "species": "the bird's species: harris hawk, red tail or barn owl",
            "weight drop (%)": "how far below its fat weight the bird is this morning, in percent",
            "days_since_flown": "days since the bird last flew",
            "WindGust": "the strongest forecast gust over the field, in km/h",
            "moult_stage": "how far into its moult the bird is, 0 (none) to 5 (heavy)",
            "FeatherDamage": "broken or bent flight feathers counted at the morning check",
            "temperature (C)": "air temperature at the morning check, in degrees Celsius",
        },
        "target_description": "the falconer's call: fly free, fly on the creance line, or rest",
        "model_description": "A random forest on the raw features.",
        "training": "Fitted on 240 of the 300 synthetic hawk-mornings; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic birds, invented for testing; not a real centre's records.",
            "Does not see the bird's mood or the crowd: only the morning check's numbers.",
        ],
        "label_meanings": {
            "free": "the bird flies free in the display",
            "creance": "the bird flies only on a long line tied to the glove",
            "rest": "the bird stays in the mews today",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(165649)
    n = SIZE
    species = rng.choice(3, n, p=[0.42, 0.33, 0.25])
    frame = pd.DataFrame(
        {
            "morning": np.arange(FIRST_ID, FIRST_ID + n),
            "species": species,
            "weight drop (%)": np.round(rng.uniform(0.0, 15.0, n), 1),
            "days_since_flown": rng.integers(0, 15, n),
            "WindGust": rng.integers(0, 61, n),
            "moult_stage": rng.integers(0, 6, n),
            "FeatherDamage": rng.integers(0, 9, n),
            "temperature (C)": rng.integers(-5, 31, n),
        }
    )
    risk = (
        -0.18 * (frame["weight drop (%)"] - 7.5)
        + 0.12 * (frame.days_since_flown - 7)
        + 0.05 * (frame.WindGust - 30)
        + 0.35 * (frame.moult_stage - 2.5)
        + 0.3 * (frame.FeatherDamage - 4)
        + 0.04 * (frame["temperature (C)"] - 12).abs()
        + 0.3 * (species == 2)
        + rng.normal(0, 1.1, n)
    )
    low, high = np.quantile(risk, [0.4, 0.72])
    frame["flight_call"] = np.where(risk < low, 0, np.where(risk < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 hawk-mornings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1656).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented falconry host in memory, its model fitted on the mornings outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.morning.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=6, min_samples_leaf=3, random_state=0)
    model.fit(train[FEATURES], train.flight_call)
    return host_from_model(model, frame[["morning", *FEATURES, "flight_call"]], test_ids=test, **FALCONRY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
