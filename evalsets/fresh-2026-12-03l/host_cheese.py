"""The invented `cheese` host of fresh set L: cheese wheels graded premium, standard or defective.

`load_host()` fits a small synthetic grading model (seeded Gaussian naive Bayes behind a one-hot encoding of the
categories and a standard scaling of the numbers, in a scikit-learn `Pipeline`) on the wheels outside the host's
stratified held-out split, and builds the host from the model, the frame and the fields of its host config with
`simxai.hosts.host_from_model` (the same host `--host-config` would load from those files). Naive Bayes is
neither a tree ensemble nor linear, so the host explains it with its model-agnostic SHAP fallback. Nothing here
comes from a data set: the cheese cave, its columns, its categories and its words were invented for set L, so
that it measures a host nobody trained on. It has three labels.

    python evalsets/fresh-2026-12-03l/host_cheese.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "CHEESE_CONFIG", "TEST_SIZE", "load_host"]

FIRST_ID = 61001
SIZE = 400
#: The held-out share of the wheels: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "milk": ("cow", "goat", "sheep", "buffalo"),
    "milk_treatment": ("raw", "thermised", "pasteurised"),
    "rind": ("natural", "washed", "bloomy", "waxed"),
}
NUMERIC = ("age_weeks", "cave_temp_c", "humidity_pct", "salt_pct", "ph", "turns_per_week")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CHEESE_CONFIG: dict[str, Any] = {
    "name": "cheese wheel grading",
    "target": "grade",
    "class_names": {"0": "premium", "1": "standard", "2": "defective"},
    "instance_noun": "wheel",
    "id_column": "wheel_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["milk"],
    "feature_aliases": {
        "age_weeks": ["age", "ageing", "aging time", "maturing time", "affinage"],
        "cave_temp_c": ["cave temperature", "temperature", "temp"],
        "humidity_pct": ["humidity", "cave humidity", "relative humidity"],
        "salt_pct": ["salt", "salt content", "salinity"],
        "ph": ["acidity", "pH value"],
        "turns_per_week": ["turning", "turns", "turning frequency"],
        "milk": ["milk type", "animal", "species"],
        "milk_treatment": ["heat treatment", "pasteurisation"],
        "rind": ["rind type", "rind style", "coat"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    # The model-agnostic SHAP fallback evaluates every coalition on each background row: 40 keep it to seconds.
    "background_size": 40,
    "cards": {
        "description": "Cheese wheels of an invented cooperative's ripening cave, one row per wheel as it was "
        "made and kept, with the grade the cooperative's grader gave it when it left the cave.",
        "feature_descriptions": {
            "age_weeks": "how long the wheel ripened in the cave before grading, in weeks",
            "cave_temp_c": "the mean temperature of the wheel's shelf in the cave, in degrees Celsius",
            "humidity_pct": "the mean relative humidity of the wheel's shelf in the cave, in percent",
            "salt_pct": "the salt content of the paste, in percent of its weight",
            "ph": "the pH of the curd the day after making",
            "turns_per_week": "how many times a week the wheel was turned on its shelf",
            "milk": "the animal the milk came from: cow, goat, sheep or buffalo",
            "milk_treatment": "how the milk was heated before making: raw, thermised or pasteurised",
            "rind": "the rind style: natural, washed, bloomy or waxed",
        },
        "target_description": "the grade given when the wheel left the cave: premium (sold under the "
        "cooperative's reserve label), standard (sold as ordinary table cheese) or defective (cracks, bad "
        "moulds, blowing or off flavours; not sold)",
        "model_description": "A Gaussian naive Bayes classifier (per-class normal densities, variance smoothing "
        "1e-9) on the standard-scaled numbers and one-hot encoded categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic wheels (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic wheels of an invented cooperative, made up for testing; not real cheese.",
            "Naive Bayes treats the features as independent given the grade, so its probabilities can be "
            "overconfident (close to 0 or 1) when several features point the same way.",
        ],
        "label_meanings": {
            "premium": "the wheel was graded good enough for the reserve label",
            "standard": "the wheel was sound but ordinary, sold as table cheese",
            "defective": "the wheel had a defect and was not sold",
        },
        "probability_meaning": "The naive Bayes posterior probability of each grade given the wheel's features.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6101)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    frame = pd.DataFrame(
        {
            "wheel_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age_weeks": np.clip(rng.gamma(3.0, 8.0, n).round(), 3, 90).astype(int),
            "cave_temp_c": np.clip(rng.normal(12, 1.8, n), 7, 18).round(1),
            "humidity_pct": np.clip(rng.normal(88, 4.5, n), 72, 99).round().astype(int),
            "salt_pct": np.clip(rng.normal(2.0, 0.5, n), 0.6, 3.8).round(1),
            "ph": np.clip(rng.normal(5.2, 0.15, n), 4.7, 5.7).round(2),
            "turns_per_week": np.clip(rng.poisson(2.5, n), 0, 7).astype(int),
            "milk": pick("milk", [0.45, 0.25, 0.2, 0.1]),
            "milk_treatment": pick("milk_treatment", [0.35, 0.25, 0.4]),
            "rind": pick("rind", [0.35, 0.25, 0.2, 0.2]),
        }
    )
    # Defects: off-centre humidity and pH, a warm cave, too little salt, no turning, raw milk, washed rinds.
    defect = (
        0.12 * (frame.humidity_pct - 89).abs()
        + 4.0 * (frame.ph - 5.2).abs()
        + 0.35 * (frame.cave_temp_c - 12).clip(lower=0)
        + 1.2 * (1.8 - frame.salt_pct).clip(lower=0)
        - 0.25 * frame.turns_per_week
        + frame.milk_treatment.map({"raw": 0.4, "thermised": 0.1, "pasteurised": -0.2})
        + frame.rind.map({"natural": 0.1, "washed": 0.4, "bloomy": 0.2, "waxed": -0.4})
        + rng.normal(0, 0.45, n)
    )
    # Quality among sound wheels: longer ripening, raw milk, sheep or goat milk, a cool cave, regular turning.
    quality = (
        0.045 * frame.age_weeks.clip(upper=60)
        + frame.milk.map({"cow": 0.0, "goat": 0.3, "sheep": 0.5, "buffalo": 0.2})
        + frame.milk_treatment.map({"raw": 0.5, "thermised": 0.2, "pasteurised": -0.3})
        - 0.2 * (frame.cave_temp_c - 11.5).abs()
        + 0.12 * frame.turns_per_week
        + frame.rind.map({"natural": 0.2, "washed": 0.1, "bloomy": 0.0, "waxed": -0.3})
        + rng.normal(0, 0.4, n)
    )
    grade = np.where(defect > 1.45, 2, np.where(quality > 1.6, 0, 1))
    frame["grade"] = grade
    return frame


def load_host() -> TabularHost:
    """Build the invented cheese host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("wheel_id", "grade")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.grade.to_numpy(), TEST_SIZE, CHEESE_CONFIG["seed"])
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
            ("naive_bayes", GaussianNB()),
        ]
    )
    model.fit(frame[features].iloc[train], frame.grade.iloc[train])
    return host_from_model(model, frame, **CHEESE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
