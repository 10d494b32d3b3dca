"""The invented `anneal` host of guard writer guardU: hand-blown glass pieces after the annealing kiln.

`load_host()` builds a seeded frame of 300 pieces (ids 107601-107900) from an invented glass-blowing studio and
fits scikit-learn's `BaggingClassifier` of five logistic regressions (seeded) on the standardized columns of 240 of
them; the other 60 are held out for the performance figures. Each piece is judged next morning: sound, crazed
(fine surface cracks) or cracked. Nothing here comes from a data set: the domain, its columns and words were
invented by guardU.

    python evalsets/guard-2026-12-04u/host_anneal.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ANNEAL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 107601
SIZE = 300
NUMERIC = ["Wall.Thick_mm", "ANNEAL_SOAK_MIN", "coolRate_CperHr", "piece-weight-g", "gatherCount", "KilnAge_yrs"]
CATEGORICAL = ["GLASS_colour"]
ANNEAL_CONFIG: dict[str, Any] = {
    "name": "studio annealing log",
    "target": "next_morning",
    "class_names": {"0": "sound", "1": "crazed", "2": "cracked"},
    "instance_noun": "piece",
    "id_column": "piece_no",
    "category_names": {"GLASS_colour": {"0": "clear", "1": "cobalt", "2": "ruby", "3": "amber"}},
    "immutable_features": ["KilnAge_yrs"],
    "feature_aliases": {
        "Wall.Thick_mm": ["wall thickness", "wall"],
        "ANNEAL_SOAK_MIN": ["soak time", "soak"],
        "coolRate_CperHr": ["cooling rate", "cool rate"],
        "piece-weight-g": ["weight", "piece weight"],
        "gatherCount": ["gathers", "number of gathers"],
        "KilnAge_yrs": ["kiln age"],
        "GLASS_colour": ["colour", "glass colour", "color"],
    },
    "seed": 0,
    "cards": {
        "description": "Hand-blown pieces from an invented glass studio, one row per piece, judged after annealing.",
        "feature_descriptions": {
            "Wall.Thick_mm": "thickest wall of the piece, in millimetres",
            "ANNEAL_SOAK_MIN": "minutes held at the annealing temperature",
            "coolRate_CperHr": "cooling rate after the soak, in degrees Celsius per hour",
            "piece-weight-g": "weight of the finished piece, in grams",
            "gatherCount": "number of gathers of glass taken from the furnace",
            "KilnAge_yrs": "age of the annealing kiln, in years",
            "GLASS_colour": "glass colour: clear, cobalt, ruby or amber",
        },
        "target_description": "the state of the piece when the kiln is opened next morning",
        "model_description": "scikit-learn BaggingClassifier of 5 logistic regressions (seed 24) on standardized "
        "columns; the colour enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic pieces; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pieces, invented for testing; not a real studio's log.",
            "The colour enters as a numeric code, as if the colours were ordered.",
            "Five bagged linear models: the class boundaries are close to linear.",
        ],
        "label_meanings": {
            "sound": "no visible stress cracks",
            "crazed": "a web of fine surface cracks",
            "cracked": "a crack through the wall",
        },
        "probability_meaning": "The mean of the five logistic regressions' class probabilities; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(107601)
    n = SIZE
    colour = rng.choice(4, n, p=[0.4, 0.2, 0.2, 0.2])
    wall = np.round(np.clip(rng.normal(5.0, 1.8, n), 1.5, 11.0), 1)
    soak = np.clip(np.round(rng.normal(45, 18, n)), 5, 120).astype(int)
    cool = np.clip(np.round(rng.normal(60, 22, n)), 15, 140).astype(int)
    weight = np.clip(np.round(rng.normal(700, 260, n)), 120, 1800).astype(int)
    gathers = rng.integers(1, 6, n)
    kiln = rng.integers(1, 16, n)
    stress = (
        0.45 * (wall - 5.0)
        - 0.04 * (soak - 45)
        + 0.035 * (cool - 60)
        + 0.0015 * (weight - 700)
        + 0.2 * (gathers - 3)
        + 0.06 * (kiln - 8)
        + 0.5 * (colour == 2)
        + rng.normal(0, 0.8, n)
    )
    label = np.where(stress < 0.3, 0, np.where(stress < 1.4, 1, 2))
    frame = pd.DataFrame(
        {
            "piece_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Wall.Thick_mm": wall,
            "ANNEAL_SOAK_MIN": soak,
            "coolRate_CperHr": cool,
            "piece-weight-g": weight,
            "gatherCount": gathers,
            "KilnAge_yrs": kiln,
            "GLASS_colour": colour,
            "next_morning": label,
        }
    )
    return frame


def held_out_ids() -> list[int]:
    """The 60 pieces the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(24).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented annealing host in memory, fitted on the pieces outside `held_out_ids()`."""
    from sklearn.ensemble import BaggingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.piece_no.isin(test)]
    model = make_pipeline(
        StandardScaler(),
        BaggingClassifier(LogisticRegression(max_iter=500), n_estimators=5, random_state=24),
    )
    model.fit(train[features], train.next_morning)
    return host_from_model(model, frame[["piece_no", *features, "next_morning"]], test_ids=test, **ANNEAL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
