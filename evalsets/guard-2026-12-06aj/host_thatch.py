"""The invented `thatch` host of guard writer gset39: a thatcher's survey of invented thatched roofs.

`load_host()` builds a seeded frame of 300 thatched roofs surveyed in one spring (ids 139301-139600) and fits a
scikit-learn `RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each
survey ends in one of three verdicts: `sound` (nothing to do this year), `reridge` (only the ridge is cut off and
laid again) or `rethatch` (a new coat is fixed over the whole roof). Nothing here comes from a data set: the
domain, its columns and its words were invented by gset39.

    python evalsets/guard-2026-12-06aj/host_thatch.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["THATCH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 139301
SIZE = 300
NUMERIC = [
    "Roof Pitch (deg)",
    "Coat Depth [cm]",
    "years_since_ridge",
    "MossCover",
    "bird holes",
]
CATEGORICAL = ["Reed", "wire_netted"]
THATCH_CONFIG: dict[str, Any] = {
    "name": "thatcher's spring survey",
    "target": "survey_verdict",
    "class_names": {"0": "sound", "1": "reridge", "2": "rethatch"},
    "instance_noun": "roof",
    "id_column": "roof_no",
    "category_names": {
        "Reed": {"0": "water reed", "1": "long straw", "2": "combed wheat"},
        "wire_netted": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Reed"],
    "feature_aliases": {
        "Roof Pitch (deg)": ["roof pitch", "pitch of the roof"],
        "Coat Depth [cm]": ["coat depth", "depth of the coat"],
        "years_since_ridge": ["years since the ridge", "age of the ridge"],
        "MossCover": ["moss cover", "moss"],
        "bird holes": ["holes pecked by birds", "bird damage"],
        "Reed": ["reed", "thatching material"],
        "wire_netted": ["wire netted", "netting"],
    },
    "seed": 0,
    "cards": {
        "description": "Thatched roofs surveyed by an invented thatcher in one spring, one row per roof.",
        "feature_descriptions": {
            "Roof Pitch (deg)": "pitch of the main roof slope, in degrees",
            "Coat Depth [cm]": "depth of the thatch coat left at the eaves, in centimetres",
            "years_since_ridge": "years since the ridge was last laid",
            "MossCover": "share of the roof under moss, in percent",
            "bird holes": "holes pecked or pulled by birds, counted from the ladder",
            "Reed": "the thatching material: water reed, long straw or combed wheat",
            "wire_netted": "whether the roof is covered with wire netting against birds",
        },
        "target_description": "what the thatcher advised after the survey",
        "model_description": "scikit-learn RandomForestClassifier (200 trees, depth at most 6, seed 0); the reed "
        "and the netting enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic roofs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic roofs, invented for testing; not a real thatcher's survey.",
            "One spring only: the weather of other years is not in the data.",
            "Few combed-wheat roofs, so its figures are noisy.",
        ],
        "label_meanings": {
            "sound": "the roof needs nothing this year",
            "reridge": "the ridge is cut off and laid again; the main coat stays",
            "rethatch": "a new coat is fixed over the whole roof",
        },
        "probability_meaning": "The share of the forest's trees voting for each verdict, averaged over their "
        "leaves; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(9391)
    n = SIZE
    pitch = np.round(np.clip(rng.normal(50.0, 5.0, n), 38.0, 62.0), 0)
    depth = np.round(np.clip(rng.normal(24.0, 7.0, n), 5.0, 40.0), 1)
    ridge = rng.integers(0, 19, n)
    moss = np.round(np.clip(rng.gamma(2.0, 9.0, n), 0.0, 90.0), 0)
    holes = rng.poisson(3.0, n)
    reed = rng.choice(3, n, p=[0.5, 0.32, 0.18])
    netted = rng.choice(2, n, p=[0.45, 0.55])
    frame = pd.DataFrame(
        {
            "roof_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Roof Pitch (deg)": pitch,
            "Coat Depth [cm]": depth,
            "years_since_ridge": ridge,
            "MossCover": moss,
            "bird holes": holes,
            "Reed": reed,
            "wire_netted": netted,
        }
    )
    score_sound = 0.9 + 0.08 * (depth - 24) - 0.09 * (ridge - 9) - 0.02 * (moss - 18) + rng.normal(0, 0.5, n)
    score_ridge = 0.2 * (ridge - 9) + 0.15 * (holes - 3) * (1 - netted) + 0.1 + rng.normal(0, 0.5, n)
    score_coat = -0.14 * (depth - 24) + 0.04 * (moss - 18) - 0.06 * (pitch - 50) + 0.4 * (reed == 1) - 0.6
    score_coat = score_coat + rng.normal(0, 0.5, n)
    frame["survey_verdict"] = np.argmax(np.column_stack([score_sound, score_ridge, score_coat]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 roofs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(9392).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented thatch host in memory, fitted on the roofs outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.roof_no.isin(test)]
    model = RandomForestClassifier(n_estimators=200, max_depth=6, random_state=0)
    model.fit(train[features], train.survey_verdict)
    return host_from_model(model, frame[["roof_no", *features, "survey_verdict"]], test_ids=test, **THATCH_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
