"""The model's performance and its cards: the data card (one feature's statistics, a group), model and output cards."""

from __future__ import annotations

from typing import Literal

import pydantic

from simxai.results.base import Result, Scalar
from simxai.results.formatting import _by_category, _counts, _metric_number, format_number, format_percent


class PerformanceResult(Result):
    """The model's performance on its held-out split."""

    kind: Literal["performance"] = "performance"
    metric: str
    value: float | None
    metrics: dict[str, float]
    labels: list[str]
    confusion_matrix: list[list[int]] | None = None
    split: str
    n: int
    #: The group scored ("age > 60"), when the metric was computed on part of the split only.
    group: str | None = None
    #: What was scored, in the plural ("applicants"); hosts that predate the field leave "instances".
    nouns: str = "instances"
    #: The label whose precision, recall and f1 these are, when the user named one; else the default (the
    #: second label of two, the macro average of more).
    label: str | None = None

    def render(self) -> str:
        """State the metric's value on the split (or group) scored, or the confusion matrix row by row."""
        where = f"{self.split}, only {self.nouns} with {self.group}" if self.group else self.split
        if self.metric == "confusion_matrix" and self.confusion_matrix is not None:
            rows = "; ".join(
                f"true {self.labels[i]}: " + ", ".join(f"{n} predicted {self.labels[j]}" for j, n in enumerate(row))
                for i, row in enumerate(self.confusion_matrix)
            )
            return f"Confusion matrix on the {where} ({self.n} {self.nouns}): {rows}."
        # "on the held-out split, only trees with soil = sand (43 trees), the model scores": the group's clause closed
        scored = f"{where} ({self.n} {self.nouns})" + ("," if self.group else "")
        if self.metric == "all":
            listed = ", ".join(f"{k}{self._averaging(k)} {_metric_number(v)}" for k, v in self.metrics.items())
            return f"On the {scored} the model scores: {listed}."
        metric = f"{self.metric}{self._averaging(self.metric)}"
        return f"The model's {metric} on the {scored} is {_metric_number(self.value)}."

    def metric_phrase(self, metric: str) -> str:
        """The metric as the rendering names it ("recall for the label late", "f1 (the macro average ...)")."""
        return f"{metric}{self._averaging(metric)}"

    def _averaging(self, metric: str) -> str:
        """Which label a precision, recall or f1 is of: the one named, the positive one, or the average.

        A bare "recall is 0.42" on a three-label model reads as the recall of the label the user has in mind.
        """
        if metric not in ("precision", "recall", "f1") or len(self.labels) < 2:
            return ""
        if self.label is not None:
            return f" for the label {self.label}"
        if len(self.labels) == 2:
            return f" for the label {self.labels[1]}"
        return " (the macro average over the labels present)"


class Histogram(pydantic.BaseModel):
    """A numeric feature's distribution per recorded label: bin edges and each label's count per bin."""

    model_config = pydantic.ConfigDict(frozen=True)

    edges: list[float]
    counts: dict[str, list[int]]


class FeatureInfo(pydantic.BaseModel):
    """A feature as described by the data card."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    type: Literal["numeric", "categorical", "text"]
    description: str | None = None
    min: float | None = None
    max: float | None = None
    mean: float | None = None
    std: float | None = None
    #: For the feature asked about (not every feature of the card): its median and quartiles.
    median: float | None = None
    q1: float | None = None
    q3: float | None = None
    categories: list[str] | None = None
    mean_by_label: dict[str, float] | None = None
    histogram_by_label: Histogram | None = None
    #: For a categorical feature: per category, how many rows carry each recorded label.
    counts_by_label: dict[str, dict[str, int]] | None = None
    #: Rows where the value is missing, kept so because the model reads a missing value itself (None: none).
    missing: int | None = None


def _numeric_statistics(f: FeatureInfo) -> str:
    """A number feature's statistics as the data card says them: range, mean, standard deviation, then the median
    and quartiles when the card holds them.
    """
    if f.min is None and f.missing:
        return f"is missing in all {f.missing} {'row' if f.missing == 1 else 'rows'}"
    text = (
        f"ranges from {format_number(f.min)} to {format_number(f.max)}, "
        f"mean {format_number(f.mean)}, standard deviation {format_number(f.std)}"
    )
    if f.median is not None:
        text += f", median {format_number(f.median)}"
        if f.q1 is not None and f.q3 is not None:
            text += f" (quartiles {format_number(f.q1)} and {format_number(f.q3)})"
    if f.missing:
        text += f"; missing in {f.missing} {'row' if f.missing == 1 else 'rows'} (not counted in these figures)"
    return text


def _mean_by_label(f: FeatureInfo) -> str:
    """A number feature's mean per recorded label ("; mean by label: stable 41.2, progressing 55"), or ""."""
    if not f.mean_by_label:
        return ""
    return "; mean by label: " + ", ".join(f"{k} {format_number(v)}" for k, v in f.mean_by_label.items())


