"""The invented `toboggan` host of writer w72: the marshal's call each session at a village toboggan run.

`load_host()` fits a small synthetic model (a seeded `HistGradientBoostingClassifier` on the raw numbers, the run
as its code, no `Pipeline`) on 192 of the 240 sessions and builds the host from the model, the frame, the ids of
the 48 held-out sessions and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels:
a session is `open` or `shut`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w72 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w72/host_toboggan.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TOBOGGAN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 149901
SIZE = 240
FEATURES = [
    "run",
    "snow depth (cm)",
    "air_temp_c",
    "IcePatches",
    "visibility (m)",
    "queue_length",
    "HoursSinceGrooming",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TOBOGGAN_CONFIG: dict[str, Any] = {
    "name": "toboggan run session calls",
    "target": "session_call",
    "class_names": {"0": "open", "1": "shut"},
    "instance_noun": "session",
    "id_column": "session_no",
    "category_names": {"run": {"0": "long chute", "1": "forest run", "2": "kids slope"}},
    "immutable_features": ["run"],
    "feature_aliases": {
        "run": ["run", "track", "slope"],
        "snow depth (cm)": ["snow depth", "snow", "base depth"],
        "air_temp_c": ["temperature", "air temperature", "temp", "how cold"],
        "IcePatches": ["ice patches", "icy patches", "ice"],
        "visibility (m)": ["visibility", "how far you can see", "fog"],
        "queue_length": ["queue", "queue length", "people waiting"],
        "HoursSinceGrooming": ["hours since grooming", "since the groomer", "grooming"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Sessions at an invented village toboggan run, one row per run per session, with the call.",
        "feature_descriptions": {
            "run": "which run: the long chute, the forest run or the kids slope",
            "snow depth (cm)": "packed snow on the run, in centimetres",
            "air_temp_c": "air temperature at the top at the start of the session, in degrees Celsius",
            "IcePatches": "icy patches the marshal counted on the walk down",
            "visibility (m)": "how far the marshal could see from the top, in metres",
            "queue_length": "people waiting at the hut when the call was made",
            "HoursSinceGrooming": "hours since the groomer last went over the run",
        },
        "target_description": "the marshal's call for the session: open or shut",
        "model_description": "A histogram gradient-boosted tree model (40 rounds, at most 8 leaves a tree).",
        "training": "Fitted on 192 of the 240 synthetic sessions; the other 48 are held out for the figures.",
        "limitations": [
            "Synthetic sessions, invented for testing; not a real run's log.",
            "Does not know the forecast, the number of marshals on duty or the sledges for hire.",
        ],
        "label_meanings": {
            "open": "the run opens for the session",
            "shut": "the run stays closed for the session",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(149911)
    n = SIZE
    run = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    frame = pd.DataFrame(
        {
            "session_no": np.arange(FIRST_ID, FIRST_ID + n),
            "run": run,
            "snow depth (cm)": rng.integers(0, 121, n),
            "air_temp_c": np.round(rng.uniform(-20.0, 8.0, n), 1),
            "IcePatches": rng.integers(0, 16, n),
            "visibility (m)": rng.integers(20, 1001, n),
            "queue_length": rng.integers(0, 61, n),
            "HoursSinceGrooming": np.round(rng.uniform(0.0, 10.0, n), 1),
        }
    )
    risk = (
        -0.04 * (frame["snow depth (cm)"] - 50)
        + 0.12 * (frame.air_temp_c + 2)
        + 0.25 * (frame.IcePatches - 6)
        - 0.004 * (frame["visibility (m)"] - 400)
        + 0.15 * (frame.HoursSinceGrooming - 5)
        + 0.6 * (run == 0)
        + rng.normal(0, 0.7, n)
    )
    frame["session_call"] = (risk > np.quantile(risk, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 sessions the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1499).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented toboggan host in memory, its model fitted on the sessions outside `held_out_ids()`."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.session_no.isin(test)]
    model = HistGradientBoostingClassifier(max_iter=40, max_leaf_nodes=8, random_state=0)
    model.fit(train[FEATURES], train.session_call)
    return host_from_model(model, frame[["session_no", *FEATURES, "session_call"]], test_ids=test, **TOBOGGAN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
