"""The invented `escape` host of test set af: the games played at an invented escape-room venue.

One row per team per game, as the venue's game master logged it: the room's theme, whether it was the team's
first visit to the venue, the team's size, the hints it asked for, the hour the game started, the players' mean
age, how many days ahead the game was booked and how many escape rooms the players had played before, on average.
`load_host()` fits a seeded extra-trees classifier (an ensemble of extremely randomised shallow decision trees on
the one-hot-encoded theme and first-visit flag and the raw numbers) on 240 of the 300 games and builds the host
with `simxai.hosts.host_from_model`. Three labels, how the game ended: `escaped` (out before the clock ran out,
unaided by the last-minute rescue), `rescued` (the game master walked them through the final lock) or `trapped`
(time ran out). Nothing here comes from a data set: the domain, its columns and its words were invented for this
test set.

    python evalsets/fresh-2026-12-06af/host_escape.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ESCAPE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 130401
SIZE = 300
NUMERIC = [
    "team_size",
    "hints_used",
    "StartHour",
    "Avg Age (years)",
    "booking lead (days)",
    "rooms played before",
]
CATEGORICAL = ["Theme", "FirstVisit"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ESCAPE_CONFIG: dict[str, Any] = {
    "name": "escape room games",
    "target": "Outcome",
    "class_names": {"0": "escaped", "1": "rescued", "2": "trapped"},
    "instance_noun": "game",
    "id_column": "GameID",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Theme"],
    "feature_aliases": {
        "Theme": ["theme", "room", "room theme", "scenario"],
        "FirstVisit": ["first visit", "first timers", "new to the venue", "first time here"],
        "team_size": ["team size", "players", "number of players", "headcount"],
        "hints_used": ["hints used", "hints", "clues asked", "hint count"],
        "StartHour": ["start hour", "start time", "time slot", "hour"],
        "Avg Age (years)": ["average age", "avg age", "age", "mean age"],
        "booking lead (days)": ["booking lead", "lead time", "days ahead", "booked ahead"],
        "rooms played before": ["rooms played", "experience", "previous rooms", "rooms before"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The games played at an invented escape-room venue, one row per team per game, logged by "
        "the game master.",
        "feature_descriptions": {
            "Theme": "the room played: pharaoh, submarine, asylum or heist",
            "FirstVisit": "True when it was the team's first visit to the venue",
            "team_size": "how many players were in the team (2 to 6)",
            "hints_used": "how many hints the team asked the game master for (0 to 5)",
            "StartHour": "the hour the game started, on the 24-hour clock (10 to 22)",
            "Avg Age (years)": "the players' mean age, in years",
            "booking lead (days)": "how many days before the game it was booked",
            "rooms played before": "how many escape rooms the players had played before, on average",
        },
        "target_description": "how the game ended: escaped, rescued or trapped",
        "model_description": "An extra-trees classifier: 60 extremely randomised decision trees of depth at most 6, "
        "on the one-hot-encoded theme and first-visit flag and the raw numbers; the probabilities are the trees' "
        "averaged class shares.",
        "training": "Fitted on 240 of the 300 synthetic games; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic games, invented for testing; not a real venue's records.",
            "Knows nothing of the players beyond the logged columns (no puzzle-by-puzzle times).",
        ],
        "label_meanings": {
            "escaped": "the team opened the last door on its own before the hour was up",
            "rescued": "the game master walked the team through the final lock in the last minutes",
            "trapped": "the hour ran out with the team still inside",
        },
        "probability_meaning": "The trees' averaged share of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(130401)
    n = SIZE
    theme = rng.choice(["pharaoh", "submarine", "asylum", "heist"], n, p=[0.3, 0.25, 0.25, 0.2])
    first = rng.random(n) < 0.45
    size = rng.integers(2, 7, n)
    experience = np.round(np.clip(rng.gamma(2.0, 2.5, n) * np.where(first, 0.6, 1.0), 0, 25)).astype(int)
    hints = np.clip(rng.poisson(np.where(experience > 6, 1.0, 2.2), n), 0, 5)
    hour = rng.integers(10, 23, n)
    age = np.round(np.clip(rng.normal(31.0, 9.0, n), 14.0, 68.0), 1)
    lead = np.clip(rng.geometric(0.12, n) - 1, 0, 45)
    frame = pd.DataFrame(
        {
            "GameID": np.arange(FIRST_ID, FIRST_ID + n),
            "Theme": theme,
            "FirstVisit": first,
            "team_size": size,
            "hints_used": hints,
            "StartHour": hour,
            "Avg Age (years)": age,
            "booking lead (days)": lead,
            "rooms played before": experience,
        }
    )
    difficulty = np.select([theme == "asylum", theme == "heist", theme == "pharaoh"], [-0.7, -0.35, 0.3], 0.0)
    skill = (
        0.16 * experience
        - 0.35 * hints
        + 0.3 * (size - 4)
        - 0.12 * (size - 4) ** 2
        - 0.5 * first
        + difficulty
        - 0.025 * np.abs(age - 30)
        - 0.45 * (hour >= 21)
        + 0.01 * lead
        + rng.normal(0, 0.4, n)
    )
    low, high = np.quantile(skill, [0.35, 0.65])
    frame["Outcome"] = np.where(skill >= high, 0, np.where(skill <= low, 2, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 60 games the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1304).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented escape-room host in memory, its model fitted on the games outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.GameID.isin(test)]
    columns = ColumnTransformer(
        [
            ("codes", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
            ("numbers", "passthrough", NUMERIC),
        ]
    )
    trees = ExtraTreesClassifier(n_estimators=60, max_depth=6, min_samples_leaf=3, random_state=0)
    model = Pipeline([("columns", columns), ("trees", trees)])
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["GameID", *FEATURES, "Outcome"]], test_ids=test, **ESCAPE_CONFIG)


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
    recorded = Counter(ESCAPE_CONFIG["class_names"][str(g)] for g in _frame().Outcome)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
