"""The invented `loaf` host of guard set O: sourdough loaves from an invented bakery, baked airy or dense.

`load_host()` makes a small synthetic frame of sourdough loaves (seeded), holds out 80 of the 400, fits a
label-spreading model behind a standard scaler on the other 320 (a semi-supervised graph model: the bake sheet of
a third of those 320 loaves was never filled in, so they enter unlabelled and get their label spread from their
neighbours), and builds the host from the model, the frame, the held-out ids and the fields of its host config with
`simxai.hosts.host_from_model`, so the host's metrics are computed on loaves the model never saw. It follows the
pattern of set N's `host_cask.py`. Nothing here comes from a data set: the domain, its columns and its words were
invented for set O, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-03o/host_loaf.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LOAF_CONFIG", "load_host"]

#: Loaves held out from fitting (the model's metrics are computed on them).
HELD_OUT = 80

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LOAF_CONFIG: dict[str, Any] = {
    "name": "sourdough bake sheet",
    "target": "crumb",
    "class_names": {"0": "airy", "1": "dense"},
    "instance_noun": "loaf",
    "id_column": "loaf_id",
    "category_names": {
        "flour": {"0": "white", "1": "wholemeal", "2": "rye"},
        "oven": {"0": "deck", "1": "rack", "2": "dutch_oven"},
    },
    "immutable_features": ["flour", "oven"],
    "feature_aliases": {
        "hydration_pct": ["hydration", "water in the dough", "how wet the dough is"],
        "starter_age_days": ["starter age", "age of the starter", "levain age"],
        "bulk_hours": ["bulk ferment", "bulk fermentation", "first rise"],
        "proof_temp_c": ["proofing temperature", "proof temperature", "how warm it proofs"],
        "salt_pct": ["salt", "salt level"],
        "fold_count": ["folds", "stretch and folds", "number of folds"],
        "flour": ["flour type", "the flour"],
        "oven": ["oven type", "the oven"],
    },
    "seed": 0,
    "background_size": 40,
    "cards": {
        "description": "Sourdough loaves from an invented bakery, one row per loaf as written on its bake sheet; "
        "the label is the baker's call on the crumb once the loaf was cut: airy (open) or dense (tight, gummy).",
        "feature_descriptions": {
            "flour": "the main flour of the dough",
            "oven": "the oven the loaf was baked in",
            "hydration_pct": "water as a percent of the flour's weight",
            "starter_age_days": "days since the starter was last refreshed from the mother culture",
            "bulk_hours": "hours of bulk fermentation before shaping",
            "proof_temp_c": "temperature of the final proof, in degrees Celsius",
            "salt_pct": "salt as a percent of the flour's weight",
            "fold_count": "stretch-and-fold sets during bulk",
        },
        "target_description": "the baker's call on the crumb once the loaf was cut",
        "model_description": "A label-spreading model (semi-supervised, rbf kernel, gamma 0.4, alpha 0.2) behind a "
        "standard scaler: the labels of the known loaves spread through a similarity graph to the unlabelled "
        "ones; a new loaf gets the label distribution of its similarity-weighted training loaves.",
        "training": "Fitted on 320 of the 400 synthetic loaves with a seeded split; 80 are held out. A seeded "
        "third of the 320 (107 loaves) entered without a label.",
        "limitations": [
            "Synthetic loaves, invented for testing; not real bake sheets.",
            "Flour and oven enter as category codes, so the similarity treats them as numbers on a line.",
            "A third of the training loaves had no label; their labels were inferred by the model itself.",
        ],
        "label_meanings": {
            "airy": "an open, even crumb: the loaf is sold",
            "dense": "a tight or gummy crumb: the loaf goes to the breadcrumb bin",
        },
        "probability_meaning": "The normalised label distribution the graph gives the loaf (predict_proba); "
        "not calibrated.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(8403)
    n = 400
    flour = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    oven = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "loaf_id": np.arange(84001, 84001 + n),
            "flour": flour,
            "oven": oven,
            "hydration_pct": rng.integers(62, 86, n),
            "starter_age_days": np.round(rng.gamma(2.0, 2.0, n).clip(0.5, 14), 1),
            "bulk_hours": np.round(rng.normal(5.0, 1.2, n).clip(2, 9), 1),
            "proof_temp_c": np.round(rng.normal(24, 2.5, n).clip(18, 30), 1),
            "salt_pct": np.round(rng.normal(2.0, 0.3, n).clip(1.2, 2.8), 1),
            "fold_count": rng.integers(0, 7, n),
        }
    )
    dense = (
        -0.08 * (frame.hydration_pct - 74)
        + 0.18 * (frame.starter_age_days - 4)
        - 0.6 * (frame.bulk_hours - 5)
        - 0.12 * (frame.proof_temp_c - 24)
        + 0.6 * (frame.salt_pct - 2.0)
        - 0.25 * (frame.fold_count - 3)
        + 0.5 * (flour == 2)
        - 0.3 * (oven == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["crumb"] = (dense > 0.3).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented loaf host in memory, its model fitted on the 320 outside the held-out 80."""
    import numpy as np
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.semi_supervised import LabelSpreading

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("loaf_id", "crumb")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.crumb)
    labels = train.crumb.to_numpy().copy()
    hidden = np.random.default_rng(84).permutation(len(labels))[:107]
    labels[hidden] = -1
    model = make_pipeline(StandardScaler(), LabelSpreading(kernel="rbf", gamma=0.4, alpha=0.2, max_iter=200))
    model.fit(train[features], labels)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.loaf_id), **LOAF_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
