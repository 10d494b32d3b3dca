"""The invented `yurt` host of writer w81: the warden's call on each yurt before the weekend at a glamping site.

`load_host()` fits a small synthetic model (a seeded `HistGradientBoostingClassifier` on the raw numbers, the
meadow as its code, no `Pipeline`) on 192 of the 240 yurt-weekends and builds the host from the model, the frame,
the ids of the 48 held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It has two
labels: a yurt is `bookable` for the weekend or `closed` for airing and fixing. Nothing here comes from a data set:
the domain, its columns and its words were invented by w81 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w81/host_yurt.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["YURT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 158701
SIZE = 240
FEATURES = [
    "meadow",
    "canvas damp (%)",
    "stove_soot_g",
    "GuyLineSlack",
    "nights_since_airing",
    "floor tilt (deg)",
    "MouseSigns",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
YURT_CONFIG: dict[str, Any] = {
    "name": "yurt weekend calls",
    "target": "yurt_call",
    "class_names": {"0": "bookable", "1": "closed"},
    "instance_noun": "yurt",
    "id_column": "yurt_week",
    "category_names": {"meadow": {"0": "upper meadow", "1": "river bend", "2": "oak ring"}},
    "immutable_features": ["meadow"],
    "feature_aliases": {
        "meadow": ["meadow", "field", "pitch area"],
        "canvas damp (%)": ["canvas damp", "damp", "moisture"],
        "stove_soot_g": ["stove soot", "soot", "flue soot"],
        "GuyLineSlack": ["guy line slack", "guy lines", "slack"],
        "nights_since_airing": ["nights since airing", "airing", "nights unaired"],
        "floor tilt (deg)": ["floor tilt", "tilt", "platform tilt"],
        "MouseSigns": ["mouse signs", "mice", "droppings"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Yurts at an invented glamping site, one row per yurt per weekend, with the warden's call.",
        "feature_descriptions": {
            "meadow": "where the yurt stands: upper meadow, river bend or oak ring",
            "canvas damp (%)": "moisture read from the canvas with a probe, in percent",
            "stove_soot_g": "soot swept from the wood stove at the last check, in grams",
            "GuyLineSlack": "how slack the guy lines are, scored 0 to 10",
            "nights_since_airing": "nights since the yurt was last opened up and aired",
            "floor tilt (deg)": "tilt of the wooden platform, in degrees",
            "MouseSigns": "mouse signs found at the check, 0 to 8",
        },
        "target_description": "the warden's call for the weekend: bookable or closed",
        "model_description": "A histogram gradient boosting model (60 rounds, at most 8 leaves per tree).",
        "training": "Fitted on 192 of the 240 synthetic yurt-weekends; the other 48 are held out for the figures.",
        "limitations": [
            "Synthetic yurts, invented for testing; not a real site's log.",
            "Does not know the weather forecast or the bookings already taken.",
        ],
        "label_meanings": {
            "bookable": "the yurt can be booked for the weekend",
            "closed": "the yurt is closed for the weekend to be aired and fixed",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(158729)
    n = SIZE
    meadow = rng.choice(3, n, p=[0.38, 0.34, 0.28])
    frame = pd.DataFrame(
        {
            "yurt_week": np.arange(FIRST_ID, FIRST_ID + n),
            "meadow": meadow,
            "canvas damp (%)": rng.integers(5, 96, n),
            "stove_soot_g": rng.integers(0, 501, n),
            "GuyLineSlack": rng.integers(0, 11, n),
            "nights_since_airing": rng.integers(0, 31, n),
            "floor tilt (deg)": np.round(rng.uniform(0.0, 8.0, n), 1),
            "MouseSigns": rng.integers(0, 9, n),
        }
    )
    risk = (
        0.04 * (frame["canvas damp (%)"] - 50)
        + 0.004 * (frame.stove_soot_g - 250)
        + 0.15 * (frame.GuyLineSlack - 5)
        + 0.06 * (frame.nights_since_airing - 15)
        + 0.25 * (frame["floor tilt (deg)"] - 4)
        + 0.2 * (frame.MouseSigns - 4)
        + 0.5 * (meadow == 1)
        + rng.normal(0, 0.9, n)
    )
    frame["yurt_call"] = (risk > np.quantile(risk, 0.57)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 yurt-weekends the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1587).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented yurt host in memory, its model fitted on the yurt-weekends outside `held_out_ids()`."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.yurt_week.isin(test)]
    model = HistGradientBoostingClassifier(max_iter=60, max_leaf_nodes=8, random_state=0)
    model.fit(train[FEATURES], train.yurt_call)
    return host_from_model(model, frame[["yurt_week", *FEATURES, "yurt_call"]], test_ids=test, **YURT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
