"""The invented `allotment` host of writer w85: the committee's call on each plot at a town's spring walk-round.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the site as its
code, no `Pipeline`) on 240 of the 300 plots and builds the host from the model, the frame, the ids of the 60
held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a plot
is kept as it is (`keep`), its holder gets a letter (`warn`), or the tenancy is ended (`evict`). Nothing here comes
from a data set: the domain, its columns and its words were invented by w85 so that the router meets a host it was
not trained on.

    python simxai/eval_suite/router_training/people/w85/host_allotment.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ALLOTMENT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 163201
SIZE = 300
FEATURES = [
    "site",
    "weed cover (%)",
    "visits_per_month",
    "ShedCondition",
    "water use (l/week)",
    "missed_work_days",
    "HarvestScore",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ALLOTMENT_CONFIG: dict[str, Any] = {
    "name": "allotment walk-round calls",
    "target": "plot_call",
    "class_names": {"0": "keep", "1": "warn", "2": "evict"},
    "instance_noun": "plot",
    "id_column": "plot_no",
    "category_names": {"site": {"0": "canal side", "1": "old quarry", "2": "church lane"}},
    "immutable_features": ["site"],
    "feature_aliases": {
        "site": ["site", "allotment site", "field"],
        "weed cover (%)": ["weed cover", "weeds", "weediness"],
        "visits_per_month": ["visits per month", "visits", "how often they come"],
        "ShedCondition": ["shed condition", "shed", "shed state"],
        "water use (l/week)": ["water use", "water", "watering"],
        "missed_work_days": ["missed work days", "work days missed", "missed workdays"],
        "HarvestScore": ["harvest score", "harvest", "crop score"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Plots on an invented town's three allotment sites, with the committee's spring call.",
        "feature_descriptions": {
            "site": "which allotment site the plot is on: canal side, old quarry or church lane",
            "weed cover (%)": "share of the plot under weeds at the walk-round, in percent",
            "visits_per_month": "visits the holder signed in for per month last season",
            "ShedCondition": "state of the plot's shed, scored 0 (falling down) to 10 (sound)",
            "water use (l/week)": "water drawn from the site troughs per week, in litres",
            "missed_work_days": "shared work days the holder missed in the last year",
            "HarvestScore": "the committee's score of last season's crops, 0 to 10",
        },
        "target_description": "the committee's call after the walk-round: keep, warn or evict",
        "model_description": "A random forest (80 trees, at most 6 levels deep).",
        "training": "Fitted on 240 of the 300 synthetic plots; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic plots, invented for testing; not a real allotment society's records.",
            "Does not know about illness, holidays or letters already sent.",
        ],
        "label_meanings": {
            "keep": "the plot stays with its holder with no letter",
            "warn": "the holder gets a warning letter to tidy and use the plot",
            "evict": "the tenancy is ended and the plot goes to the waiting list",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(163217)
    n = SIZE
    site = rng.choice(3, n, p=[0.36, 0.33, 0.31])
    frame = pd.DataFrame(
        {
            "plot_no": np.arange(FIRST_ID, FIRST_ID + n),
            "site": site,
            "weed cover (%)": rng.integers(0, 101, n),
            "visits_per_month": rng.integers(0, 21, n),
            "ShedCondition": rng.integers(0, 11, n),
            "water use (l/week)": rng.integers(0, 401, n),
            "missed_work_days": rng.integers(0, 13, n),
            "HarvestScore": np.round(rng.uniform(0.0, 10.0, n), 1),
        }
    )
    neglect = (
        0.035 * (frame["weed cover (%)"] - 50)
        - 0.12 * (frame.visits_per_month - 10)
        - 0.1 * (frame.ShedCondition - 5)
        + 0.12 * (frame.missed_work_days - 6)
        - 0.15 * (frame.HarvestScore - 5)
        + 0.3 * (site == 1)
        + rng.normal(0, 0.9, n)
    )
    low, high = np.quantile(neglect, [0.42, 0.75])
    frame["plot_call"] = (neglect > low).astype(int) + (neglect > high).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 plots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1632).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented allotment host in memory, its model fitted on the plots outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.plot_no.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.plot_call)
    return host_from_model(model, frame[["plot_no", *FEATURES, "plot_call"]], test_ids=test, **ALLOTMENT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
