"""The invented `saddle` host of guard writer gset38: the fitting log of an invented saddle fitter's round.

`load_host()` builds a seeded frame of 300 riding saddles checked on a fitter's round (ids 136801-137100) and fits
a scikit-learn pipeline (`StandardScaler` then multinomial `LogisticRegression`) on 240 of them; the other 60 are
held out for the performance figures. Each visit is recorded as `fits` (the saddle stays as it is), `reflock` (the
panels are reflocked with new wool), `refit_tree` (the tree is widened or narrowed on the bench) or `retired` (the
saddle is taken out of use). Nothing here comes from a data set: the domain, its columns and its words were
invented by gset38.

    python evalsets/guard-2026-12-06ai/host_saddle.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SADDLE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 136801
SIZE = 300
NUMERIC = [
    "Tree Width (cm)",
    "Gullet [mm]",
    "panel_wear",
    "Rider Weight (kg)",
    "years in use",
    "StitchBreaks",
]
CATEGORICAL = ["Leather", "girthed_daily"]
SADDLE_CONFIG: dict[str, Any] = {
    "name": "saddle fitter's round",
    "target": "fit_verdict",
    "class_names": {"0": "fits", "1": "reflock", "2": "refit_tree", "3": "retired"},
    "instance_noun": "saddle",
    "id_column": "saddle_no",
    "category_names": {
        "Leather": {"0": "calf", "1": "buffalo", "2": "synthetic"},
        "girthed_daily": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Leather"],
    "feature_aliases": {
        "Tree Width (cm)": ["tree width", "width of the tree"],
        "Gullet [mm]": ["gullet", "gullet clearance"],
        "panel_wear": ["panel wear", "wear on the panels"],
        "Rider Weight (kg)": ["rider weight", "weight of the rider"],
        "years in use": ["age of the saddle", "years of use"],
        "StitchBreaks": ["stitch breaks", "broken stitches"],
        "Leather": ["leather", "material"],
        "girthed_daily": ["girthed daily", "ridden every day"],
    },
    "seed": 0,
    "cards": {
        "description": "Riding saddles checked on an invented fitter's round, one row per saddle.",
        "feature_descriptions": {
            "Tree Width (cm)": "width of the saddle tree at the points, in centimetres",
            "Gullet [mm]": "clearance of the gullet over the withers, in millimetres",
            "panel_wear": "wear of the flocked panels on a 0-10 scale (10 flat and lumpy)",
            "Rider Weight (kg)": "weight of the usual rider, in kilograms",
            "years in use": "years since the saddle was first fitted",
            "StitchBreaks": "broken stitches counted on the billets and panels",
            "Leather": "the leather: calf, buffalo or synthetic",
            "girthed_daily": "whether the saddle is ridden every day",
        },
        "target_description": "what the fitter decided at the visit",
        "model_description": "scikit-learn Pipeline: StandardScaler then multinomial LogisticRegression (C=1.0); "
        "the leather and the daily use enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic saddles; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic saddles, invented for testing; not a real fitter's records.",
            "The leather enters as a numeric code, so the model reads an order into it that does not exist.",
            "Only 300 saddles, few of them retired: the retired figures are noisy.",
        ],
        "label_meanings": {
            "fits": "the saddle fits the horse as it is; nothing done",
            "reflock": "the panels are reflocked with new wool to even them out",
            "refit_tree": "the tree is widened or narrowed on the bench",
            "retired": "the saddle is taken out of use; too worn or broken to refit",
        },
        "probability_meaning": "The logistic model's softmax probability of each verdict; the four sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6837)
    n = SIZE
    width = np.round(rng.normal(28.0, 2.0, n), 1)
    gullet = np.round(np.clip(rng.normal(70.0, 8.0, n), 45.0, 95.0), 0)
    wear = np.round(np.clip(rng.normal(4.5, 2.2, n), 0.0, 10.0), 1)
    rider = np.round(np.clip(rng.normal(72.0, 12.0, n), 45.0, 120.0), 0)
    years = rng.integers(0, 31, n)
    stitches = rng.poisson(2.0, n)
    leather = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    daily = rng.choice(2, n, p=[0.6, 0.4])
    frame = pd.DataFrame(
        {
            "saddle_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Tree Width (cm)": width,
            "Gullet [mm]": gullet,
            "panel_wear": wear,
            "Rider Weight (kg)": rider,
            "years in use": years,
            "StitchBreaks": stitches,
            "Leather": leather,
            "girthed_daily": daily,
        }
    )
    score_fits = 1.2 - 0.25 * (wear - 4.5) - 0.12 * np.abs(width - 28.0) - 0.05 * (years - 15) + rng.normal(0, 0.6, n)
    score_flock = 0.35 * (wear - 4.5) + 0.6 * daily + 0.01 * (rider - 72) + rng.normal(0, 0.6, n)
    score_tree = 0.5 * np.abs(width - 28.0) - 0.06 * (gullet - 70) + rng.normal(0, 0.6, n)
    score_retire = 0.45 * (stitches - 2) + 0.1 * (years - 15) + 0.3 * (leather == 2) - 1.0 + rng.normal(0, 0.6, n)
    outcome = np.argmax(np.column_stack([score_fits, score_flock, score_tree, score_retire]), axis=1)
    frame["fit_verdict"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 saddles the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(6851).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented saddle host in memory, fitted on the saddles outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.saddle_no.isin(test)]
    model = Pipeline([("scale", StandardScaler()), ("logistic", LogisticRegression(C=1.0, max_iter=2000))])
    model.fit(train[features], train.fit_verdict)
    return host_from_model(model, frame[["saddle_no", *features, "fit_verdict"]], test_ids=test, **SADDLE_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
