"""The invented `hive` host of fresh set K: beehives that survive the winter or are lost.

`load_host()` fits a small synthetic overwintering model (seeded k-nearest neighbours behind a one-hot encoding of
the categories and a standard scaling of the numbers, in a scikit-learn `Pipeline`) on the hives outside the
host's stratified held-out split, and builds the host from the model, the frame and the fields of its host config
with `simxai.hosts.host_from_model` (the same host `--host-config` would load from those files). A neighbours
model is neither a tree ensemble nor linear, so the host explains it with its model-agnostic SHAP fallback.
Nothing here comes from a data set: the apiaries, their columns, their categories and their words were invented
for set K, so that it measures a host nobody trained on.

    python evalsets/fresh-2026-12-03k/host_hive.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "HIVE_CONFIG", "TEST_SIZE", "load_host"]

FIRST_ID = 51001
SIZE = 400
#: The held-out share of the hives: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
#: How many neighbours vote: the probabilities come in steps of 1/15.
NEIGHBOURS = 15
CATEGORIES: dict[str, tuple[str, ...]] = {
    "hive_type": ("langstroth", "national", "top_bar", "warre"),
    "bee_strain": ("italian", "carniolan", "buckfast", "local"),
    "mite_treatment": ("none", "oxalic", "formic", "thymol"),
    "shelter": ("exposed", "partial", "sheltered"),
}
NUMERIC = ("queen_age_months", "altitude_m", "varroa_per_100", "honey_stores_kg", "brood_frames")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HIVE_CONFIG: dict[str, Any] = {
    "name": "beehive overwintering",
    "target": "winter_outcome",
    "class_names": {"0": "survived", "1": "lost"},
    "instance_noun": "hive",
    "id_column": "hive_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["altitude_m", "bee_strain"],
    "feature_aliases": {
        "queen_age_months": ["queen age", "age of the queen", "queen's age"],
        "altitude_m": ["altitude", "elevation", "height above sea level"],
        "varroa_per_100": ["mite count", "varroa count", "mite load", "varroa load", "mites"],
        "honey_stores_kg": ["honey stores", "stores", "food stores", "honey"],
        "brood_frames": ["frames of brood", "brood", "colony strength"],
        "hive_type": ["hive design", "box type", "hive model"],
        "bee_strain": ["strain", "breed", "race", "bee race"],
        "mite_treatment": ["treatment", "varroa treatment", "autumn treatment"],
        "shelter": ["wind shelter", "exposure", "siting"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    # The model-agnostic SHAP fallback evaluates every coalition on each background row: 40 keep it to seconds.
    "background_size": 40,
    "cards": {
        "description": "Beehives of an invented regional beekeepers' association, one row per hive as it was "
        "inspected in late autumn, with whether the colony was alive at the spring inspection.",
        "feature_descriptions": {
            "queen_age_months": "the age of the colony's queen at the autumn inspection, in months",
            "altitude_m": "the altitude of the apiary, in metres above sea level",
            "varroa_per_100": "varroa mites counted per 100 bees in the autumn alcohol wash",
            "honey_stores_kg": "the honey and syrup stores left in the hive for the winter, in kilograms",
            "brood_frames": "the number of frames with brood at the autumn inspection (colony strength), 1 to 10",
            "hive_type": "the hive design: langstroth, national, top_bar or warre",
            "bee_strain": "the strain of the bees: italian, carniolan, buckfast or local",
            "mite_treatment": "the autumn varroa treatment: none, oxalic (acid), formic (acid) or thymol",
            "shelter": "how sheltered the hive stands from the winter wind: exposed, partial or sheltered",
        },
        "target_description": "whether the colony is alive at the spring inspection (survived) or died or "
        "absconded over the winter (lost)",
        "model_description": f"A k-nearest-neighbours classifier ({NEIGHBOURS} neighbours, equal votes, "
        "Euclidean distance) on the standard-scaled numbers and one-hot encoded categories, in a scikit-learn "
        "Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic hives (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic hives of an invented association, made up for testing; not real apiaries.",
            "A neighbours model: its probabilities come in steps of one fifteenth, and far from the hives it has "
            "seen it simply repeats what the nearest of them did.",
        ],
        "label_meanings": {
            "survived": "the colony is alive at the spring inspection",
            "lost": "the colony died or absconded over the winter",
        },
        "probability_meaning": f"The share of the {NEIGHBOURS} most similar training hives that had each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(5101)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    frame = pd.DataFrame(
        {
            "hive_id": np.arange(FIRST_ID, FIRST_ID + n),
            "queen_age_months": np.clip(rng.gamma(2.2, 7.0, n).round(), 2, 60).astype(int),
            "altitude_m": np.clip(rng.normal(450, 260, n).round(-1), 0, 1400).astype(int),
            "varroa_per_100": np.clip(rng.gamma(1.6, 2.0, n), 0, 18).round(1),
            "honey_stores_kg": np.clip(rng.normal(18, 6, n), 3, 35).round(1),
            "brood_frames": np.clip(rng.normal(5.5, 2.0, n).round(), 1, 10).astype(int),
            "hive_type": pick("hive_type", [0.4, 0.3, 0.15, 0.15]),
            "bee_strain": pick("bee_strain", [0.3, 0.25, 0.25, 0.2]),
            "mite_treatment": pick("mite_treatment", [0.25, 0.35, 0.2, 0.2]),
            "shelter": pick("shelter", [0.3, 0.4, 0.3]),
        }
    )
    hive_type = {"langstroth": 0.0, "national": 0.0, "top_bar": 0.4, "warre": 0.1}
    strain = {"italian": 0.3, "carniolan": -0.3, "buckfast": -0.1, "local": -0.4}
    treatment = {"none": 0.8, "oxalic": -0.4, "formic": -0.3, "thymol": -0.1}
    shelter = {"exposed": 0.5, "partial": 0.0, "sheltered": -0.4}
    score = (
        0.25 * (frame.varroa_per_100 - 3)
        - 0.09 * (frame.honey_stores_kg - 18)
        - 0.25 * (frame.brood_frames - 5.5)
        + 0.03 * (frame.queen_age_months - 15)
        + 0.0008 * (frame.altitude_m - 450)
        + frame.hive_type.map(hive_type)
        + frame.bee_strain.map(strain)
        + frame.mite_treatment.map(treatment)
        + frame.shelter.map(shelter)
        + rng.normal(0, 0.7, n)
    )
    frame["winter_outcome"] = (score > 0.3).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented hive host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("hive_id", "winter_outcome")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.winter_outcome.to_numpy(), TEST_SIZE, HIVE_CONFIG["seed"])
    model = Pipeline(
        [
            (
                "encode",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore"), list(CATEGORIES)),
                        ("numbers", StandardScaler(), list(NUMERIC)),
                    ]
                ),
            ),
            ("neighbours", KNeighborsClassifier(n_neighbors=NEIGHBOURS)),
        ]
    )
    model.fit(frame[features].iloc[train], frame.winter_outcome.iloc[train])
    return host_from_model(model, frame, **HIVE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
