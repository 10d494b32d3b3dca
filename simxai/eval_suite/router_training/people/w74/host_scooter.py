"""The invented `scooter` host of writer w74: hire e-scooters in an invented town's sharing scheme.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the zone as
its code) on 192 of the 240 scooters and builds the host from the model, the frame, the ids of the 48 held-out
scooters and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a scooter is
left `ok` on the street or pulled in for `service`. Nothing here comes from a data set: the domain, its columns and
its words were invented by w74 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w74/host_scooter.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SCOOTER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 152501
SIZE = 240
NUMBERS = ["battery (%)", "km_since_service", "BrakeWear", "rides (week)", "tyre_psi", "DockNo"]
FEATURES = ["zone", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SCOOTER_CONFIG: dict[str, Any] = {
    "name": "hire scooters",
    "target": "status",
    "class_names": {"0": "ok", "1": "service"},
    "instance_noun": "scooter",
    "id_column": "scooter_id",
    "category_names": {"zone": {"0": "old town", "1": "river side", "2": "uni campus"}},
    "immutable_features": ["zone"],
    "feature_aliases": {
        "zone": ["zone", "area", "part of town"],
        "battery (%)": ["battery", "charge", "batt"],
        "km_since_service": ["km", "km since service", "distance", "mileage"],
        "BrakeWear": ["brakes", "brake wear", "brake pads"],
        "rides (week)": ["rides", "trips", "rides a week"],
        "tyre_psi": ["tyres", "tyre pressure", "psi"],
        "DockNo": ["dock", "dock number", "bay"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Hire e-scooters in an invented town's sharing scheme, one row per scooter, read each night.",
        "feature_descriptions": {
            "zone": "the part of town the scooter is based in: old town, river side or uni campus",
            "battery (%)": "the battery's health, in per cent of its new capacity",
            "km_since_service": "kilometres ridden since the last service",
            "BrakeWear": "brake wear reported by the sensor, 1 (new) to 10 (worn out)",
            "rides (week)": "rides taken on the scooter in the last week",
            "tyre_psi": "front tyre pressure, in psi",
            "DockNo": "the number of the dock it was last parked at",
        },
        "target_description": "the night crew's call: leave the scooter out (ok) or pull it in for service",
        "model_description": "Gradient-boosted trees (80 of depth 3) on the raw numbers, the zone as its code.",
        "training": "Fitted on 192 of the 240 synthetic scooters; the other 48 are held out to score it.",
        "limitations": [
            "Synthetic scooters, invented for testing; not a real scheme's fleet.",
            "Does not see vandalism, rain or riders' complaints.",
        ],
        "label_meanings": {
            "ok": "the scooter stays out on the street",
            "service": "the scooter is pulled in to the workshop",
        },
        "probability_meaning": "The boosted model's estimate of how likely each call is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(152577)
    n = SIZE
    zone = rng.choice(3, n, p=[0.35, 0.3, 0.35])
    frame = pd.DataFrame(
        {
            "scooter_id": np.arange(FIRST_ID, FIRST_ID + n),
            "zone": zone,
            "battery (%)": rng.integers(40, 101, n),
            "km_since_service": rng.integers(0, 1201, n),
            "BrakeWear": rng.integers(1, 11, n),
            "rides (week)": rng.integers(0, 81, n),
            "tyre_psi": rng.integers(20, 51, n),
            "DockNo": rng.integers(1, 26, n),
        }
    )
    wear = (
        0.003 * frame.km_since_service
        + 0.35 * frame.BrakeWear
        - 0.04 * frame["battery (%)"]
        + 0.02 * frame["rides (week)"]
        - 0.06 * frame.tyre_psi
        + 0.4 * (zone == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["status"] = (wear > np.quantile(wear, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 scooters the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1525).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented scooter host in memory, its model fitted on the scooters outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.scooter_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=80, max_depth=3, random_state=0)
    model.fit(train[FEATURES], train.status)
    return host_from_model(model, frame[["scooter_id", *FEATURES, "status"]], test_ids=test, **SCOOTER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
