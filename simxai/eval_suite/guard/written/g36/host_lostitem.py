"""The invented `lostitem` host of guard writer g36: things handed in at a lost-property office, and their fate.

`load_host()` builds a seeded frame of 150 items (ids 140201-140350) handed in at an invented city lost-property
office and fits a scikit-learn `GradientBoostingClassifier` on 120 of them; the other 30 are held out for the
performance figures. Each row is one item; the office's ledger says whether its owner came for it (`reunited`) or it
was never collected (`unclaimed`). Nothing here comes from a data set: the domain, its columns and its words were
invented by g36. Feature names mix styles (camelCase, spaces with units, snake_case); `has_name_tag` holds
True/False.

    python simxai/eval_suite/guard/written/g36/host_lostitem.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LOSTITEM_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 140201
SIZE = 150
FEATURES = ["daysHeld", "Item Value (EUR)", "has_name_tag", "Found At", "distanceToOfficeKm", "owner enquiries",
            "Weight [g]"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LOSTITEM_CONFIG: dict[str, Any] = {
    "name": "lost property ledger",
    "target": "fate",
    "class_names": {"0": "unclaimed", "1": "reunited"},
    "instance_noun": "item",
    "id_column": "item_id",
    "category_names": {
        "Found At": {"0": "tram", "1": "railway station", "2": "city park", "3": "public library"},
        "has_name_tag": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Weight [g]"],
    "feature_aliases": {
        "daysHeld": ["days held", "days in the office", "how long it was kept"],
        "Item Value (EUR)": ["value", "item value", "what it is worth"],
        "has_name_tag": ["name tag", "label with a name", "tagged"],
        "Found At": ["where it was found", "place found", "finding place"],
        "distanceToOfficeKm": ["distance", "distance to the office", "how far away"],
        "owner enquiries": ["enquiries", "calls from owners", "owner calls"],
        "Weight [g]": ["weight", "how heavy", "grams"],
    },
    "seed": 0,
    "cards": {
        "description": "Items handed in at an invented city lost-property office, one row per item, with whether "
        "its owner collected it.",
        "feature_descriptions": {
            "daysHeld": "days the item had been held when the ledger was read",
            "Item Value (EUR)": "the office's estimate of the item's value, in euros",
            "has_name_tag": "whether the item carried a name or a contact (True) or not (False)",
            "Found At": "where it was found: tram, railway station, city park or public library",
            "distanceToOfficeKm": "distance from where it was found to the office, in kilometres",
            "owner enquiries": "enquiries from people describing a matching item in the first week",
            "Weight [g]": "weight of the item, in grams",
        },
        "target_description": "whether the item was collected by its owner (reunited) or never collected (unclaimed)",
        "model_description": "a scikit-learn GradientBoostingClassifier (60 trees, depth 2, learning rate 0.1, seed "
        "36) on the raw columns; the finding place enters as its code and the name tag as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic items; the other 30 are held out for the performance figures.",
        "limitations": [
            "Synthetic items, invented for testing; not a real office's ledger.",
            "Trained on 120 items only; its probabilities are rough.",
        ],
        "label_meanings": {
            "unclaimed": "nobody came for the item; it goes to auction or charity",
            "reunited": "the owner collected the item",
        },
        "probability_meaning": "The model's estimate that the item is collected or not; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(36201)
    n = SIZE
    days = rng.integers(1, 91, n)
    value = np.round(rng.gamma(2.0, 60.0, n), 0)
    tag = rng.random(n) < 0.35
    place = rng.choice(4, n, p=[0.35, 0.3, 0.2, 0.15])
    distance = np.round(rng.uniform(0.2, 14.0, n), 1)
    enquiries = rng.poisson(1.2, n)
    weight = np.round(rng.uniform(30, 2500, n), 0)
    frame = pd.DataFrame(
        {
            "item_id": np.arange(FIRST_ID, FIRST_ID + n),
            "daysHeld": days,
            "Item Value (EUR)": value,
            "has_name_tag": tag,
            "Found At": place,
            "distanceToOfficeKm": distance,
            "owner enquiries": enquiries,
            "Weight [g]": weight,
        }
    )
    score = (
        0.008 * (value - 120)
        + 1.3 * tag
        + 0.7 * (enquiries - 1)
        - 0.02 * (days - 45)
        - 0.08 * (distance - 7)
        + 0.5 * (place == 3)
        - 0.4 * (place == 2)
        + rng.normal(0, 0.9, n)
    )
    frame["fate"] = (score > 0.1).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 30 items the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1402).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lost-property host in memory, fitted on the items outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.item_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=60, max_depth=2, learning_rate=0.1, random_state=36)
    model.fit(train[FEATURES], train.fate)
    return host_from_model(model, frame[["item_id", *FEATURES, "fate"]], test_ids=test, **LOSTITEM_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
