"""The invented `fireworks` host of test set z: aerial shells fired at the displays of an invented town festival.

One row per shell, logged by the firing crew after the show from the spotters' notes. `load_host()` fits a seeded
additive logistic model (spline features of each number, one-hot encoded categories, then a `LogisticRegression`)
on 240 of the 300 shells and builds the host with `simxai.hosts.host_from_model`. Three labels: a shell `clean`
(broke at its height), `low` (broke well under it, the dangerous kind) or `dud` (never broke). Nothing here comes
from a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-05z/host_fireworks.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FIREWORKS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 117801
SIZE = 300
NUMERIC = ["Caliber (mm)", "ShellAgeMonths", "fuse_delay_s", "LiftChargeG", "storage humidity", "wind_ms"]
CATEGORICAL = ["Maker", "RainedOn"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FIREWORKS_CONFIG: dict[str, Any] = {
    "name": "festival firework shells",
    "target": "Break",
    "class_names": {"0": "clean", "1": "low", "2": "dud"},
    "instance_noun": "shell",
    "id_column": "ShellNo",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Maker"],
    "feature_aliases": {
        "Maker": ["maker", "manufacturer", "factory", "brand"],
        "RainedOn": ["rained on", "got wet", "rain", "wet"],
        "Caliber (mm)": ["caliber", "calibre", "shell size", "diameter"],
        "ShellAgeMonths": ["shell age", "age", "months in storage", "how old"],
        "fuse_delay_s": ["fuse delay", "fuse time", "time fuse", "delay"],
        "LiftChargeG": ["lift charge", "lift powder", "black powder"],
        "storage humidity": ["humidity", "magazine humidity", "damp"],
        "wind_ms": ["wind", "wind speed"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Aerial shells fired at the displays of an invented town festival, one row per shell, "
        "logged by the firing crew to plan which stock to fire first and which to send back.",
        "feature_descriptions": {
            "Maker": "the factory that made the shell: hanabi_koji, stellaris or vesuvio",
            "RainedOn": "True when the shell's rack got rain on the evening of the show",
            "Caliber (mm)": "the shell's diameter in millimetres (75 to 150)",
            "ShellAgeMonths": "how many months the shell had been in the magazine before the show",
            "fuse_delay_s": "the time fuse's delay between lift and break, in seconds",
            "LiftChargeG": "the black-powder lift charge under the shell, in grams",
            "storage humidity": "the mean relative humidity of the magazine it was stored in, in percent",
            "wind_ms": "the wind at the firing site when the shell was fired, in metres per second",
        },
        "target_description": "whether the shell broke cleanly at its height, broke low or was a dud",
        "model_description": "An additive logistic model: a spline basis of each number, the maker and the rain "
        "flag one-hot encoded, then a multinomial logistic regression.",
        "training": "Fitted on 240 of the 300 synthetic shells; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic shells, invented for testing; not a real display's records.",
            "Knows nothing of the mortar tubes, of the operator or of a shell that was dropped.",
        ],
        "label_meanings": {
            "clean": "the shell broke at about its intended height",
            "low": "the shell broke well under its intended height",
            "dud": "the shell never broke (it fell back whole or burned out)",
        },
        "probability_meaning": "The logistic model's probability of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(117801)
    n = SIZE
    maker = rng.choice(["hanabi_koji", "stellaris", "vesuvio"], n, p=[0.35, 0.4, 0.25])
    rained = rng.random(n) < 0.3
    caliber = rng.choice([75, 100, 125, 150], n, p=[0.35, 0.3, 0.2, 0.15])
    age = rng.integers(1, 49, n)
    fuse = np.round(np.clip(rng.normal(4.5, 1.0, n), 2.5, 7.5), 1)
    lift = np.round(np.clip(caliber * 0.55 + rng.normal(0, 9, n), 25, 110)).astype(int)
    humidity = np.round(np.clip(rng.normal(55, 12, n), 25, 90)).astype(int)
    wind = np.round(np.clip(rng.gamma(2.0, 1.6, n), 0.0, 14.0), 1)
    frame = pd.DataFrame(
        {
            "ShellNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Maker": maker,
            "RainedOn": rained,
            "Caliber (mm)": caliber,
            "ShellAgeMonths": age,
            "fuse_delay_s": fuse,
            "LiftChargeG": lift,
            "storage humidity": humidity,
            "wind_ms": wind,
        }
    )
    damp = 0.05 * (frame["storage humidity"] - 55) + 1.1 * frame.RainedOn + 0.04 * frame.ShellAgeMonths
    damp = damp + 0.6 * (frame.Maker == "vesuvio") + rng.normal(0, 0.7, n)
    weak_lift = (frame["Caliber (mm)"] * 0.55 - frame.LiftChargeG) / 6.0
    short = (4.5 - frame.fuse_delay_s) * 0.9 + 0.12 * frame.wind_ms - 0.5 * (frame.Maker == "hanabi_koji")
    low = short + 0.6 * weak_lift + rng.normal(0, 0.7, n)
    outcome = np.where(damp > 2.2, 2, np.where(low > 0.6, 1, 0))
    frame["Break"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 shells the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1178).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented fireworks host in memory, its model fitted on the shells outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, SplineTransformer

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ShellNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("splines", SplineTransformer(n_knots=4, degree=2, extrapolation="linear"), NUMERIC),
                    ]
                ),
            ),
            ("logistic", LogisticRegression(C=0.8, max_iter=2000)),
        ]
    )
    model.fit(train[FEATURES], train.Break)
    return host_from_model(model, frame[["ShellNo", *FEATURES, "Break"]], test_ids=test, **FIREWORKS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
