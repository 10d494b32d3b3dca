"""The invented `colony` host of writer w18: honey-bee colonies and how they come out of winter.

`load_host()` fits a small synthetic model (seeded extra trees, 150 trees of depth at most 8, on a seeded frame,
fitted on 320 of the 400 colonies) and builds the host from the model, the frame, the ids of the 80 held-out
colonies and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w17's
`host_course.py`. It has three labels: a colony comes out of winter `strong`, `weak` or `dead`. Nothing here comes
from a data set: the domain, its columns and its words were invented by w18 so that the router meets a host it
was not trained on.

    python simxai/eval_suite/router_training/people/w18/host_colony.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["COLONY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 55001
SIZE = 400
FEATURES = [
    "varroa_per_100",
    "frames_of_bees",
    "honey_stores_kg",
    "queen_age_years",
    "mite_treatments",
    "days_since_inspection",
    "apiary_altitude_m",
    "hive_type",
    "bee_strain",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
COLONY_CONFIG: dict[str, Any] = {
    "name": "overwintering colonies",
    "target": "spring_status",
    "class_names": {"0": "strong", "1": "weak", "2": "dead"},
    "instance_noun": "colony",
    "id_column": "colony_id",
    "categorical_features": ["hive_type", "bee_strain"],
    "category_names": {
        "hive_type": {"0": "langstroth", "1": "national", "2": "top_bar", "3": "warre"},
        "bee_strain": {"0": "carniolan", "1": "italian", "2": "buckfast", "3": "local"},
    },
    "immutable_features": ["apiary_altitude_m"],
    "feature_aliases": {
        "varroa_per_100": ["mite load", "varroa count", "mite count", "mites per hundred", "varroa"],
        "frames_of_bees": ["colony size", "frames", "population", "cluster size"],
        "honey_stores_kg": ["stores", "honey stores", "winter stores", "food stores"],
        "queen_age_years": ["queen age", "age of the queen"],
        "mite_treatments": ["treatments", "varroa treatments", "mite treatments"],
        "days_since_inspection": ["last inspection", "days since inspected", "inspection gap"],
        "apiary_altitude_m": ["altitude", "elevation", "height of the apiary"],
        "hive_type": ["hive", "box type", "hive design"],
        "bee_strain": ["strain", "breed", "race", "stock"],
    },
    "seed": 0,
    "cards": {
        "description": "Honey-bee colonies of the members of an invented regional beekeepers' association, one "
        "row per colony, measured at the last autumn inspection of 2025 and followed through the winter.",
        "feature_descriptions": {
            "varroa_per_100": "varroa mites per 100 bees in an alcohol wash at the autumn inspection",
            "frames_of_bees": "number of frames covered with bees at the autumn inspection",
            "honey_stores_kg": "honey and syrup stores left in the hive for winter, in kilograms",
            "queen_age_years": "age of the colony's queen in years (0 = mated this season)",
            "mite_treatments": "number of varroa treatments the colony got during the season",
            "days_since_inspection": "days between the last full inspection and the winter closing",
            "apiary_altitude_m": "altitude of the apiary in metres above sea level",
            "hive_type": "hive design: langstroth, national, top_bar or warre",
            "bee_strain": "bee strain of the queen: carniolan, italian, buckfast or local",
        },
        "target_description": "how the colony came out of winter at the first spring inspection",
        "model_description": "Extra trees (150 randomised trees, depth at most 8, 3 labels).",
        "training": "Fitted on 320 of the 400 synthetic colonies; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic colonies, invented for testing; not real hives.",
            "Knows nothing about the weather of the winter itself, pesticides or swarming.",
            "A single autumn snapshot per colony: it cannot follow a colony through the season.",
        ],
        "label_meanings": {
            "strong": "the colony came out of winter on 8 or more frames of bees with a laying queen",
            "weak": "the colony survived the winter but on fewer than 8 frames or without a laying queen",
            "dead": "the colony died over the winter (a dead-out)",
        },
        "probability_meaning": "The model's estimated probability of each label (the three add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(5518)
    n = SIZE
    hive = rng.choice(4, n, p=[0.45, 0.3, 0.15, 0.1])
    strain = rng.choice(4, n, p=[0.3, 0.25, 0.2, 0.25])
    treatments = rng.choice(5, n, p=[0.12, 0.3, 0.33, 0.18, 0.07])
    varroa = np.clip(np.round(rng.gamma(2.0, 1.8, n) - 0.5 * (treatments - 2), 1), 0, 18) + 0.0
    frames = np.clip(np.round(rng.normal(10, 3.2, n)), 2, 20).astype(int)
    frame = pd.DataFrame(
        {
            "colony_id": np.arange(FIRST_ID, FIRST_ID + n),
            "varroa_per_100": varroa,
            "frames_of_bees": frames,
            "honey_stores_kg": np.clip(np.round(rng.normal(18, 6, n) + 0.6 * (frames - 10)), 4, 40).astype(int),
            "queen_age_years": rng.choice(5, n, p=[0.3, 0.3, 0.22, 0.12, 0.06]),
            "mite_treatments": treatments,
            "days_since_inspection": np.clip(np.round(rng.exponential(14, n)), 1, 75).astype(int),
            "apiary_altitude_m": np.round(rng.uniform(40, 1300, n) / 10).astype(int) * 10,
            "hive_type": hive,
            "bee_strain": strain,
        }
    )
    risk = (
        0.42 * (frame.varroa_per_100 - 3.5)
        - 0.17 * (frame.frames_of_bees - 10)
        - 0.09 * (frame.honey_stores_kg - 18)
        + 0.35 * (frame.queen_age_years - 1.3)
        - 0.25 * (frame.mite_treatments - 2)
        + 0.025 * (frame.days_since_inspection - 14)
        + 0.0009 * (frame.apiary_altitude_m - 650)
        + 0.35 * (frame.hive_type == 2)
        + 0.2 * (frame.hive_type == 3)
        - 0.35 * (frame.bee_strain == 0)
        + 0.25 * (frame.bee_strain == 1)
        + rng.normal(0, 0.7, n)
    )
    frame["spring_status"] = np.where(risk < -0.2, 0, np.where(risk < 0.9, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 80 colonies the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(55).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented colony host in memory, its model fitted on the colonies outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.colony_id.isin(test)]
    model = ExtraTreesClassifier(n_estimators=150, max_depth=8, min_samples_leaf=2, random_state=0)
    model.fit(train[FEATURES], train.spring_status)
    return host_from_model(model, frame[["colony_id", *FEATURES, "spring_status"]], test_ids=test, **COLONY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
