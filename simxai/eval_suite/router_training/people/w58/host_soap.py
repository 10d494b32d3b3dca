"""The invented `soap` host of writer w58: cold-process soap batches made on weekends in a Queens basement.

`load_host()` fits a small synthetic model (an `SGDClassifier` with the logistic loss behind a `StandardScaler`,
the oil blend and the True/False water-discount column one-hot encoded, a `Pipeline`) on 240 of the 300 batches
and builds the host from the model, the frame, the ids of the 60 held-out batches and the fields of its host
config with `simxai.hosts.host_from_model`. It has two labels: after the cure a batch is `sellable` or has to be
`rebatch`ed. Nothing here comes from a data set: the domain, its columns and its words were invented by w58 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w58/host_soap.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SOAP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 129801
SIZE = 300
NUMERIC = [
    "lye temp (F)",
    "superfat (%)",
    "TraceMinutes",
    "fragrance load (oz)",
    "cure_weeks",
    "basement humidity",
]
CATEGORICAL = ["oil_blend", "water_discount"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SOAP_CONFIG: dict[str, Any] = {
    "name": "cold-process soap batches",
    "target": "after_cure",
    "class_names": {"0": "sellable", "1": "rebatch"},
    "instance_noun": "batch",
    "id_column": "batch_no",
    "category_names": {"oil_blend": {"0": "olive", "1": "coconut_palm", "2": "tallow"}},
    "immutable_features": ["oil_blend"],
    "feature_aliases": {
        "oil_blend": ["oil blend", "oils", "base oils", "the blend"],
        "water_discount": ["water discount", "discounted water", "less water"],
        "lye temp (F)": ["lye temp", "lye temperature", "temp of the lye", "lye"],
        "superfat (%)": ["superfat", "super fat", "sf"],
        "TraceMinutes": ["trace minutes", "minutes to trace", "time to trace", "trace"],
        "fragrance load (oz)": ["fragrance load", "fragrance", "fragrance oil", "scent", "FO"],
        "cure_weeks": ["cure weeks", "weeks of cure", "cure", "curing time"],
        "basement humidity": ["humidity", "basement humidity", "how damp the basement", "damp"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Cold-process soap batches from an invented weekend soap maker in Queens, one row per "
        "batch, judged at the end of the cure.",
        "feature_descriptions": {
            "oil_blend": "the base oils: olive, coconut_palm or tallow",
            "water_discount": "whether the batch used less water than the full lye solution (True/False)",
            "lye temp (F)": "temperature of the lye solution when it met the oils, in degrees Fahrenheit",
            "superfat (%)": "the share of oils left unsaponified on purpose, in percent",
            "TraceMinutes": "minutes of stick blending until the batter reached trace",
            "fragrance load (oz)": "fragrance oil per batch, in ounces (a batch is about 3 lb of oils)",
            "cure_weeks": "weeks on the curing rack before the batch was judged",
            "basement humidity": "relative humidity in the basement during the cure, in percent",
        },
        "target_description": "the batch after the cure: sellable at the market, or rebatch (ash, sweat, "
        "seized or soft)",
        "model_description": "A linear classifier fitted by stochastic gradient descent with the logistic loss on "
        "the standardised numbers, the oil blend and the water-discount column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic batches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real soap maker's log.",
            "Does not know the colourants, the mould, the brand of the lye or who cut the bars.",
        ],
        "label_meanings": {
            "sellable": "bars hard, clean and zap-free at the end of the cure, fit for the Sunday market",
            "rebatch": "ash, sweating, seizing or soft bars: the batch is grated and remelted",
        },
        "probability_meaning": "The logistic model's probability of each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(129888)
    n = SIZE
    blend = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "batch_no": np.arange(FIRST_ID, FIRST_ID + n),
            "oil_blend": blend,
            "water_discount": rng.random(n) < 0.4,
            "lye temp (F)": rng.integers(80, 141, n),
            "superfat (%)": rng.integers(0, 11, n),
            "TraceMinutes": rng.integers(2, 41, n),
            "fragrance load (oz)": np.round(rng.uniform(0.5, 4.0, n), 1),
            "cure_weeks": rng.integers(2, 9, n),
            "basement humidity": rng.integers(30, 91, n),
        }
    )
    score = (
        0.035 * (frame["lye temp (F)"] - 110)
        - 0.12 * (frame["superfat (%)"] - 5)
        + 0.03 * (frame.TraceMinutes - 21)
        + 0.45 * (frame["fragrance load (oz)"] - 2.2)
        - 0.35 * (frame.cure_weeks - 5)
        + 0.03 * (frame["basement humidity"] - 60)
        - 0.5 * frame.water_discount
        + 0.4 * (blend == 0)
        - 0.3 * (blend == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["after_cure"] = (score > np.quantile(score, 0.6)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1298).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented soap host in memory, its model fitted on the batches outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.batch_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            (
                "sgd",
                SGDClassifier(loss="log_loss", alpha=0.01, max_iter=5000, tol=1e-5, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.after_cure)
    return host_from_model(model, frame[["batch_no", *FEATURES, "after_cure"]], test_ids=test, **SOAP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
