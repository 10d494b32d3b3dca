"""The invented `glass` host of writer w43: pieces blown in a small Texas glass studio, one row per piece.

`load_host()` fits a small synthetic model (a seeded multi-layer perceptron, `MLPClassifier`, behind a scaler and
a one-hot encoder for the glass type) on 240 of the 300 pieces and builds the host with
`simxai.hosts.host_from_model`. Three labels: after the annealer a piece comes out `sound`, `cracked` or `warped`.
Nothing here comes from a data set: the domain, its columns and its words were invented by w43.

    python simxai/eval_suite/router_training/people/w43/host_glass.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GLASS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 114501
SIZE = 300
NUMERIC = ["furnace_c", "AnnealHours", "wall_mm", "weight_g", "ShopHumidity", "gathers"]
CATEGORICAL = ["glass_type"]
FEATURES = [*CATEGORICAL, *NUMERIC]
GLASS_CONFIG: dict[str, Any] = {
    "name": "glass studio pieces",
    "target": "Outcome",
    "class_names": {"0": "sound", "1": "cracked", "2": "warped"},
    "instance_noun": "piece",
    "id_column": "PieceNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"glass_type": {"0": "soda_lime", "1": "borosilicate", "2": "lead_crystal"}},
    "immutable_features": ["glass_type"],
    "feature_aliases": {
        "glass_type": ["glass", "glass type", "batch glass"],
        "furnace_c": ["furnace", "furnace temperature", "melt temperature"],
        "AnnealHours": ["anneal", "annealing time", "hours in the annealer"],
        "wall_mm": ["wall", "wall thickness", "thickness"],
        "weight_g": ["weight", "grams", "heft"],
        "ShopHumidity": ["humidity", "shop humidity"],
        "gathers": ["gathers", "number of gathers"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pieces blown in an invented weekend glass studio in Texas, one row per piece, used to "
        "guess which ones come out of the annealer whole.",
        "feature_descriptions": {
            "glass_type": "the glass: soda_lime, borosilicate or lead_crystal",
            "furnace_c": "furnace temperature while gathering, in degrees Celsius",
            "AnnealHours": "hours the piece spent in the annealing oven",
            "wall_mm": "thickest wall of the piece, in millimetres",
            "weight_g": "weight of the finished piece, in grams",
            "ShopHumidity": "relative humidity in the shop, in percent",
            "gathers": "gathers of glass taken from the furnace for the piece",
        },
        "target_description": "what the piece looks like after annealing: sound, cracked or warped",
        "model_description": "A small neural network (one hidden layer of 12 units) on the scaled columns, the "
        "glass type one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic pieces; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pieces, invented for testing; not a real studio's records.",
            "Knows nothing of colour frit, the glassblower's hand or a door left open.",
        ],
        "label_meanings": {
            "sound": "the piece came out whole and true",
            "cracked": "the piece cracked in or after the annealer",
            "warped": "the piece sagged or went out of round",
        },
        "probability_meaning": "The network's softmax score for each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(114514)
    n = SIZE
    glass = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    wall = np.round(np.clip(rng.gamma(3.0, 1.8, n), 1.0, 18.0), 1)
    frame = pd.DataFrame(
        {
            "PieceNo": np.arange(FIRST_ID, FIRST_ID + n),
            "glass_type": glass,
            "furnace_c": np.clip(np.round(rng.normal(1120, 35, n)), 1020, 1220).astype(int),
            "AnnealHours": np.round(np.clip(rng.normal(10, 4, n), 2, 24), 1),
            "wall_mm": wall,
            "weight_g": np.clip(np.round(120 * wall + rng.normal(0, 150, n)), 80, 2600).astype(int),
            "ShopHumidity": np.clip(np.round(rng.normal(55, 15, n)), 15, 95).astype(int),
            "gathers": rng.integers(1, 7, n),
        }
    )
    crack = (
        0.35 * frame.wall_mm
        - 0.28 * frame.AnnealHours
        + 0.02 * (frame.ShopHumidity - 55)
        - 0.8 * (frame.glass_type == 1)
        + rng.normal(0, 0.7, n)
    )
    warp = 0.03 * (frame.furnace_c - 1120) + 0.4 * frame.gathers - 0.5 * (frame.glass_type == 1) + rng.normal(0, 0.7, n)
    outcome = np.zeros(n, dtype=int)
    outcome[(crack > 0.4) & (crack >= warp - 0.6)] = 1
    outcome[(warp > 1.6) & (warp - 0.6 > crack)] = 2
    frame["Outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 pieces the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1145).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented glass host in memory, its model fitted on the pieces outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.PieceNo.isin(test)]
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
                "mlp",
                MLPClassifier(hidden_layer_sizes=(12,), alpha=1e-2, max_iter=3000, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["PieceNo", *FEATURES, "Outcome"]], test_ids=test, **GLASS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
