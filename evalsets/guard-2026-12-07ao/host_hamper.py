"""The invented `hamper` host of guard writer gset44: a gift-hamper packer's end-of-season check of its hampers.

`load_host()` builds a seeded frame of 300 packed hampers (ids 151501-151800) and fits a scikit-learn
`GradientBoostingClassifier` on 240 of them; the other 60 are held out for the performance figures. Each check ends
in one of three verdicts: `ship` (the hamper goes out as packed), `repack` (it is opened and packed again before it
ships) or `scrap` (it is broken up and its contents written off). Nothing here comes from a data set: the domain, its
columns and its words were invented by gset44.

    python evalsets/guard-2026-12-07ao/host_hamper.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HAMPER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 151501
SIZE = 300
NUMERIC = [
    "Packed Weight (kg)",
    "bruised_fruit_pct",
    "MissingItems",
    "Store Temp [C]",
    "days on shelf",
]
CATEGORICAL = ["Basket", "ribbon_loose"]
HAMPER_CONFIG: dict[str, Any] = {
    "name": "gift hamper check",
    "target": "packer_verdict",
    "class_names": {"0": "ship", "1": "repack", "2": "scrap"},
    "instance_noun": "hamper",
    "id_column": "hamper_no",
    "category_names": {
        "Basket": {"0": "wicker", "1": "card", "2": "tin"},
        "ribbon_loose": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Basket"],
    "feature_aliases": {
        "Packed Weight (kg)": ["packed weight", "weight of the hamper"],
        "bruised_fruit_pct": ["bruised fruit", "share of bruised fruit"],
        "MissingItems": ["missing items", "items short of the list"],
        "Store Temp [C]": ["store temperature", "temperature of the store room"],
        "days on shelf": ["shelf days", "time on the shelf"],
        "Basket": ["basket", "what the hamper is packed in"],
        "ribbon_loose": ["ribbon loose", "loose ribbon"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Gift hampers checked by an invented packer at the end of one season, one row per hamper.",
        "feature_descriptions": {
            "Packed Weight (kg)": "weight of the packed hamper, in kilograms",
            "bruised_fruit_pct": "share of the fruit in the hamper found bruised, in percent",
            "MissingItems": "items on the packing list that were not in the hamper, counted",
            "Store Temp [C]": "temperature of the store room where the hamper waited, in degrees Celsius",
            "days on shelf": "days the hamper waited between packing and the check",
            "Basket": "what the hamper is packed in: wicker, card or tin",
            "ribbon_loose": "whether the ribbon was found loose at the check",
        },
        "target_description": "what the packer decided for the hamper",
        "model_description": "scikit-learn GradientBoostingClassifier (80 trees, depth 2, seed 0); the basket and "
        "the ribbon flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic hampers; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic hampers, invented for testing; not a real packer.",
            "One season's checks only: the Christmas rush is not told apart from quiet weeks.",
            "Few tin baskets, so their figures are noisy.",
        ],
        "label_meanings": {
            "ship": "the hamper goes out as packed",
            "repack": "the hamper is opened and packed again before it ships",
            "scrap": "the hamper is broken up and its contents written off",
        },
        "probability_meaning": "The model's estimated chance of each verdict; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(15150)
    n = SIZE
    weight = np.round(np.clip(rng.normal(4.5, 1.2, n), 1.5, 9.0), 1)
    bruised = np.round(np.clip(rng.normal(18.0, 10.0, n), 0.0, 60.0), 0)
    missing = rng.poisson(1.2, n)
    temp = np.round(np.clip(rng.normal(14.0, 3.5, n), 4.0, 26.0), 1)
    days = np.round(np.clip(rng.normal(12.0, 6.0, n), 1.0, 35.0), 0)
    basket = rng.choice(3, n, p=[0.5, 0.35, 0.15])
    ribbon = rng.choice(2, n, p=[0.7, 0.3])
    frame = pd.DataFrame(
        {
            "hamper_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Packed Weight (kg)": weight,
            "bruised_fruit_pct": bruised,
            "MissingItems": missing,
            "Store Temp [C]": temp,
            "days on shelf": days,
            "Basket": basket,
            "ribbon_loose": ribbon,
        }
    )
    score_ship = 1.0 - 0.05 * (bruised - 18) - 0.5 * (missing - 1) - 0.4 * ribbon + rng.normal(0, 0.5, n)
    score_repack = 0.5 * (missing - 1) + 0.4 * ribbon + 0.1 * (weight - 4.5) + rng.normal(0, 0.5, n)
    score_scrap = 0.08 * (days - 12) + 0.12 * (temp - 14) + 0.03 * (bruised - 18) + rng.normal(0, 0.5, n)
    frame["packer_verdict"] = np.argmax(np.column_stack([score_ship, score_repack, score_scrap]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 hampers the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(15151).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented hamper host in memory, fitted on the hampers outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.hamper_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=80, max_depth=2, random_state=0)
    model.fit(train[features], train.packer_verdict)
    return host_from_model(model, frame[["hamper_no", *features, "packer_verdict"]], test_ids=test, **HAMPER_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
