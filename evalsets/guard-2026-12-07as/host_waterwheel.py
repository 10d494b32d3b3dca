"""The invented `waterwheel` host of guard writer gsetas: a heritage trust's yearly survey of its waterwheels.

`load_host()` builds a seeded frame of 300 wheel surveys (ids 161701-162000) and fits a scikit-learn
`RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each survey ends in
one of three calls: `turn` (the wheel keeps turning for visitors), `patch` (it turns after a small repair) or `halt`
(the leat is closed until the wheel is rebuilt). Nothing here comes from a data set: the domain, its columns and its
words were invented by gsetas.

    python -W error evalsets/guard-2026-12-07as/host_waterwheel.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["WATERWHEEL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 161701
SIZE = 300
NUMERIC = [
    "paddle_rot_pct",
    "ShaftWobbleMm",
    "Flow Rate [l/s]",
    "visitors per week",
    "Wheel Age (yrs)",
]
CATEGORICAL = ["Feed", "sluice_ok"]
WATERWHEEL_CONFIG: dict[str, Any] = {
    "name": "heritage waterwheel survey",
    "target": "survey_call",
    "class_names": {"0": "turn", "1": "patch", "2": "halt"},
    "instance_noun": "wheel",
    "id_column": "wheel_no",
    "category_names": {
        "Feed": {"0": "overshot", "1": "breastshot", "2": "undershot"},
        "sluice_ok": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Feed"],
    "feature_aliases": {
        "paddle_rot_pct": ["paddle rot", "rotten paddles"],
        "ShaftWobbleMm": ["shaft wobble", "wobble of the axle"],
        "Flow Rate [l/s]": ["flow rate", "water flow"],
        "visitors per week": ["weekly visitors", "visitors"],
        "Wheel Age (yrs)": ["wheel age", "age of the wheel"],
        "Feed": ["feed", "feed type"],
        "sluice_ok": ["sluice ok", "working sluice"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Waterwheels of an invented heritage trust, one row per yearly survey by its millwright.",
        "feature_descriptions": {
            "paddle_rot_pct": "share of the wheel's paddles with rot, in percent",
            "ShaftWobbleMm": "wobble of the main shaft measured at the bearing, in millimetres",
            "Flow Rate [l/s]": "water delivered by the leat on the survey day, in litres per second",
            "visitors per week": "visitors who watched the wheel in an average week last season",
            "Wheel Age (yrs)": "years since the wheel was last rebuilt",
            "Feed": "where the water meets the wheel: overshot, breastshot or undershot",
            "sluice_ok": "whether the sluice gate closed fully at the survey",
        },
        "target_description": "what the trust's millwright decided for the wheel after the survey",
        "model_description": "scikit-learn RandomForestClassifier (80 trees, depth at most 5, at least 6 surveys "
        "per leaf); the feed and the sluice flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic surveys; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic waterwheels, invented for testing; not a real trust.",
            "Surveys from dry summers only: flood damage is not represented.",
            "Few undershot wheels, so their figures are noisy.",
        ],
        "label_meanings": {
            "turn": "the wheel keeps turning for visitors as it is",
            "patch": "the wheel turns again after a small repair by the millwright",
            "halt": "the leat is closed and the wheel stands until it is rebuilt",
        },
        "probability_meaning": "The share of the forest's trees voting for each call, averaged; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(16170)
    n = SIZE
    rot = np.round(np.clip(rng.normal(18.0, 10.0, n), 0.0, 60.0), 0)
    wobble = np.round(np.clip(rng.normal(2.5, 1.2, n), 0.1, 7.0), 1)
    flow = np.round(np.clip(rng.normal(140.0, 45.0, n), 20.0, 300.0), 0)
    visitors = np.round(np.clip(rng.normal(260.0, 110.0, n), 10.0, 700.0), 0)
    age = np.round(np.clip(rng.normal(30.0, 16.0, n), 1.0, 90.0), 0)
    feed = rng.choice(3, n, p=[0.45, 0.4, 0.15])
    sluice = rng.choice(2, n, p=[0.2, 0.8])
    frame = pd.DataFrame(
        {
            "wheel_no": np.arange(FIRST_ID, FIRST_ID + n),
            "paddle_rot_pct": rot,
            "ShaftWobbleMm": wobble,
            "Flow Rate [l/s]": flow,
            "visitors per week": visitors,
            "Wheel Age (yrs)": age,
            "Feed": feed,
            "sluice_ok": sluice,
        }
    )
    score = (
        0.07 * (rot - 18.0)
        + 0.55 * (wobble - 2.5)
        + 0.02 * (age - 30.0)
        - 0.004 * (flow - 140.0)
        - 0.6 * (sluice - 0.8)
        + 0.3 * (feed == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["survey_call"] = np.digitize(score, [-0.35, 0.75])
    return frame


def held_out_ids() -> list[int]:
    """The 60 surveys the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(16171).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented waterwheel host in memory, fitted on the surveys outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.wheel_no.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=5, min_samples_leaf=6, random_state=16172)
    model.fit(train[features], train.survey_call)
    return host_from_model(model, frame[["wheel_no", *features, "survey_call"]], test_ids=test, **WATERWHEEL_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
