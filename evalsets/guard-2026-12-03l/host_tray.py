"""The invented `tray` host of guard set L: seed trays of a community garden that sprout or fail.

`load_host()` makes a small synthetic frame of sown seed trays (seeded), holds out 100 of the 500, fits a
quadratic discriminant analysis classifier on the other 400, and builds the host from the model, the frame, the
held-out ids and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config`
would load from those files), so the host's metrics are computed on trays the model never saw. It follows the
pattern of set K's `host_hive.py`. Nothing here comes from a data set: the domain, its columns and its words were
invented for set L, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-03l/host_tray.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TRAY_CONFIG", "load_host"]

#: Trays held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TRAY_CONFIG: dict[str, Any] = {
    "name": "seed tray germination",
    "target": "germination",
    "class_names": {"0": "sprouted", "1": "failed"},
    "instance_noun": "tray",
    "id_column": "tray_id",
    "category_names": {
        "seed_type": {"0": "tomato", "1": "basil", "2": "pepper", "3": "lettuce"},
        "soil_mix": {"0": "peat", "1": "coir", "2": "compost"},
        "light_source": {"0": "windowsill", "1": "led", "2": "greenhouse"},
    },
    "immutable_features": ["seed_type", "soil_mix"],
    "feature_aliases": {
        "sowing_depth_mm": ["sowing depth", "how deep the seeds were sown", "planting depth"],
        "water_ml_per_day": ["watering", "water per day", "how much it was watered"],
        "room_temp_c": ["temperature", "room temperature", "how warm the room was"],
        "seed_age_months": ["seed age", "age of the seeds", "how old the seeds are"],
        "humidity_pct": ["humidity", "air humidity"],
        "cover_days": ["days under the cover", "dome days", "how long it was covered"],
        "light_source": ["light", "lighting", "where the light came from"],
    },
    "seed": 0,
    "background_size": 50,
    "cards": {
        "description": "Seed trays sown by members of an invented community garden, one row per tray; the label "
        "says whether at least half of its cells had a seedling two weeks after sowing.",
        "feature_descriptions": {
            "seed_type": "what was sown in the tray",
            "soil_mix": "the sowing mix in the tray",
            "light_source": "where the tray got its light",
            "sowing_depth_mm": "how deep the seeds were pressed in, in millimetres",
            "water_ml_per_day": "millilitres of water given per day",
            "room_temp_c": "average temperature where the tray stood, in degrees Celsius",
            "seed_age_months": "months since the seeds were harvested or bought",
            "humidity_pct": "average relative humidity around the tray, in percent",
            "cover_days": "days the tray spent under a clear humidity dome",
        },
        "target_description": "whether the tray failed to sprout",
        "model_description": "A quadratic discriminant analysis classifier (one Gaussian with its own covariance "
        "per label, covariances regularised by 0.1).",
        "training": "Fitted on 400 of the 500 synthetic trays with a seeded split; 100 are held out.",
        "limitations": [
            "Synthetic trays, invented for testing; not real garden records.",
            "Seed type, soil mix and light source enter as category codes, so the model treats them as "
            "numbers on a line.",
        ],
        "label_meanings": {
            "sprouted": "at least half of the tray's cells had a seedling two weeks after sowing",
            "failed": "fewer than half of the cells had a seedling two weeks after sowing",
        },
        "probability_meaning": "The posterior of the two Gaussians for the label (predict_proba); not calibrated.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6302)
    n = 500
    seed_type = rng.choice(4, n, p=[0.35, 0.25, 0.2, 0.2])
    soil_mix = rng.choice(3, n, p=[0.4, 0.3, 0.3])
    light_source = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    frame = pd.DataFrame(
        {
            "tray_id": np.arange(63001, 63001 + n),
            "seed_type": seed_type,
            "soil_mix": soil_mix,
            "light_source": light_source,
            "sowing_depth_mm": np.round(rng.gamma(3.0, 2.5, n).clip(1, 25), 0),
            "water_ml_per_day": np.round(rng.normal(30, 10, n).clip(5, 60), 0),
            "room_temp_c": np.round(rng.normal(21, 3.5, n).clip(12, 30), 1),
            "seed_age_months": rng.integers(1, 49, n),
            "humidity_pct": np.round(rng.uniform(30, 95, n), 0),
            "cover_days": rng.integers(0, 11, n),
        }
    )
    score = (
        0.12 * (frame.sowing_depth_mm - 7)
        + 0.004 * (frame.water_ml_per_day - 30) ** 2 / 10
        - 0.25 * (frame.room_temp_c - 21).clip(upper=0)
        + 0.2 * (frame.room_temp_c - 26).clip(lower=0)
        + 0.05 * (frame.seed_age_months - 20)
        - 0.02 * (frame.humidity_pct - 60)
        - 0.15 * (frame.cover_days - 5)
        + 0.6 * (frame.seed_type == 2)
        + 0.3 * (frame.soil_mix == 2)
        - 0.3 * (frame.light_source == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["germination"] = (score > 0.3).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented tray host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.model_selection import train_test_split

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("tray_id", "germination")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.germination)
    model = QuadraticDiscriminantAnalysis(reg_param=0.1)
    model.fit(train[features], train.germination)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.tray_id), **TRAY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
