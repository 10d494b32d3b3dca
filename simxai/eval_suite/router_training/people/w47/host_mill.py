"""The invented `mill` host of writer w47: milling runs of an invented Frisian wind-powered corn mill.

`load_host()` fits a small synthetic model (a multinomial logistic regression on cubic B-spline features of the
numeric columns, with the grain and the True/False sieve column one-hot encoded, a `Pipeline`) on 240 of
the 300 runs and builds the host from the model, the frame, the ids of the 60 held-out runs and the fields of its
host config with `simxai.hosts.host_from_model`. It has three labels: the flour of a run goes to the `bakery`, is
sold as `wholemeal` at the mill shop, or is sold as animal `feed`. Nothing here comes from a data set: the domain,
its columns and its words were invented by w47 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w47/host_mill.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MILL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 118101
SIZE = 300
NUMERIC = ["wind (m/s)", "stone_gap_mm", "GrainMoisture", "DaysSinceDressing", "hopper load (kg)", "SailsSet"]
CATEGORICAL = ["grain", "sieve_cleaned"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MILL_CONFIG: dict[str, Any] = {
    "name": "corn mill runs",
    "target": "flour_use",
    "class_names": {"0": "bakery", "1": "wholemeal", "2": "feed"},
    "instance_noun": "run",
    "id_column": "run_no",
    "category_names": {"grain": {"0": "wheat", "1": "spelt", "2": "rye"}},
    "immutable_features": ["grain"],
    "feature_aliases": {
        "grain": ["grain", "corn", "cereal", "graan"],
        "sieve_cleaned": ["sieve", "sieve cleaned", "bolting cloth", "zeef"],
        "wind (m/s)": ["wind", "wind speed", "windspeed"],
        "stone_gap_mm": ["stone gap", "gap", "millstone gap", "setting of the stones"],
        "GrainMoisture": ["moisture", "grain moisture", "humidity of the grain", "vocht"],
        "DaysSinceDressing": ["days since dressing", "dressing", "since the stones were dressed"],
        "hopper load (kg)": ["hopper load", "load", "kilos in the hopper"],
        "SailsSet": ["sails", "sails set", "sails with cloth", "zeilen"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Milling runs of an invented wind-powered corn mill in Friesland, one row per run, used to "
        "decide where the flour of a run goes.",
        "feature_descriptions": {
            "grain": "the grain milled: wheat, spelt or rye",
            "sieve_cleaned": "whether the sieve (bolting cloth) was cleaned before the run (True/False)",
            "wind (m/s)": "mean wind speed during the run, in metres per second",
            "stone_gap_mm": "gap between the millstones, in millimetres",
            "GrainMoisture": "moisture of the grain at the start of the run, in percent",
            "DaysSinceDressing": "days since the millstones were last dressed (sharpened)",
            "hopper load (kg)": "kilograms of grain put in the hopper for the run",
            "SailsSet": "how many of the four sails carried sailcloth, 1 to 4",
        },
        "target_description": "where the flour of the run goes: bakery flour, wholemeal for the shop, or feed",
        "model_description": "A multinomial logistic regression on cubic B-spline features of the numeric columns; "
        "the grain and the sieve column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic runs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic runs, invented for testing; not a real mill's log.",
            "Does not know the miller, the temperature in the mill, mice or the baker's own taste.",
        ],
        "label_meanings": {
            "bakery": "fine enough to be sold to the village bakery",
            "wholemeal": "sold as wholemeal flour in the mill shop",
            "feed": "too coarse or too damp; sold to farmers as animal feed",
        },
        "probability_meaning": "The logistic regression's estimated chance of each use, adding up to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(118118)
    n = SIZE
    grain = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "run_no": np.arange(FIRST_ID, FIRST_ID + n),
            "grain": grain,
            "sieve_cleaned": rng.random(n) < 0.6,
            "wind (m/s)": np.round(np.clip(rng.normal(7.5, 2.4, n), 2.5, 14.0), 1),
            "stone_gap_mm": np.round(rng.uniform(0.3, 1.6, n), 2),
            "GrainMoisture": np.round(np.clip(rng.normal(14.0, 1.6, n), 10.5, 19.0), 1),
            "DaysSinceDressing": rng.integers(2, 121, n),
            "hopper load (kg)": rng.choice(np.arange(100, 625, 25), n),
            "SailsSet": rng.integers(1, 5, n),
        }
    )
    wind = frame["wind (m/s)"]
    coarse = (
        2.6 * frame.stone_gap_mm
        + 0.02 * frame.DaysSinceDressing
        + 0.35 * (wind - 7.5) ** 2 / 4
        - 0.6 * frame.sieve_cleaned
        + 0.5 * (grain == 2)
        + rng.normal(0, 0.45, n)
    )
    damp = 0.55 * (frame.GrainMoisture - 14.0) + 0.002 * (frame["hopper load (kg)"] - 350) + rng.normal(0, 0.5, n)
    score = coarse + 0.8 * damp
    low, high = np.quantile(score, [0.35, 0.68])
    frame["flour_use"] = np.where(score < low, 0, np.where(score < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 runs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1181).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented mill host in memory, its model fitted on the runs outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, SplineTransformer

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.run_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("splines", SplineTransformer(n_knots=4, degree=3, extrapolation="linear"), NUMERIC),
                    ],
                ),
            ),
            ("logistic", LogisticRegression(C=0.8, max_iter=3000)),
        ]
    )
    model.fit(train[FEATURES], train.flour_use)
    return host_from_model(model, frame[["run_no", *FEATURES, "flour_use"]], test_ids=test, **MILL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
