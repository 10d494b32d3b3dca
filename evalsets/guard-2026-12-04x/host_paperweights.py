"""The invented `paperweights` host of guard writer guardX: a glass studio's paperweights, inspected when cooled.

`load_host()` builds a seeded frame of 300 paperweights (ids 113901-114200) from an invented glass studio and fits
scikit-learn's `BernoulliNB` (features standardized, then split at zero) on 240 of them; the other 60 are held out
for the performance figures. Three labels: flawless, seeded (trapped bubbles) or cracked. Nothing here comes from a
data set: the domain, its columns and its words were invented by guardX.

    python evalsets/guard-2026-12-04x/host_paperweights.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PAPERWEIGHT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 113901
SIZE = 300
NUMERIC = ["GatherTempC", "soak_MINUTES", "coolRate_CperHr", "DomeMass_g", "Millefiori_Canes", "studio_RH"]
CATEGORICAL = ["Batch_Glass"]
PAPERWEIGHT_CONFIG: dict[str, Any] = {
    "name": "paperweight inspection log",
    "target": "verdict",
    "class_names": {"0": "flawless", "1": "seeded", "2": "cracked"},
    "instance_noun": "paperweight",
    "id_column": "piece_no",
    "category_names": {"Batch_Glass": {"0": "soda-lime", "1": "lead crystal", "2": "borosilicate"}},
    "immutable_features": ["DomeMass_g"],
    "feature_aliases": {
        "GatherTempC": ["gather temperature", "furnace heat"],
        "soak_MINUTES": ["soak time", "minutes of soak"],
        "coolRate_CperHr": ["cooling rate", "cool-down speed"],
        "DomeMass_g": ["dome mass", "weight of the dome"],
        "Millefiori_Canes": ["canes", "number of canes"],
        "studio_RH": ["humidity", "studio humidity"],
        "Batch_Glass": ["glass type", "batch"],
    },
    "seed": 0,
    "cards": {
        "description": "Paperweights from an invented glass studio, one row per finished piece.",
        "feature_descriptions": {
            "GatherTempC": "furnace temperature of the glass gather, in degrees Celsius",
            "soak_MINUTES": "minutes held at annealing temperature",
            "coolRate_CperHr": "cooling rate after the soak, in degrees Celsius per hour",
            "DomeMass_g": "mass of the finished dome, in grams",
            "Millefiori_Canes": "number of millefiori cane slices set in the piece",
            "studio_RH": "relative humidity in the studio that day, in percent",
            "Batch_Glass": "glass batch: soda-lime, lead crystal or borosilicate",
        },
        "target_description": "the inspector's verdict on the cooled piece",
        "model_description": "scikit-learn BernoulliNB on standardized columns split at zero; the glass batch "
        "enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic paperweights; 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic paperweights, invented for testing; not a real studio's log.",
            "Each column is reduced to above or below its mean, so the size of a value past that point is ignored.",
            "Naive Bayes treats the columns as independent given the verdict.",
        ],
        "label_meanings": {
            "flawless": "clear dome, no bubbles, no cracks",
            "seeded": "small trapped bubbles in the dome",
            "cracked": "a stress crack from cooling",
        },
        "probability_meaning": "The naive Bayes posterior of each verdict; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(113901)
    n = SIZE
    glass = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    gather = np.round(rng.normal(1120, 35, n)).astype(int)
    soak = np.round(np.clip(rng.normal(90, 30, n), 20, 200)).astype(int)
    cool = np.round(np.clip(rng.normal(40, 15, n), 8, 90), 1)
    mass = np.round(np.clip(rng.normal(420, 110, n), 150, 800)).astype(int)
    canes = rng.integers(0, 40, n)
    rh = np.round(np.clip(rng.normal(48, 12, n), 20, 85), 1)
    crack = 0.06 * (cool - 40) - 0.02 * (soak - 90) + 0.004 * (mass - 420) - 0.8 * (glass == 2)
    seed = -0.04 * (gather - 1120) + 0.05 * (rh - 48) + 0.03 * (canes - 20) + 0.5 * (glass == 1)
    crack = crack + rng.normal(0, 0.8, n)
    seed = seed + rng.normal(0, 0.8, n)
    verdict = np.where((crack > 0.6) & (crack >= seed), 2, np.where(seed > 0.5, 1, 0))
    return pd.DataFrame(
        {
            "piece_no": np.arange(FIRST_ID, FIRST_ID + n),
            "GatherTempC": gather,
            "soak_MINUTES": soak,
            "coolRate_CperHr": cool,
            "DomeMass_g": mass,
            "Millefiori_Canes": canes,
            "studio_RH": rh,
            "Batch_Glass": glass,
            "verdict": verdict,
        }
    )


def held_out_ids() -> list[int]:
    """The 60 paperweights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(27).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented paperweight host in memory, fitted on the pieces outside `held_out_ids()`."""
    from sklearn.naive_bayes import BernoulliNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.piece_no.isin(test)]
    model = make_pipeline(StandardScaler(), BernoulliNB(alpha=1.0, binarize=0.0))
    model.fit(train[features], train.verdict)
    return host_from_model(model, frame[["piece_no", *features, "verdict"]], test_ids=test, **PAPERWEIGHT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
