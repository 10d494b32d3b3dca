"""The invented `league` host of test set ae: the league nights of an invented bowling alley.

One row per team per league night, as the alley's league secretary logged it: the division, whether the team
bowled on its usual pair of lanes, the team's mean bowler average, its handicap, the length of the night's oil
pattern, the spares it made per game, the days since its last league night and how many of its bowlers turned up.
`load_host()` fits a seeded bagged-trees classifier (bootstrap-aggregated shallow decision trees on the
one-hot-encoded division and the raw numbers) on 240 of the 300 nights and builds the host with
`simxai.hosts.host_from_model`. Three labels, the night's result against the opposing team: `won`, `split` or
`lost`. Nothing here comes from a data set: the domain, its columns and its words were invented for this test set.

    python evalsets/fresh-2026-12-05ae/host_league.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["LEAGUE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 128301
SIZE = 300
NUMERIC = [
    "team_average",
    "Handicap (pins)",
    "oil length (ft)",
    "spares per game",
    "DaysSinceLastNight",
    "bowlers_present",
]
CATEGORICAL = ["Division", "HomePair"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
LEAGUE_CONFIG: dict[str, Any] = {
    "name": "bowling league nights",
    "target": "Result",
    "class_names": {"0": "won", "1": "split", "2": "lost"},
    "instance_noun": "night",
    "id_column": "NightID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Division"],
    "feature_aliases": {
        "Division": ["division", "league", "bracket"],
        "HomePair": ["home pair", "home lanes", "usual lanes", "own lanes"],
        "team_average": ["team average", "average", "bowler average", "avg"],
        "Handicap (pins)": ["handicap", "handicap pins", "hdcp"],
        "oil length (ft)": ["oil length", "oil pattern", "pattern length", "oil"],
        "spares per game": ["spares", "spare count", "spares made"],
        "DaysSinceLastNight": ["days since last night", "rest days", "days off", "gap"],
        "bowlers_present": ["bowlers present", "bowlers", "turnout", "players present"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The league nights of an invented bowling alley, one row per team per night, logged by the "
        "league secretary.",
        "feature_descriptions": {
            "Division": "the team's league: classic, mixed, seniors or youth",
            "HomePair": "True when the team bowled on its usual pair of lanes",
            "team_average": "the mean of the team's bowlers' averages coming into the night, in pins per game",
            "Handicap (pins)": "the handicap the team was given for the night, in pins per game",
            "oil length (ft)": "the length of the night's oil pattern on the lanes, in feet",
            "spares per game": "the spares the team converted per game, per bowler",
            "DaysSinceLastNight": "how many days passed since the team's previous league night",
            "bowlers_present": "how many of the team's bowlers turned up (3 to 5; an absent one bowls blind)",
        },
        "target_description": "the night's result against the opposing team: won, split or lost",
        "model_description": "A bagged-trees classifier: 40 decision trees of depth at most 5, each fitted on a "
        "bootstrap sample of the nights, on the one-hot-encoded division and the raw numbers; the probabilities "
        "are the trees' averaged votes.",
        "training": "Fitted on 240 of the 300 synthetic league nights; the other 60 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic league nights, invented for testing; not a real alley's records.",
            "Knows nothing of the opposing team beyond what the logged columns imply.",
        ],
        "label_meanings": {
            "won": "the team took most of the night's points",
            "split": "the points were shared about evenly",
            "lost": "the opposing team took most of the night's points",
        },
        "probability_meaning": "The share of the bagged trees' averaged votes for each result (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(128301)
    n = SIZE
    division = rng.choice(["classic", "mixed", "seniors", "youth"], n, p=[0.3, 0.3, 0.2, 0.2])
    home = rng.random(n) < 0.5
    base = np.where(division == "classic", 185.0, np.where(division == "youth", 150.0, 165.0))
    average = np.round(np.clip(rng.normal(base, 14.0, n), 120.0, 225.0)).astype(int)
    handicap = np.round(np.clip(0.9 * (220 - average) + rng.normal(0, 8, n), 0, 100)).astype(int)
    oil = rng.integers(32, 48, n)
    spares = np.round(np.clip(rng.normal(4.2, 1.1, n), 1.0, 8.0), 1)
    days = rng.choice([7, 7, 7, 14, 14, 21, 28], n)
    present = rng.choice([3, 4, 5], n, p=[0.15, 0.3, 0.55])
    frame = pd.DataFrame(
        {
            "NightID": np.arange(FIRST_ID, FIRST_ID + n),
            "Division": division,
            "HomePair": home,
            "team_average": average,
            "Handicap (pins)": handicap,
            "oil length (ft)": oil,
            "spares per game": spares,
            "DaysSinceLastNight": days,
            "bowlers_present": present,
        }
    )
    strength = (
        0.045 * (average + 0.6 * handicap - 190)
        + 0.55 * (spares - 4.2)
        + 0.5 * home
        - 0.06 * np.abs(oil - 40) * (division == "youth")
        - 0.03 * np.abs(oil - 40)
        + 0.6 * (present - 5)
        - 0.02 * (days - 7)
        + rng.normal(0, 0.45, n)
    )
    low, high = np.quantile(strength, [0.38, 0.66])
    frame["Result"] = np.where(strength >= high, 0, np.where(strength <= low, 2, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 60 nights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1283).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented league host in memory, its model fitted on the nights outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import BaggingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.NightID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    bag = BaggingClassifier(
        estimator=DecisionTreeClassifier(max_depth=5, min_samples_leaf=3, random_state=0),
        n_estimators=40,
        random_state=0,
    )
    model = Pipeline([("columns", columns), ("bag", bag)])
    model.fit(train[FEATURES], train.Result)
    return host_from_model(model, frame[["NightID", *FEATURES, "Result"]], test_ids=test, **LEAGUE_CONFIG)


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
    recorded = Counter(LEAGUE_CONFIG["class_names"][str(g)] for g in _frame().Result)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
