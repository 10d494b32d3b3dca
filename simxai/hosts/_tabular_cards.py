"""A tabular host's data, model and output cards, and the figures and generated statements they hold."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pydantic

from simxai.hosts._tabular_data import Table
from simxai.results import FeatureInfo, Histogram, format_number

_SCALARS = (bool, int, float, str, type(None))


class DataCard(pydantic.BaseModel):
    """What the data is, in plain words. Everything left out is generated from the data."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    description: str | None = None
    feature_descriptions: dict[str, str] = {}
    target_description: str | None = None


class ModelCard(pydantic.BaseModel):
    """What the model is and how it was made. Strengths and limitations left out are generated."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    description: str | None = None
    training: str | None = None
    strengths: list[str] | None = None
    limitations: list[str] | None = None


class OutputCard(pydantic.BaseModel):
    """What each label and the probability mean."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    label_meanings: dict[str, str] = {}
    probability_meaning: str | None = None


def scalar(value: Any) -> Any:
    """A numpy scalar as the Python scalar it holds; anything else unchanged."""
    return value.item() if isinstance(value, np.generic) else value


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


def feature_info(
    table: Table,
    name: str,
    labels: np.ndarray | None,
    class_names: Sequence[str],
    rows: np.ndarray | None = None,
) -> FeatureInfo:
    """A feature's card entry; with `labels` (class positions per row), its distribution per recorded label:
    mean and a 10-bin histogram for a numeric feature (and its median and quartiles), counts per category for a
    categorical one. With `rows` (table positions), every figure is of those rows only.
    """
    f = table.by_name[name]
    column = table.X[name].to_numpy()
    if rows is not None:
        column = column[rows]
        labels = labels[rows] if labels is not None else None
    if f.kind == "categorical":
        by_category = None
        if labels is not None:
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
    values = column.astype(float)
    recorded = ~np.isnan(values)  # a missing value the model reads itself is left out of every figure
    missing = int((~recorded).sum())
    if missing:
        values = values[recorded]
        labels = labels[recorded] if labels is not None else None
    if not len(values):
        return FeatureInfo(name=name, type="numeric", description=f.description, missing=missing)
    means = histogram = None
    if labels is not None:
        means = {c: float(values[labels == i].mean()) for i, c in enumerate(class_names) if (labels == i).any()}
        edges = np.histogram_bin_edges(values, bins=10)
        counts = {c: np.histogram(values[labels == i], bins=edges)[0] for i, c in enumerate(class_names)}
        histogram = Histogram(
            edges=[float(e) for e in edges], counts={c: [int(n) for n in n_per_bin] for c, n_per_bin in counts.items()}
        )
    if rows is None and not missing:  # the whole table's figures, as its schema states them
        low, high, mean, std = f.min, f.max, f.mean, f.std
    else:
        low, high, mean = float(values.min()), float(values.max()), float(values.mean())
        std = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    # the feature asked about (`labels` given) also gets its median and quartiles over the same rows
    q1 = median = q3 = None
    if labels is not None:
        q1, median, q3 = (float(q) for q in np.percentile(values, [25, 50, 75]))
    return FeatureInfo(
        name=name,
        type="numeric",
        description=f.description,
        min=low,
        max=high,
        mean=mean,
        std=std,
        median=median,
        q1=q1,
        q3=q3,
        mean_by_label=means,
        histogram_by_label=histogram,
        missing=missing or None,
    )
