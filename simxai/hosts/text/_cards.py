"""The text host's cards (data, model, output) and the metrics it measures on labelled texts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pydantic


class TextDataCard(pydantic.BaseModel):
    """What the host's labelled texts are; the statistics are computed from the data itself."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    description: str
    target: str = "label"
    text_description: str = "the text the model reads, its only input"


class TextModelCard(pydantic.BaseModel):
    """What the classifier is and how it was built (the host appends its measured accuracy)."""

    model_config = pydantic.ConfigDict(frozen=True)

    model_type: str
    description: str
    hyperparameters: dict[str, float | int | str | bool | None] = {}
    training: str
    strengths: list[str] = []
    limitations: list[str] = []


class TextOutputCard(pydantic.BaseModel):
    """What each label and the predicted probability mean."""

    model_config = pydantic.ConfigDict(frozen=True)

    label_meanings: dict[str, str]
    probability_meaning: str


def text_scores(
    y_true: Sequence[str], probs: np.ndarray, class_names: Sequence[str]
) -> tuple[dict[str, float], list[list[int]]]:
    """Every metric and the confusion matrix of the predictions `probs` (columns in `class_names` order).

    The predicted label is the most probable class. Binary: precision, recall, f1 and ROC AUC take the second
    class as positive; more classes: macro averages and one-vs-rest ROC AUC. ROC AUC only if every label occurs.
    """
    from sklearn import metrics as skm

    class_names = list(class_names)
    y_true = list(y_true)
    y_pred = [class_names[int(np.argmax(p))] for p in probs]
    binary = len(class_names) == 2
    average: dict[str, Any] = {"average": "binary", "pos_label": class_names[1]} if binary else {"average": "macro"}
    scores = {
        "accuracy": float(skm.accuracy_score(y_true, y_pred)),
        "precision": float(skm.precision_score(y_true, y_pred, zero_division=0, **average)),
        "recall": float(skm.recall_score(y_true, y_pred, zero_division=0, **average)),
        "f1": float(skm.f1_score(y_true, y_pred, zero_division=0, **average)),
    }
    if len(set(y_true)) == len(class_names):
        if binary:
            positive = [y == class_names[1] for y in y_true]
            scores["roc_auc"] = float(skm.roc_auc_score(positive, probs[:, 1]))
        else:
            # sklearn wants the labels sorted, with the probability columns in that order.
            order = np.argsort(class_names)
            scores["roc_auc"] = float(
                skm.roc_auc_score(
                    y_true,
                    probs[:, order],
                    multi_class="ovr",
                    labels=[class_names[i] for i in order],
                )
            )
    matrix = skm.confusion_matrix(y_true, y_pred, labels=class_names).tolist()
    return scores, matrix
