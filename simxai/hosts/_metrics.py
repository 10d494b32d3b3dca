"""The held-out metrics both local hosts report, with one rule for every classifier and every group of rows.

Labels are class positions ``0..n_classes-1`` (the columns of the probabilities). The rules:

- accuracy: the share of rows whose predicted label is the recorded one.
- precision, recall, f1: for two classes, those of the second class (the positive one); for more, the macro
  average over the classes whose score is defined on the rows scored: a class's recall only where it is
  recorded, its precision only where it is predicted, its f1 where it is either. A class that is absent from
  both counts for nothing, so a group holding two of three classes is scored on those two; and the recall of
  the group "label = busy" is the recall of busy, not halved by a class it was mistaken for (whose recall,
  with no row recorded, is undefined, never 0).
- roc_auc: the one-vs-rest ROC AUC of each class whose label is recorded in the rows, averaged over those
  classes (for two classes that is the AUC of the second class's probability). It needs at least two recorded
  labels; with one, it is left out of the scores, never set to nan, and the host says it cannot be measured.
- the confusion matrix: every class, rows recorded and columns predicted.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simxai.exceptions import ArgumentError
from simxai.hosts.base import METRICS
from simxai.instances import closest


def check_metric(metric: str) -> None:
    """Refuse a metric that is none of `METRICS`, naming the valid ones and the closest (both hosts' one check).

    Raises:
        ArgumentError: `metric` is no metric.
    """
    if metric not in METRICS:
        raise ArgumentError(
            f"unknown metric {metric!r}",
            argument="metric",
            valid=", ".join(METRICS),
            suggestions=closest(str(metric), METRICS),
        )


def classification_scores(
    y_true: np.ndarray, y_pred: np.ndarray, proba: np.ndarray, n_classes: int
) -> tuple[dict[str, float], list[list[int]]]:
    """Measure accuracy, precision, recall, f1 and (when defined) roc_auc, and the confusion matrix.

    Args:
        y_true: the recorded class position of each row.
        y_pred: the predicted class position of each row.
        proba: one row of class probabilities per row, columns in position order.
        n_classes: how many classes the model has (2 or more).
    """
    from sklearn import metrics

    y_true = np.asarray(y_true, dtype=int)
    y_pred = np.asarray(y_pred, dtype=int)
    binary = n_classes == 2
    options: dict[str, Any] = {"average": "binary", "pos_label": 1} if binary else {"average": "macro"}
    # Multiclass: an undefined per-class score (no row recorded, or none predicted) is left out of the average
    # (nan, which the macro average skips) instead of counting as 0. Binary keeps 0 for an undefined score.
    undefined = 0.0 if binary else np.nan
    scores = {
        "accuracy": float(metrics.accuracy_score(y_true, y_pred)),
        "precision": float(metrics.precision_score(y_true, y_pred, zero_division=undefined, **options)),
        "recall": float(metrics.recall_score(y_true, y_pred, zero_division=undefined, **options)),
        "f1": float(metrics.f1_score(y_true, y_pred, zero_division=undefined, **options)),
    }
    auc = roc_auc(y_true, proba, n_classes)
    if auc is not None:
        scores["roc_auc"] = auc
    matrix = metrics.confusion_matrix(y_true, y_pred, labels=list(range(n_classes)))
    return scores, [[int(v) for v in row] for row in matrix]


def roc_auc(y_true: np.ndarray, proba: np.ndarray, n_classes: int) -> float | None:
    """The ROC AUC averaged one-vs-rest over the recorded classes; None when fewer than two are recorded."""
    from sklearn import metrics

    present = np.unique(y_true)
    if len(present) < 2:
        return None
    if n_classes == 2:
        return float(metrics.roc_auc_score(y_true == 1, proba[:, 1]))
    return float(np.mean([metrics.roc_auc_score(y_true == c, proba[:, c]) for c in present]))
