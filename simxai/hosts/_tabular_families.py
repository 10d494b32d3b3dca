"""Which exact SHAP explainer fits a model, and how a pipeline's encoded columns fold back to the user's features.

A model is split into its preprocessing (the steps of a `Pipeline` before the last, or nothing) and its
estimator (the last step). The estimator's family decides the explainer: tree ensembles get exact TreeSHAP,
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

from simxai.hosts._tabular_data import Feature, Table

Family = Literal["tree", "linear", "agnostic"]
OutputSpace = Literal["probability", "log-odds", "score"]
#: The explainer names a host configuration may give; "auto" picks the fastest exact one that fits.
EXPLAINERS = ("auto", "tree", "linear", "kernel")

# Scikit-learn trees and forests are explained in probability space; boosting in raw-score space.
_PROBABILITY_TREES = frozenset(
    {"DecisionTreeClassifier", "ExtraTreeClassifier", "RandomForestClassifier", "ExtraTreesClassifier"}
)
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


def exact_output(model: Any, frame: pd.DataFrame, n_classes: int) -> np.ndarray:
    """The model's output for rows of model input in its exact explainer's space (`output_space`).

    A pipeline's estimator is run on the transformed rows, as its exact explainer sees them.
    """
    transform, estimator = split_model(model)
    matrix = frame if transform is None else transform.transform(frame)
    if hasattr(matrix, "toarray"):
        matrix = matrix.toarray()
    return raw_output(estimator, matrix, n_classes)


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


#: Rows of the background whose features are changed one at a time to find each column's owner.
OWNER_ROWS = 32


def rows_of(matrix: Any, start: int, stop: int | None = None) -> Any:
    """Rows `start:stop` of a transformed matrix (an array, or a frame for a `set_output("pandas")` pipeline)."""
    return matrix.iloc[start:stop] if isinstance(matrix, pd.DataFrame) else matrix[start:stop]


def _variant_values(feature: Feature, column: np.ndarray) -> list[np.ndarray]:
    """Values of one feature that replace `column` (raw values of sample rows): its categories or its range."""
    n = len(column)
    if feature.kind == "categorical":
        return [np.full(n, feature.raw[c]) for c in feature.categories]
    assert feature.min is not None and feature.max is not None
    numbers = column.astype(float)
    return [np.roll(numbers, 1), np.full(n, feature.min), np.full(n, feature.max), feature.min + feature.max - numbers]


def _stacked(table: Table, background: pd.DataFrame, sample: int) -> tuple[pd.DataFrame, list[int]]:
    """`background`, then copies of its first `sample` rows in each of which one feature changes.

    Returns the stacked rows (in the model's dtypes: an integer column stays integer when every value
    put into it is a whole number, so the background rows are exactly the background) and the feature
    each copy changes.
    """
    columns = {f.name: background[f.name].to_numpy() for f in table.features}
    parts: dict[str, list[np.ndarray]] = {name: [column] for name, column in columns.items()}
    changed: list[int] = []
    for j, feature in enumerate(table.features):
        for values in _variant_values(feature, columns[feature.name][:sample]):
            for name, column in columns.items():
                parts[name].append(values if name == feature.name else column[:sample])
            changed.append(j)
    data: dict[str, Any] = {}
    for name, pieces in parts.items():
        dtype = background[name].dtype
        if isinstance(dtype, np.dtype) and dtype.kind in "iuf":
            joined = np.concatenate(pieces)
            if dtype.kind in "iu" and np.array_equal(joined, np.round(joined)):
                joined = joined.astype(dtype)
            data[name] = joined
        elif table.by_name[name].kind == "numeric":  # a pandas extension dtype: numbers as floats
            data[name] = np.concatenate(pieces).astype(float)
        else:
            data[name] = pd.Series(np.concatenate([np.asarray(p, dtype=object) for p in pieces]), dtype=dtype)
    return pd.DataFrame(data), changed


def preprocessing_of(model: Any, table: Table, background: pd.DataFrame) -> tuple[Preprocessing | None, Any]:
    """The model's preprocessing with its column owners, and the transformed `background`.

    One transform call covers the background and every variant of its first rows (a ColumnTransformer's
    cost is mostly per call). The preprocessing is None (and so is the transformed background) for a bare
    estimator, or when a transformed column depends on more than one feature.
    """
    transform, _ = split_model(model)
    if transform is None:
        return None, None
    sample = min(len(background), OWNER_ROWS)
    stacked, changed = _stacked(table, background, sample)
    out = transform.transform(stacked)
    out = out.toarray() if hasattr(out, "toarray") else out
    base = dense(rows_of(out, 0, sample))
    blocks = dense(rows_of(out, len(background))).reshape(len(changed), sample, -1)
    depends = np.zeros((base.shape[1], len(table.features)), dtype=bool)
    for j, moved in zip(changed, blocks, strict=True):
        depends[:, j] |= (moved != base).any(axis=0)
    if (depends.sum(axis=1) > 1).any():
        return None, None
    owner = np.where(depends.any(axis=1), depends.argmax(axis=1), -1)
    return Preprocessing(transform, owner), rows_of(out, 0, len(background))
