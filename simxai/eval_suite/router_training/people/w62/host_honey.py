"""The invented `honey` host of writer w62: batches of honey brought to the same cooperative's grading room.

`load_host()` fits a small synthetic model (a `LogisticRegression` on standardised numbers and their pairwise
products from a `PolynomialFeatures` of degree 2, the flower source and the True/False cold-extraction column
one-hot encoded, a `Pipeline`) on 240 of the 300 batches and builds the host from the model, the frame, the ids of
the 60 held-out batches and the fields of its host config with `simxai.hosts.host_from_model`. It has four labels:
a batch is graded `premium` (sold in glass under the co-op's label), `table` (plain jars), `baking` (sold in
buckets to bakeries) or `rejected`. Nothing here comes from a data set: the domain, its columns and its words
were invented by w62 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w62/host_honey.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HONEY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 133101
SIZE = 300
NUMERIC = [
    "moisture (%)",
    "HMF (mg/kg)",
    "days in tank",
    "ColourScore",
    "pollen grains (k/g)",
    "Acidity",
]
CATEGORICAL = ["flower_source", "cold_extracted"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HONEY_CONFIG: dict[str, Any] = {
    "name": "honey batches",
    "target": "grade",
    "class_names": {"0": "premium", "1": "table", "2": "baking", "3": "rejected"},
    "instance_noun": "batch",
    "id_column": "batch_no",
    "category_names": {"flower_source": {"0": "acacia", "1": "linden", "2": "buckwheat", "3": "wildflower"}},
    "immutable_features": ["flower_source"],
    "feature_aliases": {
        "flower_source": ["flower source", "source", "flowers", "variety", "kind of honey"],
        "cold_extracted": ["cold extracted", "cold extraction", "extracted cold"],
        "moisture (%)": ["moisture", "water content", "water"],
        "HMF (mg/kg)": ["hmf", "hydroxymethylfurfural"],
        "days in tank": ["days in the tank", "tank days", "settling time"],
        "ColourScore": ["colour score", "colour", "color", "pfund"],
        "pollen grains (k/g)": ["pollen grains", "pollen", "pollen count"],
        "Acidity": ["acidity", "free acidity", "acid"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Batches of honey brought to an invented cooperative's grading room, one row per batch.",
        "feature_descriptions": {
            "flower_source": "the main flower source: acacia, linden, buckwheat or wildflower",
            "cold_extracted": "whether the batch was extracted without warming the combs (True/False)",
            "moisture (%)": "water content measured with the refractometer, in percent",
            "HMF (mg/kg)": "hydroxymethylfurfural, a sign of heating or age, in milligrams per kilogram",
            "days in tank": "days the batch settled in the tank before it was graded",
            "ColourScore": "colour on the Pfund scale in millimetres (light is low, dark is high)",
            "pollen grains (k/g)": "pollen grains counted under the microscope, in thousands per gram",
            "Acidity": "free acidity in milliequivalents per kilogram",
        },
        "target_description": "the grade the batch got: premium, table, baking or rejected",
        "model_description": "A multinomial logistic regression on the standardised numbers and their pairwise "
        "products, the flower source and the cold-extraction column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic batches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real grading room's book.",
            "Does not know the taste, the beekeeper, the price or whether the batch crystallised.",
        ],
        "label_meanings": {
            "premium": "sold in glass under the cooperative's own label",
            "table": "sold in plain jars",
            "baking": "sold in buckets to bakeries and kitchens",
            "rejected": "not bought by the cooperative",
        },
        "probability_meaning": "The logistic regression's probability of each grade.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(133162)
    n = SIZE
    source = rng.choice(4, n, p=[0.2, 0.25, 0.2, 0.35])
    cold = rng.random(n) < 0.5
    frame = pd.DataFrame(
        {
            "batch_no": np.arange(FIRST_ID, FIRST_ID + n),
            "flower_source": source,
            "cold_extracted": cold,
            "moisture (%)": np.round(rng.uniform(15, 22, n), 1),
            "HMF (mg/kg)": rng.integers(0, 41, n),
            "days in tank": rng.integers(1, 91, n),
            "ColourScore": rng.integers(10, 141, n),
            "pollen grains (k/g)": rng.integers(5, 121, n),
            "Acidity": rng.integers(10, 51, n),
        }
    )
    score = (
        -0.9 * (frame["moisture (%)"] - 18.5)
        - 0.09 * (frame["HMF (mg/kg)"] - 20)
        + 0.6 * cold
        + 0.01 * (frame["pollen grains (k/g)"] - 60)
        - 0.02 * (frame["Acidity"] - 30)
        + 0.008 * (frame["days in tank"] - 45)
        + 0.5 * (source == 0)
        - 0.004 * (frame.ColourScore - 75)
        + rng.normal(0, 0.6, n)
    )
    label = np.select(
        [score > np.quantile(score, 0.7), score > np.quantile(score, 0.35), score > np.quantile(score, 0.12)],
        [0, 1, 2],
        default=3,
    )
    frame["grade"] = label
    return frame


def held_out_ids() -> list[int]:
    """The 60 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1331).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented honey host in memory, its model fitted on the batches outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.batch_no.isin(test)]
    numbers = Pipeline([("scale", StandardScaler()), ("pairs", PolynomialFeatures(2, include_bias=False))])
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", numbers, NUMERIC),
                    ],
                ),
            ),
            ("logistic", LogisticRegression(C=0.5, max_iter=3000)),
        ]
    )
    model.fit(train[FEATURES], train.grade)
    return host_from_model(model, frame[["batch_no", *FEATURES, "grade"]], test_ids=test, **HONEY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
