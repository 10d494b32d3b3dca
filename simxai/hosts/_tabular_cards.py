"""Figures and generated statements for a tabular host's performance, data and model cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from simxai.hosts._tabular_data import Table
from simxai.results import FeatureInfo, Histogram, format_number

_SCALARS = (bool, int, float, str, type(None))


def scalar(value: Any) -> Any:
    """A numpy scalar as the Python scalar it holds; anything else unchanged."""
    return value.item() if isinstance(value, np.generic) else value


def held_out_scores(
    y_true: np.ndarray, y_pred: np.ndarray, proba: np.ndarray, n_classes: int
) -> tuple[dict[str, float], list[list[int]]]:
    """Scalar metrics and the confusion matrix, on class positions 0..n_classes-1.

    Binary: precision, recall and f1 of the second class, roc_auc of its probability. Multiclass: macro
    averages and one-vs-rest macro roc_auc. roc_auc is left out when the split holds a single label.
    """
    from sklearn import metrics

    classes = list(range(n_classes))
    binary = n_classes == 2
    options: dict[str, Any] = {"average": "binary", "pos_label": 1} if binary else {"average": "macro"}
    scores = {
        "accuracy": float(metrics.accuracy_score(y_true, y_pred)),
        "precision": float(metrics.precision_score(y_true, y_pred, labels=classes, zero_division=0, **options)),
        "recall": float(metrics.recall_score(y_true, y_pred, labels=classes, zero_division=0, **options)),
        "f1": float(metrics.f1_score(y_true, y_pred, labels=classes, zero_division=0, **options)),
    }
    if len(np.unique(y_true)) > 1:
        scores["roc_auc"] = float(
            metrics.roc_auc_score(y_true, proba[:, 1])
            if binary
            else metrics.roc_auc_score(y_true, proba, multi_class="ovr", average="macro", labels=classes)
        )
    matrix = metrics.confusion_matrix(y_true, y_pred, labels=classes)
    return scores, [[int(v) for v in row] for row in matrix]


def model_type(model: Any) -> str:
    """The class name, or the steps of a Pipeline: "Pipeline(StandardScaler → LogisticRegression)"."""
    steps = getattr(model, "steps", None)
    if isinstance(steps, list):
        names = [step if isinstance(step, str) else type(step).__name__ for _, step in steps]
        return f"Pipeline({' → '.join(names)})"
    return type(model).__name__


def hyperparameters(model: Any) -> dict[str, Any]:
    """The scalar hyper-parameters: the estimator's own, or every step's (as step__name) for a Pipeline."""
    deep = isinstance(getattr(model, "steps", None), list)
    return {
        key: scalar(value)
        for key, value in model.get_params(deep=deep).items()
        if (not deep or "__" in key) and isinstance(scalar(value), _SCALARS)
    }


def assessment(accuracy: float, y_test: np.ndarray, nouns: str) -> tuple[list[str], list[str]]:
    """Strengths and limitations that the held-out predictions make true."""
    n_test = len(y_test)
    baseline = float(np.bincount(y_test).max() / n_test)
    wrong = round((1 - accuracy) * n_test)
    versus = (
        f"held-out accuracy {format_number(accuracy)}, against {format_number(baseline)} for always "
        "predicting the most common label"
    )
    strengths = [versus] if accuracy > baseline else []
    limitations = [f"wrong on {wrong} of the {n_test} held-out {nouns}"]
    if accuracy <= baseline:
        limitations.insert(0, f"no better than always predicting the most common label ({versus})")
    limitations.append("its explanations describe how the model behaves, not causes in the world")
    return strengths, limitations


def feature_info(table: Table, name: str, labels: np.ndarray | None, class_names: Sequence[str]) -> FeatureInfo:
    """A feature's card entry; with `labels` (class positions per row), its distribution per recorded label:
    mean and a 10-bin histogram for a numeric feature, counts per category for a categorical one.
    """
    f = table.by_name[name]
    if f.kind == "categorical":
        by_category = None
        if labels is not None:
            column = table.X[name].to_numpy()
            by_category = {
                category: {
                    c: int(((column == f.raw[category]) & (labels == i)).sum()) for i, c in enumerate(class_names)
                }
                for category in f.categories
            }
        return FeatureInfo(
            name=name,
            type="categorical",
            description=f.description,
            categories=list(f.categories),
            counts_by_label=by_category,
        )
    means = histogram = None
    if labels is not None:
        column = table.X[name].to_numpy(dtype=float)
        means = {c: float(column[labels == i].mean()) for i, c in enumerate(class_names) if (labels == i).any()}
        edges = np.histogram_bin_edges(column, bins=10)
        counts = {c: np.histogram(column[labels == i], bins=edges)[0] for i, c in enumerate(class_names)}
        histogram = Histogram(
            edges=[float(e) for e in edges], counts={c: [int(n) for n in n_per_bin] for c, n_per_bin in counts.items()}
        )
    return FeatureInfo(
        name=name,
        type="numeric",
        description=f.description,
        min=f.min,
        max=f.max,
        mean=f.mean,
        std=f.std,
        mean_by_label=means,
        histogram_by_label=histogram,
    )
