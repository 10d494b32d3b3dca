"""Which exact SHAP explainer fits a model, and how a pipeline's encoded columns fold back to the user's features.

A model is split into its preprocessing (the steps of a `Pipeline` before the last, or nothing) and its
estimator (the last step). The estimator's family decides the explainer: tree ensembles get TreeExplainer,
linear classifiers the closed-form linear SHAP values (what shap's LinearExplainer computes), anything else
the model-agnostic fallback. A pipeline is explained in its transformed space; each transformed column is
then added to the one user feature it depends on, which keeps the attributions additive. Which feature a
transformed column depends on is found by changing one feature at a time on sample rows and watching which
columns move: a column that moves with two features (an interaction, a projection) cannot be folded back
exactly, and the model then goes to the fallback.

Families are matched by class name and module, so no optional library (xgboost, lightgbm, catboost) is
imported to recognise a model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import pandas as pd

from simxai.hosts._tabular_data import Table

Family = Literal["tree", "linear", "agnostic"]
OutputSpace = Literal["probability", "log-odds", "score"]
#: The explainer names a host configuration may give; "auto" picks the fastest exact one that fits.
EXPLAINERS = ("auto", "tree", "linear", "kernel")

# Scikit-learn trees and forests are explained in probability space; boosting in raw-score space.
_PROBABILITY_TREES = frozenset({"DecisionTreeClassifier", "RandomForestClassifier", "ExtraTreesClassifier"})
_SKLEARN_BOOSTING = frozenset({"GradientBoostingClassifier", "HistGradientBoostingClassifier"})
# The classifier wrappers of the optional boosting libraries, by (top-level module, class name).
_LIBRARY_BOOSTING = frozenset(
    {("xgboost", "XGBClassifier"), ("lightgbm", "LGBMClassifier"), ("catboost", "CatBoostClassifier")}
)
_LINEAR = frozenset({"LogisticRegression", "LogisticRegressionCV", "SGDClassifier"})


def _library(model: Any) -> str:
    return type(model).__module__.split(".")[0]


def tree_kind(estimator: Any) -> str | None:
    """The tree family: sklearn-probability, sklearn-boosting, xgboost, lightgbm, catboost; None otherwise."""
    name, library = type(estimator).__name__, _library(estimator)
    if library == "sklearn" and name in _PROBABILITY_TREES:
        return "sklearn-probability"
    if library == "sklearn" and name in _SKLEARN_BOOSTING:
        return "sklearn-boosting"
    if (library, name) in _LIBRARY_BOOSTING:
        return library
    return None


def is_linear(estimator: Any) -> bool:
    """A scikit-learn linear classifier whose decision function is `X @ coef_.T + intercept_`."""
    return (
        _library(estimator) == "sklearn"
        and type(estimator).__name__ in _LINEAR
        and hasattr(estimator, "coef_")
        and callable(getattr(estimator, "decision_function", None))
    )


def split_model(model: Any) -> tuple[Any | None, Any]:
    """(preprocessing or None, estimator): a scikit-learn `Pipeline` splits before its last step."""
    if _library(model) == "sklearn" and type(model).__name__ == "Pipeline" and len(model.steps) > 1:
        return model[:-1], model[-1]
    return None, model


def family(model: Any) -> Family:
    """The family of the model's estimator (the last step of a pipeline)."""
    _, estimator = split_model(model)
    if tree_kind(estimator) is not None:
        return "tree"
    if is_linear(estimator):
        return "linear"
    return "agnostic"


def output_space(estimator: Any, n_classes: int) -> OutputSpace:
    """The space an exact explainer attributes: probability for sklearn forests, else the raw score."""
    if tree_kind(estimator) == "sklearn-probability":
        return "probability"
    return "log-odds" if n_classes == 2 else "score"


