"""The invented `hive` host of guard set K: honeybee colonies that survive the winter or collapse, from a host config.

`load_host()` makes a small synthetic frame of beehives (seeded), holds out 100 of the 500, fits a seeded
extremely-randomized-trees classifier on the other 400, and builds the host from the model, the frame, the
held-out ids and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config`
would load from those files), so the host's metrics are computed on hives the model never saw. It follows the
pattern of set J's `host_ticket.py`. Nothing here comes from a data set: the domain, its columns and its words
were invented for set K, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-03k/host_hive.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HIVE_CONFIG", "load_host"]

#: Hives held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "beehive overwintering",
    "target": "winter_outcome",
    "class_names": {"0": "survives", "1": "collapses"},
    "instance_noun": "hive",
    "id_column": "hive_id",
    "category_names": {
        "hive_type": {"0": "langstroth", "1": "top_bar", "2": "warre"},
        "region": {"0": "coastal", "1": "valley", "2": "upland"},
        "mite_treatment": {"0": "none", "1": "oxalic", "2": "formic", "3": "thymol"},
    },
    "immutable_features": ["hive_type", "region"],
    "feature_aliases": {
        "varroa_per_100": ["mite load", "varroa count", "mites per hundred bees"],
        "queen_age_months": ["queen age", "age of the queen"],
        "honey_stores_kg": ["honey stores", "winter stores", "food reserves"],
        "brood_frames": ["brood", "frames of brood", "brood area"],
        "forage_distance_m": ["forage distance", "distance to forage", "how far the bees fly"],
        "inspections_per_month": ["inspections", "visits per month", "how often the hive is opened"],
        "mite_treatment": ["treatment", "varroa treatment", "mite treatment"],
    },
    "seed": 0,
    "cards": {
        "description": "Honeybee colonies of an invented beekeeping association, one row per hive checked in "
        "autumn; the label says whether the colony was alive in spring.",
        "feature_descriptions": {
            "hive_type": "the kind of hive the colony lives in",
            "region": "where the apiary is",
            "mite_treatment": "the autumn treatment against varroa mites",
            "varroa_per_100": "varroa mites counted per 100 bees in the autumn wash",
            "queen_age_months": "months since the queen was introduced or emerged",
            "honey_stores_kg": "kilograms of honey left in the hive for the winter",
            "brood_frames": "frames with brood at the autumn check",
            "forage_distance_m": "metres from the hive to the main forage",
            "inspections_per_month": "how many times a month the beekeeper opened the hive in the season",
        },
        "target_description": "whether the colony collapsed over the winter",
        "model_description": "An extremely randomized trees classifier (80 trees, depth at most 7, at least "
        "3 hives per leaf).",
        "training": "Fitted on 400 of the 500 synthetic hives with a seeded split; 100 are held out.",
        "limitations": [
            "Synthetic hives, invented for testing; not real apiary records.",
            "Trained on 400 hives only: rare combinations (an untreated warre hive in the uplands) are thin.",
        ],
        "label_meanings": {
            "survives": "the colony was alive and queenright in spring",
            "collapses": "the colony died or dwindled to nothing over the winter",
        },
        "probability_meaning": "The share of the trees' votes for the label (predict_proba); not calibrated.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(5301)
    n = 500
    hive_type = rng.choice(3, n, p=[0.6, 0.25, 0.15])
    region = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    mite_treatment = rng.choice(4, n, p=[0.25, 0.35, 0.2, 0.2])
    frame = pd.DataFrame(
        {
            "hive_id": np.arange(53001, 53001 + n),
            "hive_type": hive_type,
            "region": region,
            "mite_treatment": mite_treatment,
            "varroa_per_100": np.round(rng.gamma(1.6, 2.0, n), 1),
            "queen_age_months": rng.integers(2, 41, n),
            "honey_stores_kg": np.round(rng.normal(20, 6, n).clip(4, 40), 1),
            "brood_frames": rng.integers(1, 11, n),
            "forage_distance_m": np.round(rng.uniform(100, 3000, n), -1),
            "inspections_per_month": rng.integers(0, 7, n),
        }
    )
    score = (
        0.35 * (frame.varroa_per_100 - 3)
        - 0.12 * (frame.honey_stores_kg - 20)
        + 0.05 * (frame.queen_age_months - 18)
        - 0.25 * (frame.brood_frames - 5.5)
        + 0.0004 * (frame.forage_distance_m - 1500)
        - 0.6 * (frame.mite_treatment > 0)
        + 0.5 * (frame.region == 2)
        + 0.3 * (frame.hive_type == 2)
        + 0.15 * (frame.inspections_per_month - 3).abs()
        + rng.normal(0, 0.8, n)
    )
    frame["winter_outcome"] = (score > 0.4).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.ensemble import ExtraTreesClassifier
    from sklearn.model_selection import train_test_split

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("hive_id", "winter_outcome")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.winter_outcome)
    model = ExtraTreesClassifier(n_estimators=80, max_depth=7, min_samples_leaf=3, random_state=0)
    model.fit(train[features], train.winter_outcome)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.hive_id), **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
