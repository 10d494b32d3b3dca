"""The invented `runner` host of writer w22: runners of a city marathon and how their race ended.

`load_host()` fits a small synthetic model (a stacking ensemble on a seeded frame, fitted on 320 of the 400
runners) and builds the host from the model, the frame, the ids of the 80 held-out runners and the fields of
its host config with `simxai.hosts.host_from_model`, following the pattern of w19's `host_dog.py`. It has three
labels: a runner finishes `under_4h`, finishes `over_4h` or does not finish (`dnf`). Nothing here comes from a
data set: the domain, its columns and its words were invented by w22 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w22/host_runner.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["RUNNER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 75001
SIZE = 400
FEATURES = [
    "age_years",
    "weekly_km",
    "longest_run_km",
    "previous_marathons",
    "half_marathon_min",
    "race_day_temp_c",
    "injury_last_3_months",
    "sex",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
RUNNER_CONFIG: dict[str, Any] = {
    "name": "city marathon finishes",
    "target": "race_result",
    "class_names": {"0": "under_4h", "1": "over_4h", "2": "dnf"},
    "instance_noun": "runner",
    "id_column": "bib_number",
    "categorical_features": ["injury_last_3_months", "sex"],
    "category_names": {
        "injury_last_3_months": {"0": "no", "1": "yes"},
        "sex": {"0": "female", "1": "male"},
    },
    "immutable_features": ["sex", "age_years"],
    "feature_aliases": {
        "age_years": ["age", "how old"],
        "weekly_km": ["weekly mileage", "mileage", "km per week", "training volume"],
        "longest_run_km": ["long run", "longest run", "longest training run"],
        "previous_marathons": ["marathons run before", "experience", "previous races"],
        "half_marathon_min": ["half marathon time", "half time", "hm time", "half pb"],
        "race_day_temp_c": ["temperature", "race day temperature", "heat", "weather"],
        "injury_last_3_months": ["injury", "injured", "recent injury"],
        "sex": ["gender", "male or female"],
    },
    "seed": 0,
    "cards": {
        "description": "Runners of an invented city marathon held on two race days (spring 2025 and spring "
        "2026), one row per entrant, described as at registration and on race morning.",
        "feature_descriptions": {
            "age_years": "the runner's age on race day, in years",
            "weekly_km": "average training distance per week over the 12 weeks before the race, in km",
            "longest_run_km": "the longest single training run in those 12 weeks, in km",
            "previous_marathons": "how many marathons the runner had finished before",
            "half_marathon_min": "the runner's most recent half-marathon time, in minutes",
            "race_day_temp_c": "the air temperature at the start on race morning, in degrees Celsius",
            "injury_last_3_months": "whether the runner reported an injury in the 3 months before: no or yes",
            "sex": "female or male",
        },
        "target_description": "how the runner's race ended: under 4 hours, over 4 hours, or did not finish",
        "model_description": "Stacking ensemble: a logistic regression and a small random forest, combined by a "
        "logistic regression on their cross-validated probabilities.",
        "training": "Fitted on 320 of the 400 synthetic runners; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic runners, invented for testing; not real race results.",
            "Knows nothing about the course profile, pacing on the day, shoes, nutrition or sleep.",
            "Uses the start temperature only; it does not know how hot it got later in the race.",
        ],
        "label_meanings": {
            "under_4h": "the runner crossed the finish line in less than 4 hours (chip time)",
            "over_4h": "the runner finished in 4 hours or more, before the 6-hour cut-off",
            "dnf": "did not finish: the runner dropped out, was pulled by medics or missed the cut-off",
        },
        "probability_meaning": "The model's estimated probability of each of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7522)
    n = SIZE
    weekly = np.round(np.clip(rng.gamma(4.0, 11.0, n), 10, 130))
    half = np.round(np.clip(138 - 0.55 * weekly + rng.normal(0, 14, n), 75, 190))
    frame = pd.DataFrame(
        {
            "bib_number": np.arange(FIRST_ID, FIRST_ID + n),
            "age_years": rng.integers(19, 72, n),
            "weekly_km": weekly,
            "longest_run_km": np.round(np.clip(weekly * 0.45 + rng.normal(6, 4, n), 8, 38)),
            "previous_marathons": rng.choice(8, n, p=[0.3, 0.2, 0.15, 0.12, 0.09, 0.07, 0.04, 0.03]),
            "half_marathon_min": half,
            "race_day_temp_c": rng.choice([6, 9, 12, 15, 18, 21, 24, 27], n),
            "injury_last_3_months": rng.choice(2, n, p=[0.75, 0.25]),
            "sex": rng.choice(2, n),
        }
    )
    finish = (
        2.05 * frame.half_marathon_min / 60
        + 0.012 * (frame.race_day_temp_c - 12).clip(lower=0) ** 1.3
        + 0.004 * (frame.age_years - 40).clip(lower=0)
        - 0.006 * (frame.longest_run_km - 25)
        + rng.normal(0, 0.18, n)
    )
    risk = (
        -2.6
        + 1.3 * frame.injury_last_3_months
        + 0.09 * (frame.race_day_temp_c - 15).clip(lower=0)
        - 0.08 * (frame.longest_run_km - 22)
        - 0.25 * frame.previous_marathons.clip(upper=3)
        + rng.normal(0, 0.7, n)
    )
    frame["race_result"] = np.where(risk > -1.5, 2, np.where(finish < 4.0, 0, 1))
    return frame


def held_out_ids() -> list[int]:
    """The 80 runners the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(75).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented runner host in memory, its model fitted on the runners outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier, StackingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bib_number.isin(test)]
    model = StackingClassifier(
        estimators=[
            ("linear", make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))),
            ("forest", RandomForestClassifier(n_estimators=40, max_depth=5, random_state=0)),
        ],
        final_estimator=LogisticRegression(max_iter=1000),
        cv=5,
    )
    model.fit(train[FEATURES], train.race_result)
    return host_from_model(model, frame[["bib_number", *FEATURES, "race_result"]], test_ids=test, **RUNNER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
