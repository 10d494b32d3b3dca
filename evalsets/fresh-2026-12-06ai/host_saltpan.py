"""The invented `saltpan` host of test set ai: crystallising pans at an invented sea-salt works.

One row per pan on the morning the salt master walked the pans: the pan's bank, whether it sits under the new rain
cover, the brine density, the days since it was last flooded, the sun hours and the mean wind of the past week, the
rain of the past week, the thickness of the salt crust and the brine depth. `load_host()` fits a seeded
histogram gradient-boosting classifier (in a `Pipeline`, the bank and the cover flag one-hot encoded, the numbers
passed through) on 240 of the 300 pans and builds the host with `simxai.hosts.host_from_model`. Two labels, what the
salt master decided that morning: `rake` (the crust was raked and the salt harvested) or `wait` (left another day).
Nothing here comes from a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-06ai/host_saltpan.py  # builds it, prints its schema and held-out figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SALTPAN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 136501
SIZE = 300
NUMERIC = [
    "Brine Density (Be)",
    "DaysSinceFlood",
    "sun_hours_week",
    "wind_kmh",
    "Rain Last Week (mm)",
    "crust thickness mm",
    "Brine Depth (cm)",
]
CATEGORICAL = ["Bank", "RainCover"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SALTPAN_CONFIG: dict[str, Any] = {
    "name": "sea salt pans",
    "target": "Decision",
    "class_names": {"0": "wait", "1": "rake"},
    "instance_noun": "pan",
    "id_column": "PanID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Bank"],
    "feature_aliases": {
        "Bank": ["bank", "side", "which bank"],
        "RainCover": ["rain cover", "cover", "covered", "roof"],
        "Brine Density (Be)": ["brine density", "density", "baume", "salinity"],
        "DaysSinceFlood": ["days since flood", "days since flooding", "days since it was flooded"],
        "sun_hours_week": ["sun hours", "sunshine", "sun"],
        "wind_kmh": ["wind", "wind speed"],
        "Rain Last Week (mm)": ["rain last week", "rain", "rainfall"],
        "crust thickness mm": ["crust thickness", "crust", "salt crust"],
        "Brine Depth (cm)": ["brine depth", "depth", "water depth"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Crystallising pans at an invented sea-salt works, one row per pan on the morning the salt "
        "master walked them.",
        "feature_descriptions": {
            "Bank": "which bank of the lagoon the pan lies on: Causeway, Marsh or Tidewall",
            "RainCover": "True when the pan sits under the new sliding rain cover",
            "Brine Density (Be)": "the brine density in degrees Baume (about 18 to 30)",
            "DaysSinceFlood": "days since the pan was last flooded with fresh brine (1 to 20)",
            "sun_hours_week": "hours of sunshine in the past week (10 to 80)",
            "wind_kmh": "the mean wind of the past week, in km/h (0 to 45)",
            "Rain Last Week (mm)": "the rain of the past week, in millimetres (0 to 60)",
            "crust thickness mm": "the thickness of the salt crust, in millimetres (0 to 25)",
            "Brine Depth (cm)": "the depth of brine left over the crust, in centimetres (1 to 12)",
        },
        "target_description": "what the salt master decided that morning: rake or wait",
        "model_description": "A histogram gradient-boosting classifier on the one-hot-encoded bank and cover flag "
        "and the raw numbers; the probabilities are its predicted class shares.",
        "training": "Fitted on 240 of the 300 synthetic pans; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic pans, invented for testing; not a real salt works' records.",
            "Sees only the logged columns, not the colour of the crust or the salt master's taste of the brine.",
        ],
        "label_meanings": {
            "rake": "the crust was raked and the salt harvested that morning",
            "wait": "the pan was left for another day",
        },
        "probability_meaning": "The model's share of each decision (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(136501)
    n = SIZE
    bank = rng.choice(["Causeway", "Marsh", "Tidewall"], n, p=[0.4, 0.35, 0.25])
    cover = rng.random(n) < 0.25
    density = np.round(np.clip(rng.normal(24.0, 2.5, n), 18.0, 30.0), 1)
    days = rng.integers(1, 21, n)
    sun = rng.integers(10, 81, n)
    wind = rng.integers(0, 46, n)
    rain = np.round(np.clip(rng.gamma(1.2, 9.0, n), 0.0, 60.0), 0)
    crust = np.round(np.clip(rng.normal(10.0, 5.0, n), 0.0, 25.0), 1)
    depth = np.round(np.clip(rng.normal(5.0, 2.2, n), 1.0, 12.0), 1)
    frame = pd.DataFrame(
        {
            "PanID": np.arange(FIRST_ID, FIRST_ID + n),
            "Bank": bank,
            "RainCover": cover,
            "Brine Density (Be)": density,
            "DaysSinceFlood": days,
            "sun_hours_week": sun,
            "wind_kmh": wind,
            "Rain Last Week (mm)": rain,
            "crust thickness mm": crust,
            "Brine Depth (cm)": depth,
        }
    )
    marsh = np.where(bank == "Marsh", -0.6, 0.0)
    dry = np.where(cover, 0.0, 0.06 * rain)
    ready = (
        0.25 * crust + 0.35 * (density - 24) + 0.03 * sun + 0.03 * wind + 0.08 * days - 0.3 * depth - dry + marsh
    ) + rng.normal(0, 0.9, n)
    frame["Decision"] = (ready > np.quantile(ready, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 pans the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1365).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented saltpan host in memory, its model fitted on the pans outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.PanID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    boost = HistGradientBoostingClassifier(max_iter=80, max_depth=3, learning_rate=0.1, random_state=0)
    model = Pipeline([("columns", columns), ("boost", boost)])
    model.fit(train[FEATURES], train.Decision)
    return host_from_model(model, frame[["PanID", *FEATURES, "Decision"]], test_ids=test, **SALTPAN_CONFIG)


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
    recorded = Counter(SALTPAN_CONFIG["class_names"][str(g)] for g in _frame().Decision)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
