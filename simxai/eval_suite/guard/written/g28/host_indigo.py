"""The invented `indigo` host of guard writer g28: wool, cotton, linen and silk skeins dipped in an indigo vat.

`load_host()` builds a seeded frame of 300 yarn skeins (ids 121701-122000) dyed by an invented dye house and fits
scikit-learn's `QuadraticDiscriminantAnalysis` (reg_param 0.3) on the standardized columns of 240 of them; the
other 60 are held out for the performance figures. Each skein came out of the vat `deep` (an even dark blue),
`patchy` (blotches and streaks) or `pale` (too light a blue). Nothing here comes from a data set: the domain, its
columns and its words were invented by g28. The `Scoured` column holds True/False.

    python simxai/eval_suite/guard/written/g28/host_indigo.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["INDIGO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 121701
SIZE = 300
FEATURES = ["Dip Count", "vat_ph", "OxidationMinutes", "skein weight (g)", "vat_age_days", "Scoured", "Fibre"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
INDIGO_CONFIG: dict[str, Any] = {
    "name": "indigo dye house skeins",
    "target": "shade_result",
    "class_names": {"0": "deep", "1": "patchy", "2": "pale"},
    "instance_noun": "skein",
    "id_column": "skein_id",
    "category_names": {
        "Fibre": {"0": "cotton", "1": "linen", "2": "silk", "3": "wool"},
        "Scoured": {"False": "False", "True": "True"},
    },
    "immutable_features": ["skein weight (g)"],
    "feature_aliases": {
        "Dip Count": ["dips", "number of dips", "dip count"],
        "vat_ph": ["ph", "vat ph", "alkalinity"],
        "OxidationMinutes": ["oxidation", "oxidation time", "airing time"],
        "skein weight (g)": ["weight", "skein weight", "grams"],
        "vat_age_days": ["vat age", "age of the vat", "days since the vat was built"],
        "Scoured": ["scoured", "scouring", "pre-washed"],
        "Fibre": ["fiber", "fibre", "yarn type"],
    },
    "seed": 0,
    "cards": {
        "description": "Yarn skeins dyed in the indigo vats of an invented dye house, one row per skein, each "
        "graded once when dry.",
        "feature_descriptions": {
            "Dip Count": "how many times the skein was dipped in the vat",
            "vat_ph": "pH of the vat liquor at the first dip",
            "OxidationMinutes": "minutes the skein hung in the air between dips",
            "skein weight (g)": "dry weight of the skein, in grams",
            "vat_age_days": "days since the vat was built",
            "Scoured": "whether the skein was scoured (washed of oils and size) before dyeing (True/False)",
            "Fibre": "the yarn's fibre: cotton, linen, silk or wool",
        },
        "target_description": "how the dry skein was graded: deep, patchy or pale",
        "model_description": "scikit-learn QuadraticDiscriminantAnalysis (reg_param 0.3) on standardized columns; "
        "the fibre enters as its code and Scoured as 0/1.",
        "training": "Fitted on 240 of the 300 synthetic skeins; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic skeins, invented for testing; not a real dye house's records.",
            "The fibre enters as a numeric code, as if the fibres were ordered.",
            "One Gaussian per grade: a grade reached in two different ways is fitted poorly.",
        ],
        "label_meanings": {
            "deep": "an even, dark blue all through the skein",
            "patchy": "blotches and streaks of uneven blue",
            "pale": "an even but too light blue",
        },
        "probability_meaning": "The model's posterior probability of each grade; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(28121)
    n = SIZE
    fibre = rng.choice(4, n, p=[0.4, 0.2, 0.15, 0.25])
    dips = rng.integers(1, 13, n)
    ph = np.round(np.clip(rng.normal(11, 0.6, n), 9.5, 12.5), 1)
    oxidation = rng.integers(2, 31, n)
    weight = np.round(np.clip(rng.normal(100, 25, n), 40, 180)).astype(int)
    age = rng.integers(1, 61, n)
    scoured = rng.random(n) < 0.6
    frame = pd.DataFrame(
        {
            "skein_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Dip Count": dips,
            "vat_ph": ph,
            "OxidationMinutes": oxidation,
            "skein weight (g)": weight,
            "vat_age_days": age,
            "Scoured": scoured,
            "Fibre": fibre,
        }
    )
    depth = (
        0.4 * (dips - 6)
        + 0.04 * (oxidation - 15)
        - 0.012 * (weight - 100)
        - 0.02 * (age - 30)
        + 0.5 * (fibre == 3)
        + rng.normal(0, 0.6, n)
    )
    patch = 1.3 * (~scoured) + 0.9 * (ph - 11) - 0.04 * (oxidation - 15) + 0.6 * (fibre == 1) + rng.normal(0, 0.5, n)
    state = np.zeros(n, dtype=int)
    state[depth < -0.4] = 2
    state[(patch > 1.0) & (patch > depth)] = 1
    frame["shade_result"] = state
    return frame


def held_out_ids() -> list[int]:
    """The 60 skeins the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(28).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented indigo host in memory, fitted on the skeins outside `held_out_ids()`."""
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.skein_id.isin(test)]
    model = make_pipeline(StandardScaler(), QuadraticDiscriminantAnalysis(reg_param=0.3))
    model.fit(train[FEATURES], train.shade_result)
    return host_from_model(model, frame[["skein_id", *FEATURES, "shade_result"]], test_ids=test, **INDIGO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
