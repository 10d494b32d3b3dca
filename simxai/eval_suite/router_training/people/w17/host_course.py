"""The invented `course` host of writer w17: online-course enrolments whose learner completes the course or drops it.

`load_host()` fits a small synthetic model (seeded gradient boosting, 120 depth-3 trees, on a seeded frame, fitted
on 320 of the 400 enrolments) and builds the host from the model, the frame, the ids of the 80 held-out enrolments
and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config` would load from
those files), following the pattern of w16's `host_tenant.py`. Nothing here comes from a data set: the domain, its
columns and its words were invented by w17 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w17/host_course.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["COURSE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 45001
SIZE = 400
FEATURES = [
    "weekly_study_hours",
    "videos_watched_pct",
    "forum_posts",
    "quiz_avg_score",
    "days_since_last_login",
    "enrolment_fee_usd",
    "age",
    "device",
    "course_level",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
COURSE_CONFIG: dict[str, Any] = {
    "name": "course completion",
    "target": "dropped",
    "class_names": {"0": "completes", "1": "drops"},
    "instance_noun": "enrolment",
    "id_column": "enrolment_id",
    "categorical_features": ["device", "course_level"],
    "category_names": {
        "device": {"0": "desktop", "1": "laptop", "2": "mobile", "3": "tablet"},
        "course_level": {"0": "beginner", "1": "intermediate", "2": "advanced"},
    },
    "immutable_features": ["age"],
    "feature_aliases": {
        "weekly_study_hours": ["study hours", "hours per week", "study time"],
        "videos_watched_pct": ["videos watched", "share of videos", "lecture videos"],
        "forum_posts": ["posts", "forum activity", "discussion posts"],
        "quiz_avg_score": ["quiz score", "quiz average", "quiz marks"],
        "days_since_last_login": ["last login", "days inactive", "days away"],
        "enrolment_fee_usd": ["fee", "price", "course fee"],
        "device": ["platform", "what they study on"],
        "course_level": ["level", "difficulty"],
    },
    "seed": 0,
    "cards": {
        "description": "Enrolments on the courses of an invented online-learning platform, one row per learner "
        "and course, from its 2025 spring term.",
        "feature_descriptions": {
            "weekly_study_hours": "average hours per week the learner spent on the course",
            "videos_watched_pct": "percentage of the course's lecture videos watched (0-100)",
            "forum_posts": "number of posts the learner wrote in the course forum",
            "quiz_avg_score": "average score on the weekly quizzes, out of 100",
            "days_since_last_login": "days since the learner last logged in, at the term's mid-point",
            "enrolment_fee_usd": "fee paid for the course in US dollars (0 = free audit)",
            "age": "age of the learner in years",
            "device": "device used most: desktop, laptop, mobile or tablet",
            "course_level": "beginner, intermediate or advanced",
        },
        "target_description": "whether the learner dropped the course before its final assessment",
        "model_description": "Gradient boosting (120 trees of depth 3, learning rate 0.1).",
        "training": "Fitted on 320 of the 400 synthetic enrolments; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic enrolments, invented for testing; not real learners.",
            "Measured at the term's mid-point: it says nothing about learners in their first weeks.",
            "Meant to decide whom a tutor contacts, not to grade or exclude anyone.",
        ],
        "label_meanings": {
            "completes": "the learner reached and sat the course's final assessment",
            "drops": "the learner left the course before its final assessment",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(4517)
    n = SIZE
    device = rng.choice(4, n, p=[0.25, 0.35, 0.3, 0.1])
    level = rng.choice(3, n, p=[0.45, 0.35, 0.2])
    hours = np.clip(np.round(rng.gamma(2.2, 2.0, n), 1), 0, 25)
    videos = np.clip(np.round(rng.normal(55, 25, n) + 2.5 * (hours - 4.4)), 0, 100)
    quiz = np.clip(np.round(rng.normal(68, 15, n) + 1.2 * (hours - 4.4) - 4 * level), 5, 100)
    frame = pd.DataFrame(
        {
            "enrolment_id": np.arange(FIRST_ID, FIRST_ID + n),
            "weekly_study_hours": hours,
            "videos_watched_pct": videos.astype(int),
            "forum_posts": rng.poisson(4, n) + rng.poisson(0.4 * hours),
            "quiz_avg_score": quiz.astype(int),
            "days_since_last_login": np.clip(np.round(rng.exponential(7, n)), 0, 60).astype(int),
            "enrolment_fee_usd": rng.choice([0, 49, 99, 199, 299, 499], n, p=[0.25, 0.2, 0.2, 0.15, 0.12, 0.08]),
            "age": rng.integers(16, 71, n),
            "device": device,
            "course_level": level,
        }
    )
    score = (
        -0.25 * (frame.weekly_study_hours - 4.4)
        - 0.03 * (frame.videos_watched_pct - 55)
        - 0.12 * (frame.forum_posts - 5)
        - 0.035 * (frame.quiz_avg_score - 65)
        + 0.09 * (frame.days_since_last_login - 7)
        - 0.003 * (frame.enrolment_fee_usd - 120)
        + 0.5 * (frame.device == 2)
        + 0.45 * (frame.course_level == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["dropped"] = (score > 0.3).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 enrolments the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(45).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented course host in memory, its model fitted on the enrolments outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.enrolment_id.isin(test)]
    model = GradientBoostingClassifier(n_estimators=120, max_depth=3, learning_rate=0.1, random_state=0)
    model.fit(train[FEATURES], train.dropped)
    return host_from_model(model, frame[["enrolment_id", *FEATURES, "dropped"]], test_ids=test, **COURSE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
