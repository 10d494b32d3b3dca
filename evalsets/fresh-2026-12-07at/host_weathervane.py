"""The invented `weathervane` host of test set at: the rooftop weathervanes a parish roof crew keeps turning.

One row per weathervane: the metal it is made of, its height above the ridge, the mean wind it meets, the years since
its spindle was last oiled, the rust spots on its arrow, the play in its bearing and the storm days it took last
winter. `load_host()` fits a seeded, shallow `GradientBoostingClassifier` (depth 2, 30 rounds, in a `Pipeline` after
a one-hot encoding of the metal) on 240 of the 300 weathervanes and builds the host with
`simxai.hosts.host_from_model`. Two labels, the crew's verdict after its autumn climb: `Spins Freely` or `Needs
Oiling`. Nothing here comes from a data set: the domain, its columns and its words were invented for this set.

    python -W error evalsets/fresh-2026-12-07at/host_weathervane.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WEATHERVANE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 163801
SIZE = 300
NUMERIC = [
    "Height (m)",
    "Wind (km/h)",
    "years_since_oiling",
    "rust_spots",
    "BearingPlay",
    "StormDays",
]
CATEGORICAL = ["Metal"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
WEATHERVANE_CONFIG: dict[str, Any] = {
    "name": "parish weathervane autumn climb",
    "target": "AutumnVerdict",
    "class_names": {"0": "Spins Freely", "1": "Needs Oiling"},
    "instance_noun": "weathervane",
    "id_column": "VaneID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Metal"],
    "feature_aliases": {
        "Metal": ["metal", "material", "made of"],
        "Height (m)": ["height", "height above the ridge"],
        "Wind (km/h)": ["wind", "mean wind", "wind speed"],
        "years_since_oiling": ["years since oiling", "years since it was oiled"],
        "rust_spots": ["rust spots", "rust"],
        "BearingPlay": ["bearing play", "play", "wobble"],
        "StormDays": ["storm days", "storms"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The rooftop weathervanes an invented parish roof crew looks after, one row per weathervane, "
        "with the crew's verdict after its autumn climb.",
        "feature_descriptions": {
            "Metal": "what the vane is made of: copper, iron or zinc",
            "Height (m)": "the height of the vane above the roof ridge in metres (0.5 to 3.4)",
            "Wind (km/h)": "the mean wind speed at the vane in km/h (5 to 43)",
            "years_since_oiling": "years since the crew last oiled the spindle (0 to 15)",
            "rust_spots": "rust spots counted on the arrow and the cardinal letters (0 to 11)",
            "BearingPlay": "play in the bearing, in millimetres (0 to 3)",
            "StormDays": "days of storm-force wind the vane took last winter (1 to 16)",
        },
        "target_description": "the crew's verdict after the autumn climb: Spins Freely or Needs Oiling",
        "model_description": "A shallow gradient-boosting classifier (depth 2, 30 rounds, learning rate 0.1) on the "
        "one-hot-encoded metal and the raw numbers.",
        "training": "Fitted on 240 of the 300 synthetic weathervanes; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic weathervanes, invented for testing; not a real parish's records.",
            "Sees only the logged columns, not the roof's pitch, the birds that perch on it or the vane's age.",
        ],
        "label_meanings": {
            "Spins Freely": "the vane turns with the lightest breeze; nothing to do",
            "Needs Oiling": "the vane sticks or squeaks; the crew must climb up and oil or free the spindle",
        },
        "probability_meaning": "The boosted trees' estimate that the autumn climb would give each verdict.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(163801)
    n = SIZE
    metal = rng.choice(["copper", "iron", "zinc"], n, p=[0.4, 0.3, 0.3])
    height = np.round(np.clip(rng.normal(1.8, 0.7, n), 0.5, 4), 1)
    wind = np.round(np.clip(rng.normal(22, 8, n), 5, 45), 0)
    years = rng.integers(0, 16, n)
    rust = np.clip(rng.poisson(3.0, n) + 3 * (metal == "iron"), 0, 14)
    play = np.round(np.clip(rng.gamma(2.0, 0.4, n), 0, 3), 2)
    storms = np.clip(rng.poisson(7, n), 0, 20)
    frame = pd.DataFrame(
        {
            "VaneID": np.arange(FIRST_ID, FIRST_ID + n),
            "Metal": metal,
            "Height (m)": height,
            "Wind (km/h)": wind,
            "years_since_oiling": years,
            "rust_spots": rust,
            "BearingPlay": play,
            "StormDays": storms,
        }
    )
    # sticking: neglect, rust (worse on iron), bearing play, storms; wind keeps it turning; noisy, so they overlap
    stick = (
        0.18 * (years - 7)
        + 0.15 * (rust - 4) * np.where(metal == "iron", 1.4, 1.0)
        + 0.8 * (play - 0.8)
        + 0.06 * (storms - 7)
        - 0.03 * (wind - 22)
        + rng.normal(0, 0.9, n)
    )
    frame["AutumnVerdict"] = (stick > 0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 weathervanes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1638).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented weathervane host in memory, its model fitted on the vanes outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.VaneID.isin(test)]
    columns = ColumnTransformer(
        [("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
        remainder="passthrough",
    )
    trees = GradientBoostingClassifier(max_depth=2, n_estimators=30, learning_rate=0.1, random_state=0)
    model = Pipeline([("columns", columns), ("trees", trees)])
    model.fit(train[FEATURES], train.AutumnVerdict)
    rows = frame[["VaneID", *FEATURES, "AutumnVerdict"]]
    return host_from_model(model, rows, test_ids=test, **WEATHERVANE_CONFIG)


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
    recorded = Counter(WEATHERVANE_CONFIG["class_names"][str(s)] for s in _frame().AutumnVerdict)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
