"""The invented `sugarhouse` host of test set aa: boils of maple sap at the sugarhouses of an invented cooperative.

One row per boil (one evaporator run that turned a tank of sap into syrup), written up by the boiler on the day.
`load_host()` fits a seeded linear model (the numbers standardised, the two categories one-hot encoded, then a
`SGDClassifier` with the logistic loss and an elastic-net penalty) on 240 of the 300 boils and builds the host with
`simxai.hosts.host_from_model`. Two labels: a boil's syrup was `fancy` (clean, light, sold as table syrup) or
`buddy` (the off, late-season taste, sold in bulk for cooking). Nothing here comes from a data set: the domain, its
columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-05aa/host_sugarhouse.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SUGARHOUSE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 119901
SIZE = 300
NUMERIC = ["Sap Brix (%)", "DaysIntoSeason", "night_low_c", "SapAgeHours", "Boil Time (min)", "tap count"]
CATEGORICAL = ["Sugarbush", "ROConcentrated"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SUGARHOUSE_CONFIG: dict[str, Any] = {
    "name": "maple sugarhouse boils",
    "target": "Grade",
    "class_names": {"0": "fancy", "1": "buddy"},
    "instance_noun": "boil",
    "id_column": "BoilNo",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Sugarbush"],
    "feature_aliases": {
        "Sugarbush": ["sugarbush", "woodlot", "sugar bush", "stand"],
        "ROConcentrated": ["reverse osmosis", "RO", "concentrated", "ro machine"],
        "Sap Brix (%)": ["brix", "sap sugar", "sugar content", "sweetness of the sap"],
        "DaysIntoSeason": ["days into the season", "day of season", "season day", "how late in the season"],
        "night_low_c": ["night low", "overnight low", "night temperature", "frost"],
        "SapAgeHours": ["sap age", "hours in the tank", "how long the sap sat", "sap storage"],
        "Boil Time (min)": ["boil time", "boiling time", "minutes on the evaporator", "boil length"],
        "tap count": ["taps", "number of taps", "tap count", "spiles"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Boils of maple sap at the sugarhouses of an invented cooperative, one row per boil, "
        "written up by the boiler to plan which sap to boil first and when to pull the taps.",
        "feature_descriptions": {
            "Sugarbush": "the stand of maples the sap came from: north_ridge, cedar_hollow or mill_creek",
            "ROConcentrated": "True when the sap went through the reverse-osmosis machine before the boil",
            "Sap Brix (%)": "the sugar content of the raw sap, in degrees Brix (percent)",
            "DaysIntoSeason": "how many days after the first tapping of the season the sap was boiled",
            "night_low_c": "the lowest air temperature of the night before the sap run, in degrees Celsius",
            "SapAgeHours": "how many hours the sap sat in the tank between collection and the boil",
            "Boil Time (min)": "how long the evaporator ran for this boil, in minutes",
            "tap count": "how many taps fed the tank that was boiled",
        },
        "target_description": "whether the boil's syrup graded fancy (table syrup) or buddy (off-flavoured)",
        "model_description": "A linear model: the numbers standardised, the sugarbush and the RO flag one-hot "
        "encoded, then a logistic-loss SGD classifier with an elastic-net penalty.",
        "training": "Fitted on 240 of the 300 synthetic boils; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic boils, invented for testing; not a real sugarhouse's records.",
            "Knows nothing of the evaporator's cleaning, of the filter press or of the boiler's nose.",
        ],
        "label_meanings": {
            "fancy": "the syrup graded clean and light, sold as table syrup",
            "buddy": "the syrup had the off, late-season 'buddy' taste and was sold in bulk",
        },
        "probability_meaning": "The linear model's probability of each grade (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(119901)
    n = SIZE
    bush = rng.choice(["north_ridge", "cedar_hollow", "mill_creek"], n, p=[0.4, 0.35, 0.25])
    ro = rng.random(n) < 0.45
    brix = np.round(np.clip(rng.normal(2.2, 0.45, n), 1.0, 3.6), 1)
    day = rng.integers(1, 46, n)
    night = np.round(np.clip(rng.normal(-5 + 0.12 * day, 3.0, n), -16, 5), 1)
    sap_age = rng.integers(2, 73, n)
    boil = np.round(np.clip(rng.normal(110 - 20 * ro, 30, n), 40, 220)).astype(int)
    taps = np.round(rng.uniform(60, 900, n) / 10).astype(int) * 10
    frame = pd.DataFrame(
        {
            "BoilNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Sugarbush": bush,
            "ROConcentrated": ro,
            "Sap Brix (%)": brix,
            "DaysIntoSeason": day,
            "night_low_c": night,
            "SapAgeHours": sap_age,
            "Boil Time (min)": boil,
            "tap count": taps,
        }
    )
    off = 0.09 * (frame.DaysIntoSeason - 22) + 0.25 * frame.night_low_c + 0.035 * (frame.SapAgeHours - 36)
    off = off - 1.1 * (frame["Sap Brix (%)"] - 2.2) + 0.012 * (frame["Boil Time (min)"] - 105)
    off = off + 0.5 * (frame.Sugarbush == "mill_creek") - 0.3 * frame.ROConcentrated + rng.normal(0, 0.8, n)
    frame["Grade"] = (off > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 boils the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1199).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented sugarhouse host in memory, its model fitted on the boils outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.BoilNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            (
                "sgd",
                SGDClassifier(
                    loss="log_loss",
                    penalty="elasticnet",
                    alpha=0.002,
                    l1_ratio=0.3,
                    max_iter=5000,
                    tol=1e-5,
                    average=True,
                    random_state=0,
                ),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Grade)
    return host_from_model(model, frame[["BoilNo", *FEATURES, "Grade"]], test_ids=test, **SUGARHOUSE_CONFIG)


if __name__ == "__main__":
    from collections import Counter

    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    predict, score = default_registry().get("get_prediction"), default_registry().get("get_model_performance")
    assert predict is not None and score is not None
    recorded = Counter(SUGARHOUSE_CONFIG["class_names"][str(g)] for g in _frame().Grade)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    print("held-out:", score(host, {"metric": "accuracy"}))
