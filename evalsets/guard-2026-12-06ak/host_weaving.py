"""The invented `weaving` host of guard writer gset40: a weaving shed's inspection of invented hand looms.

`load_host()` builds a seeded frame of 300 looms inspected over one winter (ids 142301-142600) and fits a
scikit-learn `GradientBoostingClassifier` on 240 of them; the other 60 are held out for the performance figures.
Each inspection ends in one of three verdicts: `clean` (the loom weaves as it is), `retension` (the warp is let off
and tensioned again, nothing replaced) or `overhaul` (heddles, shuttle and reed are stripped and refitted). Nothing
here comes from a data set: the domain, its columns and its words were invented by gset40.

    python evalsets/guard-2026-12-06ak/host_weaving.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WEAVING_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 142301
SIZE = 300
NUMERIC = [
    "Warp Tension (N)",
    "shuttle_age_years",
    "HeddleWear",
    "broken ends",
    "Reed Density [dents/cm]",
]
CATEGORICAL = ["Fibre", "dobby_fitted"]
WEAVING_CONFIG: dict[str, Any] = {
    "name": "weaving shed winter inspection",
    "target": "inspection_verdict",
    "class_names": {"0": "clean", "1": "retension", "2": "overhaul"},
    "instance_noun": "loom",
    "id_column": "loom_no",
    "category_names": {
        "Fibre": {"0": "wool", "1": "linen", "2": "silk"},
        "dobby_fitted": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Fibre"],
    "feature_aliases": {
        "Warp Tension (N)": ["warp tension", "tension of the warp"],
        "shuttle_age_years": ["shuttle age", "age of the shuttle"],
        "HeddleWear": ["heddle wear", "worn heddles"],
        "broken ends": ["broken warp ends", "snapped threads"],
        "Reed Density [dents/cm]": ["reed density", "dents per centimetre"],
        "Fibre": ["fibre", "yarn"],
        "dobby_fitted": ["dobby fitted", "dobby head"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Hand looms inspected by an invented weaving shed over one winter, one row per loom.",
        "feature_descriptions": {
            "Warp Tension (N)": "tension on the warp at the back beam, in newtons",
            "shuttle_age_years": "years since the shuttle was last replaced",
            "HeddleWear": "share of heddles worn or bent, in percent",
            "broken ends": "warp threads that snapped during the last shift, counted",
            "Reed Density [dents/cm]": "dents of the reed per centimetre",
            "Fibre": "the yarn on the loom: wool, linen or silk",
            "dobby_fitted": "whether the loom carries a dobby head for patterns",
        },
        "target_description": "what the shed's mechanic decided after the inspection",
        "model_description": "scikit-learn GradientBoostingClassifier (100 stages, depth 2, seed 0); the fibre "
        "and the dobby enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic looms; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic looms, invented for testing; not a real weaving shed.",
            "One winter only: the damp of summer is not in the data.",
            "Few silk looms, so their figures are noisy.",
        ],
        "label_meanings": {
            "clean": "the loom weaves as it is; nothing to do",
            "retension": "the warp is let off and tensioned again; no part is replaced",
            "overhaul": "heddles, shuttle and reed are stripped and refitted",
        },
        "probability_meaning": "The boosted model's estimated chance of each verdict; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(14230)
    n = SIZE
    tension = np.round(np.clip(rng.normal(180.0, 30.0, n), 90.0, 270.0), 0)
    shuttle = rng.integers(0, 13, n)
    heddle = np.round(np.clip(rng.gamma(2.0, 7.0, n), 0.0, 70.0), 0)
    ends = rng.poisson(4.0, n)
    density = np.round(np.clip(rng.normal(8.0, 1.5, n), 4.0, 12.0), 1)
    fibre = rng.choice(3, n, p=[0.52, 0.33, 0.15])
    dobby = rng.choice(2, n, p=[0.6, 0.4])
    frame = pd.DataFrame(
        {
            "loom_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Warp Tension (N)": tension,
            "shuttle_age_years": shuttle,
            "HeddleWear": heddle,
            "broken ends": ends,
            "Reed Density [dents/cm]": density,
            "Fibre": fibre,
            "dobby_fitted": dobby,
        }
    )
    score_clean = 1.0 - 0.25 * (ends - 4) - 0.04 * (heddle - 14) - 0.01 * np.abs(tension - 180)
    score_clean = score_clean + rng.normal(0, 0.5, n)
    score_tension = 0.02 * np.abs(tension - 180) + 0.15 * (ends - 4) + 0.3 * (fibre == 1) - 0.2
    score_tension = score_tension + rng.normal(0, 0.5, n)
    score_overhaul = 0.06 * (heddle - 14) + 0.12 * (shuttle - 6) + 0.1 * (density - 8) + 0.3 * dobby - 0.5
    score_overhaul = score_overhaul + rng.normal(0, 0.5, n)
    frame["inspection_verdict"] = np.argmax(np.column_stack([score_clean, score_tension, score_overhaul]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 looms the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(14231).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented weaving host in memory, fitted on the looms outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.loom_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=100, max_depth=2, random_state=0)
    model.fit(train[features], train.inspection_verdict)
    return host_from_model(model, frame[["loom_no", *features, "inspection_verdict"]], test_ids=test, **WEAVING_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
