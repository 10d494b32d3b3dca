"""Small linear classifiers over sparse string features, stored as data (JSON) and scored with numpy.

The learned TalkToModel parser is a handful of these: fitted with scikit-learn's linear SVM when the
artefact is built, then kept as feature -> per-class weights, so loading and scoring need neither pickles nor
scikit-learn (numpy scores them).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Features", "LinearClassifier", "fit_classifier", "fit_multilabel"]

Features = Mapping[str, float]

# weights are stored rounded: the artefact stays small and identical across rebuilds (the dual solver
# does not go through BLAS, so the CPU's vector instructions do not move the weights)
_DIGITS = 4


@dataclass(frozen=True)
class LinearClassifier:
    """A multinomial linear model: one score per class, the sum of the present features' weights."""

    classes: tuple[str, ...]
    intercept: tuple[float, ...]
    weights: Mapping[str, tuple[float, ...]]

    @functools.cached_property
    def _matrix(self) -> tuple[dict[str, int], np.ndarray]:
        """The weights as a (features, classes) array and each feature's row: scoring in one product."""
        index = {name: i for i, name in enumerate(self.weights)}
        matrix = np.array(list(self.weights.values()), dtype=float).reshape(len(index), len(self.classes))
        return index, matrix

    def scores(self, features: Features) -> list[float]:
        """Each class's linear score (intercept plus weighted features), in class order."""
        index, matrix = self._matrix
        rows, values = [], []
        for name, value in features.items():
            row = index.get(name)
            if row is not None:
                rows.append(row)
                values.append(value)
        totals = np.asarray(self.intercept, dtype=float) + np.asarray(values, dtype=float) @ matrix[rows]
        return [float(t) for t in totals]

    def probabilities(self, features: Features) -> dict[str, float]:
        """Each class's probability (softmax of the scores; a one-class model gives 1.0)."""
        scores = self.scores(features)
        top = max(scores)
        exp = [math.exp(s - top) for s in scores]
        total = sum(exp)
        return {c: e / total for c, e in zip(self.classes, exp, strict=True)}

    def ranked(self, features: Features) -> list[tuple[str, float]]:
        """The classes, most probable first (ties by class order)."""
        probabilities = self.probabilities(features)
        return sorted(probabilities.items(), key=lambda kv: (-kv[1], self.classes.index(kv[0])))

    def best(self, features: Features, allowed: Sequence[str] | None = None) -> str:
        """The most probable class, among `allowed` when given (and not empty)."""
        for label, _ in self.ranked(features):
            if not allowed or label in allowed:
                return label
        return self.ranked(features)[0][0]

    def to_json(self) -> dict[str, Any]:
        """The classifier as JSON-ready data, weights sorted by feature name."""
        return {
            "classes": list(self.classes),
            "intercept": list(self.intercept),
            "weights": {name: list(row) for name, row in sorted(self.weights.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LinearClassifier:
        """Rebuild a classifier from what `to_json` gave."""
        classes = tuple(str(c) for c in data["classes"])
        weights = {str(k): tuple(float(w) for w in row) for k, row in data["weights"].items()}
        return cls(classes, tuple(float(b) for b in data["intercept"]), weights)


def fit_classifier(
    samples: Sequence[Features], labels: Sequence[str], *, c: float = 0.5, balanced: bool = False
) -> LinearClassifier:
    """Fit a linear support-vector classifier, one class against the rest (liblinear with a fixed seed,
    sorted features and classes: deterministic).

    Always the dual solver: liblinear's primal solver (which scikit-learn's ``dual="auto"`` picks when there
    are more samples than features) sums with BLAS, whose kernels differ by CPU (AVX-512 or not), so the
    rounded weights came out different on two machines; the dual coordinate descent is plain loops.

    With `balanced`, each class weighs as much as the others in the loss, however rare. A single-class
    training set gives a model that always answers that class.
    """
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.svm import LinearSVC

    classes = sorted(set(labels))
    if len(classes) == 1:
        return LinearClassifier((classes[0],), (0.0,), {})
    vectorizer = DictVectorizer(sort=True)
    matrix = vectorizer.fit_transform([dict(s) for s in samples]).tocsr()
    matrix.indices = matrix.indices.astype("int32")
    matrix.indptr = matrix.indptr.astype("int32")
    model = LinearSVC(C=c, dual=True, max_iter=20000, random_state=0, class_weight="balanced" if balanced else None)
    model.fit(matrix, list(labels))
    coef = model.coef_
    intercept = model.intercept_
    fitted = [str(x) for x in model.classes_]
    if len(fitted) == 2:  # scikit-learn keeps one row for two classes: class 1 against class 0
        coef = [[-v / 2 for v in coef[0]], [v / 2 for v in coef[0]]]
        intercept = [-intercept[0] / 2, intercept[0] / 2]
    names = vectorizer.get_feature_names_out()
    weights: dict[str, tuple[float, ...]] = {}
    for j, name in enumerate(names):
        row = tuple(round(float(coef[k][j]), _DIGITS) for k in range(len(fitted)))
        if any(row):
            weights[str(name)] = row
    return LinearClassifier(tuple(fitted), tuple(round(float(b), _DIGITS) for b in intercept), weights)


def fit_multilabel(
    samples: Sequence[Features], label_sets: Sequence[frozenset[str]], *, c: float = 0.5
) -> LinearClassifier:
    """Fit one linear support-vector classifier per label (is the label among the sample's labels?) and keep
    them as one model: each class's score is that label's decision value (positive: present).

    Deterministic as `fit_classifier`. A label every sample has (or none has) gets a constant score.
    """
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.svm import LinearSVC

    classes = sorted(set().union(*label_sets))
    vectorizer = DictVectorizer(sort=True)
    matrix = vectorizer.fit_transform([dict(s) for s in samples]).tocsr()
    matrix.indices = matrix.indices.astype("int32")
    matrix.indptr = matrix.indptr.astype("int32")
    coef = np.zeros((len(classes), matrix.shape[1]))
    intercept = np.zeros(len(classes))
    for k, label in enumerate(classes):
        target = [int(label in labels) for labels in label_sets]
        if len(set(target)) == 1:
            intercept[k] = 1.0 if target[0] else -1.0
            continue
        model = LinearSVC(C=c, dual=True, max_iter=20000, random_state=0)
        model.fit(matrix, target)
        coef[k] = model.coef_[0]
        intercept[k] = model.intercept_[0]
    names = vectorizer.get_feature_names_out()
    weights: dict[str, tuple[float, ...]] = {}
    for j, name in enumerate(names):
        row = tuple(round(float(coef[k, j]), _DIGITS) for k in range(len(classes)))
        if any(row):
            weights[str(name)] = row
    return LinearClassifier(tuple(classes), tuple(round(float(b), _DIGITS) for b in intercept), weights)
