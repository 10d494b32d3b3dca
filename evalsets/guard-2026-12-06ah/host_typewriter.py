"""The invented `typewriter` host of guard writer gset37: the bench book of an invented typewriter repair shop.

`load_host()` builds a seeded frame of 300 manual typewriters brought in for repair (ids 134601-134900) and fits a
scikit-learn pipeline (`StandardScaler` then `RandomForestClassifier`) on 240 of them; the other 60 are held out
for the performance figures. Each machine's job is recorded as `restored` (it left the bench typing cleanly),
`parts_ordered` (it waits for a part that had to be ordered) or `scrapped` (it was stripped for spares). Nothing
here comes from a data set: the domain, its columns and its words were invented by gset37.

    python evalsets/guard-2026-12-06ah/host_typewriter.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TYPEWRITER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 134601
SIZE = 300
NUMERIC = [
    "Year Made",
    "PlatenHardness",
    "rust_spots",
    "sticky keys",
    "Carriage Jams (per page)",
    "months_in_attic",
]
CATEGORICAL = ["Maker", "ribbon_vibrator_ok"]
TYPEWRITER_CONFIG: dict[str, Any] = {
    "name": "typewriter repair bench book",
    "target": "bench_outcome",
    "class_names": {"0": "restored", "1": "parts_ordered", "2": "scrapped"},
    "instance_noun": "typewriter",
    "id_column": "job_no",
    "category_names": {
        "Maker": {"0": "Olympia", "1": "Hermes", "2": "Remington", "3": "Smith-Corona"},
        "ribbon_vibrator_ok": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Year Made", "Maker"],
    "feature_aliases": {
        "Year Made": ["year made", "age of the machine", "build year"],
        "PlatenHardness": ["platen hardness", "how hard the platen is"],
        "rust_spots": ["rust spots", "rust"],
        "sticky keys": ["sticky keys", "keys that stick"],
        "Carriage Jams (per page)": ["carriage jams", "jams per page"],
        "months_in_attic": ["months in the attic", "storage time"],
        "Maker": ["maker", "brand"],
        "ribbon_vibrator_ok": ["ribbon vibrator", "ribbon vibrator ok"],
    },
    "seed": 0,
    "cards": {
        "description": "Manual typewriters brought to an invented repair shop, one row per bench job.",
        "feature_descriptions": {
            "Year Made": "the year the typewriter left the factory",
            "PlatenHardness": "Shore A hardness of the rubber platen roller (soft and new near 60, glassy near 95)",
            "rust_spots": "rust spots counted on the type bars and segment",
            "sticky keys": "keys that stick or do not return on the first test page",
            "Carriage Jams (per page)": "carriage jams counted per test page",
            "months_in_attic": "months the machine stood unused before it came in",
            "Maker": "the maker: Olympia, Hermes, Remington or Smith-Corona",
            "ribbon_vibrator_ok": "whether the ribbon vibrator lifts the ribbon cleanly",
        },
        "target_description": "how the bench job ended",
        "model_description": "scikit-learn Pipeline: StandardScaler then RandomForestClassifier (120 trees, depth 6); "
        "the maker and the ribbon vibrator enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic typewriters; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic typewriters, invented for testing; not a real shop's records.",
            "The maker enters as a numeric code, so the trees may split on an order that does not exist.",
            "Only 300 machines, few of them scrapped: the scrapped figures are noisy.",
        ],
        "label_meanings": {
            "restored": "left the bench typing cleanly, returned to its owner",
            "parts_ordered": "waits for a part (platen, springs, ribbon vibrator) that had to be ordered",
            "scrapped": "beyond repair at a sensible price; stripped for spares",
        },
        "probability_meaning": "The share of the forest's trees voting for each outcome (averaged leaf shares); "
        "the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(4613)
    n = SIZE
    year = rng.integers(1925, 1986, n)
    platen = np.round(np.clip(rng.normal(78.0, 9.0, n), 55.0, 98.0), 0)
    rust = rng.poisson(4.0, n)
    sticky = rng.poisson(3.0, n)
    jams = np.round(np.clip(rng.gamma(1.5, 0.6, n), 0.0, 6.0), 1)
    attic = rng.integers(0, 480, n)
    maker = rng.choice(4, n, p=[0.3, 0.2, 0.3, 0.2])
    vibrator = rng.choice(2, n, p=[0.3, 0.7])
    frame = pd.DataFrame(
        {
            "job_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Year Made": year,
            "PlatenHardness": platen,
            "rust_spots": rust,
            "sticky keys": sticky,
            "Carriage Jams (per page)": jams,
            "months_in_attic": attic,
            "Maker": maker,
            "ribbon_vibrator_ok": vibrator,
        }
    )
    parts = 0.09 * (platen - 78) + 0.9 * (1 - vibrator) + 0.25 * (sticky - 3) + rng.normal(0, 0.7, n)
    scrap = 0.22 * (rust - 4) + 0.5 * (jams - 0.9) + 0.003 * (attic - 240) - 0.02 * (year - 1955)
    scrap = scrap + 0.3 * (maker == 2) + rng.normal(0, 0.6, n)
    outcome = np.where(parts > 0.6, 1, 0)
    outcome[scrap > 0.9] = 2
    frame["bench_outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 typewriters the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(4631).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented typewriter host in memory, fitted on the machines outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.job_no.isin(test)]
    forest = RandomForestClassifier(n_estimators=120, max_depth=6, random_state=0, n_jobs=1)
    model = Pipeline([("scale", StandardScaler()), ("forest", forest)])
    model.fit(train[features], train.bench_outcome)
    return host_from_model(model, frame[["job_no", *features, "bench_outcome"]], test_ids=test, **TYPEWRITER_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
