"""The invented `cider` host of guard writer g24: farmhouse cider batches, clean or soured.

`load_host()` builds a seeded frame of 300 batches (ids 113301-113600) from an invented farmhouse cidery's cellar
book and fits scikit-learn's `RadiusNeighborsClassifier` (equal votes of the training batches within a fixed radius
on standardized columns) on 240 of them; the other 60 are held out for the performance figures. Nothing here comes
from a data set: the domain, its columns and its words were invented by g24.

    python simxai/eval_suite/guard/written/g24/host_cider.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CIDER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 113301
SIZE = 300
NUMERIC = ["juice_sugar_pct", "juice_ph", "cellar_temp_c", "yeast_g_per_hl", "days_on_lees", "orchard_age_yr"]
CATEGORICAL = ["Vessel"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CIDER_CONFIG: dict[str, Any] = {
    "name": "farmhouse cider cellar book",
    "target": "result",
    "class_names": {"0": "clean", "1": "soured"},
    "instance_noun": "batch",
    "id_column": "batch_id",
    "category_names": {"Vessel": {"0": "oak", "1": "steel", "2": "glass", "3": "clay"}},
    "immutable_features": ["orchard_age_yr"],
    "feature_aliases": {
        "juice_sugar_pct": ["sugar", "sweetness"],
        "juice_ph": ["ph", "acidity"],
        "cellar_temp_c": ["cellar temperature", "cellar temp"],
        "yeast_g_per_hl": ["yeast dose", "yeast"],
        "days_on_lees": ["lees time", "days on the lees"],
        "orchard_age_yr": ["orchard age", "tree age"],
        "Vessel": ["vessel", "container"],
    },
    "seed": 0,
    "cards": {
        "description": "Cider batches from an invented farmhouse cidery's cellar book, one row per batch.",
        "feature_descriptions": {
            "juice_sugar_pct": "sugar in the pressed juice, in percent by weight",
            "juice_ph": "pH of the pressed juice",
            "cellar_temp_c": "average cellar temperature during fermentation, in degrees Celsius",
            "yeast_g_per_hl": "yeast pitched, in grams per hectolitre",
            "days_on_lees": "days the cider was left on its lees before racking",
            "orchard_age_yr": "age of the orchard the apples came from, in years",
            "Vessel": "fermenting vessel: oak, steel, glass or clay",
        },
        "target_description": "whether the batch was judged clean or soured at the spring tasting",
        "model_description": "scikit-learn RadiusNeighborsClassifier (radius 2.2, equal votes, outliers get the "
        "most frequent label) on standardized columns; the vessel enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic batches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real cidery's records.",
            "The vessel enters as a numeric code, as if the vessels were ordered.",
            "The probabilities are neighbour vote shares; they are not calibrated.",
        ],
        "label_meanings": {
            "clean": "the batch tasted sound at the spring tasting and was bottled",
            "soured": "the batch had turned to vinegar or picked up off flavours and was poured away",
        },
        "probability_meaning": "The share of neighbour votes for each label; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(24113)
    n = SIZE
    vessel = rng.choice(4, n, p=[0.3, 0.3, 0.2, 0.2])
    sugar = np.round(np.clip(rng.normal(11.0, 1.8, n), 6.5, 16.0), 1)
    ph = np.round(np.clip(rng.normal(3.6, 0.22, n), 3.1, 4.3), 2)
    temp = np.round(np.clip(rng.normal(13.0, 3.0, n), 5.0, 22.0), 1)
    yeast = np.round(np.clip(rng.normal(25, 7, n), 8, 45)).astype(int)
    lees = rng.integers(0, 61, n)
    orchard = rng.integers(3, 81, n)
    frame = pd.DataFrame(
        {
            "batch_id": np.arange(FIRST_ID, FIRST_ID + n),
            "juice_sugar_pct": sugar,
            "juice_ph": ph,
            "cellar_temp_c": temp,
            "yeast_g_per_hl": yeast,
            "days_on_lees": lees,
            "orchard_age_yr": orchard,
            "Vessel": vessel,
        }
    )
    score = (
        3.0 * (ph - 3.6)
        + 0.18 * (temp - 13.0)
        - 0.04 * (yeast - 25)
        + 0.025 * (lees - 30)
        - 0.08 * (sugar - 11.0)
        + 0.004 * (orchard - 40)
        + 0.5 * (vessel == 0)
        - 0.3 * (vessel == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["result"] = (score > 0.1).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(24).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented cider host in memory, fitted on the batches outside `held_out_ids()`."""
    from sklearn.neighbors import RadiusNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.batch_id.isin(test)]
    model = make_pipeline(
        StandardScaler(),
        RadiusNeighborsClassifier(radius=2.2, weights="uniform", outlier_label="most_frequent"),
    )
    model.fit(train[features], train.result)
    return host_from_model(model, frame[["batch_id", *features, "result"]], test_ids=test, **CIDER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
