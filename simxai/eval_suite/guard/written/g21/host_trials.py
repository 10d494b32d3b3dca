"""The invented `trials` host of guard writer g21: sheepdog trial runs at a hill-farm show, qualified or eliminated.

`load_host()` builds a seeded frame of 300 trial runs (ids 107001-107300) and fits scikit-learn's
`PassiveAggressiveClassifier` (seeded), wrapped in `CalibratedClassifierCV` (sigmoid, 3 folds) so it gives
probabilities, on the standardized columns of 240 of them; the other 60 are held out for the performance figures.
Nothing here comes from a data set: the domain, its columns and its words were invented by g21.

    python simxai/eval_suite/guard/written/g21/host_trials.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TRIALS_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 107001
SIZE = 300
NUMERIC = ["outrun_m", "lift_seconds", "whistle_count", "wind_kmh", "flock_size", "dog_age_yr"]
CATEGORICAL = ["Breed"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TRIALS_CONFIG: dict[str, Any] = {
    "name": "sheepdog trial runs",
    "target": "result",
    "class_names": {"0": "qualified", "1": "eliminated"},
    "instance_noun": "run",
    "id_column": "run_id",
    "category_names": {"Breed": {"0": "border collie", "1": "kelpie", "2": "huntaway", "3": "bearded collie"}},
    "immutable_features": ["dog_age_yr"],
    "feature_aliases": {
        "outrun_m": ["outrun", "outrun length"],
        "lift_seconds": ["lift time", "lift"],
        "whistle_count": ["whistles", "number of commands"],
        "wind_kmh": ["wind", "wind speed"],
        "flock_size": ["flock", "number of sheep"],
        "dog_age_yr": ["dog age", "age of the dog"],
        "Breed": ["breed", "dog breed"],
    },
    "seed": 0,
    "cards": {
        "description": "Runs of an invented hill-farm show's sheepdog trial, one row per dog's run.",
        "feature_descriptions": {
            "outrun_m": "length of the dog's outrun to the flock, in metres",
            "lift_seconds": "seconds from the end of the outrun until the flock moves off",
            "whistle_count": "number of whistle commands the handler gave",
            "wind_kmh": "wind speed on the course during the run, in km/h",
            "flock_size": "number of sheep in the run's flock",
            "dog_age_yr": "age of the dog, in years",
            "Breed": "breed: border collie, kelpie, huntaway or bearded collie",
        },
        "target_description": "whether the run scored enough to qualify for the final",
        "model_description": "scikit-learn PassiveAggressiveClassifier (seed 21) calibrated by "
        "CalibratedClassifierCV (sigmoid, 3 folds) on standardized columns; the breed enters as its code.",
        "training": "Fitted on 240 of the 300 synthetic runs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic runs, invented for testing; not a real show's results.",
            "The breed enters as a numeric code, as if the breeds were ordered.",
            "A linear model: it cannot see that both very short and very long lifts may hurt.",
        ],
        "label_meanings": {
            "qualified": "the run scored enough points to go through to the final",
            "eliminated": "the run fell short, timed out or was retired",
        },
        "probability_meaning": "The calibrated probability of each result; the two sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(21021)
    n = SIZE
    breed = rng.choice(4, n, p=[0.5, 0.2, 0.15, 0.15])
    outrun = np.round(np.clip(rng.normal(350, 70, n), 150, 550)).astype(int)
    lift = np.round(np.clip(rng.gamma(3.0, 4.0, n), 2, 60), 1)
    whistles = rng.integers(8, 45, n)
    wind = np.round(np.clip(rng.normal(18, 8, n), 0, 45), 1)
    flock = rng.choice([3, 4, 5, 6, 8, 10], n)
    age = rng.integers(2, 12, n)
    score = (
        0.004 * (outrun - 350)
        + 0.09 * (lift - 12)
        + 0.07 * (whistles - 26)
        + 0.05 * (wind - 18)
        + 0.08 * (flock - 5.5)
        + 0.12 * (age - 6.5)
        - 0.4 * (breed == 0)
        + 0.3 * (breed == 3)
        + rng.normal(0, 0.8, n)
    )
    frame = pd.DataFrame(
        {
            "run_id": np.arange(FIRST_ID, FIRST_ID + n),
            "outrun_m": outrun,
            "lift_seconds": lift,
            "whistle_count": whistles,
            "wind_kmh": wind,
            "flock_size": flock,
            "dog_age_yr": age,
            "Breed": breed,
        }
    )
    frame["result"] = (score > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 runs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(21).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented trial host in memory, fitted on the runs outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.linear_model import PassiveAggressiveClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.run_id.isin(test)]
    # scikit-learn 1.8 marks this family deprecated (it still works); building and cloning it warns.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        base = PassiveAggressiveClassifier(C=0.05, max_iter=2000, tol=1e-4, random_state=21)
        model = make_pipeline(StandardScaler(), CalibratedClassifierCV(base, method="sigmoid", cv=3))
        model.fit(train[features], train.result)
    return host_from_model(model, frame[["run_id", *features, "result"]], test_ids=test, **TRIALS_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
