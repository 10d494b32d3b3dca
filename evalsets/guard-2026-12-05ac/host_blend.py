"""The invented `blend` host of guard writer guardAC: trial blends mixed in an invented perfumery's lab.

`load_host()` builds a seeded frame of 300 trial blends (ids 124401-124700) from the blending ledger of an invented
perfumery and fits scikit-learn's `GaussianProcessClassifier` (after a `StandardScaler`) on 240 of them; the other
60 are held out for the performance figures. After maceration each blend is judged at the smelling strip as
`harmonious` (the notes sit together), `flat` (the top fades and nothing lifts it) or `harsh` (alcohol or aldehydes
bite through). Nothing here comes from a data set: the domain, its columns and its words were invented by guardAC.

    python evalsets/guard-2026-12-05ac/host_blend.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BLEND_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 124401
SIZE = 300
NUMERIC = ["top_note_pct", "Ethanol Strength (%)", "MacerationDays", "fixative_ml", "aldehyde_drops", "Nose Years"]
CATEGORICAL = ["BaseFamily", "chill_filtered"]
BLEND_CONFIG: dict[str, Any] = {
    "name": "perfumery blending ledger",
    "target": "verdict",
    "class_names": {"0": "harmonious", "1": "flat", "2": "harsh"},
    "instance_noun": "blend",
    "id_column": "blend_no",
    "category_names": {
        "BaseFamily": {"0": "woody", "1": "floral", "2": "amber"},
        "chill_filtered": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Nose Years"],
    "feature_aliases": {
        "top_note_pct": ["top notes", "top-note share"],
        "Ethanol Strength (%)": ["ethanol", "alcohol strength"],
        "MacerationDays": ["maceration", "days macerated"],
        "fixative_ml": ["fixative", "fixative dose"],
        "aldehyde_drops": ["aldehydes", "aldehyde dose"],
        "Nose Years": ["perfumer experience", "years at the organ"],
        "BaseFamily": ["base", "base family"],
        "chill_filtered": ["chill filtering", "chilled"],
    },
    "seed": 0,
    "cards": {
        "description": "Trial blends mixed in an invented perfumery's lab, one row per blend from the ledger.",
        "feature_descriptions": {
            "top_note_pct": "share of the concentrate made of top notes (citrus, herbs), in percent",
            "Ethanol Strength (%)": "strength of the perfumer's alcohol the concentrate is diluted in, in percent",
            "MacerationDays": "days the blend rested in the dark before judging",
            "fixative_ml": "millilitres of fixative (resins, musks) per 100 ml of blend",
            "aldehyde_drops": "drops of aldehyde added per 100 ml",
            "Nose Years": "years the perfumer who mixed it has worked the organ",
            "BaseFamily": "the family of the base notes: woody, floral or amber",
            "chill_filtered": "whether the blend was chilled and filtered before judging",
        },
        "target_description": "the verdict at the smelling strip after maceration",
        "model_description": "scikit-learn StandardScaler then GaussianProcessClassifier (constant times RBF "
        "kernel, one-vs-rest, Laplace approximation); the base family and the chill filtering enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic blends; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic blends, invented for testing; not a real perfumery's ledger.",
            "One RBF length scale for all (standardised) columns, though they matter unequally.",
            "The base family enters as a numeric code.",
        ],
        "label_meanings": {
            "harmonious": "the notes sit together on the strip",
            "flat": "the top fades fast and nothing lifts the heart",
            "harsh": "alcohol or aldehydes bite through the blend",
        },
        "probability_meaning": "The Gaussian-process estimate of each verdict's probability; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2405)
    n = SIZE
    top = np.round(np.clip(rng.normal(25, 7, n), 5, 50), 1)
    ethanol = np.round(np.clip(rng.normal(88, 4, n), 75, 96), 1)
    days = rng.integers(7, 91, n)
    fixative = np.round(np.clip(rng.normal(4, 1.5, n), 0.5, 9), 1)
    aldehyde = rng.integers(0, 13, n)
    years = rng.integers(1, 36, n)
    base = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    chill = rng.choice(2, n, p=[0.5, 0.5])
    frame = pd.DataFrame(
        {
            "blend_no": np.arange(FIRST_ID, FIRST_ID + n),
            "top_note_pct": top,
            "Ethanol Strength (%)": ethanol,
            "MacerationDays": days,
            "fixative_ml": fixative,
            "aldehyde_drops": aldehyde,
            "Nose Years": years,
            "BaseFamily": base,
            "chill_filtered": chill,
        }
    )
    harsh = 0.2 * (ethanol - 88) + 0.25 * (aldehyde - 6) - 0.02 * (days - 48) - 0.3 * chill + rng.normal(0, 0.7, n)
    flat = -0.12 * (top - 25) - 0.4 * (fixative - 4) + 0.5 * (base == 2) - 0.02 * (years - 18) + rng.normal(0, 0.7, n)
    verdict = np.zeros(n, dtype=int)
    verdict[flat > 0.8] = 1
    verdict[harsh > 0.9] = 2
    frame["verdict"] = verdict
    return frame


def held_out_ids() -> list[int]:
    """The 60 blends the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(2450).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented perfumery host in memory, fitted on the blends outside `held_out_ids()`."""
    from sklearn.gaussian_process import GaussianProcessClassifier
    from sklearn.gaussian_process.kernels import RBF, ConstantKernel
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.blend_no.isin(test)]
    kernel = ConstantKernel(1.0) * RBF(length_scale=3.0)
    model = make_pipeline(StandardScaler(), GaussianProcessClassifier(kernel, random_state=0))
    model.fit(train[features], train.verdict)
    return host_from_model(model, frame[["blend_no", *features, "verdict"]], test_ids=test, **BLEND_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
