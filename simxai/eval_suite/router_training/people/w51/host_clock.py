"""The invented `clock` host of writer w51: antique clocks overhauled at a one-woman repair bench in Stornoway.

`load_host()` fits a small synthetic model (a bagged ensemble of 40 depth-4 decision trees, the clock type and the
True/False fusee column one-hot encoded, a `Pipeline`) on 240 of the 300 clocks and builds the host from the model,
the frame, the ids of the 60 held-out clocks and the fields of its host config with
`simxai.hosts.host_from_model`. It has three labels: a week after the overhaul a clock `keeps_time`, `runs_slow`,
or has `stopped`. Nothing here comes from a data set: the domain, its columns and its words were invented by w51
so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w51/host_clock.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CLOCK_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 122601
SIZE = 300
NUMERIC = [
    "age (years)",
    "PivotWear",
    "beat error (ms)",
    "bushings_fitted",
    "BenchTestDays",
    "workshop temp (C)",
]
CATEGORICAL = ["clock_type", "fusee"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CLOCK_CONFIG: dict[str, Any] = {
    "name": "antique clock overhauls",
    "target": "week_check",
    "class_names": {"0": "keeps_time", "1": "runs_slow", "2": "stopped"},
    "instance_noun": "clock",
    "id_column": "ticket",
    "category_names": {"clock_type": {"0": "longcase", "1": "bracket", "2": "carriage"}},
    "immutable_features": ["clock_type"],
    "feature_aliases": {
        "clock_type": ["clock type", "type of clock", "case style", "kind of clock"],
        "fusee": ["fusee", "fusee movement", "chain fusee", "has a fusee"],
        "age (years)": ["age", "years old", "how old", "age of the clock"],
        "PivotWear": ["pivot wear", "worn pivots", "pivots", "wear on the pivots"],
        "beat error (ms)": ["beat error", "out of beat", "beat", "tick-tock evenness"],
        "bushings_fitted": ["bushings fitted", "bushings", "new bushes", "rebushed holes"],
        "BenchTestDays": ["bench test days", "bench test", "days on the bench", "test run"],
        "workshop temp (C)": ["workshop temperature", "temperature", "temp", "how warm the workshop"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Antique clocks overhauled at an invented repair bench in Stornoway, one row per clock, "
        "checked a week after it went back to its owner.",
        "feature_descriptions": {
            "clock_type": "the kind of clock: longcase, bracket or carriage",
            "fusee": "whether the movement has a chain fusee (True) or a plain going barrel (False)",
            "age (years)": "age of the clock, in years",
            "PivotWear": "wear on the pivots before the overhaul, scored 0 (none) to 10 (badly worn)",
            "beat error (ms)": "difference between tick and tock after setting in beat, in milliseconds",
            "bushings_fitted": "number of pivot holes rebushed during the overhaul",
            "BenchTestDays": "days the movement ran on the test stand before going home",
            "workshop temp (C)": "mean workshop temperature during the bench test, in degrees Celsius",
        },
        "target_description": "the clock a week after the overhaul: keeps time, runs slow, or stopped",
        "model_description": "A bagged ensemble of 40 decision trees of depth 4, the clock type and the fusee "
        "column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic clocks; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic clocks, invented for testing; not a real workshop's book.",
            "Does not know the owner's floor, the draughts in their hall, who winds it or the state of the case.",
        ],
        "label_meanings": {
            "keeps_time": "within a minute a week of the right time at the week's check",
            "runs_slow": "still going but losing more than a minute a week",
            "stopped": "found stopped at the week's check; it comes back to the bench",
        },
        "probability_meaning": "The mean, over the 40 trees, of the share of training clocks with each outcome "
        "in the leaf the clock falls in.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(122651)
    n = SIZE
    kind = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    frame = pd.DataFrame(
        {
            "ticket": np.arange(FIRST_ID, FIRST_ID + n),
            "clock_type": kind,
            "fusee": rng.random(n) < 0.4,
            "age (years)": rng.integers(60, 281, n),
            "PivotWear": rng.integers(0, 11, n),
            "beat error (ms)": np.round(rng.uniform(0.0, 12.0, n), 1),
            "bushings_fitted": rng.integers(0, 13, n),
            "BenchTestDays": rng.integers(1, 22, n),
            "workshop temp (C)": np.round(rng.uniform(11.0, 24.0, n), 1),
        }
    )
    worn = 0.3 * (frame.PivotWear - 5) - 0.18 * (frame.bushings_fitted - 6) + 0.004 * (frame["age (years)"] - 170)
    shaky = (
        0.22 * (frame["beat error (ms)"] - 6)
        - 0.08 * (frame.BenchTestDays - 11)
        - 0.6 * frame.fusee
        + 0.5 * (kind == 2)
        + 0.05 * np.abs(frame["workshop temp (C)"] - 17.0)
    )
    score = worn + shaky + rng.normal(0, 0.6, n)
    low, high = np.quantile(score, [0.4, 0.72])
    frame["week_check"] = np.where(score < low, 0, np.where(score < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 clocks the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1226).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented clock host in memory, its model fitted on the clocks outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import BaggingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ticket.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ],
                ),
            ),
            (
                "bagged_trees",
                BaggingClassifier(DecisionTreeClassifier(max_depth=4), n_estimators=40, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.week_check)
    return host_from_model(model, frame[["ticket", *FEATURES, "week_check"]], test_ids=test, **CLOCK_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
