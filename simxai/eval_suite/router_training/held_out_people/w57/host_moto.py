"""The invented `moto` host of writer w57: vintage motorcycles brought into a small restoration workshop.

`load_host()` fits a small synthetic model (gradient boosting, 70 trees of depth 2, behind a one-hot encoder for
the make and the True/False matching-numbers column, the numbers passed through, a `Pipeline`) on 240 of the 300
motorcycles and builds the host from the model, the frame, the ids of the 60 held-out ones and the fields of its
host config with `simxai.hosts.host_from_model`. It has three labels: after the first inspection a motorcycle is
`road_ready` with a light service, goes on the bench for a `full_rebuild`, or is stripped and sold as
`parts_only`. Nothing here comes from a data set: the domain, its columns and its words were invented by w57 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w57/host_moto.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MOTO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 128901
SIZE = 300
NUMERIC = [
    "engine (cc)",
    "YearBuilt",
    "CompressionPSI",
    "frame rust (%)",
    "missing_parts",
    "odometer (km)",
]
CATEGORICAL = ["make", "matching_numbers"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MOTO_CONFIG: dict[str, Any] = {
    "name": "vintage motorcycle workshop intake",
    "target": "verdict",
    "class_names": {"0": "road_ready", "1": "full_rebuild", "2": "parts_only"},
    "instance_noun": "motorcycle",
    "id_column": "job_card",
    "category_names": {"make": {"0": "british", "1": "italian", "2": "japanese"}},
    "immutable_features": ["make"],
    "feature_aliases": {
        "make": ["maker", "country of make", "brand", "marque"],
        "matching_numbers": ["matching numbers", "numbers matching", "original engine and frame"],
        "engine (cc)": ["engine size", "cc", "displacement", "cubic capacity"],
        "YearBuilt": ["year built", "year", "model year", "built"],
        "CompressionPSI": ["compression", "psi", "compression test"],
        "frame rust (%)": ["frame rust", "rust", "corrosion"],
        "missing_parts": ["missing parts", "parts missing", "pieces missing"],
        "odometer (km)": ["odometer", "km", "kilometres", "mileage", "clock"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Vintage motorcycles brought into an invented small restoration workshop, one row per "
        "motorcycle, as found at the first inspection.",
        "feature_descriptions": {
            "make": "where the marque comes from: british, italian or japanese",
            "matching_numbers": "whether engine and frame numbers are the original pair (True) or not (False)",
            "engine (cc)": "engine displacement in cubic centimetres",
            "YearBuilt": "the year the motorcycle was built",
            "CompressionPSI": "compression test of the worst cylinder, in psi",
            "frame rust (%)": "share of the frame's surface with rust, in percent",
            "missing_parts": "number of parts missing from the factory parts list",
            "odometer (km)": "the reading of the odometer, in kilometres",
        },
        "target_description": "the verdict after the first inspection: road ready, full rebuild, or parts only",
        "model_description": "Gradient boosting (70 trees of depth 2, learning rate 0.1), the make and the "
        "matching-numbers column one-hot encoded, the numbers passed through.",
        "training": "Fitted on 240 of the 300 synthetic motorcycles; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic motorcycles, invented for testing; not a real workshop's job cards.",
            "Does not know the price of parts, the owner's budget or how the engine sounds.",
        ],
        "label_meanings": {
            "road_ready": "needs only a service, tyres and a battery before it goes back on the road",
            "full_rebuild": "engine out, frame stripped and the motorcycle rebuilt on the bench",
            "parts_only": "not worth saving: stripped and its good parts sold",
        },
        "probability_meaning": "The boosted model's estimated chance of each verdict.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(128957)
    n = SIZE
    make = rng.choice(3, n, p=[0.4, 0.25, 0.35])
    year = rng.integers(1948, 1986, n)
    rust = np.round(np.clip(0.9 * (1986 - year) + rng.normal(0, 12, n), 0.0, 70.0), 0)
    frame = pd.DataFrame(
        {
            "job_card": np.arange(FIRST_ID, FIRST_ID + n),
            "make": make,
            "matching_numbers": rng.random(n) < 0.55,
            "engine (cc)": rng.choice([125, 175, 250, 350, 500, 650, 750, 900], n),
            "YearBuilt": year,
            "CompressionPSI": rng.integers(55, 181, n),
            "frame rust (%)": rust,
            "missing_parts": rng.poisson(4.0, n),
            "odometer (km)": rng.integers(1200, 120001, n),
        }
    )
    good = (
        0.035 * (frame.CompressionPSI - 120)
        - 0.06 * (frame["frame rust (%)"] - 20)
        - 0.25 * (frame.missing_parts - 4)
        - 0.000012 * (frame["odometer (km)"] - 50000)
        + 0.4 * (make == 2)
        + rng.normal(0, 0.6, n)
    )
    scrap = (
        0.07 * (frame["frame rust (%)"] - 35)
        + 0.3 * (frame.missing_parts - 6)
        - 1.2 * frame.matching_numbers
        + rng.normal(0, 0.6, n)
    )
    frame["verdict"] = np.where(scrap > np.quantile(scrap, 0.8), 2, np.where(good > 0.3, 0, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 60 motorcycles the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1289).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented moto host in memory, its model fitted on the motorcycles outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.job_card.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            ("boosting", GradientBoostingClassifier(n_estimators=70, max_depth=2, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.verdict)
    return host_from_model(model, frame[["job_card", *FEATURES, "verdict"]], test_ids=test, **MOTO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
