"""The invented `snail` host of writer w52: pens of giant African land snails on a small farm in Ogun State.

`load_host()` fits a small synthetic model (a support-vector classifier with a degree-2 polynomial kernel and
Platt-scaled probabilities, behind a scaler, with the species and the True/False shaded column one-hot encoded, a
`Pipeline`) on 240 of the 300 pens and builds the host from the model, the frame, the ids of the 60 held-out pens
and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: at the harvest weigh-in
a pen goes to market as `jumbo`, as `table_size`, or is kept back as `undersize`. Nothing here comes from a data
set: the domain, its columns and its words were invented by w52 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w52/host_snail.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SNAIL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 123201
SIZE = 300
NUMERIC = [
    "stocking density (per m2)",
    "SoilMoisturePct",
    "calcium_g_per_week",
    "GrowOutWeeks",
    "pawpaw leaves (kg/wk)",
    "night_temp_c",
]
CATEGORICAL = ["species", "shaded"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SNAIL_CONFIG: dict[str, Any] = {
    "name": "snail pens",
    "target": "harvest_class",
    "class_names": {"0": "jumbo", "1": "table_size", "2": "undersize"},
    "instance_noun": "pen",
    "id_column": "pen_id",
    "category_names": {"species": {"0": "marginata", "1": "achatina", "2": "fulica"}},
    "immutable_features": ["species"],
    "feature_aliases": {
        "species": ["species", "breed", "kind of snail", "type of snail"],
        "shaded": ["shaded", "shade", "under shade", "shade net"],
        "stocking density (per m2)": ["stocking density", "density", "snails per square metre", "crowding"],
        "SoilMoisturePct": ["soil moisture", "moisture", "wetness of the soil", "soil wetness"],
        "calcium_g_per_week": ["calcium", "calcium dose", "oyster shell", "calcium per week"],
        "GrowOutWeeks": ["grow out weeks", "grow-out", "weeks in the pen", "age of the pen"],
        "pawpaw leaves (kg/wk)": ["pawpaw leaves", "pawpaw", "leaves", "greens"],
        "night_temp_c": ["night temperature", "temperature at night", "night temp", "cold nights"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pens of giant African land snails on an invented farm in Ogun State, one row per pen, "
        "classed at the harvest weigh-in.",
        "feature_descriptions": {
            "species": "the snail kind in the pen: marginata, achatina or fulica",
            "shaded": "whether the pen stands under a shade net (True) or in the open (False)",
            "stocking density (per m2)": "snails stocked per square metre of pen floor",
            "SoilMoisturePct": "average moisture of the pen soil over the grow-out, in percent",
            "calcium_g_per_week": "grams of crushed oyster shell given to the pen per week",
            "GrowOutWeeks": "weeks from stocking to the harvest weigh-in",
            "pawpaw leaves (kg/wk)": "kilograms of pawpaw leaves fed to the pen per week",
            "night_temp_c": "average night temperature by the pens, in degrees Celsius",
        },
        "target_description": "the harvest class of the pen: jumbo, table size, or kept back as undersize",
        "model_description": "A support-vector classifier with a degree-2 polynomial kernel and Platt-scaled "
        "probabilities on scaled numeric columns, the species and the shaded column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic pens; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pens, invented for testing; not a real farm's book.",
            "Does not know the soil's lime, thieves, ants, or what the buyers at the market will pay.",
        ],
        "label_meanings": {
            "jumbo": "most snails above 250 g with a hard shell lip; sold by the piece to hotels",
            "table_size": "good eating size but below jumbo; sold by the basin at the market",
            "undersize": "too small or soft-shelled to sell; kept back for more weeks",
        },
        "probability_meaning": "The model's Platt-scaled estimate of how likely each harvest class is for the pen.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(123277)
    n = SIZE
    species = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "pen_id": np.arange(FIRST_ID, FIRST_ID + n),
            "species": species,
            "shaded": rng.random(n) < 0.55,
            "stocking density (per m2)": rng.integers(10, 81, n),
            "SoilMoisturePct": np.round(np.clip(rng.normal(70.0, 8.0, n), 50.0, 90.0), 1),
            "calcium_g_per_week": rng.integers(0, 201, n),
            "GrowOutWeeks": rng.integers(20, 61, n),
            "pawpaw leaves (kg/wk)": np.round(rng.uniform(1.0, 12.0, n), 1),
            "night_temp_c": np.round(rng.uniform(18.0, 27.0, n), 1),
        }
    )
    growth = (
        0.06 * (frame.GrowOutWeeks - 40)
        - 0.03 * (frame["stocking density (per m2)"] - 45)
        + 0.008 * (frame.calcium_g_per_week - 100)
        + 0.15 * (frame["pawpaw leaves (kg/wk)"] - 6.5)
        - 0.04 * np.abs(frame.SoilMoisturePct - 75.0)
        + 0.6 * frame.shaded
        - 0.12 * np.abs(frame.night_temp_c - 23.0)
        + 0.7 * (species == 0)
        - 0.5 * (species == 2)
        + rng.normal(0, 0.55, n)
    )
    low, high = np.quantile(growth, [0.32, 0.68])
    frame["harvest_class"] = np.where(growth > high, 0, np.where(growth > low, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 pens the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1231).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented snail host in memory, its model fitted on the pens outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import SVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.pen_id.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("scaled", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            (
                "svc",
                CalibratedClassifierCV(SVC(kernel="poly", degree=2, C=1.0), method="sigmoid", cv=5, ensemble=False),
            ),
        ]
    )
    model.fit(train[FEATURES], train.harvest_class)
    return host_from_model(model, frame[["pen_id", *FEATURES, "harvest_class"]], test_ids=test, **SNAIL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
