"""The invented `well` host of guard writer g14: private drinking-water wells, potable, treat or unsafe.

`load_host()` fits a small synthetic model (a seeded `CalibratedClassifierCV` with sigmoid calibration around a
`LinearSVC` on standardised features, a model family no earlier host used, on a seeded frame of 400 wells, fitted
on 320 of them) and builds the host from the model, the frame, the ids of the 80 held-out wells and the fields of
its host config with `simxai.hosts.in_memory.host_from_model`, following the pattern of g13's `host_kiln.py`.
Nothing here comes from a data set: the domain, its columns and its words were invented by g14.

    python simxai/eval_suite/guard/written/g14/host_well.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WELL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 77001
SIZE = 400
NUMERIC = [
    "depth_m",
    "well_age_years",
    "distance_to_septic_m",
    "nitrate_mg_l",
    "turbidity_ntu",
    "ph",
    "days_since_rain",
]
CATEGORICAL = ["casing", "aquifer"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WELL_CONFIG: dict[str, Any] = {
    "name": "rural drinking-water wells",
    "target": "verdict",
    "class_names": {"0": "potable", "1": "treat", "2": "unsafe"},
    "instance_noun": "well",
    "id_column": "well_id",
    "category_names": {
        "casing": {"0": "steel", "1": "pvc", "2": "none"},
        "aquifer": {"0": "bedrock", "1": "gravel", "2": "sand"},
    },
    "immutable_features": ["depth_m", "aquifer"],
    "feature_aliases": {
        "depth_m": ["depth", "how deep it is", "well depth"],
        "well_age_years": ["age of the well", "well age", "how old the well is"],
        "distance_to_septic_m": ["septic distance", "distance to the septic tank", "how far from the septic"],
        "nitrate_mg_l": ["nitrate", "nitrates", "nitrate level"],
        "turbidity_ntu": ["turbidity", "cloudiness", "how cloudy the water is"],
        "ph": ["pH", "acidity"],
        "days_since_rain": ["dry spell", "days without rain", "time since rain"],
        "casing": ["casing material", "lining", "well casing"],
        "aquifer": ["aquifer type", "water source rock", "formation"],
    },
    "seed": 0,
    "cards": {
        "description": "Private drinking-water wells of an invented rural county, one row per well and its latest "
        "sample, tested by the county's water lab.",
        "feature_descriptions": {
            "depth_m": "depth of the well, in metres",
            "well_age_years": "years since the well was drilled",
            "distance_to_septic_m": "distance from the well head to the nearest septic tank, in metres",
            "nitrate_mg_l": "nitrate in the sample, in mg per litre",
            "turbidity_ntu": "turbidity of the sample, in NTU",
            "ph": "pH of the sample",
            "days_since_rain": "days between the last rain and the sampling",
            "casing": "steel, pvc or no casing",
            "aquifer": "bedrock, gravel or sand aquifer",
        },
        "target_description": "the lab's verdict on the sample: drink as is, treat before drinking, or do not drink",
        "model_description": "A linear support vector classifier (scikit-learn LinearSVC on standardised "
        "features) wrapped in CalibratedClassifierCV (sigmoid calibration, 3-fold); casing and aquifer enter as "
        "their codes.",
        "training": "Fitted on 320 of the 400 synthetic wells; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic wells, invented for testing; not real lab records.",
            "The base model is linear, so it cannot express thresholds such as a nitrate limit.",
            "Casing and aquifer enter as numeric codes, as if they were ordered.",
        ],
        "label_meanings": {
            "potable": "the water may be drunk as it is",
            "treat": "the water should be treated (filtered or boiled) before drinking",
            "unsafe": "the water should not be drunk",
        },
        "probability_meaning": "The average, over the three calibration folds, of the sigmoid-calibrated "
        "one-vs-rest scores, normalised to sum to one.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7714)
    n = SIZE
    casing = rng.choice(3, n, p=[0.4, 0.45, 0.15])
    aquifer = rng.choice(3, n, p=[0.35, 0.35, 0.3])
    depth = np.round(np.clip(rng.lognormal(3.6, 0.5, n), 6, 250)).astype(int)
    age = np.clip(np.round(rng.gamma(3.0, 8.0, n)), 1, 90).astype(int)
    septic = np.round(np.clip(rng.normal(35, 15, n), 3, 100)).astype(int)
    nitrate = np.round(np.clip(rng.gamma(2.0, 3.0, n) + 8 * (septic < 20), 0.1, 60), 1)
    turbidity = np.round(np.clip(rng.gamma(1.5, 1.0, n) + 1.5 * (casing == 2), 0.1, 20), 1)
    ph = np.round(np.clip(rng.normal(7.1, 0.5, n), 5.5, 9.0), 1)
    rain = np.clip(np.round(rng.exponential(6, n)), 0, 45).astype(int)
    frame = pd.DataFrame(
        {
            "well_id": np.arange(FIRST_ID, FIRST_ID + n),
            "depth_m": depth,
            "well_age_years": age,
            "distance_to_septic_m": septic,
            "nitrate_mg_l": nitrate,
            "turbidity_ntu": turbidity,
            "ph": ph,
            "days_since_rain": rain,
            "casing": casing,
            "aquifer": aquifer,
        }
    )
    score = (
        0.12 * (frame.nitrate_mg_l - 7)
        + 0.45 * (frame.turbidity_ntu - 1.8)
        - 0.012 * (frame.depth_m - 40)
        + 0.025 * (frame.well_age_years - 24)
        - 0.03 * (frame.distance_to_septic_m - 35)
        + 0.6 * abs(frame.ph - 7.1)
        - 0.05 * (frame.days_since_rain - 6)
        + 0.5 * (frame.casing == 2)
        + 0.3 * (frame.aquifer == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["verdict"] = np.digitize(score, [-0.3, 1.0]).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 wells the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(77).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented well host in memory, its model fitted on the wells outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import LinearSVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.well_id.isin(test)]
    base = make_pipeline(StandardScaler(), LinearSVC(C=1.0, random_state=0))
    model = CalibratedClassifierCV(base, method="sigmoid", cv=3)
    model.fit(train[features], train.verdict)
    return host_from_model(model, frame[["well_id", *features, "verdict"]], test_ids=test, **WELL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
