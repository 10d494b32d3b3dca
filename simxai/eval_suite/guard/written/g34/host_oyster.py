"""The invented `oyster` host of guard writer g34: bags of oysters grown on an estuary farm's lines, and how each ended.

`load_host()` builds a seeded frame of 150 bags (ids 135501-135650) of an invented oyster farm and fits a scikit-learn
pipeline holding one `RandomForestClassifier` on 120 of them; the other 30 are held out for the performance figures.
At the season's sorting each bag was graded `market` (sold as is), `regrade` (too small or misshapen, back on the line)
or `lost` (most oysters dead). Nothing here comes from a data set: the domain, its columns and its words were invented
by g34. The `Triploid` column holds True/False; `seeded_yyyymm` is a year and month written as one number.

    python simxai/eval_suite/guard/written/g34/host_oyster.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["OYSTER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 135501
SIZE = 150
FEATURES = ["Bag Density (per bag)", "water_temp_c", "SalinityPSU", "days on line", "seeded_yyyymm", "Triploid",
            "Lease Site"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
OYSTER_CONFIG: dict[str, Any] = {
    "name": "oyster farm bags",
    "target": "sorting_grade",
    "class_names": {"0": "market", "1": "regrade", "2": "lost"},
    "instance_noun": "bag",
    "id_column": "bag_id",
    "category_names": {
        "Lease Site": {"0": "north", "1": "bay", "2": "estuary", "3": "point"},
        "Triploid": {"False": "False", "True": "True"},
    },
    "immutable_features": ["seeded_yyyymm"],
    "feature_aliases": {
        "Bag Density (per bag)": ["density", "stocking density", "oysters per bag"],
        "water_temp_c": ["water temperature", "temperature", "temp"],
        "SalinityPSU": ["salinity", "salt", "how salty the water is"],
        "days on line": ["days on the line", "time on the line", "days"],
        "seeded_yyyymm": ["seeding month", "when it was seeded", "seeded"],
        "Triploid": ["triploid seed", "triploids", "sterile seed"],
        "Lease Site": ["site", "lease", "where the line is"],
    },
    "seed": 0,
    "cards": {
        "description": "Bags of an invented oyster farm, one row per bag, with the grade it got at the season's "
        "sorting.",
        "feature_descriptions": {
            "Bag Density (per bag)": "how many young oysters were put in the bag",
            "water_temp_c": "mean water temperature over the season, in degrees Celsius",
            "SalinityPSU": "mean salinity at the line, in practical salinity units",
            "days on line": "how many days the bag hung on the line before sorting",
            "seeded_yyyymm": "year and month the bag was seeded, written as YYYYMM",
            "Triploid": "whether the seed was triploid (True) or ordinary diploid (False)",
            "Lease Site": "which of the farm's four leases the line is on: north, bay, estuary or point",
        },
        "target_description": "the grade at the season's sorting: market, regrade or lost",
        "model_description": "a scikit-learn pipeline holding one RandomForestClassifier (40 trees, depth at most 5) "
        "on the raw columns; the lease site enters as its code and the triploid column as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic bags; the other 30 are held out for the performance figures.",
        "limitations": [
            "Synthetic bags, invented for testing; not a real farm's records.",
            "The lease site enters as a numeric code, as if the sites were ordered.",
            "One season's sorting only; storms and predators are not in the data.",
        ],
        "label_meanings": {
            "market": "sold as is at the sorting",
            "regrade": "too small or misshapen, put back on the line",
            "lost": "most oysters in the bag were dead",
        },
        "probability_meaning": "The share of the forest's trees' votes for each grade (averaged leaf shares); the "
        "three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(34135)
    n = SIZE
    site = rng.choice(4, n, p=[0.3, 0.3, 0.25, 0.15])
    density = rng.choice([100, 150, 200, 250, 300], n)
    temp = np.round(rng.normal(16, 3, n), 1)
    salinity = np.round(np.clip(rng.normal(27, 5, n), 10, 35), 1)
    days = rng.integers(90, 541, n)
    years = rng.integers(2023, 2026, n)
    months = rng.integers(1, 13, n)
    seeded = (years * 100 + months).astype(int)
    triploid = rng.random(n) < 0.4
    frame = pd.DataFrame(
        {
            "bag_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Bag Density (per bag)": density,
            "water_temp_c": temp,
            "SalinityPSU": salinity,
            "days on line": days,
            "seeded_yyyymm": seeded,
            "Triploid": triploid,
            "Lease Site": site,
        }
    )
    small = 0.006 * (density - 200) - 0.004 * (days - 300) - 0.15 * (temp - 16) - 0.6 * triploid
    small = small + rng.normal(0, 0.5, n)
    death = 0.25 * (temp - 18) + 0.12 * (22 - salinity).clip(0) + 0.6 * (site == 2) + rng.normal(0, 0.5, n)
    outcome = np.zeros(n, dtype=int)
    outcome[small > 0.3] = 1
    outcome[death > 0.8] = 2
    frame["sorting_grade"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 30 bags the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(34).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented oyster host in memory, fitted on the bags outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bag_id.isin(test)]
    model = make_pipeline(RandomForestClassifier(n_estimators=40, max_depth=5, random_state=34))
    model.fit(train[FEATURES], train.sorting_grade)
    return host_from_model(model, frame[["bag_id", *FEATURES, "sorting_grade"]], test_ids=test, **OYSTER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
