"""The invented `kiln` host of fresh set Q: a pottery studio's kiln firings.

`load_host()` fits a small synthetic firing model (a hand-written **mixture discriminant analysis** classifier: one
`sklearn.mixture.GaussianMixture` with two diagonal-covariance components per result, over the standard-scaled
numbers and one-hot encoded categories, the class priors from the training counts, and each result's probability
the normalised product of its prior and its mixture density) in a scikit-learn `Pipeline`, on the firings outside
the host's stratified held-out split, and builds the host from the model, the frame and the fields of its host
config with `simxai.hosts.host_from_model`. Nothing here comes from a data set: the firing log, its columns, its
codes and its words were invented for set Q, so that it measures a host nobody trained on. It has three labels.

    python evalsets/fresh-2026-12-03q/host_kiln.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sklearn.base import BaseEstimator, ClassifierMixin  # noqa: E402

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "KILN_CONFIG", "TEST_SIZE", "MixtureDiscriminantClassifier", "load_host"]

FIRST_ID = 97001
SIZE = 400
#: The held-out share of the firings: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "clayBody": ("stoneware", "porcelain", "terracotta"),
    "kilnType": ("elec", "gas", "wood"),
}
NUMERIC = (
    "peakTempC",
    "rampRateCph",
    "holdMins",
    "coneNo",
    "glazeCoats",
    "moisturePct",
    "kilnLoadPct",
    "coolRateCph",
    "wallThkMm",
)
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
KILN_CONFIG: dict[str, Any] = {
    "name": "pottery studio kiln firings",
    "target": "firingResult",
    "class_names": {"0": "good", "1": "flawed", "2": "cracked"},
    "instance_noun": "firing",
    "id_column": "firingId",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["clayBody", "kilnType"],
    "feature_aliases": {
        "peakTempC": ["peak temperature", "peak temp", "top temperature", "max temp"],
        "rampRateCph": ["ramp rate", "ramp", "heating rate", "climb rate"],
        "holdMins": ["hold", "hold time", "soak", "soak time"],
        "coneNo": ["cone", "cone number"],
        "glazeCoats": ["glaze coats", "coats of glaze", "glaze layers"],
        "moisturePct": ["moisture", "greenware moisture", "dampness"],
        "kilnLoadPct": ["kiln load", "load", "how full"],
        "coolRateCph": ["cooling rate", "cool rate", "cooling"],
        "wallThkMm": ["wall thickness", "wall", "thickness"],
        "clayBody": ["clay body", "clay"],
        "kilnType": ["kiln type", "kiln"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "The firing log of an invented pottery studio: one row per kiln firing of a batch of pieces, "
        "with the result the studio tech recorded when unloading.",
        "feature_descriptions": {
            "peakTempC": "the highest temperature the kiln reached, in degrees Celsius",
            "rampRateCph": "the heating rate of the last ramp to peak, in degrees Celsius per hour",
            "holdMins": "the soak (hold) at peak temperature, in minutes",
            "coneNo": "the pyrometric cone the firing was programmed for (4 to 10)",
            "glazeCoats": "the number of glaze coats on the pieces (0 for bisque)",
            "moisturePct": "the moisture of the greenware when loaded, in percent",
            "kilnLoadPct": "how full the kiln was, in percent of its shelf space",
            "coolRateCph": "the cooling rate after the hold, in degrees Celsius per hour",
            "wallThkMm": "the typical wall thickness of the pieces, in millimetres",
            "clayBody": "the clay body: stoneware, porcelain or terracotta",
            "kilnType": "the kiln: elec (electric), gas or wood",
        },
        "target_description": "the result recorded at unloading: good (pieces sound and glaze as intended), flawed "
        "(glaze faults such as crawling, pinholes, blisters or runs) or cracked (cracked, dunted or blown pieces)",
        "model_description": "A mixture discriminant analysis classifier (one sklearn.mixture.GaussianMixture with "
        "two diagonal-covariance components per result, with the training priors) on the standard-scaled numbers "
        "and one-hot encoded categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic firings (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic firings of an invented studio, made up for testing; not a real kiln log.",
            "Two Gaussian components per result: a result whose firings form more than two clusters is smoothed over.",
            "Diagonal covariances: it ignores how features move together within a result (peak temperature and "
            "cone, for one).",
        ],
        "label_meanings": {
            "good": "the pieces came out sound, with the glaze as intended",
            "flawed": "the pieces are whole but have glaze faults (crawling, pinholes, blisters, runs)",
            "cracked": "pieces cracked, dunted or blew up in the firing",
        },
        "probability_meaning": "Each result's prior times the mixture density of the training firings with that "
        "result around this firing, normalised so that the three sum to one.",
    },
}


class MixtureDiscriminantClassifier(ClassifierMixin, BaseEstimator):
    """Mixture discriminant analysis: one Gaussian mixture per class, weighted by the class prior."""

    def __init__(self, n_components: int = 2, reg_covar: float = 1e-2, random_state: int = 0) -> None:
        self.n_components = n_components
        self.reg_covar = reg_covar
        self.random_state = random_state

    def fit(self, X: Any, y: Any) -> MixtureDiscriminantClassifier:
        """Fit one diagonal Gaussian mixture per class on its rows, and the class priors from the class counts."""
        import numpy as np
        from sklearn.mixture import GaussianMixture

        X, y = np.asarray(X, dtype=float), np.asarray(y)
        self.classes_ = np.unique(y)
        self.mixtures_ = [
            GaussianMixture(
                n_components=self.n_components,
                covariance_type="diag",
                reg_covar=self.reg_covar,
                random_state=self.random_state,
            ).fit(X[y == c])
            for c in self.classes_
        ]
        self.log_priors_ = np.log([float(np.mean(y == c)) for c in self.classes_])
        return self

    def predict_proba(self, X: Any) -> Any:
        """Each class's prior times its mixture density at each row, normalised to sum to one (in log space)."""
        import numpy as np

        X = np.asarray(X, dtype=float)
        log_joint = np.column_stack([m.score_samples(X) for m in self.mixtures_]) + self.log_priors_
        log_joint -= log_joint.max(axis=1, keepdims=True)
        joint = np.exp(log_joint)
        return joint / joint.sum(axis=1, keepdims=True)

    def predict(self, X: Any) -> Any:
        """The class of the highest probability."""
        return self.classes_[self.predict_proba(X).argmax(axis=1)]


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(9701)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    body = pick("clayBody", [0.55, 0.25, 0.20])
    cone = np.where(body == "terracotta", rng.integers(4, 7, n), rng.integers(5, 11, n))
    frame = pd.DataFrame(
        {
            "firingId": np.arange(FIRST_ID, FIRST_ID + n),
            "peakTempC": np.clip(1150 + 20 * (cone - 4) + rng.normal(0, 15, n), 1100, 1320).round(0).astype(int),
            "rampRateCph": np.clip(rng.normal(110, 40, n), 40, 250).round(-1).astype(int),
            "holdMins": np.clip(rng.gamma(2.0, 8.0, n), 0, 60).round(0).astype(int),
            "coneNo": cone,
            "glazeCoats": np.clip(rng.poisson(1.6, n), 0, 4).astype(int),
            "moisturePct": np.clip(rng.gamma(2.0, 1.1, n), 0.5, 9).round(1),
            "kilnLoadPct": np.clip(rng.normal(70, 15, n), 30, 100).round(0).astype(int),
            "coolRateCph": np.clip(rng.normal(120, 50, n), 40, 300).round(-1).astype(int),
            "wallThkMm": np.clip(rng.normal(8, 3, n), 3, 20).round(0).astype(int),
            "clayBody": body,
            "kilnType": pick("kilnType", [0.6, 0.3, 0.1]),
        }
    )
    crack = (
        0.45 * (frame.moisturePct - 2.0)
        + 0.008 * (frame.coolRateCph - 120)
        + 0.006 * (frame.rampRateCph - 110)
        + 0.08 * (frame.wallThkMm - 8)
        + frame.clayBody.map({"stoneware": 0.0, "porcelain": 0.3, "terracotta": 0.2})
        + frame.kilnType.map({"elec": 0.0, "gas": 0.1, "wood": 0.3})
        + rng.normal(0, 0.2, n)
    )
    flaw = (
        0.55 * np.abs(frame.glazeCoats - 1.5)
        + 0.03 * np.clip(15 - frame.holdMins, 0, None)
        + 0.02 * np.clip(frame.kilnLoadPct - 75, 0, None)
        + 0.01 * np.abs(frame.peakTempC - (1150 + 20 * (frame.coneNo - 4)))
        + frame.kilnType.map({"elec": 0.0, "gas": 0.2, "wood": 0.5})
        + rng.normal(0, 0.2, n)
    )
    frame["firingResult"] = np.where(crack > 1.25, 2, np.where(flaw > 1.1, 1, 0))
    return frame


def load_host() -> TabularHost:
    """Build the invented kiln-firing host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("firingId", "firingResult")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.firingResult.to_numpy(), TEST_SIZE, KILN_CONFIG["seed"])
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
            ("mixtures", MixtureDiscriminantClassifier(n_components=2, reg_covar=1e-2, random_state=0)),
        ]
    )
    model.fit(frame[features].iloc[train], frame.firingResult.iloc[train])
    return host_from_model(model, frame, **KILN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
