"""The invented `flue` host of writer w64: chimney flues inspected by a small sweeping firm, one row per visit.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` behind a `ColumnTransformer` that
one-hot encodes the fuel burnt and passes the numbers through, a `Pipeline`) on 240 of the 300 visits and builds the
host from the model, the frame, the ids of the 60 held-out visits and the fields of its host config with
`simxai.hosts.host_from_model`. It has three labels: after the sweep the flue is signed off (`pass`), booked for
another sweep within weeks (`resweep`) or needs a new liner before it is used again (`reline`). Nothing here comes
from a data set: the domain, its columns and its words were invented by w64 so that the router meets a host it was
not trained on.

    python simxai/eval_suite/router_training/people/w64/host_flue.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FLUE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 137101
SIZE = 300
NUMERIC = [
    "flue height (m)",
    "SootDepth",
    "years since relined",
    "BurnsPerWeek",
    "cracked bricks",
    "draught_pa",
]
CATEGORICAL = ["fuel"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FLUE_CONFIG: dict[str, Any] = {
    "name": "chimney flue inspections",
    "target": "verdict",
    "class_names": {"0": "pass", "1": "resweep", "2": "reline"},
    "instance_noun": "visit",
    "id_column": "visit_no",
    "category_names": {"fuel": {"0": "wood", "1": "coal", "2": "oil"}},
    "immutable_features": ["fuel"],
    "feature_aliases": {
        "fuel": ["fuel", "what they burn", "burning"],
        "flue height (m)": ["flue height", "height of the flue", "chimney height"],
        "SootDepth": ["soot depth", "soot", "soot in the flue"],
        "years since relined": ["years since relining", "liner age", "age of the liner"],
        "BurnsPerWeek": ["burns per week", "fires a week", "how often they light it"],
        "cracked bricks": ["cracks", "cracked bricks", "broken bricks"],
        "draught_pa": ["draught", "draft", "pull"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Chimney flues swept and inspected by an invented small sweeping firm, one row per visit, "
        "with the sweep's verdict on the flue.",
        "feature_descriptions": {
            "fuel": "what the household burns in it: wood, coal or oil",
            "flue height (m)": "height of the flue from the fireplace to the pot, in metres",
            "SootDepth": "depth of soot scraped off the first metre of the flue, in millimetres",
            "years since relined": "years since the flue was last given a new liner",
            "BurnsPerWeek": "how many fires a week the household says it lights in winter",
            "cracked bricks": "bricks the camera saw cracked inside the flue",
            "draught_pa": "draught measured at the fireplace, in pascals",
        },
        "target_description": "the sweep's verdict: signed off, sweep again soon, or reline before use",
        "model_description": "A random forest of 80 trees on the raw numbers, the fuel one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic visits; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic visits, invented for testing; not a real firm's inspection sheets.",
            "Does not know the kind of stove, the cowl, the weather on the day or who built the chimney.",
        ],
        "label_meanings": {
            "pass": "the flue was signed off as safe to use",
            "resweep": "the flue is safe but was booked for another sweep within six weeks",
            "reline": "the flue must get a new liner before the next fire",
        },
        "probability_meaning": "The share of the forest's trees that vote for each verdict.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(137111)
    n = SIZE
    fuel = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "visit_no": np.arange(FIRST_ID, FIRST_ID + n),
            "fuel": fuel,
            "flue height (m)": np.round(rng.uniform(4, 14, n), 1),
            "SootDepth": rng.integers(0, 21, n),
            "years since relined": rng.integers(0, 41, n),
            "BurnsPerWeek": rng.integers(0, 15, n),
            "cracked bricks": rng.integers(0, 13, n),
            "draught_pa": rng.integers(5, 31, n),
        }
    )
    worn = 0.08 * frame["years since relined"] + 0.35 * frame["cracked bricks"] + rng.normal(0, 0.8, n)
    dirty = (
        0.25 * frame.SootDepth
        + 0.2 * frame.BurnsPerWeek
        + 1.0 * (fuel == 1)
        - 0.08 * frame.draught_pa
        + rng.normal(0, 0.8, n)
    )
    verdict = np.zeros(n, dtype=int)
    verdict[dirty > np.quantile(dirty, 0.6)] = 1
    verdict[worn > np.quantile(worn, 0.75)] = 2
    frame["verdict"] = verdict
    return frame


def held_out_ids() -> list[int]:
    """The 60 visits the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1371).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented flue host in memory, its model fitted on the visits outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.visit_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("forest", RandomForestClassifier(n_estimators=80, max_depth=6, random_state=137)),
        ]
    )
    model.fit(train[FEATURES], train.verdict)
    return host_from_model(model, frame[["visit_no", *FEATURES, "verdict"]], test_ids=test, **FLUE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
