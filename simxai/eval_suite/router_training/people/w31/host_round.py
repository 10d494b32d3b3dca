"""The invented `round` host of writer w31: a high-school debate team's rounds at tournaments.

`load_host()` fits a small synthetic model (a seeded `AdaBoostClassifier` of depth-2 trees, behind a one-hot
encoder for the categories) on 320 of the 400 rounds and builds the host from the model, the frame, the ids of the
80 held-out rounds and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of
w29's hosts. It has three labels: a round is a `win`, a `loss` or a `split` (a panel divided, the team's ballots
not a clean sweep either way). Nothing here comes from a data set: the domain, its columns and its words were
invented by w31 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w31/host_round.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["ROUND_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 101401
SIZE = 400
NUMERIC = ["prep_hours", "evidence_cards", "avg_speaker_pts", "opp_seed", "judge_years", "rebuttal_drills"]
CATEGORICAL = ["side", "round_kind"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
ROUND_CONFIG: dict[str, Any] = {
    "name": "debate round outcomes",
    "target": "result",
    "class_names": {"0": "win", "1": "loss", "2": "split"},
    "instance_noun": "round",
    "id_column": "round_id",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "side": {"0": "aff", "1": "neg"},
        "round_kind": {"0": "prelim", "1": "elim"},
    },
    "immutable_features": ["opp_seed", "judge_years"],
    "feature_aliases": {
        "prep_hours": ["prep", "prep time", "hours of prep"],
        "evidence_cards": ["cards", "evidence", "evidence cards"],
        "avg_speaker_pts": ["speaker points", "speaks", "speaker pts"],
        "opp_seed": ["opponent seed", "seed", "opponent"],
        "judge_years": ["judge experience", "judge", "judge years"],
        "rebuttal_drills": ["drills", "rebuttal drills", "practice"],
        "side": ["side", "affirmative", "negative"],
        "round_kind": ["prelim", "elim", "round type"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Rounds a high-school debate team argued at invented tournaments, one row per round, "
        "with what the coach logs before it.",
        "feature_descriptions": {
            "prep_hours": "hours the pair prepped for the topic that week",
            "evidence_cards": "evidence cards the pair brought into the round",
            "avg_speaker_pts": "the pair's average speaker points over their last rounds (about 25-30)",
            "opp_seed": "the opponent's seed at the tournament (1 is the strongest)",
            "judge_years": "years the judge (or panel chair) has judged",
            "rebuttal_drills": "rebuttal drills the pair ran that week",
            "side": "the side they argued: aff or neg",
            "round_kind": "prelim or elim round",
        },
        "target_description": "the result of the round: win, loss or split (a divided panel)",
        "model_description": "AdaBoost (SAMME) over 60 depth-2 decision trees, seeded, on the columns (side and "
        "round kind one-hot encoded).",
        "training": "Fitted on 320 of the 400 synthetic rounds; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic rounds, invented for testing; not a real team's record.",
            "Does not know the topic, the arguments run or how the pair felt that day.",
            "Split decisions are rare and hard for it to tell apart from close wins and losses.",
        ],
        "label_meanings": {
            "win": "the team won the round (every ballot, or the single judge)",
            "loss": "the team lost the round",
            "split": "a panel divided its ballots",
        },
        "probability_meaning": "The model's estimated probability of each of the three results (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(101431)
    n = SIZE
    frame = pd.DataFrame(
        {
            "round_id": np.arange(FIRST_ID, FIRST_ID + n),
            "prep_hours": np.round(np.clip(rng.gamma(3, 2.5, n), 0.5, 30), 1),
            "evidence_cards": np.clip(rng.poisson(40, n), 5, 90),
            "avg_speaker_pts": np.round(np.clip(rng.normal(27.6, 0.8, n), 25.0, 29.8), 1),
            "opp_seed": rng.integers(1, 33, n),
            "judge_years": rng.integers(0, 21, n),
            "rebuttal_drills": rng.integers(0, 11, n),
            "side": rng.choice(2, n),
            "round_kind": rng.choice(2, n, p=[0.75, 0.25]),
        }
    )
    edge = (
        0.08 * (frame.prep_hours - 7.5)
        + 0.02 * (frame.evidence_cards - 40)
        + 0.9 * (frame.avg_speaker_pts - 27.6)
        + 0.05 * (frame.opp_seed - 16)
        + 0.1 * (frame.rebuttal_drills - 5)
        - 0.2 * frame.side
        - 0.3 * frame.round_kind
        + rng.normal(0, 0.6, n)
    )
    close = (np.abs(edge) < 0.35) & (frame.judge_years < 12)
    frame["result"] = np.where(close, 2, np.where(edge > 0, 0, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 80 rounds the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1431).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented round host in memory, its model fitted on the rounds outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.round_id.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
                    remainder="passthrough",
                ),
            ),
            (
                "adaboost",
                AdaBoostClassifier(
                    DecisionTreeClassifier(max_depth=2, random_state=0), n_estimators=60, random_state=0
                ),
            ),
        ]
    )
    model.fit(train[FEATURES], train.result)
    return host_from_model(model, frame[["round_id", *FEATURES, "result"]], test_ids=test, **ROUND_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
