"""The invented `larder` host of writer w80: jars of preserves in an invented village's shared larder.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the shelf as its
code) on 192 of the 240 jars and builds the host from the model, the frame, the ids of the 48 held-out jars and the
fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a jar is `kept` on the shelf or
`tossed` at the monthly clear-out. Nothing here comes from a data set: the domain, its columns and its words were
invented by w80 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w80/host_larder.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LARDER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 158101
SIZE = 240
NUMBERS = ["age (months)", "sugar (%)", "seal_score", "LidRust", "fill (ml)", "JarNo"]
FEATURES = ["shelf", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LARDER_CONFIG: dict[str, Any] = {
    "name": "larder jars",
    "target": "jar_call",
    "class_names": {"0": "kept", "1": "tossed"},
    "instance_noun": "jar",
    "id_column": "jar_id",
    "category_names": {"shelf": {"0": "top shelf", "1": "cold room", "2": "back pantry"}},
    "immutable_features": ["shelf"],
    "feature_aliases": {
        "shelf": ["shelf", "where it sits", "spot"],
        "age (months)": ["age", "months old", "how old"],
        "sugar (%)": ["sugar", "sugar content"],
        "seal_score": ["seal", "seal score", "lid seal"],
        "LidRust": ["rust", "lid rust", "rusty lid"],
        "fill (ml)": ["fill", "ml", "how full"],
        "JarNo": ["jar number", "jar no"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Jars of preserves in an invented village's shared larder, one row per jar, checked monthly.",
        "feature_descriptions": {
            "shelf": "where the jar sits: top shelf, cold room or back pantry",
            "age (months)": "months since the jar was put up",
            "sugar (%)": "sugar in the preserve, in per cent",
            "seal_score": "how well the lid still seals, 1 (loose) to 10 (tight)",
            "LidRust": "rust on the lid, 0 (none) to 5 (heavy)",
            "fill (ml)": "preserve left in the jar, in millilitres",
            "JarNo": "the number on the jar's label",
        },
        "target_description": "the clear-out call for the jar this month: kept or tossed",
        "model_description": "Gradient boosting (70 trees of depth 3) on the raw numbers, the shelf as its code.",
        "training": "Fitted on 192 of the 240 synthetic jars; the other 48 are held out for the performance figures.",
        "limitations": [
            "Synthetic jars, invented for testing; not a real larder's book.",
            "Does not see mould under the lid or what the jar holds.",
        ],
        "label_meanings": {
            "kept": "the jar stays on its shelf for another month",
            "tossed": "the jar is emptied and washed at the clear-out",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(158177)
    n = SIZE
    shelf = rng.choice(3, n, p=[0.3, 0.35, 0.35])
    frame = pd.DataFrame(
        {
            "jar_id": np.arange(FIRST_ID, FIRST_ID + n),
            "shelf": shelf,
            "age (months)": rng.integers(0, 37, n),
            "sugar (%)": rng.integers(20, 71, n),
            "seal_score": rng.integers(1, 11, n),
            "LidRust": rng.integers(0, 6, n),
            "fill (ml)": rng.integers(10, 101, n) * 10,
            "JarNo": rng.integers(1, 41, n),
        }
    )
    risk = (
        0.1 * (frame["age (months)"] - 18)
        - 0.05 * (frame["sugar (%)"] - 45)
        - 0.35 * (frame.seal_score - 5.5)
        + 0.4 * (frame.LidRust - 2.5)
        - 0.6 * (shelf == 1)
        + rng.normal(0, 0.8, n)
    )
    frame["jar_call"] = (risk > 0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 jars the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1581).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented larder host in memory, its model fitted on the jars outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.jar_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=70, max_depth=3, random_state=0)
    model.fit(train[FEATURES], train.jar_call)
    return host_from_model(model, frame[["jar_id", *FEATURES, "jar_call"]], test_ids=test, **LARDER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
