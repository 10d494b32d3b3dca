"""The invented `pothole` host of writer w69: pothole reports sent in to a town's road team.

`load_host()` fits a small synthetic model (a seeded `GradientBoostingClassifier` on the raw numbers, the road type
as its code) on 192 of the 240 reports and builds the host from the model, the frame, the ids of the 48 held-out
reports and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a report is
`urgent` (a crew fills it within two days) or `routine` (it waits for the next resurfacing round). Nothing here
comes from a data set: the domain, its columns and its words were invented by w69 so that the router meets a host
it was not trained on.

    python simxai/eval_suite/router_training/people/w69/host_pothole.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["POTHOLE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 147101
SIZE = 240
NUMBERS = ["depth (cm)", "width (cm)", "DailyTraffic", "complaint_count", "days open", "RainMm"]
FEATURES = ["road_type", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
POTHOLE_CONFIG: dict[str, Any] = {
    "name": "pothole reports",
    "target": "repair_priority",
    "class_names": {"0": "routine", "1": "urgent"},
    "instance_noun": "report",
    "id_column": "report_no",
    "category_names": {"road_type": {"0": "side street", "1": "main road", "2": "cycle lane"}},
    "immutable_features": ["road_type"],
    "feature_aliases": {
        "road_type": ["road type", "road", "kind of road"],
        "depth (cm)": ["depth", "how deep", "deep"],
        "width (cm)": ["width", "how wide", "wide"],
        "DailyTraffic": ["traffic", "daily traffic", "cars a day"],
        "complaint_count": ["complaints", "complaint count", "reports from residents"],
        "days open": ["days open", "how long open", "days since reported"],
        "RainMm": ["rain", "rainfall"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pothole reports sent in to an invented town's road team, one row per reported pothole.",
        "feature_descriptions": {
            "road_type": "the kind of road: side street, main road or cycle lane",
            "depth (cm)": "depth of the hole at its deepest, in centimetres",
            "width (cm)": "width of the hole across, in centimetres",
            "DailyTraffic": "vehicles or bikes passing a day, in hundreds",
            "complaint_count": "complaints from residents about this hole",
            "days open": "days since the hole was first reported",
            "RainMm": "rain forecast for the coming week, in millimetres",
        },
        "target_description": "the road team's priority: urgent or routine",
        "model_description": "A gradient-boosted tree model (80 trees of depth 3) on the raw numbers, the road type "
        "as its code.",
        "training": "Fitted on 192 of the 240 synthetic reports; the other 48 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic reports, invented for testing; not a real council's log.",
            "Does not see the crew rota, the budget or whether a bus route runs over the hole.",
        ],
        "label_meanings": {
            "urgent": "a crew fills the hole within two days",
            "routine": "the hole waits for the next resurfacing round",
        },
        "probability_meaning": "The boosted model's estimate of how likely each priority is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(147123)
    n = SIZE
    road = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    frame = pd.DataFrame(
        {
            "report_no": np.arange(FIRST_ID, FIRST_ID + n),
            "road_type": road,
            "depth (cm)": np.round(rng.uniform(1.0, 20.0, n), 1),
            "width (cm)": rng.integers(10, 151, n),
            "DailyTraffic": rng.integers(1, 201, n),
            "complaint_count": rng.integers(0, 26, n),
            "days open": rng.integers(0, 91, n),
            "RainMm": rng.integers(0, 81, n),
        }
    )
    danger = (
        0.25 * frame["depth (cm)"]
        + 0.012 * frame["width (cm)"]
        + 0.012 * frame.DailyTraffic
        + 0.08 * frame.complaint_count
        + 0.01 * frame["days open"]
        + 0.8 * (road == 1)
        + 0.6 * (road == 2)
        + rng.normal(0, 0.5, n)
    )
    frame["repair_priority"] = (danger > np.quantile(danger, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 reports the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1471).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented pothole host in memory, its model fitted on the reports outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.report_no.isin(test)]
    model = GradientBoostingClassifier(n_estimators=80, max_depth=3, random_state=0)
    model.fit(train[FEATURES], train.repair_priority)
    return host_from_model(model, frame[["report_no", *FEATURES, "repair_priority"]], test_ids=test, **POTHOLE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
