"""The invented `sail` host of guard writer g29: sails brought to a sail loft for repair.

`load_host()` builds a seeded frame of 300 sails (ids 123801-124100) brought in to an invented sail loft and fits
scikit-learn's `GaussianNB` on 240 of them; the other 60 are held out for the performance figures. The loft's
verdict on each sail was `patch` (a patch or restitch and back to sea), `recut` (panels replaced and the sail
recut) or `retire` (not worth repairing). Nothing here comes from a data set: the domain, its columns and its
words were invented by g29. The `Laminate` column holds True/False.

    python simxai/eval_suite/guard/written/g29/host_sail.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SAIL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 123801
SIZE = 300
FEATURES = ["Tear Length (cm)", "seasons_in_use", "UvExposureScore", "luff length (m)", "seam_failures", "Laminate",
            "SailType"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SAIL_CONFIG: dict[str, Any] = {
    "name": "sail loft repairs",
    "target": "loft_verdict",
    "class_names": {"0": "patch", "1": "recut", "2": "retire"},
    "instance_noun": "sail",
    "id_column": "sail_id",
    "category_names": {
        "SailType": {"0": "mainsail", "1": "jib", "2": "genoa", "3": "spinnaker"},
        "Laminate": {"False": "False", "True": "True"},
    },
    "immutable_features": ["luff length (m)"],
    "feature_aliases": {
        "Tear Length (cm)": ["tear", "tear length", "rip length"],
        "seasons_in_use": ["seasons", "age in seasons", "years sailed"],
        "UvExposureScore": ["uv", "sun damage", "uv exposure"],
        "luff length (m)": ["luff", "luff length", "sail size"],
        "seam_failures": ["seams", "failed seams", "open seams"],
        "Laminate": ["laminate", "laminated cloth", "laminated"],
        "SailType": ["sail type", "kind of sail", "type"],
    },
    "seed": 0,
    "cards": {
        "description": "Sails brought in to the repair bench of an invented sail loft, one row per sail, each "
        "given one verdict by the loft.",
        "feature_descriptions": {
            "Tear Length (cm)": "length of the longest tear, in centimetres",
            "seasons_in_use": "how many sailing seasons the sail has been used",
            "UvExposureScore": "the loft's 0-10 score of sun (UV) damage to the cloth",
            "luff length (m)": "length of the sail's leading edge, in metres",
            "seam_failures": "how many seams had opened or chafed through",
            "Laminate": "whether the cloth is a laminate rather than woven polyester (True/False)",
            "SailType": "the kind of sail: mainsail, jib, genoa or spinnaker",
        },
        "target_description": "the loft's verdict on the sail: patch, recut or retire",
        "model_description": "scikit-learn GaussianNB on the raw columns; the sail type enters as its code and "
        "Laminate as 0/1.",
        "training": "Fitted on 240 of the 300 synthetic sails; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic sails, invented for testing; not a real loft's records.",
            "The sail type enters as a numeric code, as if the types were ordered.",
            "Naive Bayes treats the columns as independent given the verdict, which they are not.",
        ],
        "label_meanings": {
            "patch": "patched or restitched and returned to the owner",
            "recut": "damaged panels replaced and the sail recut",
            "retire": "judged not worth repairing",
        },
        "probability_meaning": "The model's posterior probability of each verdict; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(29123)
    n = SIZE
    kind = rng.choice(4, n, p=[0.35, 0.3, 0.2, 0.15])
    tear = np.round(np.clip(rng.gamma(2.0, 18.0, n), 1, 150)).astype(int)
    seasons = rng.integers(1, 21, n)
    uv = np.round(np.clip(rng.normal(4.5, 2.0, n) + 0.15 * seasons, 0, 10), 1)
    luff = np.round(np.clip(rng.normal(11, 3, n), 4, 20), 1)
    seams = rng.poisson(2.0, n)
    laminate = rng.random(n) < 0.35
    frame = pd.DataFrame(
        {
            "sail_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Tear Length (cm)": tear,
            "seasons_in_use": seasons,
            "UvExposureScore": uv,
            "luff length (m)": luff,
            "seam_failures": seams,
            "Laminate": laminate,
            "SailType": kind,
        }
    )
    wear = 0.45 * (uv - 6) + 0.12 * (seasons - 10) + 0.5 * laminate + rng.normal(0, 0.7, n)
    damage = 0.03 * (tear - 36) + 0.35 * (seams - 2) + 0.4 * (kind == 3) + rng.normal(0, 0.6, n)
    verdict = np.zeros(n, dtype=int)
    verdict[damage > 0.6] = 1
    verdict[wear > 1.0] = 2
    frame["loft_verdict"] = verdict
    return frame


def held_out_ids() -> list[int]:
    """The 60 sails the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(29).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented sail host in memory, fitted on the sails outside `held_out_ids()`."""
    from sklearn.naive_bayes import GaussianNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.sail_id.isin(test)]
    model = GaussianNB()
    model.fit(train[FEATURES], train.loft_verdict)
    return host_from_model(model, frame[["sail_id", *FEATURES, "loft_verdict"]], test_ids=test, **SAIL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