class DataInformationResult(Result):
    """The data card: size, features, target and class balance (and one feature's statistics on request)."""

    kind: Literal["data_information"] = "data_information"
    name: str
    description: str
    n_rows: int
    target: str
    class_balance: dict[str, int]
    features: list[FeatureInfo]
    feature: FeatureInfo | None = None
    #: The condition of the group described ("bmi > 30"): `n_rows`, `class_balance` and `feature` are the group's.
    group: str | None = None
    #: With a group: the rows of the whole data, and what its rows are called ("patients").
    n_total: int | None = None
    nouns: str | None = None
    #: With a group no row meets: the fields its condition tests ("bmi"), whose ranges the card says beside it.
    group_fields: list[str] | None = None

    def render(self) -> str:
        """Describe the data set (its rows, features and class balance), or one feature's statistics in it."""
        balance = _counts(self.class_balance)
        if self.group is not None:
            return self._render_group()
        if self.feature is not None:
            f = self.feature
            if f.type == "numeric":
                stats = _numeric_statistics(f) + _mean_by_label(f)
            elif f.categories:
                stats = f"takes the values {', '.join(f.categories)}" + _by_category(f.counts_by_label)
            else:
                stats = f"is free {f.type}" + (f" ({f.description})" if f.description else "")
            # The card's words for the feature say what it is ("what does ph mean?"); free text states them already.
            meaning = f" ({f.description})" if f.description and f.type in ("numeric", "categorical") else ""
            return f"In the {self.name} data ({self.n_rows} rows), {f.name}{meaning} {stats}."
        names = ", ".join(f.name for f in self.features)
        return (
            f"{self.description} It has {self.n_rows} rows and {len(self.features)} features ({names}); "
            f"the target is {self.target} with {balance}."
        )

    def _render_group(self) -> str:
        """The group's size of the whole data's, its recorded labels and the feature's statistics in it."""
        nouns = self.nouns or "rows"
        whole = f" (of {self.n_total})" if self.n_total is not None else ""
        if self.n_rows == 0:
            named = set(self.group_fields or ())
            ranges = "; ".join(
                f"{f.name} ranges from {format_number(f.min)} to {format_number(f.max)}"
                for f in self.features
                if f.name in named and f.min is not None and f.max is not None
            )
            total = f"the {self.n_total} " if self.n_total is not None else ""
            return f"None of {total}{nouns} in the {self.name} data has {self.group}" + (
                f" ({ranges})." if ranges else "."
            )
        shares = ", ".join(
            f"{n} {label} ({format_percent(n / self.n_rows)})" for label, n in self.class_balance.items()
        )
        text = f"Among the {self.n_rows} {nouns} with {self.group}{whole}, the recorded labels ({self.target}) are "
        text += f"{shares}."
        f = self.feature
        if f is not None and f.type == "numeric" and f.mean is not None:
            text += f" Their {f.name} {_numeric_statistics(f)}{_mean_by_label(f)}."
        elif f is not None and f.categories:
            text += f" Their {f.name} takes the values {', '.join(f.categories)}{_by_category(f.counts_by_label)}."
        return text


class ModelInformationResult(Result):
    """The model card."""

    kind: Literal["model_information"] = "model_information"
    name: str
    model_type: str
    description: str
    hyperparameters: dict[str, Scalar]
    training: str
    strengths: list[str]
    limitations: list[str]

    def render(self) -> str:
        """Describe the model: its type, description, training, strengths and limitations."""
        text = f"The model is a {self.model_type}. {self.description} Training: {self.training}"
        # a card's own items may end in a full stop ("Invented data."): one stop, never two
        if self.strengths:
            text += " Strengths: " + "; ".join(s.rstrip(". ") for s in self.strengths) + "."
        if self.limitations:
            text += " Limitations: " + "; ".join(s.rstrip(". ") for s in self.limitations) + "."
        return text


class LabelInfo(pydantic.BaseModel):
    """One output label and what it means."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    meaning: str


class OutputInformationResult(Result):
    """The output card: the labels and what the probability means."""

    kind: Literal["output_information"] = "output_information"
    labels: list[LabelInfo]
    probability_meaning: str

    def render(self) -> str:
        """List the labels the model outputs with their meanings, and what the probability means."""
        labels = "; ".join(f"{lab.name}: {lab.meaning}" for lab in self.labels)
        return f"The model outputs one of {len(self.labels)} labels. {labels}. {self.probability_meaning}"
