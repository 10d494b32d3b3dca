"""The invented `grafts` host of guard writer g20: fruit-tree grafts of a community nursery, took or failed.

`load_host()` builds a seeded frame of 300 grafts (ids 104901-105200) made at an invented nursery's spring
workshop and fits scikit-learn's `GaussianProcessClassifier` (an RBF kernel with a constant factor, its
hyperparameters fitted by the optimizer, seeded) on the standardized columns of 240 of them; the other 60 are held
out for the performance figures. Nothing here comes from a data set: the domain, its columns and its words were
invented by g20.

    python simxai/eval_suite/guard/written/g20/host_grafts.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GRAFTS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 104901
SIZE = 300
NUMERIC = ["cambium_match_pct", "scion_diam_mm", "bud_count", "soil_temp_c", "days_cold_stored", "rootstock_age_yr"]
CATEGORICAL = ["GraftStyle"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
GRAFTS_CONFIG: dict[str, Any] = {
    "name": "nursery graft records",
    "target": "outcome",
    "class_names": {"0": "took", "1": "failed"},
    "instance_noun": "graft",
    "id_column": "graft_id",
    "category_names": {"GraftStyle": {"0": "whip and tongue", "1": "cleft", "2": "bark", "3": "chip bud"}},
    "immutable_features": ["rootstock_age_yr"],
    "feature_aliases": {
        "cambium_match_pct": ["cambium match", "cambium contact", "alignment"],
        "scion_diam_mm": ["scion diameter", "scion thickness"],
        "bud_count": ["buds", "number of buds"],
        "soil_temp_c": ["soil temperature", "soil temp"],
        "days_cold_stored": ["cold storage", "days in the fridge", "storage days"],
        "rootstock_age_yr": ["rootstock age", "stock age"],
        "GraftStyle": ["graft style", "method", "technique"],
    },
    "seed": 0,
    "cards": {
        "description": "Grafts made at an invented community nursery's spring workshop, one row per graft.",
        "feature_descriptions": {
            "cambium_match_pct": "share of the cut edge where scion and stock cambium touch, in percent",
            "scion_diam_mm": "diameter of the scion wood at the cut, in millimetres",
            "bud_count": "number of buds left on the scion",
            "soil_temp_c": "soil temperature at the stock's roots on grafting day, in degrees Celsius",
            "days_cold_stored": "days the scion wood was kept in cold storage before grafting",
            "rootstock_age_yr": "age of the rootstock, in years",
            "GraftStyle": "graft style: whip and tongue, cleft, bark or chip bud",
        },
        "target_description": "whether the graft union had taken by midsummer",
        "model_description": "scikit-learn GaussianProcessClassifier (constant times RBF kernel, fitted "
        "hyperparameters, seed 20) on standardized columns; the graft style enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic grafts; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic grafts, invented for testing; not a real nursery's records.",
            "The graft style enters as a numeric code, as if the styles were ordered.",
            "A Laplace approximation gives the probabilities; they are not calibrated on new data.",
        ],
        "label_meanings": {
            "took": "the scion has joined the stock and is growing",
            "failed": "the scion dried out or never joined",
        },
        "probability_meaning": "The Gaussian-process class probability of each outcome; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(20020)
    n = SIZE
    style = rng.choice(4, n, p=[0.35, 0.25, 0.15, 0.25])
    match = np.round(np.clip(rng.normal(68, 16, n), 15, 100), 1)
    diam = np.round(np.clip(rng.normal(8.5, 2.2, n), 4, 14), 1)
    buds = rng.integers(1, 7, n)
    soil = np.round(np.clip(rng.normal(12, 3.5, n), 4, 22), 1)
    stored = np.clip(np.round(rng.gamma(2.0, 18.0, n)), 0, 120).astype(int)
    stock_age = rng.integers(1, 9, n)
    frame = pd.DataFrame(
        {
            "graft_id": np.arange(FIRST_ID, FIRST_ID + n),
            "cambium_match_pct": match,
            "scion_diam_mm": diam,
            "bud_count": buds,
            "soil_temp_c": soil,
            "days_cold_stored": stored,
            "rootstock_age_yr": stock_age,
            "GraftStyle": style,
        }
    )
    score = (
        -0.05 * (match - 68)
        + 0.02 * (soil - 13) ** 2
        + 0.018 * (stored - 36)
        + 0.25 * (buds - 3.5)
        + 0.15 * np.abs(diam - 8.5)
        + 0.12 * (stock_age - 4.5)
        + 0.5 * (style == 2)
        - 0.3 * (style == 3)
        + rng.normal(0, 0.7, n)
    )
    frame["outcome"] = (score > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 grafts the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(20).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented graft host in memory, fitted on the grafts outside `held_out_ids()`."""
    from sklearn.gaussian_process import GaussianProcessClassifier
    from sklearn.gaussian_process.kernels import RBF, ConstantKernel
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.graft_id.isin(test)]
    kernel = ConstantKernel(1.0) * RBF(length_scale=2.0)
    model = make_pipeline(
        StandardScaler(), GaussianProcessClassifier(kernel=kernel, n_restarts_optimizer=2, random_state=20)
    )
    model.fit(train[features], train.outcome)
    return host_from_model(model, frame[["graft_id", *features, "outcome"]], test_ids=test, **GRAFTS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
