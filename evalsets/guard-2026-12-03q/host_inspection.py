"""The invented `inspection` host of guard set Q: a ski resort's chairlift inspections, judged pass or fail.

`load_host()` makes a small synthetic frame of chairlift inspections (seeded), holds out 80 of the 400, fits a
mixture discriminant model behind a standard scaler on the other 320 (for each label a Gaussian mixture of two
diagonal components is fitted to that label's inspections; a new inspection gets the label whose prior times
mixture density is larger), and builds the host from the model, the frame, the held-out ids and the fields of its
host config with `simxai.hosts.host_from_model`, so the host's metrics are computed on inspections the model never
saw. It follows the pattern of set P's `host_bell.py`. Nothing here comes from a data set: the domain, its columns
and its words were invented for set Q.

    python evalsets/guard-2026-12-03q/host_inspection.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sklearn.base import BaseEstimator, ClassifierMixin  # noqa: E402

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["INSPECTION_CONFIG", "MixtureDiscriminant", "load_host"]

#: Inspections held out from fitting (the model's metrics are computed on them).
HELD_OUT = 80

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
INSPECTION_CONFIG: dict[str, Any] = {
    "name": "chairlift inspection log",
    "target": "RESULT",
    "class_names": {"0": "pass", "1": "fail"},
    "instance_noun": "inspection",
    "id_column": "INSP_ID",
    "category_names": {
        "LIFT_TYPE": {"0": "fixed_grip", "1": "detachable"},
        "DRIVE_STN": {"0": "bottom", "1": "top"},
    },
    "immutable_features": ["LIFT_TYPE", "DRIVE_STN"],
    "feature_aliases": {
        "ROPE_WEAR_PCT": ["rope wear", "haul rope wear", "wear on the rope"],
        "GRIP_SLIP_MM": ["grip slip", "slip", "grip test"],
        "BRAKE_TORQUE_KNM": ["brake torque", "brake", "service brake"],
        "SHEAVE_TEMP_C": ["sheave temperature", "bearing temperature", "sheave"],
        "GUST_KMH": ["wind gust", "gusts", "wind"],
        "DAYS_SINCE_SVC": ["days since service", "days since the last service", "service age"],
        "LIFT_TYPE": ["lift type", "the type of lift"],
        "DRIVE_STN": ["drive station", "where the drive is"],
    },
    "seed": 0,
    "background_size": 40,
    "cards": {
        "description": "Chairlift inspections at an invented ski resort, one row per inspection as the "
        "maintenance team writes it in the lift log; the label is the inspector's verdict: pass (the lift may "
        "carry skiers) or fail (the lift stays closed until it is repaired and inspected again).",
        "feature_descriptions": {
            "LIFT_TYPE": "the kind of chairlift inspected",
            "DRIVE_STN": "the station that houses the drive bullwheel",
            "ROPE_WEAR_PCT": "loss of haul rope cross-section at the worst point, in percent",
            "GRIP_SLIP_MM": "slip of the worst chair grip on the pull test, in millimetres",
            "BRAKE_TORQUE_KNM": "service brake torque measured at the bullwheel, in kilonewton-metres",
            "SHEAVE_TEMP_C": "hottest sheave bearing on the thermal camera, in degrees Celsius",
            "GUST_KMH": "strongest wind gust at the top station during the inspection, in km/h",
            "DAYS_SINCE_SVC": "days since the lift's last full service",
        },
        "target_description": "the inspector's verdict",
        "model_description": "A mixture discriminant model behind a standard scaler: for each verdict a "
        "Gaussian mixture of two components with diagonal covariances is fitted to the scaled inspections of "
        "that verdict, and the probability of a verdict is its prior times its mixture density, normalised.",
        "training": "Fitted on 320 of the 400 synthetic inspections with a seeded split; 80 are held out.",
        "limitations": [
            "Synthetic inspections, invented for testing; not a real resort's lift log.",
            "Diagonal covariances: the model ignores how the readings vary together within a verdict.",
            "Density ratios far from the training data give probabilities near 0 or 1 that mean little.",
        ],
        "label_meanings": {
            "pass": "the inspector cleared the lift to carry skiers",
            "fail": "the inspector closed the lift until it is repaired and inspected again",
        },
        "probability_meaning": "The model's posterior of the verdict (prior times mixture density, normalised); "
        "not calibrated.",
    },
}


class MixtureDiscriminant(ClassifierMixin, BaseEstimator):
    """Per-label Gaussian mixtures (diagonal covariances, seeded) combined with the label priors."""

    def __init__(self, n_components: int = 2, seed: int = 0) -> None:
        self.n_components = n_components
        self.seed = seed

    def fit(self, x: Any, y: Any) -> MixtureDiscriminant:
        """Fit one seeded two-component mixture per label and the label priors."""
        import numpy as np
        from sklearn.mixture import GaussianMixture

        x = np.asarray(x, dtype=float)
        y = np.asarray(y)
        self.classes_ = np.unique(y)
        self.mixtures_ = [
            GaussianMixture(self.n_components, covariance_type="diag", reg_covar=1e-2, random_state=self.seed).fit(
                x[y == label]
            )
            for label in self.classes_
        ]
        self.log_priors_ = np.log([float(np.mean(y == label)) for label in self.classes_])
        return self

    def predict_proba(self, x: Any) -> Any:
        """Prior times mixture density per label, normalised over the labels (in log space for stability)."""
        import numpy as np

        x = np.asarray(x, dtype=float)
        scores = np.column_stack([m.score_samples(x) for m in self.mixtures_]) + self.log_priors_
        scores -= scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        return weights / weights.sum(axis=1, keepdims=True)

    def predict(self, x: Any) -> Any:
        """The label with the larger posterior."""
        return self.classes_[self.predict_proba(x).argmax(axis=1)]


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(97401)
    n = 400
    lift_type = rng.choice(2, n, p=[0.6, 0.4])
    drive = rng.choice(2, n, p=[0.65, 0.35])
    frame = pd.DataFrame(
        {
            "INSP_ID": np.arange(97401, 97401 + n),
            "LIFT_TYPE": lift_type,
            "DRIVE_STN": drive,
            "ROPE_WEAR_PCT": np.round(rng.gamma(3.0, 1.2, n).clip(0.2, 14), 1),
            "GRIP_SLIP_MM": np.round(rng.gamma(2.5, 2.0, n).clip(0, 30), 1),
            "BRAKE_TORQUE_KNM": np.round(rng.normal(48, 7, n).clip(25, 70), 1),
            "SHEAVE_TEMP_C": np.round(rng.normal(38, 9, n).clip(10, 80)).astype(int),
            "GUST_KMH": np.round(rng.gamma(4.0, 9.0, n).clip(5, 110)).astype(int),
            "DAYS_SINCE_SVC": np.round(rng.gamma(3.0, 30.0, n).clip(3, 365)).astype(int),
        }
    )
    fail = (
        0.45 * (frame.ROPE_WEAR_PCT - 3.6)
        + 0.25 * (frame.GRIP_SLIP_MM - 5)
        - 0.12 * (frame.BRAKE_TORQUE_KNM - 48)
        + 0.06 * (frame.SHEAVE_TEMP_C - 38)
        + 0.03 * (frame.GUST_KMH - 36)
        + 0.006 * (frame.DAYS_SINCE_SVC - 90)
        + 0.4 * (lift_type == 1)
        + rng.normal(0, 0.7, n)
    )
    frame["RESULT"] = (fail > 0.6).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented inspection host in memory, its model fitted on the 320 outside the held-out 80."""
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("INSP_ID", "RESULT")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.RESULT)
    model = make_pipeline(StandardScaler(), MixtureDiscriminant(n_components=2, seed=0))
    model.fit(train[features], train.RESULT)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.INSP_ID), **INSPECTION_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
