"""The invented `sundial` host of test set as: the garden sundials a heritage trust keeps telling the right time.

One row per sundial: the stone or metal its dial is made of, its diameter, the hours a day its face is in shade, the
years since a mason last serviced it, the lichen patches on the face, how far the gnomon is skewed and how many
visitors touch it on a busy day. `load_host()` fits a seeded, shallow `HistGradientBoostingClassifier` (depth 2, 40
rounds, in a `Pipeline` after a one-hot encoding of the material) on 240 of the 300 sundials and builds the host with
`simxai.hosts.host_from_model`. Three labels, the trust's verdict after its spring check: `accurate`, `drifting` or
`recalibrate`. Nothing here comes from a data set: the domain, its columns and its words were invented for this set.

    python -W error evalsets/fresh-2026-12-07as/host_sundial.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SUNDIAL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 161401
SIZE = 300
NUMERIC = [
    "Dial Diameter (cm)",
    "Shade (h/day)",
    "years_since_service",
    "lichen_patches",
    "GnomonSkew",
    "VisitorTouches",
]
CATEGORICAL = ["Material"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SUNDIAL_CONFIG: dict[str, Any] = {
    "name": "heritage sundial spring check",
    "target": "SpringVerdict",
    "class_names": {"0": "accurate", "1": "drifting", "2": "recalibrate"},
    "instance_noun": "sundial",
    "id_column": "DialID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Material"],
    "feature_aliases": {
        "Material": ["material", "stone", "dial material"],
        "Dial Diameter (cm)": ["dial diameter", "diameter", "size"],
        "Shade (h/day)": ["shade", "shade hours", "hours of shade"],
        "years_since_service": ["years since service", "years since servicing", "service age"],
        "lichen_patches": ["lichen patches", "lichen"],
        "GnomonSkew": ["gnomon skew", "skew", "gnomon tilt"],
        "VisitorTouches": ["visitor touches", "touches", "visitors touching it"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The garden sundials an invented heritage trust looks after, one row per sundial, with the "
        "trust's verdict after its spring check.",
        "feature_descriptions": {
            "Material": "what the dial is made of: bronze, slate or sandstone",
            "Dial Diameter (cm)": "the diameter of the dial face in centimetres (20 to 130)",
            "Shade (h/day)": "hours a summer day the dial face lies in shade (0 to 8)",
            "years_since_service": "years since a mason last serviced the dial (0 to 25)",
            "lichen_patches": "lichen patches counted on the dial face (0 to 12)",
            "GnomonSkew": "how far the gnomon leans off true north, in degrees (0 to 4)",
            "VisitorTouches": "visitors who touch or lean on the dial on a busy day (0 to 50)",
        },
        "target_description": "the trust's verdict after the spring check: accurate, drifting or recalibrate",
        "model_description": "A shallow histogram gradient-boosting classifier (depth 2, 40 rounds, learning rate "
        "0.1) on the one-hot-encoded material and the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic sundials; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic sundials, invented for testing; not a real trust's records.",
            "Sees only the logged columns, not the garden's trees, the weather on check day or the dial's age.",
        ],
        "label_meanings": {
            "accurate": "the dial reads within a few minutes of solar time; nothing to do",
            "drifting": "the dial is a little off; a volunteer should clean and re-level it this year",
            "recalibrate": "a mason must reset the gnomon and recut or re-level the dial",
        },
        "probability_meaning": "The boosted trees' estimate that the spring check would give each verdict.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(161401)
    n = SIZE
    material = rng.choice(["bronze", "slate", "sandstone"], n, p=[0.35, 0.3, 0.35])
    diameter = np.round(np.clip(rng.normal(60, 25, n), 20, 150), 0)
    shade = np.round(np.clip(rng.gamma(2.0, 1.2, n), 0, 8), 1)
    years = rng.integers(0, 26, n)
    lichen = np.clip(rng.poisson(4.0, n) + 2 * (material == "sandstone"), 0, 15)
    skew = np.round(np.clip(rng.gamma(2.0, 0.5, n), 0, 4), 2)
    touches = np.clip(rng.poisson(18, n) + rng.integers(-8, 20, n), 0, 60)
    frame = pd.DataFrame(
        {
            "DialID": np.arange(FIRST_ID, FIRST_ID + n),
            "Material": material,
            "Dial Diameter (cm)": diameter,
            "Shade (h/day)": shade,
            "years_since_service": years,
            "lichen_patches": lichen,
            "GnomonSkew": skew,
            "VisitorTouches": touches,
        }
    )
    # error: skew, neglect, touching (worse on slate, which chips), lichen on soft sandstone; noisy, so they overlap
    error = (
        0.9 * (skew - 1.0)
        + 0.07 * (years - 12)
        + 0.03 * (touches - 23) * np.where(material == "slate", 1.5, 1.0)
        + 0.08 * (lichen - 5) * np.where(material == "sandstone", 1.5, 1.0)
        + 0.1 * (shade - 2.4)
        - 0.004 * (diameter - 60)
        + rng.normal(0, 0.3, n)
    )
    frame["SpringVerdict"] = np.digitize(error, [-0.45, 0.65])
    return frame


def held_out_ids() -> list[int]:
    """The 60 sundials the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1614).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented sundial host in memory, its model fitted on the sundials outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.DialID.isin(test)]
    columns = ColumnTransformer(
        [("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
        remainder="passthrough",
    )
    trees = HistGradientBoostingClassifier(max_depth=2, max_iter=40, learning_rate=0.1, random_state=0)
    model = Pipeline([("columns", columns), ("trees", trees)])
    model.fit(train[FEATURES], train.SpringVerdict)
    rows = frame[["DialID", *FEATURES, "SpringVerdict"]]
    return host_from_model(model, rows, test_ids=test, **SUNDIAL_CONFIG)


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
    recorded = Counter(SUNDIAL_CONFIG["class_names"][str(s)] for s in _frame().SpringVerdict)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
