"""The invented `match` host of guard writer guardAD: singles matches played on an invented croquet club's lawns.

`load_host()` builds a seeded frame of 300 club matches (ids 126501-126800) and fits scikit-learn's
`ExtraTreesClassifier` on 240 of them; the other 60 are held out for the performance figures. Each match is
recorded from the home player's side as `won`, `lost` or `timed out` (the clock ran out before either side pegged
out, and the match went to the time-limit rule). Nothing here comes from a data set: the domain, its columns and
its words were invented by guardAD.

    python evalsets/guard-2026-12-05ad/host_match.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MATCH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 126501
SIZE = 300
NUMERIC = ["handicap_gap", "Lawn Speed (s)", "HoopsLastMonth", "wind_kmh", "Time Limit (min)", "Member Years"]
CATEGORICAL = ["GameCode", "roped_lawn"]
MATCH_CONFIG: dict[str, Any] = {
    "name": "croquet club match book",
    "target": "result",
    "class_names": {"0": "won", "1": "lost", "2": "timed out"},
    "instance_noun": "match",
    "id_column": "match_ref",
    "category_names": {
        "GameCode": {"0": "association", "1": "golf", "2": "one-ball"},
        "roped_lawn": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Member Years"],
    "feature_aliases": {
        "handicap_gap": ["handicap difference", "bisques gap"],
        "Lawn Speed (s)": ["lawn speed", "Plumpton time"],
        "HoopsLastMonth": ["hoops run last month", "recent hoops"],
        "wind_kmh": ["wind", "wind speed"],
        "Time Limit (min)": ["time limit", "clock"],
        "Member Years": ["membership years", "seniority"],
        "GameCode": ["code", "game code"],
        "roped_lawn": ["roped", "lawn roped off"],
    },
    "seed": 0,
    "cards": {
        "description": "Singles matches on an invented croquet club's lawns, one row per match from the match book.",
        "feature_descriptions": {
            "handicap_gap": "home player's handicap minus the opponent's (negative: the home player is stronger)",
            "Lawn Speed (s)": "seconds a ball takes to roll the length of the lawn (higher: a faster lawn)",
            "HoopsLastMonth": "hoops the home player ran in club play during the month before",
            "wind_kmh": "wind speed over the lawns at the start, in km/h",
            "Time Limit (min)": "the match's time limit in minutes",
            "Member Years": "years the home player has been a club member",
            "GameCode": "the code played: association, golf or one-ball",
            "roped_lawn": "whether the lawn was roped off from spectators",
        },
        "target_description": "the match's result from the home player's side",
        "model_description": "scikit-learn ExtraTreesClassifier (200 trees, depth at most 7); the game code and the "
        "roped lawn enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic matches; the other 60 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic matches, invented for testing; not a real club's match book.",
            "Only the home player's side is modelled; the opponent enters only through the handicap gap.",
            "The game code enters as a numeric code.",
        ],
        "label_meanings": {
            "won": "the home player pegged out first or led at time",
            "lost": "the opponent pegged out first or led at time",
            "timed out": "the clock ran out with the scores level and the match was left drawn on time",
        },
        "probability_meaning": "The share of the trees' votes (averaged leaf frequencies) for each result.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2605)
    n = SIZE
    gap = np.round(rng.normal(0, 4, n), 1)
    speed = np.round(np.clip(rng.normal(11, 1.5, n), 7, 15), 1)
    hoops = rng.integers(0, 60, n)
    wind = np.round(np.clip(rng.gamma(2.0, 6.0, n), 0, 45), 0)
    limit = rng.choice([90, 120, 150, 180], n)
    years = rng.integers(1, 41, n)
    code = rng.choice(3, n, p=[0.45, 0.4, 0.15])
    roped = rng.choice(2, n, p=[0.7, 0.3])
    frame = pd.DataFrame(
        {
            "match_ref": np.arange(FIRST_ID, FIRST_ID + n),
            "handicap_gap": gap,
            "Lawn Speed (s)": speed,
            "HoopsLastMonth": hoops,
            "wind_kmh": wind,
            "Time Limit (min)": limit,
            "Member Years": years,
            "GameCode": code,
            "roped_lawn": roped,
        }
    )
    edge = -0.35 * gap + 0.04 * (hoops - 30) + 0.02 * (years - 20) + rng.normal(0, 1.0, n)
    slow = -0.05 * (limit - 135) + 0.05 * (wind - 12) - 0.4 * (speed - 11) + 1.2 * (code == 0) + rng.normal(0, 1, n)
    result = np.where(edge > 0, 0, 1)
    result[(slow > 1.6) & (np.abs(edge) < 1.5)] = 2
    frame["result"] = result
    return frame


def held_out_ids() -> list[int]:
    """The 60 matches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(2650).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented croquet host in memory, fitted on the matches outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.match_ref.isin(test)]
    model = ExtraTreesClassifier(n_estimators=200, max_depth=7, min_samples_leaf=2, random_state=0)
    model.fit(train[features], train.result)
    return host_from_model(model, frame[["match_ref", *features, "result"]], test_ids=test, **MATCH_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
