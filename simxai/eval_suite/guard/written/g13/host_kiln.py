"""The invented `pot` host of guard writer g13: pieces fired in a ceramics studio's kiln, intact or cracked.

`load_host()` fits a small synthetic model (a seeded `GaussianNB`, Gaussian naive Bayes, a model family no earlier
invented host used, on a seeded frame of 400 pots, fitted on 320 of them) and builds the host from the model, the
frame, the ids of the 80 held-out pots and the fields of its host config with
`simxai.hosts.in_memory.host_from_model`, following the pattern of g12's `host_bridge.py`. Nothing here comes from
a data set: the domain, its columns and its words were invented by g13.

    python simxai/eval_suite/guard/written/g13/host_kiln.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KILN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 67001
SIZE = 400
NUMERIC = [
    "wall_thickness_mm",
    "height_cm",
    "clay_moisture_pct",
    "drying_days",
    "peak_temp_c",
    "ramp_rate_c_h",
    "cooling_hours",
    "kiln_load_pct",
]
CATEGORICAL = ["clay_body", "glaze"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
KILN_CONFIG: dict[str, Any] = {
    "name": "studio kiln firings",
    "target": "cracked",
    "class_names": {"0": "intact", "1": "cracked"},
    "instance_noun": "pot",
    "id_column": "pot_id",
    "category_names": {
        "clay_body": {"0": "earthenware", "1": "stoneware", "2": "porcelain"},
        "glaze": {"0": "unglazed", "1": "matte", "2": "gloss"},
    },
    "immutable_features": ["height_cm", "clay_body"],
    "feature_aliases": {
        "wall_thickness_mm": ["wall thickness", "walls", "how thick the walls are"],
        "height_cm": ["height", "how tall it is", "size of the pot"],
        "clay_moisture_pct": ["moisture", "clay moisture", "how wet the clay was"],
        "drying_days": ["drying time", "days drying", "how long it dried"],
        "peak_temp_c": ["peak temperature", "top temperature", "how hot the kiln got"],
        "ramp_rate_c_h": ["ramp rate", "heating rate", "how fast it heated"],
        "cooling_hours": ["cooling time", "cool-down", "hours to cool"],
        "kiln_load_pct": ["kiln load", "how full the kiln was", "packing"],
        "clay_body": ["clay", "clay type", "body"],
        "glaze": ["glaze finish", "finish", "glazing"],
    },
    "seed": 0,
    "cards": {
        "description": "Pots made and fired at an invented community ceramics studio, one row per pot and its "
        "glaze firing in the studio's electric kiln.",
        "feature_descriptions": {
            "wall_thickness_mm": "thickness of the pot's wall at its base, in mm",
            "height_cm": "height of the pot, in cm",
            "clay_moisture_pct": "moisture of the greenware when it went into the kiln, in percent",
            "drying_days": "days the pot dried on the shelf before firing",
            "peak_temp_c": "highest kiln temperature of the firing, in degrees Celsius",
            "ramp_rate_c_h": "heating rate of the firing, in degrees Celsius per hour",
            "cooling_hours": "hours from the peak temperature until the kiln was opened",
            "kiln_load_pct": "how full the kiln was, in percent of its shelf space",
            "clay_body": "earthenware, stoneware or porcelain",
            "glaze": "unglazed, matte or gloss glaze",
        },
        "target_description": "whether the pot came out of the kiln with a crack",
        "model_description": "Gaussian naive Bayes (scikit-learn GaussianNB, default variance smoothing 1e-9); "
        "clay body and glaze enter as their codes.",
        "training": "Fitted on 320 of the 400 synthetic pots; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic pots, invented for testing; not real studio records.",
            "Naive Bayes treats the features as independent given the label, so it double-counts features that "
            "move together (moisture and drying time).",
            "Clay body and glaze enter as numeric codes, as if they were ordered.",
        ],
        "label_meanings": {
            "intact": "the pot came out of the kiln without a crack",
            "cracked": "the pot came out of the kiln with at least one crack",
        },
        "probability_meaning": "The naive Bayes posterior of each label given the pot's features; such "
        "probabilities are often too close to 0 or 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6713)
    n = SIZE
    body = rng.choice(3, n, p=[0.35, 0.45, 0.2])
    glaze = rng.choice(3, n, p=[0.2, 0.45, 0.35])
    wall = np.round(np.clip(rng.normal(7.5, 2.2, n), 3, 16), 1)
    height = np.round(np.clip(rng.lognormal(3.0, 0.45, n), 5, 70), 1)
    moisture = np.round(np.clip(rng.gamma(2.5, 1.0, n), 0.3, 12), 1)
    drying = np.clip(np.round(rng.normal(9, 4, n) - 0.4 * moisture), 1, 30).astype(int)
    peak = np.clip(np.round(rng.normal(1180, 40, n) + 60 * (body == 2) - 80 * (body == 0), -1), 980, 1300)
    ramp = np.clip(np.round(rng.normal(120, 35, n), -1), 40, 250).astype(int)
    cooling = np.clip(np.round(rng.normal(20, 6, n)), 6, 40).astype(int)
    load = np.clip(np.round(rng.normal(70, 15, n)), 25, 100).astype(int)
    frame = pd.DataFrame(
        {
            "pot_id": np.arange(FIRST_ID, FIRST_ID + n),
            "wall_thickness_mm": wall,
            "height_cm": height,
            "clay_moisture_pct": moisture,
            "drying_days": drying,
            "peak_temp_c": peak.astype(int),
            "ramp_rate_c_h": ramp,
            "cooling_hours": cooling,
            "kiln_load_pct": load,
            "clay_body": body,
            "glaze": glaze,
        }
    )
    score = (
        0.25 * (frame.wall_thickness_mm - 7.5)
        + 0.35 * (frame.clay_moisture_pct - 2.5)
        - 0.12 * (frame.drying_days - 9)
        + 0.02 * (frame.ramp_rate_c_h - 120)
        - 0.08 * (frame.cooling_hours - 20)
        + 0.015 * (frame.kiln_load_pct - 70)
        + 0.5 * (frame.clay_body == 2)
        + 0.3 * (frame.glaze == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["cracked"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 pots the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(67).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kiln host in memory, its model fitted on the pots outside `held_out_ids()`."""
    from sklearn.naive_bayes import GaussianNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.pot_id.isin(test)]
    model = GaussianNB()
    model.fit(train[features], train.cracked)
    return host_from_model(model, frame[["pot_id", *features, "cracked"]], test_ids=test, **KILN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
