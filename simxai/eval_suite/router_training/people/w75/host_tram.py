"""The invented `tram` host of writer w75: the depot controller's call on each tram before the morning run-out.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the depot as its
code, no `Pipeline`) on 240 of the 300 trams and builds the host from the model, the frame, the ids of the 60
held-out trams and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a tram
goes out in `service`, waits on `standby` or is sent to the `workshop`. Nothing here comes from a data set: the
domain, its columns and its words were invented by w75 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w75/host_tram.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TRAM_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 152801
SIZE = 300
FEATURES = [
    "depot",
    "wheel wear (mm)",
    "brake_temp_c",
    "DoorFaults",
    "odometer (km)",
    "pantograph_hours",
    "AxleVibration",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TRAM_CONFIG: dict[str, Any] = {
    "name": "tram run-out calls",
    "target": "runout_call",
    "class_names": {"0": "service", "1": "standby", "2": "workshop"},
    "instance_noun": "tram",
    "id_column": "tram_no",
    "category_names": {"depot": {"0": "north shed", "1": "river yard", "2": "hill end"}},
    "immutable_features": ["depot"],
    "feature_aliases": {
        "depot": ["depot", "shed", "yard"],
        "wheel wear (mm)": ["wheel wear", "wear", "flange wear"],
        "brake_temp_c": ["brake temperature", "brake temp", "brakes"],
        "DoorFaults": ["door faults", "door errors", "doors"],
        "odometer (km)": ["odometer", "kilometres since overhaul", "mileage"],
        "pantograph_hours": ["pantograph hours", "pantograph", "pan hours"],
        "AxleVibration": ["axle vibration", "vibration", "axle"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Trams at an invented city depot, one row per tram on a morning, with the controller's call.",
        "feature_descriptions": {
            "depot": "which depot the tram sleeps in: north shed, river yard or hill end",
            "wheel wear (mm)": "wear measured on the worst wheel flange, in millimetres",
            "brake_temp_c": "brake disc temperature at the end of the last shift, in degrees Celsius",
            "DoorFaults": "door fault codes logged during the last shift",
            "odometer (km)": "kilometres run since the last overhaul",
            "pantograph_hours": "hours since the pantograph strip was last changed",
            "AxleVibration": "axle vibration score from the yard sensor, 0 to 10",
        },
        "target_description": "the controller's call for the tram: service, standby or workshop",
        "model_description": "An extremely randomised tree ensemble (80 trees, at most 6 levels deep).",
        "training": "Fitted on 240 of the 300 synthetic trams; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic trams, invented for testing; not a real depot's log.",
            "Does not know the timetable, the drivers on shift or the weather.",
        ],
        "label_meanings": {
            "service": "the tram goes out on the morning run-out",
            "standby": "the tram stays in the depot as a spare",
            "workshop": "the tram is sent to the workshop for repair",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(152811)
    n = SIZE
    depot = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "tram_no": np.arange(FIRST_ID, FIRST_ID + n),
            "depot": depot,
            "wheel wear (mm)": np.round(rng.uniform(0.0, 12.0, n), 1),
            "brake_temp_c": rng.integers(20, 301, n),
            "DoorFaults": rng.integers(0, 11, n),
            "odometer (km)": rng.integers(0, 50001, n),
            "pantograph_hours": rng.integers(0, 801, n),
            "AxleVibration": np.round(rng.uniform(0.0, 10.0, n), 1),
        }
    )
    wear = (
        0.35 * (frame["wheel wear (mm)"] - 6)
        + 0.012 * (frame.brake_temp_c - 160)
        + 0.3 * (frame.AxleVibration - 5)
        + 0.00003 * (frame["odometer (km)"] - 25000)
        + 0.4 * (depot == 2)
        + rng.normal(0, 0.8, n)
    )
    spare = 0.35 * (frame.DoorFaults - 5) + 0.003 * (frame.pantograph_hours - 400) + rng.normal(0, 0.8, n)
    call = np.where(wear > np.quantile(wear, 0.72), 2, np.where(spare > np.quantile(spare, 0.6), 1, 0))
    frame["runout_call"] = call
    return frame


def held_out_ids() -> list[int]:
    """The 60 trams the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1528).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tram host in memory, its model fitted on the trams outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.tram_no.isin(test)]
    model = ExtraTreesClassifier(n_estimators=80, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.runout_call)
    return host_from_model(model, frame[["tram_no", *FEATURES, "runout_call"]], test_ids=test, **TRAM_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
