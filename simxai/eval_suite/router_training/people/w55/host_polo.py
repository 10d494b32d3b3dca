"""The invented `polo` host of writer w55: league and tournament games of a small country water-polo club.

`load_host()` fits a small synthetic model (a logistic regression behind a scaler for the numbers and a one-hot
encoder for the venue and the True/False first-keeper column, a `Pipeline`) on 240 of the 300 games and builds
the host from the model, the frame, the ids of the 60 held-out games and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: the club's team `won` or `lost` the game (a draw goes to
penalties). Nothing here comes from a data set: the domain, its columns and its words were invented by w55 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w55/host_polo.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["POLO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 127101
SIZE = 300
NUMERIC = [
    "opposition ladder spot",
    "TrainingSessions",
    "squad size",
    "avg_age",
    "travel (km)",
    "water temp (C)",
]
CATEGORICAL = ["venue", "first_keeper"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
POLO_CONFIG: dict[str, Any] = {
    "name": "country water-polo club results",
    "target": "result",
    "class_names": {"0": "won", "1": "lost"},
    "instance_noun": "game",
    "id_column": "game_no",
    "category_names": {"venue": {"0": "home", "1": "away", "2": "tournament"}},
    "immutable_features": ["venue"],
    "feature_aliases": {
        "venue": ["home or away", "where it was played", "ground", "pool"],
        "first_keeper": ["first keeper", "first-choice goalie", "starting goalie", "our keeper"],
        "opposition ladder spot": ["opposition ladder spot", "ladder", "their ladder position", "opposition rank"],
        "TrainingSessions": ["training sessions", "trainings", "sessions that week", "training"],
        "squad size": ["squad size", "players", "number in the squad", "bench"],
        "avg_age": ["average age", "avg age", "age of the team"],
        "travel (km)": ["travel", "distance driven", "kilometres", "km"],
        "water temp (C)": ["water temp", "water temperature", "pool temperature"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Games of an invented country water-polo club's senior team, one row per game, "
        "with what was known before the first swim-off.",
        "feature_descriptions": {
            "venue": "where the game was played: the home pool, away, or at a weekend tournament",
            "first_keeper": "whether the first-choice goalkeeper played (True) or a stand-in (False)",
            "opposition ladder spot": "the opposing team's place on the league ladder, 1 (top) to 12",
            "TrainingSessions": "training sessions the squad had in the week before the game (0 to 4)",
            "squad size": "players in the squad that day, starters and bench (9 to 15)",
            "avg_age": "average age of the squad that day, in years",
            "travel (km)": "kilometres the team drove to the pool",
            "water temp (C)": "water temperature of the pool at the start, in degrees Celsius",
        },
        "target_description": "the result of the game for the club: won or lost (draws decided on penalties)",
        "model_description": "A logistic regression (C = 0.8), the numbers scaled and the venue and first-keeper "
        "column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic games; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic games, invented for testing; not a real club's results.",
            "Does not know the referees, injuries during the game or who scored.",
        ],
        "label_meanings": {
            "won": "the club won the game, in normal time or on penalties",
            "lost": "the club lost the game, in normal time or on penalties",
        },
        "probability_meaning": "The logistic model's estimated chance of each result.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(127161)
    n = SIZE
    venue = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    frame = pd.DataFrame(
        {
            "game_no": np.arange(FIRST_ID, FIRST_ID + n),
            "venue": venue,
            "first_keeper": rng.random(n) < 0.7,
            "opposition ladder spot": rng.integers(1, 13, n),
            "TrainingSessions": rng.integers(0, 5, n),
            "squad size": rng.integers(9, 16, n),
            "avg_age": np.round(rng.uniform(17.0, 34.0, n), 1),
            "travel (km)": np.where(venue == 0, 0, rng.integers(20, 901, n)),
            "water temp (C)": np.round(rng.uniform(24.0, 31.0, n), 1),
        }
    )
    score = (
        0.32 * (frame["opposition ladder spot"] - 6.5)
        + 0.5 * (frame.TrainingSessions - 2)
        + 1.0 * frame.first_keeper
        + 0.18 * (frame["squad size"] - 12)
        - 0.05 * np.abs(frame.avg_age - 25)
        - 0.0015 * frame["travel (km)"]
        + 0.5 * (venue == 0)
        - 0.12 * np.abs(frame["water temp (C)"] - 27)
        + rng.normal(0, 0.8, n)
    )
    frame["result"] = np.where(score > np.quantile(score, 0.45), 0, 1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 games the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1271).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented polo host in memory, its model fitted on the games outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.game_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            ("logistic", LogisticRegression(C=0.8, max_iter=500)),
        ]
    )
    model.fit(train[FEATURES], train.result)
    return host_from_model(model, frame[["game_no", *FEATURES, "result"]], test_ids=test, **POLO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
