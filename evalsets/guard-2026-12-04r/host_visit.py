"""The invented `visit` host of guard set R: a beekeeping cooperative's hive inspection visits, three outcomes.

`load_host()` makes a small synthetic frame of hive inspection visits (seeded), holds out 80 of the 400, fits an
error-correcting output code model behind a standard scaler on the other 320 (scikit-learn's
`OutputCodeClassifier` around a logistic regression: each of the three outcomes gets a seeded binary code word, one
logistic regression is fitted per bit, and a visit gets the outcome whose code word is nearest to the predicted
bits; the probabilities are a softmax of minus the squared distances), and builds the host from the model, the
frame, the held-out ids and the fields of its host config with `simxai.hosts.host_from_model`, so the host's
metrics are computed on visits the model never saw. It follows the pattern of set Q's `host_inspection.py`.
Nothing here comes from a data set: the domain, its columns and its words were invented for set R.

    python evalsets/guard-2026-12-04r/host_visit.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sklearn.base import BaseEstimator, ClassifierMixin  # noqa: E402

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["VISIT_CONFIG", "OutputCodeProba", "load_host"]

#: Visits held out from fitting (the model's metrics are computed on them).
HELD_OUT = 80

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
VISIT_CONFIG: dict[str, Any] = {
    "name": "cooperative hive inspection visits",
    "target": "outlook",
    "class_names": {"0": "thriving", "1": "weak", "2": "collapsing"},
    "instance_noun": "visit",
    "id_column": "visit id",
    "category_names": {
        "hive type": {"0": "langstroth", "1": "top bar", "2": "warre"},
    },
    "immutable_features": ["hive type"],
    "feature_aliases": {
        "brood frames": ["brood", "frames of brood", "capped brood"],
        "mite count per 100": ["mites", "mite count", "varroa", "mite load"],
        "queen age months": ["queen age", "age of the queen", "queen"],
        "honey stores kg": ["stores", "honey", "honey stores"],
        "foragers per minute": ["foragers", "entrance traffic", "flight traffic"],
        "days since treatment": ["treatment", "days since the last treatment", "last treatment"],
        "hive type": ["type of hive", "box type"],
    },
    "seed": 0,
    "background_size": 40,
    "cards": {
        "description": "Hive inspection visits of an invented beekeeping cooperative, one row per visit as the "
        "beekeepers write it in the visit book; the label is the outlook the visiting beekeeper gave the colony: "
        "thriving, weak or collapsing.",
        "feature_descriptions": {
            "brood frames": "frames with brood counted on the visit",
            "mite count per 100": "varroa mites per 100 bees in the alcohol wash",
            "queen age months": "age of the queen in months, from the marking colour",
            "honey stores kg": "estimated honey stores in the hive, in kilograms",
            "foragers per minute": "bees returning to the entrance per minute",
            "days since treatment": "days since the colony's last varroa treatment",
            "hive type": "the kind of hive the colony lives in",
        },
        "target_description": "the visiting beekeeper's outlook for the colony",
        "model_description": "Error-correcting output codes behind a standard scaler: each outlook gets a "
        "seeded binary code word, one logistic regression is fitted per bit of the code, and the probability of "
        "an outlook is a softmax of minus the squared distance between the predicted bits and its code word.",
        "training": "Fitted on 320 of the 400 synthetic visits with a seeded split; 80 are held out.",
        "limitations": [
            "Synthetic visits, invented for testing; not a real cooperative's visit book.",
            "The probabilities come from distances to code words, not from a calibrated model.",
            "Each bit is a linear model of the scaled readings, so curved effects are missed.",
        ],
        "label_meanings": {
            "thriving": "the beekeeper expects the colony to grow and give a surplus",
            "weak": "the beekeeper expects the colony to survive but needs feeding, a new queen or treatment",
            "collapsing": "the beekeeper expects the colony to die out or abscond without help",
        },
        "probability_meaning": "A softmax of minus the squared distance of the predicted code bits to each "
        "outlook's code word; not calibrated.",
    },
}


class OutputCodeProba(ClassifierMixin, BaseEstimator):
    """`OutputCodeClassifier` around a logistic regression, with probabilities from the code-word distances."""

    def __init__(self, code_size: float = 2.0, sharpness: float = 4.0, seed: int = 0) -> None:
        self.code_size = code_size
        self.sharpness = sharpness
        self.seed = seed

    def fit(self, x: Any, y: Any) -> OutputCodeProba:
        """Fit the seeded output code classifier (one logistic regression per code bit)."""
        import numpy as np
        from sklearn.linear_model import LogisticRegression
        from sklearn.multiclass import OutputCodeClassifier

        self.codes_ = OutputCodeClassifier(
            LogisticRegression(max_iter=1000), code_size=self.code_size, random_state=self.seed
        ).fit(np.asarray(x, dtype=float), np.asarray(y))
        self.classes_ = self.codes_.classes_
        return self

    def predict_proba(self, x: Any) -> Any:
        """Softmax of minus the squared distances between the predicted bits and each code word."""
        import numpy as np

        x = np.asarray(x, dtype=float)
        bits = np.column_stack([e.predict_proba(x)[:, 1] for e in self.codes_.estimators_])
        book = (self.codes_.code_book_ > 0).astype(float)
        distances = ((bits[:, None, :] - book[None, :, :]) ** 2).sum(axis=2)
        scores = -self.sharpness * distances
        scores -= scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        return weights / weights.sum(axis=1, keepdims=True)

    def predict(self, x: Any) -> Any:
        """The outlook with the largest probability (the nearest code word)."""
        return self.classes_[self.predict_proba(x).argmax(axis=1)]


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(100401)
    n = 400
    hive_type = rng.choice(3, n, p=[0.55, 0.25, 0.2])
    frame = pd.DataFrame(
        {
            "visit id": np.arange(100401, 100401 + n),
            "hive type": hive_type,
            "brood frames": rng.integers(0, 11, n),
            "mite count per 100": np.round(rng.gamma(2.0, 1.6, n).clip(0, 20), 1),
            "queen age months": rng.integers(2, 49, n),
            "honey stores kg": np.round(rng.gamma(4.0, 4.0, n).clip(0, 45), 1),
            "foragers per minute": np.round(rng.normal(45, 15, n).clip(2, 110)).astype(int),
            "days since treatment": np.round(rng.gamma(2.5, 40.0, n).clip(5, 365)).astype(int),
        }
    )
    risk = (
        -0.35 * (frame["brood frames"] - 5)
        + 0.4 * (frame["mite count per 100"] - 3.2)
        + 0.03 * (frame["queen age months"] - 24)
        - 0.08 * (frame["honey stores kg"] - 16)
        - 0.03 * (frame["foragers per minute"] - 45)
        + 0.004 * (frame["days since treatment"] - 100)
        + 0.3 * (hive_type == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["outlook"] = np.where(risk < -0.3, 0, np.where(risk < 1.3, 1, 2))
    return frame


def load_host() -> TabularHost:
    """Build the invented visit host in memory, its model fitted on the 320 outside the held-out 80."""
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("visit id", "outlook")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.outlook)
    model = make_pipeline(StandardScaler(), OutputCodeProba(code_size=2.0, sharpness=4.0, seed=0))
    model.fit(train[features], train.outlook)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test["visit id"]), **VISIT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
