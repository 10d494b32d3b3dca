"""The invented `anvil` host of guard writer gset41: a smithy guild's yearly survey of invented anvils.

`load_host()` builds a seeded frame of 300 anvils surveyed in one year (ids 144301-144600) and fits a scikit-learn
`RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each survey ends in
one of three verdicts: `keep` (the anvil stays in use as it is), `redress` (the face is ground flat and the edges
dressed, nothing replaced) or `scrap` (the anvil is taken out of use). Nothing here comes from a data set: the
domain, its columns and its words were invented by gset41.

    python evalsets/guard-2026-12-06al/host_anvil.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ANVIL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 144301
SIZE = 300
NUMERIC = [
    "Face Hardness (HRC)",
    "rebound_pct",
    "EdgeChips",
    "face cracks",
    "Horn Length [cm]",
    "weight_kg",
]
CATEGORICAL = ["Steel", "hardy_hole_worn"]
ANVIL_CONFIG: dict[str, Any] = {
    "name": "smithy guild anvil survey",
    "target": "survey_verdict",
    "class_names": {"0": "keep", "1": "redress", "2": "scrap"},
    "instance_noun": "anvil",
    "id_column": "anvil_no",
    "category_names": {
        "Steel": {"0": "forged", "1": "cast", "2": "wrought"},
        "hardy_hole_worn": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Steel"],
    "feature_aliases": {
        "Face Hardness (HRC)": ["face hardness", "hardness of the face"],
        "rebound_pct": ["rebound", "ball rebound"],
        "EdgeChips": ["edge chips", "chipped edges"],
        "face cracks": ["cracks in the face", "cracked face"],
        "Horn Length [cm]": ["horn length", "length of the horn"],
        "weight_kg": ["weight", "mass of the anvil"],
        "Steel": ["steel", "make of the body"],
        "hardy_hole_worn": ["hardy hole worn", "worn hardy hole"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Anvils surveyed by an invented smithy guild over one year, one row per anvil.",
        "feature_descriptions": {
            "Face Hardness (HRC)": "hardness of the working face on the Rockwell C scale",
            "rebound_pct": "how high a dropped steel ball bounces off the face, in percent of the drop",
            "EdgeChips": "chips along the face edges, counted",
            "face cracks": "hairline cracks found in the face, counted",
            "Horn Length [cm]": "length of the horn, in centimetres",
            "weight_kg": "mass of the anvil, in kilograms",
            "Steel": "how the body was made: forged, cast or wrought",
            "hardy_hole_worn": "whether the square hardy hole is worn oval",
        },
        "target_description": "what the guild's surveyor decided for the anvil",
        "model_description": "scikit-learn RandomForestClassifier (150 trees, depth 5, seed 0); the steel and the "
        "hardy hole enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic anvils; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic anvils, invented for testing; not a real smithy guild.",
            "One year's survey only: how anvils age over decades is not in the data.",
            "Few wrought anvils, so their figures are noisy.",
        ],
        "label_meanings": {
            "keep": "the anvil stays in use as it is",
            "redress": "the face is ground flat and the edges dressed; nothing is replaced",
            "scrap": "the anvil is taken out of use",
        },
        "probability_meaning": "The share of the forest's trees voting for each verdict, averaged; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(14430)
    n = SIZE
    hardness = np.round(np.clip(rng.normal(52.0, 5.0, n), 38.0, 64.0), 0)
    rebound = np.round(np.clip(rng.normal(78.0, 9.0, n), 45.0, 97.0), 0)
    chips = rng.poisson(3.0, n)
    cracks = rng.poisson(0.8, n)
    horn = np.round(np.clip(rng.normal(28.0, 5.0, n), 15.0, 42.0), 1)
    weight = np.round(np.clip(rng.normal(70.0, 22.0, n), 25.0, 150.0), 0)
    steel = rng.choice(3, n, p=[0.5, 0.36, 0.14])
    hardy = rng.choice(2, n, p=[0.65, 0.35])
    frame = pd.DataFrame(
        {
            "anvil_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Face Hardness (HRC)": hardness,
            "rebound_pct": rebound,
            "EdgeChips": chips,
            "face cracks": cracks,
            "Horn Length [cm]": horn,
            "weight_kg": weight,
            "Steel": steel,
            "hardy_hole_worn": hardy,
        }
    )
    score_keep = 1.2 + 0.05 * (rebound - 78) - 0.2 * (chips - 3) - 0.8 * cracks + rng.normal(0, 0.5, n)
    score_redress = 0.3 * (chips - 3) + 0.04 * (55 - hardness) + 0.2 * hardy + rng.normal(0, 0.5, n)
    score_scrap = 0.9 * (cracks - 1) + 0.06 * (70 - rebound) + 0.5 * (steel == 1) - 0.6 + rng.normal(0, 0.5, n)
    frame["survey_verdict"] = np.argmax(np.column_stack([score_keep, score_redress, score_scrap]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 anvils the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(14431).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented anvil host in memory, fitted on the anvils outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.anvil_no.isin(test)]
    model = RandomForestClassifier(n_estimators=150, max_depth=5, random_state=0)
    model.fit(train[features], train.survey_verdict)
    return host_from_model(model, frame[["anvil_no", *features, "survey_verdict"]], test_ids=test, **ANVIL_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
