"""The embedded demo host: diabetes progression, built in seconds from data scikit-learn ships (no download).

The data are the 442 patients of Efron et al. (2004), "Least Angle Regression", as bundled with
scikit-learn (`load_diabetes(scaled=False)`). Each patient is labelled `progressing` when the disease
progression score one year after baseline is above 140, else `stable`. A gradient-boosting classifier is
trained on a stratified 80 % split; the other 20 % is the host's held-out split.
"""

from __future__ import annotations

import functools
from typing import Any

from simxai.hosts.tabular import DataCard, ModelCard, OutputCard, TabularHost, stratified_split

__all__ = ["DEMO_FEATURES", "THRESHOLD", "build_demo_host", "load_demo_host"]

#: The source's columns (age, sex, bmi, bp, s1..s6), renamed in the same order.
DEMO_FEATURES = (
    "age",
    "sex",
    "bmi",
    "blood_pressure",
    "total_cholesterol",
    "ldl",
    "hdl",
    "cholesterol_ratio",
    "triglycerides_log",
    "glucose",
)
THRESHOLD = 140
TARGET = "progression"
#: The model's classes (the labels computed below), bound to their names by value.
CLASS_NAMES = {0: "stable", 1: "progressing"}
TEST_SIZE = 0.2

# Gradient boosting with depth-2 trees: on the training part its 5-fold cross-validated accuracy (0.73)
# matched a random forest's and beat deeper boosting (0.71); it trains in a tenth of a second.
MODEL_PARAMS: dict[str, Any] = {"n_estimators": 100, "max_depth": 2, "learning_rate": 0.1}

_DESCRIPTIONS = {
    "age": "age in years",
    "sex": "sex, coded 1 or 2 in the source (which code is which sex is not documented)",
    "bmi": "body mass index in kg/m²",
    "blood_pressure": "average blood pressure in mm Hg",
    "total_cholesterol": "total serum cholesterol (blood serum measurement s1; the source states no unit)",
    "ldl": "low-density lipoproteins (blood serum measurement s2; the source states no unit)",
    "hdl": "high-density lipoproteins (blood serum measurement s3; the source states no unit)",
    "cholesterol_ratio": "total cholesterol divided by HDL (blood serum measurement s4)",
    "triglycerides_log": "possibly the log of the serum triglycerides level, as the source puts it (s5)",
    "glucose": "blood sugar level (blood serum measurement s6; the source states no unit)",
}
_ALIASES = {
    "age": ["years"],
    "sex": ["gender"],
    "bmi": ["body mass index", "body_mass_index"],
    "blood_pressure": ["bp", "blood pressure", "pressure"],
    "total_cholesterol": ["s1", "tc", "cholesterol"],
    "ldl": ["s2", "ldl cholesterol"],
    "hdl": ["s3", "hdl cholesterol"],
    "cholesterol_ratio": ["s4", "tch"],
    "triglycerides_log": ["s5", "ltg", "triglycerides"],
    "glucose": ["s6", "glu", "blood sugar", "sugar"],
}


def load_demo_host(seed: int = 0) -> TabularHost:
    """The diabetes-progression demo host, built once per seed and process (later calls share it).

    Args:
        seed: seeds the train/held-out split, the model and the host's explainers.
    """
    return _cached_demo_host(int(seed))


def build_demo_host(seed: int = 0) -> TabularHost:
    """A freshly built demo host, with empty caches (`load_demo_host` shares one per seed instead).

    Args:
        seed: seeds the train/held-out split, the model and the host's explainers.
    """
    from sklearn.datasets import load_diabetes
    from sklearn.ensemble import GradientBoostingClassifier

    source = load_diabetes(scaled=False, as_frame=True)
    features = source.data.set_axis(list(DEMO_FEATURES), axis=1)
    labels = (source.target > THRESHOLD).astype(int).to_numpy()
    train, _ = stratified_split(labels, TEST_SIZE, seed)
    model = GradientBoostingClassifier(random_state=seed, **MODEL_PARAMS)
    model.fit(features.iloc[train], labels[train])
    data = features.assign(**{TARGET: labels})
    n = len(data)
    n_progressing = int(labels.sum())
    return TabularHost(
        model,
        data,
        TARGET,
        CLASS_NAMES,
        name="diabetes progression",
        instance_noun="patient",
        categorical_features=["sex"],
        test_size=TEST_SIZE,
        seed=seed,
        feature_descriptions=_DESCRIPTIONS,
        feature_aliases=_ALIASES,
        immutable_features=["age", "sex"],
        data_card=DataCard(
            description=(
                f"The diabetes data of Efron et al. (2004), as shipped with scikit-learn: {n} diabetes "
                "patients with ten baseline measurements (age, sex, body mass index, average blood pressure "
                "and six blood serum measurements) and a quantitative measure of disease progression one "
                "year after baseline. A patient is labelled progressing when that score is above "
                f"{THRESHOLD} ({n_progressing} patients), else stable ({n - n_progressing})."
            ),
            target_description=(
                f"{TARGET} is 1 (progressing) when the one-year disease progression score (25 to 346 in the "
                f"data) is above {THRESHOLD}, else 0 (stable)."
            ),
        ),
        model_card=ModelCard(
            description=(
                "A gradient-boosting classifier (scikit-learn, "
                f"{MODEL_PARAMS['n_estimators']} trees of depth {MODEL_PARAMS['max_depth']}, "
                f"learning rate {MODEL_PARAMS['learning_rate']}) that predicts "
                "whether a patient's diabetes will be progressing or stable one year after baseline from the "
                "ten baseline measurements."
            ),
            training=(
                f"It was trained on a stratified {1 - TEST_SIZE:.0%} split of the {n} patients "
                f"({len(train)} patients, seed {seed}); the settings were chosen by 5-fold cross-validation "
                "on the training part of the seed-0 split."
            ),
        ),
        output_card=OutputCard(
            label_meanings={
                "stable": f"the one-year disease progression score is predicted to be at most {THRESHOLD}",
                "progressing": f"the one-year disease progression score is predicted to be above {THRESHOLD}",
            },
            probability_meaning=(
                "The probability of a label is the gradient-boosting model's score for it (from "
                "predict_proba); the two scores sum to 1 and the label with the higher score is predicted. "
                "The scores are not calibrated against outcomes, so read them as the model's confidence, not "
                "a clinical risk."
            ),
        ),
    )


_cached_demo_host = functools.lru_cache(maxsize=4)(build_demo_host)
