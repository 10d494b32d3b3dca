"""The invented `ski` host of writer w63: rental skis checked at the end of a season in a small ski-area shop.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` behind a `ColumnTransformer` that
one-hot encodes the ski type and the True/False edge-rust column and passes the numbers through, a `Pipeline`) on
240 of the 300 pairs and builds the host from the model, the frame, the ids of the 60 held-out pairs and the fields
of its host config with `simxai.hosts.host_from_model`. It has three labels: at the spring check a pair goes back on
the rental rack as it is (`rent_again`), needs a base grind first (`regrind`) or is taken out of the fleet
(`retire`). Nothing here comes from a data set: the domain, its columns and its words were invented by w63 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w63/host_ski.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SKI_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 134901
SIZE = 300
NUMERIC = [
    "length (cm)",
    "DaysRented",
    "base scratches",
    "edge sharpness (%)",
    "Seasons",
    "wax coats",
]
CATEGORICAL = ["ski_type", "edge_rust"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SKI_CONFIG: dict[str, Any] = {
    "name": "rental ski spring check",
    "target": "spring_check",
    "class_names": {"0": "rent_again", "1": "regrind", "2": "retire"},
    "instance_noun": "pair",
    "id_column": "pair_no",
    "category_names": {"ski_type": {"0": "piste", "1": "all_mountain", "2": "touring"}},
    "immutable_features": ["ski_type"],
    "feature_aliases": {
        "ski_type": ["ski type", "type of ski", "kind of ski"],
        "edge_rust": ["edge rust", "rusty edges", "rust"],
        "length (cm)": ["length", "ski length", "how long"],
        "DaysRented": ["days rented", "rental days", "days out"],
        "base scratches": ["scratches", "base damage", "core shots"],
        "edge sharpness (%)": ["edge sharpness", "sharpness", "edges"],
        "Seasons": ["seasons", "age", "how old"],
        "wax coats": ["wax", "waxing", "coats of wax"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Rental skis of an invented small ski-area shop, one row per pair, checked at the end of "
        "the season.",
        "feature_descriptions": {
            "ski_type": "the kind of ski: piste, all-mountain or touring",
            "edge_rust": "whether the steel edges showed rust at the check (True/False)",
            "length (cm)": "length of the skis in centimetres",
            "DaysRented": "days the pair was out on rental this season",
            "base scratches": "number of scratches and gouges counted on the two bases",
            "edge sharpness (%)": "edge sharpness at the check, as a share of a fresh edge, in percent",
            "Seasons": "seasons the pair has been in the rental fleet",
            "wax coats": "hot-wax coats the pair got during the season",
        },
        "target_description": "the pair at the spring check: rented again as is, reground first or retired",
        "model_description": "Gradient-boosted trees (60 trees of depth 3) on the raw numbers, the ski type and the "
        "edge-rust column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic pairs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic skis, invented for testing; not a real shop's service book.",
            "Does not know the brand, the bindings, the snow of the season or who rented the pair.",
        ],
        "label_meanings": {
            "rent_again": "the pair goes back on the rental rack as it is",
            "regrind": "the pair needs a stone grind of the base and the edges before it is rented again",
            "retire": "the pair is taken out of the rental fleet and sold off or scrapped",
        },
        "probability_meaning": "The boosted trees' estimate of how likely each outcome is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(134917)
    n = SIZE
    kind = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    rust = rng.random(n) < 0.3
    frame = pd.DataFrame(
        {
            "pair_no": np.arange(FIRST_ID, FIRST_ID + n),
            "ski_type": kind,
            "edge_rust": rust,
            "length (cm)": rng.integers(140, 191, n),
            "DaysRented": rng.integers(5, 121, n),
            "base scratches": rng.integers(0, 41, n),
            "edge sharpness (%)": rng.integers(40, 101, n),
            "Seasons": rng.integers(1, 9, n),
            "wax coats": rng.integers(0, 11, n),
        }
    )
    wear = (
        0.35 * (frame.Seasons - 4.5)
        + 0.012 * (frame.DaysRented - 60)
        + 0.8 * rust
        + 0.3 * (kind == 2)
        + rng.normal(0, 0.45, n)
    )
    grind = (
        0.06 * (frame["base scratches"] - 20)
        - 0.04 * (frame["edge sharpness (%)"] - 70)
        - 0.12 * (frame["wax coats"] - 5)
        + rng.normal(0, 0.45, n)
    )
    label = np.where(wear > np.quantile(wear, 0.75), 2, np.where(grind > np.quantile(grind, 0.5), 1, 0))
    frame["spring_check"] = label
    return frame


def held_out_ids() -> list[int]:
    """The 60 pairs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1349).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented ski host in memory, its model fitted on the pairs outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.pair_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ],
                ),
            ),
            ("boosting", GradientBoostingClassifier(n_estimators=60, max_depth=3, random_state=134)),
        ]
    )
    model.fit(train[FEATURES], train.spring_check)
    return host_from_model(model, frame[["pair_no", *FEATURES, "spring_check"]], test_ids=test, **SKI_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
