"""The invented `tea` host of writer w77: the taster's grade for each lot of leaf at a hill tea estate.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the garden as
its code, no `Pipeline`) on 240 of the 300 lots and builds the host from the model, the frame, the ids of the 60
held-out lots and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a lot is
`premium`, `standard` or `reject`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w77 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w77/host_tea.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TEA_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 155001
SIZE = 300
FEATURES = [
    "garden",
    "leaf moisture (%)",
    "wither_hours",
    "RollingMinutes",
    "oxidation_pct",
    "elevation (m)",
    "BudCount",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TEA_CONFIG: dict[str, Any] = {
    "name": "tea lot grades",
    "target": "lot_grade",
    "class_names": {"0": "premium", "1": "standard", "2": "reject"},
    "instance_noun": "lot",
    "id_column": "lot_no",
    "category_names": {"garden": {"0": "high garden", "1": "river terrace", "2": "old slope"}},
    "immutable_features": ["garden"],
    "feature_aliases": {
        "garden": ["garden", "section", "plot"],
        "leaf moisture (%)": ["leaf moisture", "moisture", "water in the leaf"],
        "wither_hours": ["wither hours", "withering", "wither time"],
        "RollingMinutes": ["rolling minutes", "rolling", "roll time"],
        "oxidation_pct": ["oxidation", "oxidation percent", "fermentation"],
        "elevation (m)": ["elevation", "altitude", "height"],
        "BudCount": ["bud count", "buds", "tips"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Lots of leaf made at an invented hill tea estate, one row per lot, with the taster's grade.",
        "feature_descriptions": {
            "garden": "which garden the leaf was plucked in: high garden, river terrace or old slope",
            "leaf moisture (%)": "moisture in the leaf when it came in, in percent",
            "wither_hours": "hours the leaf lay on the withering troughs",
            "RollingMinutes": "minutes in the rolling table",
            "oxidation_pct": "how far the leaf was oxidised before firing, in percent",
            "elevation (m)": "height of the plucking round above sea level, in metres",
            "BudCount": "unopened buds counted in a hundred-gram sample",
        },
        "target_description": "the taster's grade for the lot: premium, standard or reject",
        "model_description": "An extremely randomised tree ensemble (50 trees, at most 6 levels deep).",
        "training": "Fitted on 240 of the 300 synthetic lots; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic lots, invented for testing; not a real estate's ledger.",
            "Does not know the weather of the plucking day, the pluckers or the buyer's taste.",
        ],
        "label_meanings": {
            "premium": "the lot goes to the premium auction",
            "standard": "the lot is sold as standard leaf",
            "reject": "the lot is rejected and sold as dust for blending",
        },
        "probability_meaning": "The model's estimated chance of each grade.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(155007)
    n = SIZE
    garden = rng.choice(3, n, p=[0.3, 0.4, 0.3])
    frame = pd.DataFrame(
        {
            "lot_no": np.arange(FIRST_ID, FIRST_ID + n),
            "garden": garden,
            "leaf moisture (%)": np.round(rng.uniform(55.0, 85.0, n), 1),
            "wither_hours": np.round(rng.uniform(6.0, 20.0, n), 1),
            "RollingMinutes": rng.integers(15, 91, n),
            "oxidation_pct": rng.integers(20, 96, n),
            "elevation (m)": rng.integers(600, 2201, n),
            "BudCount": rng.integers(0, 41, n),
        }
    )
    quality = (
        0.002 * (frame["elevation (m)"] - 1400)
        + 0.06 * (frame.BudCount - 20)
        - 0.08 * (frame["leaf moisture (%)"] - 70)
        - 0.03 * (frame.oxidation_pct - 60).abs()
        + 0.1 * (frame.wither_hours - 13)
        - 0.015 * (frame.RollingMinutes - 50).abs()
        + 0.5 * (garden == 0)
        + rng.normal(0, 0.6, n)
    )
    low, high = np.quantile(quality, [0.25, 0.6])
    frame["lot_grade"] = np.where(quality > high, 0, np.where(quality > low, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 lots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1550).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tea host in memory, its model fitted on the lots outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.lot_no.isin(test)]
    model = ExtraTreesClassifier(n_estimators=50, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.lot_grade)
    return host_from_model(model, frame[["lot_no", *FEATURES, "lot_grade"]], test_ids=test, **TEA_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
