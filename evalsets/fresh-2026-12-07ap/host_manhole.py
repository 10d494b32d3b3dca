"""The invented `manhole` host of test set ap: the sewer manholes a town's drainage crew inspects.

One row per manhole: its lid material, its depth in metres, its lid diameter, how many vehicles pass over it an
hour, how many days since it was last inspected, how many cracks the last camera survey counted in its shaft and how
many years it has been in the ground. `load_host()` fits a seeded k-nearest-neighbours classifier (in a `Pipeline`,
the lid material one-hot encoded, the numbers standardised) on 240 of the 300 manholes and builds the host with
`simxai.hosts.host_from_model`. Three labels, the crew's verdict after the survey: `sound`, `repair` or `replace`.
Nothing here comes from a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-07ap/host_manhole.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MANHOLE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 153401
SIZE = 300
NUMERIC = [
    "Depth (m)",
    "Lid Diameter (cm)",
    "vehicles_per_hour",
    "days_since_inspection",
    "CrackCount",
    "YearsInGround",
]
CATEGORICAL = ["LidMaterial"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MANHOLE_CONFIG: dict[str, Any] = {
    "name": "sewer manhole surveys",
    "target": "SurveyVerdict",
    "class_names": {"0": "sound", "1": "repair", "2": "replace"},
    "instance_noun": "manhole",
    "id_column": "ManholeID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["LidMaterial"],
    "feature_aliases": {
        "LidMaterial": ["lid material", "lid", "cover material"],
        "Depth (m)": ["depth", "how deep"],
        "Lid Diameter (cm)": ["lid diameter", "diameter", "lid size"],
        "vehicles_per_hour": ["vehicles per hour", "traffic", "vehicles"],
        "days_since_inspection": ["days since inspection", "last inspection", "inspection"],
        "CrackCount": ["cracks", "crack count", "crack"],
        "YearsInGround": ["years in ground", "age", "years"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The sewer manholes an invented town's drainage crew looks after, one row per manhole, with "
        "the crew's verdict after its latest camera survey.",
        "feature_descriptions": {
            "LidMaterial": "what the cover is made of: cast_iron, ductile or composite",
            "Depth (m)": "the depth from the lid to the invert of the shaft, in metres (0.8 to 7.5)",
            "Lid Diameter (cm)": "the clear opening of the cover in centimetres (55 to 89)",
            "vehicles_per_hour": "vehicles passing over the cover in an average daytime hour (3 to 1400)",
            "days_since_inspection": "days since the last camera survey (6 to 900)",
            "CrackCount": "cracks the last survey counted in the shaft walls (0 to 12)",
            "YearsInGround": "years since the manhole was built (2 to 109)",
        },
        "target_description": "the crew's verdict after the survey: sound, repair or replace",
        "model_description": "A k-nearest-neighbours classifier (15 neighbours, each counting the same) on the "
        "one-hot-encoded lid material and the standardised numbers.",
        "training": "Fitted on 240 of the 300 synthetic manholes; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic manholes, invented for testing; not a real town's drainage records.",
            "Sees only the logged columns, not the soil, the groundwater or the surveyor.",
        ],
        "label_meanings": {
            "sound": "the manhole needs nothing until its next survey",
            "repair": "the shaft or the frame needs patching, the manhole stays in place",
            "replace": "the manhole is worn beyond repair and has to be rebuilt",
        },
        "probability_meaning": "The share of the 15 nearest surveyed manholes with each verdict.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(153401)
    n = SIZE
    lids = rng.choice(["cast_iron", "ductile", "composite"], n, p=[0.45, 0.35, 0.2])
    depth = np.round(np.clip(rng.gamma(3.0, 0.9, n), 0.8, 7.5), 1)
    diameter = np.round(np.clip(rng.normal(66, 8, n), 55, 90), 0)
    traffic = np.round(np.clip(rng.exponential(320, n), 0, 1400), 0)
    days = rng.integers(5, 901, n)
    years = rng.integers(2, 111, n)
    cracks = np.clip(rng.poisson(0.5 + years / 25 + traffic / 500), 0, 14)
    frame = pd.DataFrame(
        {
            "ManholeID": np.arange(FIRST_ID, FIRST_ID + n),
            "LidMaterial": lids,
            "Depth (m)": depth,
            "Lid Diameter (cm)": diameter,
            "vehicles_per_hour": traffic,
            "days_since_inspection": days,
            "CrackCount": cracks,
            "YearsInGround": years,
        }
    )
    # a worse verdict: many cracks, old shafts, heavy traffic over a composite lid, long gaps between surveys
    wear = (
        0.45 * (cracks - 3)
        + 0.025 * (years - 50)
        + 0.0015 * (traffic - 300) * np.where(lids == "composite", 1.6, 1.0)
        + 0.0015 * (days - 450)
        + 0.15 * (depth - 2.7)
        + rng.normal(0, 0.7, n)
    )
    frame["SurveyVerdict"] = np.digitize(wear, [-0.3, 1.3])
    return frame


def held_out_ids() -> list[int]:
    """The 60 manholes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1534).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented manhole host in memory, its model fitted on the manholes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.ManholeID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", StandardScaler(), NUMERIC),
        ]
    )
    model = Pipeline([("columns", columns), ("neighbours", KNeighborsClassifier(n_neighbors=15))])
    model.fit(train[FEATURES], train.SurveyVerdict)
    rows = frame[["ManholeID", *FEATURES, "SurveyVerdict"]]
    return host_from_model(model, rows, test_ids=test, **MANHOLE_CONFIG)


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
    recorded = Counter(MANHOLE_CONFIG["class_names"][str(s)] for s in _frame().SurveyVerdict)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
