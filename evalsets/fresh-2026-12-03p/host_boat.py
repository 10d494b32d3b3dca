"""The invented `boat` host of fresh set P: a marine surveyor's pre-purchase surveys of used sailboats.

`load_host()` fits a small synthetic survey model (a hand-written **class-conditional kernel density** classifier, a
Parzen-window Bayes rule: one `sklearn.neighbors.KernelDensity` with a Gaussian kernel per verdict, over the
standard-scaled numbers and one-hot encoded categories, the class priors from the training counts, and each
verdict's probability the normalised product of its prior and its density) in a scikit-learn `Pipeline`, on the
boats outside the host's stratified held-out split, and builds the host from the model, the frame and the fields of
its host config with `simxai.hosts.host_from_model`. Nothing here comes from a data set: the survey sheets, their
columns, their codes and their words were invented for set P, so that it measures a host nobody trained on. It has
three labels.

    python evalsets/fresh-2026-12-03p/host_boat.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sklearn.base import BaseEstimator, ClassifierMixin  # noqa: E402

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BOAT_CONFIG", "CATEGORIES", "TEST_SIZE", "KernelDensityClassifier", "load_host"]

FIRST_ID = 92001
SIZE = 400
#: The held-out share of the boats: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "HullMat": ("grp", "steel", "timber", "alloy"),
    "CE_cat": ("A", "B", "C"),
}
NUMERIC = ("LOA_ft", "HullAge_yrs", "MoistureRdg_pct", "BlisterCnt", "StdRig_yrs", "EngHrs", "KeelBolt_grade")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BOAT_CONFIG: dict[str, Any] = {
    "name": "used sailboat pre-purchase surveys",
    "target": "survey_verdict",
    "class_names": {"0": "seaworthy", "1": "refit", "2": "unsafe"},
    "instance_noun": "boat",
    "id_column": "survey_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["LOA_ft", "HullMat", "CE_cat"],
    "feature_aliases": {
        "LOA_ft": ["length", "length overall", "loa", "feet"],
        "HullAge_yrs": ["age", "hull age", "how old", "years old"],
        "MoistureRdg_pct": ["moisture", "moisture reading", "damp", "wet hull"],
        "BlisterCnt": ["blisters", "osmosis blisters", "osmosis"],
        "StdRig_yrs": ["rigging", "standing rigging", "rigging age", "rig age"],
        "EngHrs": ["engine hours", "hours", "engine"],
        "KeelBolt_grade": ["keel bolts", "keel bolt corrosion", "keel bolt grade"],
        "HullMat": ["hull material", "material", "construction"],
        "CE_cat": ["design category", "ce category", "rcd category"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Pre-purchase surveys of used sailboats by an invented marine surveyor, one row per survey, "
        "with the surveyor's verdict.",
        "feature_descriptions": {
            "LOA_ft": "length overall, in feet",
            "HullAge_yrs": "years since the hull was laid up or built",
            "MoistureRdg_pct": "the highest moisture-meter reading below the waterline, in percent (relative scale)",
            "BlisterCnt": "the number of osmosis blisters counted on the hull",
            "StdRig_yrs": "the age of the standing rigging (shrouds and stays), in years",
            "EngHrs": "hours on the inboard engine's meter",
            "KeelBolt_grade": "the surveyor's keel bolt corrosion code: 0 none, 1 light, 2 moderate, 3 severe",
            "HullMat": "the hull material: grp (fibreglass), steel, timber or alloy (aluminium)",
            "CE_cat": "the boat's CE design category: A (ocean), B (offshore) or C (inshore)",
        },
        "target_description": "the surveyor's verdict: seaworthy (fit to sail as it is), refit (needs yard work "
        "before it sails) or unsafe (not fit to put to sea until major repairs are done)",
        "model_description": "A class-conditional kernel density classifier (one Gaussian "
        "sklearn.neighbors.KernelDensity per verdict, bandwidth 1.2, with the training priors: a Parzen-window "
        "Bayes rule) on the standard-scaled numbers and one-hot encoded categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic surveys (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic surveys of an invented surveyor, made up for testing; not a real survey register.",
            "A density model: a boat unlike every training boat gets densities near zero for all verdicts, and its "
            "probabilities then rest on very few neighbours.",
            "One bandwidth for every feature: features on a coarse scale (the keel bolt code) are smoothed as "
            "much as fine ones.",
        ],
        "label_meanings": {
            "seaworthy": "fit to sail as it is",
            "refit": "needs yard work (rigging, engine, moisture, blisters) before it sails",
            "unsafe": "not fit to put to sea until major structural repairs are done",
        },
        "probability_meaning": "Each verdict's prior times the kernel density of the training boats with that "
        "verdict around this boat, normalised so that the three sum to one.",
    },
}


class KernelDensityClassifier(ClassifierMixin, BaseEstimator):
    """A Parzen-window Bayes classifier: one Gaussian kernel density per class, weighted by the class prior."""

    def __init__(self, bandwidth: float = 1.0) -> None:
        self.bandwidth = bandwidth

    def fit(self, X: Any, y: Any) -> KernelDensityClassifier:
        """Fit one kernel density per class on its rows, and the class priors from the class counts."""
        import numpy as np
        from sklearn.neighbors import KernelDensity

        X, y = np.asarray(X, dtype=float), np.asarray(y)
        self.classes_ = np.unique(y)
        self.densities_ = [KernelDensity(bandwidth=self.bandwidth).fit(X[y == c]) for c in self.classes_]
        self.log_priors_ = np.log([float(np.mean(y == c)) for c in self.classes_])
        return self

    def predict_proba(self, X: Any) -> Any:
        """Each class's prior times its density at each row, normalised to sum to one (in log space)."""
        import numpy as np

        X = np.asarray(X, dtype=float)
        log_joint = np.column_stack([d.score_samples(X) for d in self.densities_]) + self.log_priors_
        log_joint -= log_joint.max(axis=1, keepdims=True)
        joint = np.exp(log_joint)
        return joint / joint.sum(axis=1, keepdims=True)

    def predict(self, X: Any) -> Any:
        """The class of the highest probability."""
        return self.classes_[self.predict_proba(X).argmax(axis=1)]


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(9201)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    age = np.clip(rng.gamma(3.0, 8.0, n).round(), 2, 55).astype(int)
    material = pick("HullMat", [0.66, 0.12, 0.12, 0.10])
    frame = pd.DataFrame(
        {
            "survey_id": np.arange(FIRST_ID, FIRST_ID + n),
            "LOA_ft": np.clip(rng.normal(34, 6, n), 22, 52).round(1),
            "HullAge_yrs": age,
            "MoistureRdg_pct": np.clip(rng.normal(12 + age / 4.0, 5, n), 5, 40).round(0).astype(int),
            "BlisterCnt": np.clip(rng.poisson(0.5 + age / 12.0, n), 0, 30).astype(int),
            "StdRig_yrs": np.clip(rng.gamma(2.0, 4.5, n).round(), 0, 25).astype(int),
            "EngHrs": np.clip(rng.gamma(2.0, 900.0, n) + age * 40, 50, 8000).round(-1).astype(int),
            "KeelBolt_grade": np.clip(rng.poisson(0.3 + age / 30.0, n), 0, 3).astype(int),
            "HullMat": material,
            "CE_cat": pick("CE_cat", [0.3, 0.45, 0.25]),
        }
    )
    frame.loc[frame.HullMat != "grp", "BlisterCnt"] = 0  # osmosis is a fibreglass complaint
    risk = (
        0.09 * (frame.MoistureRdg_pct - 12)
        + 0.12 * frame.BlisterCnt
        + 0.10 * np.clip(frame.StdRig_yrs - 8, 0, None)
        + 0.00025 * frame.EngHrs
        + 0.9 * frame.KeelBolt_grade
        + 0.02 * frame.HullAge_yrs
        + frame.HullMat.map({"grp": 0.0, "steel": 0.5, "timber": 0.6, "alloy": 0.1})
        + frame.CE_cat.map({"A": 0.2, "B": 0.0, "C": -0.2})
        + rng.normal(0, 0.45, n)
    )
    frame["survey_verdict"] = np.where(risk > 3.4, 2, np.where(risk > 2.0, 1, 0))
    return frame


def load_host() -> TabularHost:
    """Build the invented sailboat-survey host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("survey_id", "survey_verdict")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.survey_verdict.to_numpy(), TEST_SIZE, BOAT_CONFIG["seed"])
    model = Pipeline(
        [
            (
                "encode",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), list(CATEGORIES)),
                        ("numbers", StandardScaler(), list(NUMERIC)),
                    ]
                ),
            ),
            ("density", KernelDensityClassifier(bandwidth=1.2)),
        ]
    )
    model.fit(frame[features].iloc[train], frame.survey_verdict.iloc[train])
    return host_from_model(model, frame, **BOAT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
