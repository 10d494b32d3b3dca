"""The invented `dog` host of writer w19: dogs of an animal shelter and whether they are adopted within 30 days.

`load_host()` fits a small synthetic model (Gaussian naive Bayes on a seeded frame, fitted on 320 of the 400
dogs) and builds the host from the model, the frame, the ids of the 80 held-out dogs and
the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w18's
`host_colony.py`. It has two labels: a dog is `adopted` within 30 days of going on the adoption floor or is still
`waiting`. Nothing here comes from a data set: the domain, its columns and its words were invented by w19 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w19/host_dog.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DOG_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 66001
SIZE = 400
FEATURES = [
    "age_years",
    "weight_kg",
    "kennel_stress_score",
    "previous_returns",
    "listing_photos",
    "adoption_fee_usd",
    "breed_group",
    "good_with_cats",
    "sex",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DOG_CONFIG: dict[str, Any] = {
    "name": "shelter dog adoptions",
    "target": "outcome_30d",
    "class_names": {"0": "waiting", "1": "adopted"},
    "instance_noun": "dog",
    "id_column": "dog_id",
    "categorical_features": ["breed_group", "good_with_cats", "sex"],
    "category_names": {
        "breed_group": {"0": "terrier", "1": "herding", "2": "hound", "3": "bully", "4": "toy", "5": "mixed"},
        "good_with_cats": {"0": "no", "1": "yes", "2": "untested"},
        "sex": {"0": "female", "1": "male"},
    },
    "immutable_features": ["sex", "breed_group"],
    "feature_aliases": {
        "age_years": ["age", "how old"],
        "weight_kg": ["weight", "size", "kilos"],
        "kennel_stress_score": ["kennel stress", "stress score", "kennel behaviour", "barrier reactivity"],
        "previous_returns": ["returns", "times returned", "bounce backs", "previous adoptions that failed"],
        "listing_photos": ["photos", "pictures", "pics", "photo count"],
        "adoption_fee_usd": ["fee", "adoption fee", "price"],
        "breed_group": ["breed", "breed type", "type of dog"],
        "good_with_cats": ["cat test", "cat friendly", "cats"],
        "sex": ["gender", "male or female"],
    },
    "seed": 0,
    "cards": {
        "description": "Dogs that went up for adoption at an invented county animal shelter in 2025, one row "
        "per dog, described as on the day the dog was put on the adoption floor.",
        "feature_descriptions": {
            "age_years": "the dog's estimated age in years",
            "weight_kg": "the dog's weight at intake, in kilograms",
            "kennel_stress_score": "staff rating of stress behaviour in the kennel, 1 (calm) to 5 (very stressed)",
            "previous_returns": "how many times the dog had been adopted and returned to a shelter before",
            "listing_photos": "how many photos the dog's online adoption listing has",
            "adoption_fee_usd": "the adoption fee asked, in US dollars",
            "breed_group": "breed group: terrier, herding, hound, bully, toy or mixed",
            "good_with_cats": "result of the shelter's cat test: no, yes or untested",
            "sex": "female or male",
        },
        "target_description": "whether the dog was adopted within 30 days of going on the adoption floor",
        "model_description": "Gaussian naive Bayes (each feature normal within each outcome, independent given it).",
        "training": "Fitted on 320 of the 400 synthetic dogs; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic dogs, invented for testing; not real shelter animals.",
            "Knows nothing about the dog's looks, its name, the season or the shelter's opening hours.",
            "Describes the dog on its first day on the floor: it does not update while the dog waits.",
        ],
        "label_meanings": {
            "adopted": "the dog went home with an adopter within 30 days (and was not returned in that time)",
            "waiting": "the dog was still at the shelter, or back from an adoption, after 30 days",
        },
        "probability_meaning": "The model's estimated probability of each outcome (the two add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6620)
    n = SIZE
    breed = rng.choice(6, n, p=[0.16, 0.14, 0.14, 0.2, 0.12, 0.24])
    base_weight = np.array([9, 22, 25, 27, 4, 18])[breed]
    frame = pd.DataFrame(
        {
            "dog_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age_years": np.round(np.clip(rng.gamma(2.0, 2.2, n), 0.3, 15), 1),
            "weight_kg": np.round(np.clip(base_weight * rng.normal(1, 0.25, n), 1.5, 55), 1),
            "kennel_stress_score": rng.choice([1, 2, 3, 4, 5], n, p=[0.2, 0.3, 0.25, 0.15, 0.1]),
            "previous_returns": rng.choice(4, n, p=[0.6, 0.25, 0.1, 0.05]),
            "listing_photos": rng.choice(13, n),
            "adoption_fee_usd": rng.choice([0, 25, 50, 75, 100, 150, 200, 250, 300], n),
            "breed_group": breed,
            "good_with_cats": rng.choice(3, n, p=[0.25, 0.35, 0.4]),
            "sex": rng.choice(2, n),
        }
    )
    appeal = (
        -0.22 * (frame.age_years - 4)
        - 0.03 * (frame.weight_kg - 18)
        - 0.45 * (frame.kennel_stress_score - 2.5)
        - 0.5 * frame.previous_returns
        + 0.12 * (frame.listing_photos - 6)
        - 0.006 * (frame.adoption_fee_usd - 120)
        + 0.5 * (frame.breed_group == 4)
        - 0.6 * (frame.breed_group == 3)
        + 0.2 * (frame.breed_group == 1)
        + 0.4 * (frame.good_with_cats == 1)
        - 0.3 * (frame.good_with_cats == 0)
        + rng.normal(0, 0.6, n)
    )
    frame["outcome_30d"] = (appeal > -0.1).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 dogs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(66).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented dog host in memory, its model fitted on the dogs outside `held_out_ids()`."""
    from sklearn.naive_bayes import GaussianNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.dog_id.isin(test)]
    model = GaussianNB()
    model.fit(train[FEATURES], train.outcome_30d)
    return host_from_model(model, frame[["dog_id", *FEATURES, "outcome_30d"]], test_ids=test, **DOG_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
