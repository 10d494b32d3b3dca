"""The invented `garment` host of writer w24: historic costume in a regional museum's store, before a display rotation.

`load_host()` fits a small synthetic model (label spreading, a graph-based semi-supervised classifier, behind a
one-hot encoder and a scaler, fitted on 320 of the 400 garments) and builds the host from the model, the frame, the
ids of the 80 held-out garments and the fields of its host config with `simxai.hosts.host_from_model`, following
the pattern of w23's hosts. It has three labels: at the textile conservator's pre-rotation check a garment is
`ready_for_display`, `needs_conservation` first, or should `rest_in_storage` (too light-worn or fragile to show).
Nothing here comes from a data set: the domain, its columns and its words were invented by w24 so that the router
meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w24/host_garment.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GARMENT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 85001
SIZE = 400
NUMERIC = [
    "age_years",
    "light_dose_klxh",
    "tears",
    "soiling_score",
    "weight_g",
    "months_since_display",
]
CATEGORICAL = ["fibre", "pest_damage"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
GARMENT_CONFIG: dict[str, Any] = {
    "name": "costume collection display rotation",
    "target": "rotation_decision",
    "class_names": {"0": "ready_for_display", "1": "needs_conservation", "2": "rest_in_storage"},
    "instance_noun": "garment",
    "id_column": "accession_no",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "fibre": {"0": "silk", "1": "wool", "2": "cotton", "3": "linen"},
        "pest_damage": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["age_years", "fibre"],
    "feature_aliases": {
        "age_years": ["age", "how old", "years old"],
        "light_dose_klxh": ["light dose", "light exposure", "lux hours", "klux hours", "light"],
        "tears": ["tears", "rips", "splits", "holes"],
        "soiling_score": ["soiling", "dirt", "surface dirt", "grime"],
        "weight_g": ["weight", "grams", "how heavy"],
        "months_since_display": ["since last display", "time in store", "rest time", "months off display"],
        "fibre": ["fabric", "material", "fiber"],
        "pest_damage": ["moth", "moth damage", "pests", "insect damage", "carpet beetle"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Historic garments (dresses, coats, waistcoats, shawls) of an invented regional museum's "
        "costume collection, one row per garment as assessed before the 2026 display rotation.",
        "feature_descriptions": {
            "age_years": "approximate age of the garment in years",
            "light_dose_klxh": "cumulative light exposure since its last conservation treatment, in kilolux-hours",
            "tears": "number of tears or splits recorded at the last condition check",
            "soiling_score": "surface soiling on the conservators' 0 (clean) to 5 (heavily soiled) scale",
            "weight_g": "weight of the garment in grams (heavy garments strain their seams on a mannequin)",
            "months_since_display": "months since the garment last came off display",
            "fibre": "main fibre: silk, wool, cotton or linen",
            "pest_damage": "whether moth or carpet-beetle damage has been recorded: no or yes",
        },
        "target_description": "the textile conservator's decision at the pre-rotation check: ready for display, "
        "needs conservation before it can go out, or rest in storage",
        "model_description": "Label spreading (a graph-based semi-supervised classifier, k-nearest-neighbour kernel "
        "with 9 neighbours, alpha 0.2) on one-hot encoded fibre and pest damage and scaled numeric columns.",
        "training": "Fitted on 320 of the 400 synthetic garments; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic garments, invented for testing; not a real museum's collection records.",
            "Does not know the garment type, the dyes, the display case or the mannequin it would go on.",
            "Decides by the nearest similar garments, so rare combinations (a heavy, moth-damaged silk) are "
            "judged by few neighbours.",
        ],
        "label_meanings": {
            "ready_for_display": "can go out in the next rotation as it is",
            "needs_conservation": "needs work in the textile lab (stitching, cleaning, pest treatment) before display",
            "rest_in_storage": "should stay in the dark store for this rotation, whatever its condition",
        },
        "probability_meaning": "The model's estimated probability of each of the three decisions (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(85085)
    n = SIZE
    frame = pd.DataFrame(
        {
            "accession_no": np.arange(FIRST_ID, FIRST_ID + n),
            "age_years": rng.integers(40, 301, n),
            "light_dose_klxh": np.round(rng.gamma(2.0, 90.0, n)),
            "tears": rng.poisson(rng.gamma(1.0, 1.8, n)),
            "soiling_score": rng.integers(0, 6, n),
            "weight_g": np.round(np.clip(rng.normal(900, 450, n), 120, 3200), -1),
            "months_since_display": rng.integers(0, 121, n),
            "fibre": rng.choice(4, n, p=[0.3, 0.25, 0.3, 0.15]),
            "pest_damage": rng.choice(2, n, p=[0.8, 0.2]),
        }
    )
    fragile_fibre = np.where(frame.fibre == 0, 1.0, 0.0)
    wear = (
        0.012 * frame.light_dose_klxh
        + 0.8 * fragile_fibre
        + 0.004 * frame.age_years
        - 0.025 * frame.months_since_display
        + rng.normal(0, 0.5, n)
    )
    damage = 0.55 * frame.tears + 0.4 * frame.soiling_score + 1.6 * frame.pest_damage + 0.0006 * frame.weight_g
    damage = damage + rng.normal(0, 0.6, n)
    decision = np.where(wear > 2.6, 2, np.where(damage > 2.8, 1, 0))
    frame["rotation_decision"] = decision
    return frame


def held_out_ids() -> list[int]:
    """The 80 garments the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(85).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented garment host in memory, its model fitted on the garments outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.semi_supervised import LabelSpreading

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.accession_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("spread", LabelSpreading(kernel="knn", n_neighbors=9, alpha=0.2)),
        ]
    )
    model.fit(train[FEATURES], train.rotation_decision)
    return host_from_model(
        model, frame[["accession_no", *FEATURES, "rotation_decision"]], test_ids=test, **GARMENT_CONFIG
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