def raw_output(estimator: Any, matrix: Any, n_classes: int) -> np.ndarray:
    """The estimator's output in its explained space for every class, shape (rows, classes).

    A binary model's single raw score is the second class's log-odds; the first class's is its negation.
    """
    kind = tree_kind(estimator)
    if kind == "sklearn-probability":
        return np.asarray(estimator.predict_proba(matrix), dtype=float)
    if kind == "xgboost":
        scores = estimator.predict(matrix, output_margin=True)
    elif kind == "lightgbm":
        scores = estimator.predict(matrix, raw_score=True)
    elif kind == "catboost":
        scores = estimator.predict(matrix, prediction_type="RawFormulaVal")
    else:
        scores = estimator.decision_function(matrix)
    scores = np.asarray(scores, dtype=float)
    if scores.ndim == 1 or scores.shape[1] == 1:
        scores = scores.reshape(-1)
        if n_classes != 2:
            raise ValueError(f"one raw score per row for a {n_classes}-class model")
        return np.column_stack([-scores, scores])
    return scores


def dense(matrix: Any) -> np.ndarray:
    """A transformed matrix as a dense float array (one-hot encoders return sparse matrices)."""
    if hasattr(matrix, "toarray"):
        matrix = matrix.toarray()
    return np.asarray(matrix, dtype=float)


@dataclass(frozen=True)
class Preprocessing:
    """A pipeline's preprocessing and which user feature each transformed column belongs to.

    Attributes:
        transform: the preprocessing steps (a fitted `Pipeline` without its last step).
        owner: shape (transformed columns,), the feature index of each column, -1 for a column no feature
            moves (constant, so its attribution is zero).
    """

    transform: Any
    owner: np.ndarray

    def apply(self, frame: pd.DataFrame) -> Any:
        """The transformed rows, in the form the estimator was fitted on (array, sparse or frame)."""
        out = self.transform.transform(frame)
        return out.toarray() if hasattr(out, "toarray") else out

    def fold(self, values: np.ndarray, n_features: int) -> np.ndarray:
        """Sum attributions of shape (rows, transformed columns, classes) into (rows, features, classes)."""
        membership = (self.owner[:, None] == np.arange(n_features)[None, :]).astype(float)
        return np.einsum("rck,cf->rfk", values, membership)


def _variants(table: Table, sample: pd.DataFrame, j: int) -> list[pd.DataFrame]:
    """Copies of `sample` in which only feature `j` changes, covering its categories or its range."""
    feature = table.features[j]
    if feature.kind == "categorical":
        values: list[list[Any]] = [[c] * len(sample) for c in feature.categories]
    else:
        column = sample[feature.name].to_numpy(dtype=float)
        assert feature.min is not None and feature.max is not None
        values = [
            list(np.roll(column, 1)),
            [feature.min] * len(sample),
            [feature.max] * len(sample),
            list(feature.min + feature.max - column),
        ]
    out = []
    for column_values in values:
        copy = sample.copy()
        table.set_column(copy, feature, column_values)
        out.append(copy)
    return out


def owners(transform: Any, table: Table, sample: pd.DataFrame) -> np.ndarray | None:
    """The feature each transformed column depends on (-1: none); None when a column mixes features."""
    variants = [(j, variant) for j in range(len(table.features)) for variant in _variants(table, sample, j)]
    # One transform of every variant at once: a ColumnTransformer's cost is mostly per call.
    stacked = pd.concat([sample] + [variant for _, variant in variants], ignore_index=True)
    blocks = dense(transform.transform(stacked)).reshape(len(variants) + 1, len(sample), -1)
    base = blocks[0]
    depends = np.zeros((base.shape[1], len(table.features)), dtype=bool)
    for (j, _), moved in zip(variants, blocks[1:], strict=True):
        depends[:, j] |= (moved != base).any(axis=0)
    if (depends.sum(axis=1) > 1).any():
        return None
    return np.where(depends.any(axis=1), depends.argmax(axis=1), -1)


def preprocessing_of(model: Any, table: Table, sample: pd.DataFrame) -> Preprocessing | None:
    """The model's preprocessing with its column owners; None for a bare estimator or unfoldable columns."""
    transform, _ = split_model(model)
    if transform is None:
        return None
    found = owners(transform, table, sample)
    return None if found is None else Preprocessing(transform, found)
