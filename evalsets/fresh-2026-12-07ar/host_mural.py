"""The invented `mural` host of test set ar: the outdoor murals a town's public-art office looks after.

One row per mural: the surface it is painted on, its area, how many hours of sun it gets a day, the years since it
was last painted, the graffiti tags cleaned off it last year, the moisture the wall logs and the frost nights of the
last winter. `load_host()` fits a seeded multinomial logistic regression (in a `Pipeline`, the surface one-hot
encoded, the numbers standardised, an L2 penalty (C 0.3) so its probabilities stay soft) on 240 of the 300 murals and
builds the host with `simxai.hosts.host_from_model`. Three labels, the office's call after its yearly walk-round:
`sound`, `retouch` or `restore`. Nothing here comes from a data set: the domain, its columns and its words were
invented for this test set.

    python -W error evalsets/fresh-2026-12-07ar/host_mural.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MURAL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 159001
SIZE = 300
NUMERIC = [
    "Wall Area (m2)",
    "Sun Exposure (h/day)",
    "years_since_paint",
    "graffiti_tags",
    "WallMoisture",
    "FrostNights",
]
CATEGORICAL = ["Surface"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MURAL_CONFIG: dict[str, Any] = {
    "name": "town mural condition walk-round",
    "target": "WalkRoundCall",
    "class_names": {"0": "sound", "1": "retouch", "2": "restore"},
    "instance_noun": "mural",
    "id_column": "MuralID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Surface"],
    "feature_aliases": {
        "Surface": ["surface", "wall type", "substrate"],
        "Wall Area (m2)": ["wall area", "area", "size"],
        "Sun Exposure (h/day)": ["sun exposure", "sun", "sunlight", "sun hours"],
        "years_since_paint": ["years since paint", "years since painting", "paint age"],
        "graffiti_tags": ["graffiti tags", "graffiti", "tags"],
        "WallMoisture": ["wall moisture", "moisture", "damp", "dampness"],
        "FrostNights": ["frost nights", "frost", "frosts"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The outdoor murals an invented town's public-art office looks after, one row per mural, "
        "with the office's call after its yearly walk-round.",
        "feature_descriptions": {
            "Surface": "what the mural is painted on: brick, render or concrete",
            "Wall Area (m2)": "the painted area in square metres (8 to 280)",
            "Sun Exposure (h/day)": "hours of direct sun the wall gets on a summer day (0 to 12)",
            "years_since_paint": "years since the mural was painted or last fully repainted (0 to 30)",
            "graffiti_tags": "graffiti tags cleaned off the mural last year (0 to 12)",
            "WallMoisture": "the mean moisture the wall sensor logged, in percent (4 to 39)",
            "FrostNights": "nights below freezing last winter (2 to 57)",
        },
        "target_description": "the office's call after the yearly walk-round: sound, retouch or restore",
        "model_description": "A multinomial logistic regression (L2 penalty, C 0.3) on the one-hot-encoded "
        "surface and the standardised numbers.",
        "training": "Fitted on 240 of the 300 synthetic murals; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic murals, invented for testing; not a real town's records.",
            "Sees only the logged columns, not photographs, the paint brand or the artist's wishes.",
        ],
        "label_meanings": {
            "sound": "the mural needs nothing until next year's walk-round",
            "retouch": "a painter should touch up worn or tagged patches this year",
            "restore": "the mural needs a conservator and a full restoration",
        },
        "probability_meaning": "The regression's softmax estimate that the walk-round would make each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(159001)
    n = SIZE
    surface = rng.choice(["brick", "render", "concrete"], n, p=[0.4, 0.35, 0.25])
    area = np.round(np.clip(rng.lognormal(3.8, 0.7, n), 8, 400), 0)
    sun = np.round(np.clip(rng.normal(5.5, 2.5, n), 0, 12), 1)
    years = rng.integers(0, 31, n)
    tags = np.clip(rng.poisson(3.0, n) + rng.integers(0, 3, n) * (area > 60), 0, 25)
    moisture = np.round(np.clip(rng.normal(16, 7, n), 4, 40), 1)
    frost = np.clip(rng.poisson(22, n) + rng.integers(-10, 25, n), 0, 80)
    frame = pd.DataFrame(
        {
            "MuralID": np.arange(FIRST_ID, FIRST_ID + n),
            "Surface": surface,
            "Wall Area (m2)": area,
            "Sun Exposure (h/day)": sun,
            "years_since_paint": years,
            "graffiti_tags": tags,
            "WallMoisture": moisture,
            "FrostNights": frost,
        }
    )
    # wear: age, damp (worse on render), frost (worse on brick), sun fading and tags; noisy, so the calls overlap
    wear = (
        0.11 * (years - 15)
        + 0.07 * (moisture - 16) * np.where(surface == "render", 1.6, 1.0)
        + 0.03 * (frost - 28) * np.where(surface == "brick", 1.4, 1.0)
        + 0.18 * (sun - 5.5)
        + 0.12 * (tags - 4)
        + rng.normal(0, 0.6, n)
    )
    frame["WalkRoundCall"] = np.digitize(wear, [-0.7, 0.9])
    return frame


def held_out_ids() -> list[int]:
    """The 60 murals the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1590).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented mural host in memory, its model fitted on the murals outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.MuralID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    model = Pipeline([("columns", columns), ("regression", LogisticRegression(C=0.3, max_iter=2000))])
    model.fit(train[FEATURES], train.WalkRoundCall)
    rows = frame[["MuralID", *FEATURES, "WalkRoundCall"]]
    return host_from_model(model, rows, test_ids=test, **MURAL_CONFIG)


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
    recorded = Counter(MURAL_CONFIG["class_names"][str(s)] for s in _frame().WalkRoundCall)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
