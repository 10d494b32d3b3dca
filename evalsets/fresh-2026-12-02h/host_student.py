"""The invented `student` host of fresh set H: online-course students who complete or drop out, from a host config.

`load_host()` fits a small synthetic course-completion model (seeded gradient boosting on a seeded frame, fitted on
the students outside the host's stratified held-out split, as `bench/dev_hosts.py` does) and builds the host from the
model, the frame and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config`
would load from those files). Nothing here comes from a data set: the domain, its columns, its regions and its words
were invented for set H, so that it measures a host nobody trained on.

    python evalsets/fresh-2026-12-02h/host_student.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["STUDENT_CONFIG", "TEST_SIZE", "load_host"]

FIRST_ID = 25001
SIZE = 400
#: The held-out share of the students: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
LEVELS = ("beginner", "intermediate", "advanced")
DEVICES = ("laptop", "mobile", "tablet")
REGIONS = ("africa", "asia", "europe", "americas")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
STUDENT_CONFIG: dict[str, Any] = {
    "name": "online course completion",
    "target": "outcome",
    "class_names": {"0": "completes", "1": "drops_out"},
    "instance_noun": "student",
    "id_column": "student_id",
    "category_names": {
        "course_level": {str(i): name for i, name in enumerate(LEVELS)},
        "device": {str(i): name for i, name in enumerate(DEVICES)},
        "region": {str(i): name for i, name in enumerate(REGIONS)},
    },
    "immutable_features": ["age", "region"],
    "feature_aliases": {
        "course_level": ["level", "course difficulty", "difficulty"],
        "device": ["platform", "phone or laptop"],
        "hours_per_week": ["study hours", "study time", "hours a week", "weekly hours"],
        "days_since_login": ["last login", "days inactive", "inactivity"],
        "assignments_done": ["assignments", "submissions", "homework submitted"],
        "quiz_avg": ["quiz score", "quiz average", "grades", "test scores"],
        "forum_posts": ["posts", "forum activity", "discussion posts"],
        "videos_watched": ["videos", "lectures watched", "video completion"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Students (learners) enrolled in the courses of an invented online learning platform, one "
        "row per enrolment, observed four weeks into the course.",
        "feature_descriptions": {
            "age": "age of the student in years",
            "course_level": "the level of the course: beginner, intermediate or advanced",
            "device": "the device the student mostly studies on",
            "region": "the world region the student lives in",
            "hours_per_week": "average study hours per week on the platform",
            "days_since_login": "days since the student last logged in",
            "assignments_done": "percent of the assignments due so far that the student submitted",
            "quiz_avg": "average quiz score so far, in percent",
            "forum_posts": "posts in the course forum so far",
            "videos_watched": "percent of the lecture videos released so far that the student watched",
        },
        "target_description": "whether the student completes the course or drops out before the end",
        "model_description": "Gradient boosting of 100 depth-3 trees.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic students (seed 0) "
        f"with random_state=0; the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": ["Synthetic students of an invented platform, made up for testing; not real learners."],
        "label_meanings": {
            "completes": "the student finishes the course and earns its certificate",
            "drops_out": "the student stops before the end of the course",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2512)
    n = SIZE
    frame = pd.DataFrame(
        {
            "student_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age": rng.integers(16, 66, n),
            "course_level": rng.choice(len(LEVELS), n, p=[0.45, 0.35, 0.2]),
            "device": rng.choice(len(DEVICES), n, p=[0.5, 0.4, 0.1]),
            "region": rng.choice(len(REGIONS), n, p=[0.25, 0.3, 0.25, 0.2]),
            "hours_per_week": np.round(rng.gamma(2.0, 2.5, n).clip(0.5, 25.0), 1),
            "days_since_login": rng.geometric(0.15, n) - 1,
            "assignments_done": rng.integers(0, 21, n) * 5,
            "quiz_avg": np.round(rng.normal(68, 15, n).clip(10, 100)).astype(int),
            "forum_posts": rng.poisson(2.0, n),
            "videos_watched": rng.integers(0, 101, n),
        }
    )
    score = (
        -0.25 * (frame.hours_per_week - 5)
        + 0.12 * (frame.days_since_login - 6)
        - 0.03 * (frame.assignments_done - 50)
        - 0.025 * (frame.quiz_avg - 68)
        - 0.2 * (frame.forum_posts - 2)
        - 0.01 * (frame.videos_watched - 50)
        + 0.5 * (frame.device == 1)
        + 0.6 * (frame.course_level == 2)
        + 0.01 * (frame.age - 35)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (score > 0.2).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented student host in memory, its model fitted outside the config's held-out split."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("student_id", "outcome")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.outcome.to_numpy(), TEST_SIZE, STUDENT_CONFIG["seed"])
    model = GradientBoostingClassifier(n_estimators=100, max_depth=3, random_state=0).fit(
        frame[features].iloc[train], frame.outcome.iloc[train]
    )
    return host_from_model(model, frame, **STUDENT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
