"""The invented `gambit` host of test set ac: the tournament games of an invented chess club.

One row per game of the club's winter tournament, as the arbiter wrote it up: the opening, whether it was a rapid
game, the rating gap, White's preparation, how long both players stayed in book and White's clock at move 30.
`load_host()` fits a seeded soft-voting ensemble (a logistic regression, a 15-nearest-neighbours classifier and a
depth-4 decision tree on the one-hot encoded and standardised columns, their probabilities averaged) on 240 of the
300 games and builds the host with `simxai.hosts.host_from_model`. Three labels, the game's result: `white` (White
won), `draw` or `black` (Black won). Nothing here comes from a data set: the domain, its columns and its words
were invented for this test set.

    python evalsets/fresh-2026-12-05ac/host_gambit.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["GAMBIT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 124101
SIZE = 300
NUMERIC = ["Rating Gap (Elo)", "prep_minutes", "MovesInBook", "clock at move 30 (min)", "round_no"]
CATEGORICAL = ["Opening", "Rapid"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
GAMBIT_CONFIG: dict[str, Any] = {
    "name": "chess club tournament games",
    "target": "Result",
    "class_names": {"0": "white", "1": "draw", "2": "black"},
    "instance_noun": "game",
    "id_column": "GameNo",
    "categorical_features": CATEGORICAL,
    "immutable_features": ["Opening"],
    "feature_aliases": {
        "Opening": ["opening", "the opening played", "first moves"],
        "Rapid": ["rapid", "rapid game", "quick time control"],
        "Rating Gap (Elo)": ["rating gap", "elo gap", "rating difference", "gap"],
        "prep_minutes": ["prep", "preparation", "minutes of preparation", "prep time"],
        "MovesInBook": ["moves in book", "book moves", "theory", "moves of theory"],
        "clock at move 30 (min)": ["clock", "time left", "clock at move 30", "minutes on the clock"],
        "round_no": ["round", "round number", "which round"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The games of an invented chess club's winter tournament, one row per game, written up by "
        "the arbiter from the scoresheets.",
        "feature_descriptions": {
            "Opening": "the opening played: sicilian, queens_gambit, italian or french",
            "Rapid": "True when the game was played at the rapid time control rather than the classical one",
            "Rating Gap (Elo)": "White's rating minus Black's rating, in Elo points (negative when Black is higher)",
            "prep_minutes": "how many minutes White spent preparing for this opponent before the game",
            "MovesInBook": "how many moves both players stayed in known opening theory",
            "clock at move 30 (min)": "the minutes left on White's clock when move 30 was played",
            "round_no": "the tournament round the game was played in, 1 to 9",
        },
        "target_description": "the game's result: White won, it was drawn, or Black won",
        "model_description": "A soft-voting ensemble: a logistic regression, a 15-nearest-neighbours classifier "
        "and a depth-4 decision tree on the one-hot encoded and standardised columns, their probabilities averaged.",
        "training": "Fitted on 240 of the 300 synthetic games; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic games, invented for testing; not a real club's results.",
            "Knows nothing of the moves themselves, only of the arbiter's summary columns.",
        ],
        "label_meanings": {
            "white": "White won the game",
            "draw": "the game was drawn",
            "black": "Black won the game",
        },
        "probability_meaning": "The ensemble's averaged probability of each result (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(124101)
    n = SIZE
    opening = rng.choice(["sicilian", "queens_gambit", "italian", "french"], n, p=[0.35, 0.25, 0.25, 0.15])
    rapid = rng.random(n) < 0.4
    gap = np.round(rng.normal(0.0, 160.0, n)).astype(int)
    prep = rng.integers(0, 121, n)
    book = rng.integers(4, 23, n)
    clock = np.round(np.clip(rng.normal(35.0, 18.0, n), 1.0, 80.0), 1)
    clock = np.where(rapid, np.round(clock / 4, 1), clock)
    rounds = rng.integers(1, 10, n)
    frame = pd.DataFrame(
        {
            "GameNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Opening": opening,
            "Rapid": rapid,
            "Rating Gap (Elo)": gap,
            "prep_minutes": prep,
            "MovesInBook": book,
            "clock at move 30 (min)": clock,
            "round_no": rounds,
        }
    )
    edge = (
        gap / 80.0
        + 0.012 * (prep - 60)
        + 0.04 * (np.where(rapid, clock * 4, clock) - 35) / 2
        - 0.3 * (opening == "sicilian")
        + 0.2 * (opening == "italian")
        + rng.normal(0, 0.9, n)
    )
    drawish = 0.6 + 0.04 * (book - 12) + 0.25 * (opening == "queens_gambit") - 0.35 * rapid + 0.03 * rounds
    frame["Result"] = np.where(edge > drawish, 0, np.where(edge < -drawish, 2, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 60 games the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1241).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented gambit host in memory, its model fitted on the games outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import VotingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.GameNo.isin(test)]
    vote = VotingClassifier(
        [
            ("logistic", LogisticRegression(C=1.0, max_iter=5000)),
            ("neighbours", KNeighborsClassifier(n_neighbors=15)),
            ("tree", DecisionTreeClassifier(max_depth=4, random_state=0)),
        ],
        voting="soft",
    )
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("vote", vote),
        ]
    )
    model.fit(train[FEATURES], train.Result)
    return host_from_model(model, frame[["GameNo", *FEATURES, "Result"]], test_ids=test, **GAMBIT_CONFIG)


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
    recorded = Counter(GAMBIT_CONFIG["class_names"][str(g)] for g in _frame().Result)
    print("recorded:", dict(recorded), "predicted:", predict(host, {"instance": "all"}).label_counts)
    for metric in ("accuracy", "f1", "roc_auc"):
        print("held-out:", score(host, {"metric": metric}))
