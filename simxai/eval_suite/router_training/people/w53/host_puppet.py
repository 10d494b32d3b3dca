"""The invented `puppet` host of writer w53: marionettes of a small touring puppet theatre, checked after the season.

`load_host()` fits a small synthetic model (a k-nearest-neighbours classifier, 15 neighbours, behind a scaler for
the numbers and a one-hot encoder for the puppet type and the True/False wire-joints column, a `Pipeline`) on 240
of the 300 puppets and builds the host from the model, the frame, the ids of the 60 held-out puppets and the fields
of its host config with `simxai.hosts.host_from_model`. It has three labels: after the season's last performance a
puppet is `fit_to_play`, goes `to_workshop`, or is `withdrawn` from the repertoire. Nothing here comes from a data
set: the domain, its columns and its words were invented by w53 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w53/host_puppet.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PUPPET_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 124701
SIZE = 300
NUMERIC = [
    "height (cm)",
    "StringCount",
    "performances",
    "JointWear",
    "paint loss (%)",
    "days on tour",
]
CATEGORICAL = ["puppet_type", "wire_joints"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PUPPET_CONFIG: dict[str, Any] = {
    "name": "touring puppet theatre season check",
    "target": "season_check",
    "class_names": {"0": "fit_to_play", "1": "to_workshop", "2": "withdrawn"},
    "instance_noun": "puppet",
    "id_column": "inventory_no",
    "category_names": {"puppet_type": {"0": "string", "1": "rod", "2": "glove"}},
    "immutable_features": ["puppet_type"],
    "feature_aliases": {
        "puppet_type": ["puppet type", "type of puppet", "kind of puppet", "string, rod or glove"],
        "wire_joints": ["wire joints", "wired joints", "joints of wire", "wire instead of leather"],
        "height (cm)": ["height", "how tall", "size of the puppet", "centimetres tall"],
        "StringCount": ["string count", "strings", "number of strings", "control strings"],
        "performances": ["performances", "shows", "number of shows", "times played"],
        "JointWear": ["joint wear", "worn joints", "wear in the joints", "loose joints"],
        "paint loss (%)": ["paint loss", "paint", "flaked paint", "missing paint"],
        "days on tour": ["days on tour", "touring days", "time on the road", "tour"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Puppets of an invented small touring puppet theatre in Plzen, one row per puppet, "
        "checked after the last performance of the season.",
        "feature_descriptions": {
            "puppet_type": "the kind of puppet: string marionette, rod puppet or glove puppet",
            "wire_joints": "whether the joints are of wire (True) or of leather and cord (False)",
            "height (cm)": "height of the puppet, in centimetres",
            "StringCount": "number of control strings or rods attached",
            "performances": "performances the puppet played this season",
            "JointWear": "wear in the joints at the check, scored 0 (none) to 10 (falling apart)",
            "paint loss (%)": "share of the painted surface that has flaked off, in percent",
            "days on tour": "days the puppet spent travelling with the theatre this season",
        },
        "target_description": "the puppet after the season: fit to play, to the workshop, or withdrawn",
        "model_description": "A k-nearest-neighbours classifier (15 neighbours), the numbers scaled and the "
        "puppet type and wire-joints column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic puppets; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic puppets, invented for testing; not a real theatre's inventory.",
            "Does not know who carved the puppet, which play it is in, or how the van was packed.",
        ],
        "label_meanings": {
            "fit_to_play": "goes into next season's repertoire as it is",
            "to_workshop": "needs restringing, new joints or repainting before it plays again",
            "withdrawn": "taken out of the repertoire, kept in the store or sold to collectors",
        },
        "probability_meaning": "The share of the 15 most similar training puppets with each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(124753)
    n = SIZE
    kind = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "inventory_no": np.arange(FIRST_ID, FIRST_ID + n),
            "puppet_type": kind,
            "wire_joints": rng.random(n) < 0.35,
            "height (cm)": rng.integers(25, 96, n),
            "StringCount": np.where(kind == 0, rng.integers(4, 15, n), np.where(kind == 1, rng.integers(1, 4, n), 0)),
            "performances": rng.integers(5, 121, n),
            "JointWear": rng.integers(0, 11, n),
            "paint loss (%)": np.round(rng.uniform(0.0, 40.0, n), 1),
            "days on tour": rng.integers(0, 61, n),
        }
    )
    score = (
        0.32 * (frame.JointWear - 5)
        + 0.06 * (frame["paint loss (%)"] - 20)
        + 0.012 * (frame.performances - 60)
        + 0.02 * (frame["days on tour"] - 30)
        - 0.7 * frame.wire_joints
        + 0.08 * (frame.StringCount - 4)
        + 0.01 * (frame["height (cm)"] - 60)
        + rng.normal(0, 0.6, n)
    )
    low, high = np.quantile(score, [0.42, 0.75])
    frame["season_check"] = np.where(score < low, 0, np.where(score < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 puppets the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1247).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented puppet host in memory, its model fitted on the puppets outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.inventory_no.isin(test)]
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
            ("neighbours", KNeighborsClassifier(n_neighbors=15)),
        ]
    )
    model.fit(train[FEATURES], train.season_check)
    return host_from_model(model, frame[["inventory_no", *FEATURES, "season_check"]], test_ids=test, **PUPPET_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
