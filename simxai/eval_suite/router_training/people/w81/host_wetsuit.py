"""The invented `wetsuit` host of writer w81: the dive shop's call on each rental wetsuit after its weekly check.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the shop as its
code, no `Pipeline`) on 240 of the 300 suits and builds the host from the model, the frame, the ids of the 60
held-out suits and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a suit
goes back on the `rent` rail, is sent for `repair` or is taken out of the fleet (`retire`). Nothing here comes from
a data set: the domain, its columns and its words were invented by w81 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w81/host_wetsuit.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WETSUIT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 158401
SIZE = 300
FEATURES = [
    "shop",
    "seam gap (mm)",
    "dives_logged",
    "ZipperStiffness",
    "age (months)",
    "rinse_skips",
    "KneeWear",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WETSUIT_CONFIG: dict[str, Any] = {
    "name": "rental wetsuit calls",
    "target": "suit_call",
    "class_names": {"0": "rent", "1": "repair", "2": "retire"},
    "instance_noun": "suit",
    "id_column": "suit_no",
    "category_names": {"shop": {"0": "harbour front", "1": "old pier", "2": "north cove"}},
    "immutable_features": ["shop"],
    "feature_aliases": {
        "shop": ["shop", "branch", "store"],
        "seam gap (mm)": ["seam gap", "seam", "gap"],
        "dives_logged": ["dives logged", "dives", "dive count"],
        "ZipperStiffness": ["zipper stiffness", "zipper", "zip"],
        "age (months)": ["age", "months old", "suit age"],
        "rinse_skips": ["rinse skips", "skipped rinses", "rinses"],
        "KneeWear": ["knee wear", "knees", "knee pads"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Rental wetsuits at an invented dive shop chain, one row per suit at its weekly check.",
        "feature_descriptions": {
            "shop": "which shop rents the suit out: harbour front, old pier or north cove",
            "seam gap (mm)": "widest opening found along a glued seam, in millimetres",
            "dives_logged": "dives the suit has been rented out for since it was bought",
            "ZipperStiffness": "how hard the back zip is to pull, scored 0 to 10 by the checker",
            "age (months)": "months since the suit was bought",
            "rinse_skips": "returns where the customer skipped the fresh-water rinse",
            "KneeWear": "wear on the knee pads, scored 0 to 10",
        },
        "target_description": "the checker's call for the suit: rent, repair or retire",
        "model_description": "A random forest (60 trees, at most 5 levels deep).",
        "training": "Fitted on 240 of the 300 synthetic suits; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic suits, invented for testing; not a real shop's log.",
            "Does not know the suit's size, brand or the season's bookings.",
        ],
        "label_meanings": {
            "rent": "the suit goes back on the rail for the next customer",
            "repair": "the suit goes to the repair bench (glue, zip or pads)",
            "retire": "the suit is taken out of the rental fleet",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(158417)
    n = SIZE
    shop = rng.choice(3, n, p=[0.4, 0.33, 0.27])
    frame = pd.DataFrame(
        {
            "suit_no": np.arange(FIRST_ID, FIRST_ID + n),
            "shop": shop,
            "seam gap (mm)": np.round(rng.uniform(0.0, 15.0, n), 1),
            "dives_logged": rng.integers(0, 401, n),
            "ZipperStiffness": rng.integers(0, 11, n),
            "age (months)": rng.integers(1, 73, n),
            "rinse_skips": rng.integers(0, 21, n),
            "KneeWear": np.round(rng.uniform(0.0, 10.0, n), 1),
        }
    )
    worn = (
        0.02 * (frame["age (months)"] - 36)
        + 0.006 * (frame.dives_logged - 200)
        + 0.08 * (frame.rinse_skips - 10)
        + 0.3 * (shop == 2)
        + rng.normal(0, 0.6, n)
    )
    broken = (
        0.25 * (frame["seam gap (mm)"] - 7.5)
        + 0.3 * (frame.ZipperStiffness - 5)
        + 0.2 * (frame.KneeWear - 5)
        + rng.normal(0, 0.8, n)
    )
    call = np.where(worn > np.quantile(worn, 0.75), 2, np.where(broken > np.quantile(broken, 0.55), 1, 0))
    frame["suit_call"] = call
    return frame


def held_out_ids() -> list[int]:
    """The 60 suits the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1584).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented wetsuit host in memory, its model fitted on the suits outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.suit_no.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=5, random_state=0)
    model.fit(train[FEATURES], train.suit_call)
    return host_from_model(model, frame[["suit_no", *FEATURES, "suit_call"]], test_ids=test, **WETSUIT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
