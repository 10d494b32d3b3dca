"""The invented `lot` host of writer w18: wine lots whose alcoholic fermentation finishes dry or gets stuck.

`load_host()` fits a small synthetic model (a seeded pipeline: numeric features scaled, categorical ones one-hot
encoded, then a small neural network, `MLPClassifier(hidden_layer_sizes=(12,))`, on a seeded frame, fitted on 320
of the 400 lots) and builds the host from the model, the frame, the ids of the 80 held-out lots and the fields of
its host config with `simxai.hosts.host_from_model`, following the pattern of w17's `host_vessel.py`. Nothing here
comes from a data set: the domain, its columns and its words were invented by w18 so that the router meets a host
it was not trained on.

    python simxai/eval_suite/router_training/people/w18/host_lot.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LOT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 57001
SIZE = 400
NUMERIC = ["brix_at_crush", "yan_mg_l", "ferment_temp_c", "must_ph", "so2_ppm", "nutrient_additions", "lot_volume_l"]
CATEGORICAL = ["yeast", "grape", "vessel_type"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LOT_CONFIG: dict[str, Any] = {
    "name": "stuck fermentations",
    "target": "stuck",
    "class_names": {"0": "dry", "1": "stuck"},
    "instance_noun": "lot",
    "id_column": "lot_id",
    "category_names": {
        "yeast": {"0": "ec1118", "1": "d254", "2": "bm45", "3": "qa23", "4": "native"},
        "grape": {"0": "cabernet_sauvignon", "1": "chardonnay", "2": "pinot_noir", "3": "syrah", "4": "riesling"},
        "vessel_type": {"0": "stainless", "1": "oak_barrel", "2": "concrete", "3": "amphora"},
    },
    "immutable_features": ["grape"],
    "feature_aliases": {
        "brix_at_crush": ["brix", "sugar", "starting brix", "initial sugar", "sugar at crush"],
        "yan_mg_l": ["yan", "yeast assimilable nitrogen", "nitrogen"],
        "ferment_temp_c": ["temperature", "ferment temp", "fermentation temperature", "temp"],
        "must_ph": ["ph", "must ph"],
        "so2_ppm": ["so2", "sulfur", "sulphur", "sulfites", "free so2"],
        "nutrient_additions": ["nutrients", "nutrient additions", "dap additions"],
        "lot_volume_l": ["volume", "lot size", "litres", "liters"],
        "yeast": ["yeast strain", "strain", "inoculum"],
        "grape": ["variety", "varietal", "cultivar", "grape variety"],
        "vessel_type": ["vessel", "tank", "fermenter", "fermentation vessel"],
    },
    "seed": 0,
    "cards": {
        "description": "Wine lots of the 2025 harvest at an invented group of small wineries, one row per lot "
        "from crush to the end of its alcoholic fermentation.",
        "feature_descriptions": {
            "brix_at_crush": "sugar of the must at crush in degrees Brix",
            "yan_mg_l": "yeast assimilable nitrogen of the must at crush in mg/L",
            "ferment_temp_c": "average temperature of the fermenting must in degrees Celsius",
            "must_ph": "pH of the must at crush",
            "so2_ppm": "sulfur dioxide added at crush in mg/L (ppm)",
            "nutrient_additions": "number of yeast nutrient additions (DAP or organic) during fermentation",
            "lot_volume_l": "volume of the lot in litres",
            "yeast": "yeast the lot was fermented with: ec1118, d254, bm45, qa23 or native (wild ferment)",
            "grape": "grape variety: cabernet_sauvignon, chardonnay, pinot_noir, syrah or riesling",
            "vessel_type": "fermentation vessel: stainless, oak_barrel, concrete or amphora",
        },
        "target_description": "whether the fermentation stopped with more than 4 g/L of residual sugar",
        "model_description": "A small neural network (one hidden layer of 12 units, multi-layer perceptron) "
        "after scaling the numeric features and one-hot encoding the categorical ones.",
        "training": "Fitted on 320 of the 400 synthetic lots; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic lots, invented for testing; not real wines.",
            "Knows nothing about malolactic fermentation, restarts or what happened after the first ferment.",
            "Uses values at crush and season averages: it cannot warn about a temperature spike on one day.",
        ],
        "label_meanings": {
            "dry": "the fermentation finished with 4 g/L of residual sugar or less",
            "stuck": "the fermentation stopped with more than 4 g/L of residual sugar left",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(5720)
    n = SIZE
    grape = rng.choice(5, n, p=[0.25, 0.25, 0.2, 0.18, 0.12])
    yeast = rng.choice(5, n, p=[0.3, 0.2, 0.15, 0.15, 0.2])
    brix = np.round(rng.normal(23.5, 1.8, n) + np.array([1.0, -0.5, -0.8, 1.5, -1.5])[grape], 1)
    frame = pd.DataFrame(
        {
            "lot_id": np.arange(FIRST_ID, FIRST_ID + n),
            "brix_at_crush": np.clip(brix, 17, 30),
            "yan_mg_l": np.clip(np.round(rng.normal(190, 70, n)), 50, 420).astype(int),
            "ferment_temp_c": np.clip(np.round(rng.normal(20, 4.5, n) + 5 * np.isin(grape, [0, 2, 3]), 1), 10, 34),
            "must_ph": np.clip(np.round(rng.normal(3.5, 0.18, n), 2), 2.95, 4.05),
            "so2_ppm": np.clip(np.round(rng.normal(30, 14, n)), 0, 80).astype(int),
            "nutrient_additions": rng.choice(4, n, p=[0.25, 0.35, 0.28, 0.12]),
            "lot_volume_l": (np.round(rng.lognormal(7.8, 0.9, n) / 50) * 50).clip(225, 20000).astype(int),
            "yeast": yeast,
            "grape": grape,
            "vessel_type": rng.choice(4, n, p=[0.5, 0.3, 0.12, 0.08]),
        }
    )
    heat = frame.ferment_temp_c - np.where(np.isin(grape, [0, 2, 3]), 26, 17)
    score = (
        0.45 * (frame.brix_at_crush - 23.5)
        - 0.011 * (frame.yan_mg_l - 190)
        + 0.05 * heat**2
        - 2.2 * (frame.must_ph - 3.5)
        + 0.025 * (frame.so2_ppm - 30)
        - 0.45 * (frame.nutrient_additions - 1.3)
        + 0.00004 * (frame.lot_volume_l - 2500)
        + np.array([-0.7, -0.2, 0.1, -0.1, 0.9])[yeast]
        + np.array([0.0, 0.3, 0.2, 0.4])[frame.vessel_type]
        + 0.3 * (grape == 4)
        + rng.normal(0, 0.8, n)
    )
    frame["stuck"] = (score > 1.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 lots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(57).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented lot host in memory, its model fitted on the lots outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.lot_id.isin(test)]
    encode = ColumnTransformer(
        [
            ("scale", StandardScaler(), NUMERIC),
            ("onehot", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
        ]
    )
    classify = MLPClassifier(hidden_layer_sizes=(12,), alpha=0.01, max_iter=3000, random_state=0)
    model = Pipeline([("encode", encode), ("classify", classify)])
    model.fit(train[features], train.stuck)
    return host_from_model(model, frame[["lot_id", *features, "stuck"]], test_ids=test, **LOT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
