"""The invented `compost` host of guard writer g18: an allotment society's compost batches, ready or not ready.

`load_host()` fits a small synthetic model on a seeded frame of 400 compost batches of an invented allotment
society: scikit-learn's `Perceptron` (a linear perceptron, a model family no earlier invented host used) behind a
`StandardScaler`, its scores turned into probabilities by `CalibratedClassifierCV` (sigmoid, 3 folds). 320 batches
fit the model; the other 80 are held out for the performance figures. The host is built with
`simxai.hosts.in_memory.host_from_model`, following the pattern of g17's `host_balloon.py`. Nothing here comes
from a data set: the domain, its columns and its words were invented by g18.

    python simxai/eval_suite/guard/written/g18/host_compost.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["COMPOST_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 99001
SIZE = 400
NUMERIC = [
    "core_temp_c",
    "weeks_since_turning",
    "moisture_pct",
    "green_brown_ratio",
    "turnings",
    "bin_volume_l",
    "worm_count",
]
CATEGORICAL = ["bin_type", "plot_shade"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
COMPOST_CONFIG: dict[str, Any] = {
    "name": "allotment compost batches",
    "target": "status",
    "class_names": {"0": "ready", "1": "not ready"},
    "instance_noun": "batch",
    "id_column": "batch_id",
    "category_names": {
        "bin_type": {"0": "open heap", "1": "pallet bay", "2": "tumbler"},
        "plot_shade": {"0": "sunny", "1": "part shade", "2": "shaded"},
    },
    "immutable_features": ["bin_volume_l"],
    "feature_aliases": {
        "core_temp_c": ["core temperature", "temperature", "how hot the middle is"],
        "weeks_since_turning": ["weeks since turning", "time since the last turn"],
        "moisture_pct": ["moisture", "wetness", "how damp it is"],
        "green_brown_ratio": ["green to brown ratio", "greens to browns", "mix ratio"],
        "turnings": ["number of turnings", "times turned"],
        "bin_volume_l": ["bin volume", "bin size", "litres"],
        "worm_count": ["worms", "worm count", "worms per handful"],
        "bin_type": ["bin", "kind of bin"],
        "plot_shade": ["shade", "how shaded the plot is"],
    },
    "seed": 0,
    "cards": {
        "description": "Compost batches of an invented allotment society, one row per batch, checked on sieving day.",
        "feature_descriptions": {
            "core_temp_c": "temperature at the centre of the batch on checking day, in degrees Celsius",
            "weeks_since_turning": "weeks since the batch was last turned",
            "moisture_pct": "moisture of a squeezed sample, in percent",
            "green_brown_ratio": "ratio of green (nitrogen) to brown (carbon) material by volume",
            "turnings": "number of times the batch has been turned since it was started",
            "bin_volume_l": "volume of the bin, in litres",
            "worm_count": "worms counted in one handful from the middle",
            "bin_type": "kind of bin: open heap, pallet bay or tumbler",
            "plot_shade": "how shaded the plot is: sunny, part shade or shaded",
        },
        "target_description": "whether the batch was judged ready to sieve and spread on checking day",
        "model_description": "scikit-learn Perceptron behind a StandardScaler, its scores calibrated to "
        "probabilities by CalibratedClassifierCV (sigmoid, 3 folds); bin type and plot shade enter as their codes.",
        "training": "Fitted on 320 of the 400 synthetic batches; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real society's records.",
            "A linear model: it cannot represent a feature that helps up to a point and hurts beyond it.",
            "Bin type and plot shade enter as numeric codes, as if they were ordered.",
        ],
        "label_meanings": {
            "ready": "the batch is dark, crumbly and cool enough to sieve and spread",
            "not ready": "the batch needs more time or more work before it can be used",
        },
        "probability_meaning": "The calibrated (sigmoid) probability the model gives each outcome; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(18018)
    n = SIZE
    bin_type = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    shade = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    weeks = rng.integers(1, 27, n)
    temp = np.round(np.clip(rng.normal(42 - 1.1 * weeks, 8, n), 8, 70), 1)
    moisture = np.clip(np.round(rng.normal(52, 12, n)), 15, 90).astype(int)
    ratio = np.round(np.clip(rng.gamma(4.0, 0.3, n), 0.2, 4.0), 2)
    turnings = rng.integers(0, 13, n)
    volume = rng.choice([220, 330, 600, 1000], n)
    worms = np.clip(np.round(rng.gamma(2.0, 6.0, n) + 0.6 * weeks), 0, 80).astype(int)
    frame = pd.DataFrame(
        {
            "batch_id": np.arange(FIRST_ID, FIRST_ID + n),
            "core_temp_c": temp,
            "weeks_since_turning": weeks,
            "moisture_pct": moisture,
            "green_brown_ratio": ratio,
            "turnings": turnings,
            "bin_volume_l": volume,
            "worm_count": worms,
            "bin_type": bin_type,
            "plot_shade": shade,
        }
    )
    score = (
        0.09 * (temp - 30)
        - 0.12 * (weeks - 12)
        + 0.03 * np.abs(moisture - 50)
        + 0.6 * (ratio - 1.2)
        - 0.15 * (turnings - 6)
        - 0.04 * (worms - 18)
        - 0.3 * (bin_type == 2)
        + 0.2 * (shade == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["status"] = (score > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(18).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented compost host in memory, its classifier fitted on the batches outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.linear_model import Perceptron
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.batch_id.isin(test)]
    perceptron = make_pipeline(StandardScaler(), Perceptron(max_iter=1000, tol=1e-4, random_state=18))
    model = CalibratedClassifierCV(perceptron, method="sigmoid", cv=3)
    model.fit(train[features], train.status)
    return host_from_model(model, frame[["batch_id", *features, "status"]], test_ids=test, **COMPOST_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
