"""Typed results of the XAI functions.

Each result carries every number a reply may state and renders itself as deterministic plain English
(`render()`), which the offline router replies with and the faithfulness guard falls back to.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import pydantic

__all__ = [
    "Attribution",
    "Change",
    "Counterfactual",
    "Histogram",
    "CounterfactualResult",
    "DataInformationResult",
    "FeatureInfo",
    "FeatureRange",
    "GlobalExplanationResult",
    "Importance",
    "LabelInfo",
    "LocalExplanationResult",
    "ModelInformationResult",
    "OutputInformationResult",
    "PerformanceResult",
    "PredictionResult",
    "Result",
    "StillThisResult",
    "Subject",
    "TextEdit",
    "WhatIfResult",
    "format_number",
    "format_percent",
]

Scalar = float | int | str | bool | None


def format_number(value: float | int | str | None, digits: int = 3) -> str:
    """A number as the renderings state it: integers plain, others with up to `digits` significant decimals."""
    if value is None:
        return "n/a"
    if isinstance(value, str):
        return value
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


def _metric_number(value: float | None) -> str:
    """A metric's value as stated: a whole 0 or 1 with its three decimals ("is 1.000", never "is 1." that reads as
    the end of a sentence after a count), others as `format_number`.
    """
    if value is not None and float(value).is_integer():
        return f"{float(value):.3f}"
    return format_number(value)


def format_percent(probability: float) -> str:
    """A probability in [0, 1] as a percentage with one decimal, e.g. 0.7231 -> '72.3%'."""
    return f"{probability * 100:.1f}%"


def _probabilities(probs: dict[str, float]) -> str:
    return ", ".join(f"{label} {format_percent(p)}" for label, p in probs.items())


def _members(subject: Subject, shown: int = 5) -> str:
    """A few ids of a group picked by its prediction or label ("Among them: patients 3, 8 and 12"), or ""."""
    if not re.search(r"\b(?:prediction|label) = ", subject.condition or ""):
        return ""
    return group_members(subject, shown)


def group_members(subject: Subject, shown: int = 5) -> str:
    """The first ids of a group, named by the host's noun when the subject holds it ("Among them: patients 3, 8 and
    12 (5 of 40)."), or "" for a subject that is no group.
    """
    ids = subject.ids or []
    if subject.kind != "group" or not ids:
        return ""
    listed = [str(i) for i in ids[:shown]]
    said = listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} and {listed[-1]}"
    nouns = subject.nouns or "ids"
    return f" Among them: {nouns} {said}" + (f" ({len(listed)} of {len(ids)})." if len(ids) > len(listed) else ".")


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {label}" for label, n in counts.items())


#: At most this many categories have their label counts listed in words (the page's table shows every one).
_LISTED_CATEGORIES = 6


def _by_category(counts: dict[str, dict[str, int]] | None) -> str:
    """A categorical feature's recorded labels per category, and for each label the category where it is most common
    ("which carrier is most often late?"): by its share of the category's rows, the count and size beside it.
    """
    if not counts:
        return ""
    sizes = {category: sum(by_label.values()) for category, by_label in counts.items()}
    text = ""
    if len(counts) <= _LISTED_CATEGORIES:
        listed = (f"{category} {sizes[category]} ({_counts(by_label)})" for category, by_label in counts.items())
        text = "; recorded labels by value: " + ", ".join(listed)
    leaders = []
    for label in dict.fromkeys(label for by_label in counts.values() for label in by_label):
        shares = {c: counts[c].get(label, 0) / sizes[c] for c in counts if sizes[c]}
        top = max(shares, key=shares.__getitem__, default=None)
        if top is not None and shares[top] > 0:
            share = f"{counts[top][label]} of {sizes[top]}, {format_percent(shares[top])}"
            leaders.append(f"most often {label}: {top} ({share})")
    joined = "; ".join(leaders)
    return text + (f". {joined[0].upper()}{joined[1:]}" if joined else "")


class Result(pydantic.BaseModel):
    """Base class of every function result."""

    model_config = pydantic.ConfigDict(frozen=True)

    def render(self) -> str:
        """Deterministic plain-English rendering of the result."""
        raise NotImplementedError(f"{type(self).__name__} must implement render()")


class Subject(pydantic.BaseModel):
    """What an instance reference resolved to: one row, custom values, a group of rows, or a text."""

    model_config = pydantic.ConfigDict(frozen=True)

    kind: Literal["row", "values", "group", "text"]
    description: str
    id: int | None = None
    values: dict[str, Scalar] | None = None
    text: str | None = None
    condition: str | None = None
    size: int = 1
    ids: list[int] | None = None
    #: A group's members in the plural, as the host calls them ("patients"); None: "ids".
    nouns: str | None = None

    @property
    def is_single(self) -> bool:
        """Whether the subject is one instance (a row, custom values or a text), not a group."""
        return self.kind != "group"


class PredictionResult(Result):
    """The model's prediction for one instance, or the prediction distribution of a group."""

    kind: Literal["prediction"] = "prediction"
    subject: Subject
    label: str
    probabilities: dict[str, float]
    label_counts: dict[str, int] | None = None
    true_label: str | None = None

    def render(self) -> str:
        """State the label predicted and its probabilities, or for a group the labels' counts and mean probabilities."""
        if self.label_counts is not None:
            # the commonest label first: "the model predicts 61 progressing, 25 stable" says what it mostly predicts
            ranked = dict(sorted(self.label_counts.items(), key=lambda item: -item[1]))
            # "most" only for a majority: 46 blighted of 104 beside 45 healthy is the commonest, not most
            majority = 2 * self.label_counts.get(self.label, 0) > sum(self.label_counts.values())
            most = (
                f"Most are predicted {self.label}"
                if majority
                else f"The most common is {self.label}, though under half"
            )
            return (
                f"For {self.subject.description} the model predicts {_counts(ranked)}. "
                f"{most}; the mean probabilities are {_probabilities(self.probabilities)}.{_members(self.subject)}"
            )
        text = (
            f"The model predicts {self.label} for {self.subject.description} "
            f"(probabilities: {_probabilities(self.probabilities)})."
        )
        if self.true_label is not None:
            verdict = "correct" if self.true_label == self.label else "wrong"
            text += f" The recorded label is {self.true_label}, so the prediction is {verdict}."
        return text


class Attribution(pydantic.BaseModel):
    """One feature's (or token's) contribution to the explained output."""

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    value: Scalar = None
    contribution: float


def _direction(contribution: float, label: str) -> str:
    if contribution > 0:
        return f"pushes towards {label}"
    if contribution < 0:
        return f"pushes away from {label}"
    return "has no effect"


class LocalExplanationResult(Result):
    """Feature attributions (SHAP values) for one instance or the mean over a group."""

    kind: Literal["local_explanation"] = "local_explanation"
    subject: Subject
    label: str
    predicted_label: str
    #: The predicted label's probability (a group's mean), whichever label is explained.
    probability: float
    base_value: float
    output: float
    output_space: Literal["probability", "log-odds", "score"]
    method: str
    attributions: list[Attribution]
    #: A row's recorded label, given when the explained label is not the predicted one (a question such as
    #: "why was it rejected?" may mean the recorded outcome, or assume a prediction the model does not make).
    recorded_label: str | None = None

    def top(self, k: int = 5) -> list[Attribution]:
        """The `k` attributions of largest magnitude, largest first."""
        return sorted(self.attributions, key=lambda a: abs(a.contribution), reverse=True)[:k]

    def render(self) -> str:
        """State the features that moved the prediction most, each with its value, direction and contribution."""
        parts = []
        # A feature with no effect does not "matter most", however few features there are.
        for a in (a for a in self.top() if a.contribution != 0):
            shown = f" = {format_number(a.value)}" if a.value is not None and self.subject.kind != "text" else ""
            parts.append(
                f"{a.feature}{shown} ({_direction(a.contribution, self.label)}, {format_number(a.contribution)})"
            )
        features = "words" if self.subject.kind == "text" else "features"
        head, offer = self._premise()
        if not parts:
            return (
                f"{head}No {features[:-1]} moves the {self.label} {self.output_space} ({self.method}): every "
                f"contribution is 0. " + self._scale() + offer
            )
        return (
            f"{head}The {features} that matter most for the {self.label} {self.output_space} ({self.method}) are: "
            + "; ".join(parts)
            + ". "
            + self._scale()
            + offer
        )

    def _premise(self) -> tuple[str, str]:
        """The opening sentence, and the closing offer of a why-not when the explained label is not predicted.

        A request that names a label the model does not predict for one instance ("why was applicant 14
        rejected?") rests on a wrong premise: the reply corrects it first, with the recorded label (which the
        premise may have meant), and offers to explain why the named label is not predicted.
        """
        who = self.subject.description
        if self.subject.kind == "group":
            return f"The model predicts {self.predicted_label} on average over {who}. ", ""
        if self.label == self.predicted_label:
            return f"The model predicts {self.predicted_label} for {who}. ", ""
        recorded = f"; its recorded label is {self.recorded_label}" if self.recorded_label is not None else ""
        return (
            f"The model predicts {self.predicted_label} for {who}, not {self.label}{recorded}. ",
            f" To see what would have to change, ask why it does not predict {self.label}.",
        )

    def _scale(self) -> str:
        """One clause on what the numbers mean, so that a reader need not know SHAP's output spaces."""
        base, output = format_number(self.base_value), format_number(self.output)
        if self.output_space == "log-odds":
            known = self.label == self.predicted_label and self.subject.kind != "group"
            end = f", a probability of {format_percent(self.probability)} for {self.label}" if known else ""
            return (
                f"The contributions are in log-odds, the model's score before it becomes a probability; positive "
                f"values favour {self.label}. From a base value of {base} they add up to {output}{end}."
            )
        if self.output_space == "probability":
            return (
                f"The contributions are in probability of {self.label}: from a base value of {base} (the average "
                f"over the background data) they add up to {output}."
            )
        return f"The contributions are in the model's own score: from a base value of {base} they add up to {output}."


class Importance(pydantic.BaseModel):
    """A feature's global importance."""

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    importance: float
    mean_contribution: float


class GlobalExplanationResult(Result):
    """Global feature importance: mean absolute SHAP value over a sample of the data."""

    kind: Literal["global_explanation"] = "global_explanation"
    label: str
    method: str
    n_samples: int
    importances: list[Importance]

    def render(self) -> str:
        """List up to eight features by mean importance, most important first, with the method and sample size."""
        ranked = sorted(self.importances, key=lambda i: i.importance, reverse=True)
        parts = [f"{i + 1}. {imp.feature} ({format_number(imp.importance)})" for i, imp in enumerate(ranked[:8])]
        return (
            f"Overall, the most important features for predicting {self.label} are: {'; '.join(parts)} "
            f"(the mean absolute contribution over {self.n_samples} instances; {self.method})."
        )


class Change(pydantic.BaseModel):
    """A change of one feature (or word) from an old to a new value.

    `decimals` is set when the host computed `new` (a relative change such as "+10%"): the decimals the data
    records the feature with, at which renderings state it ("81 to 108", not "81 to 107.997"). `new` stays the
    exact value the model was given. Left out of the payload when None.
    """

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    old: Scalar
    new: Scalar
    decimals: int | None = None

    @pydantic.model_serializer(mode="wrap")
    def _without_unset_decimals(self, handler: pydantic.SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("decimals") is None:
            data.pop("decimals", None)
        return data

    @property
    def shown(self) -> Scalar:
        """`new` as renderings state it: rounded to `decimals` when the host computed it."""
        if self.decimals is None or isinstance(self.new, bool) or not isinstance(self.new, int | float):
            return self.new
        return round(float(self.new), self.decimals)

    def render(self) -> str:
        """Describe the change as 'feature from old to new', or a word's insertion, removal or replacement."""
        if self.old in (None, ""):
            return f"insert '{format_number(self.new)}'"
        # a text's word edit: the word is the feature, in whatever case the text has it ("broke" edits "Broke")
        word = isinstance(self.old, str) and self.feature.lower() == self.old.lower()
        if self.new in (None, ""):
            return f"remove '{self.feature}'" if word else f"remove {self.feature}"
        if word:
            return f"'{self.old}' to '{format_number(self.new)}'"
        return f"{self.feature} from {format_number(self.old)} to {format_number(self.shown)}"


def _edits(changes: list[Change], verbs: tuple[str, str, str] = ("changing", "removing", "inserting")) -> str:
    """Changes with the verb each takes: "changing bmi from 30 to 35, removing 'boring'" (never "changing remove")."""
    changed: list[str] = []
    removed: list[str] = []
    inserted: list[str] = []
    for change in changes:
        said = change.render()
        for prefix, kept in (("remove ", removed), ("insert ", inserted)):
            if said.startswith(prefix):
                kept.append(said[len(prefix) :])
                break
        else:
            changed.append(said)
    parts = [
        f"{verb} {', '.join(said)}" for verb, said in zip(verbs, (changed, removed, inserted), strict=True) if said
    ]
    return ", ".join(parts) or f"{verbs[0]} no change"


def _already_predicted(label: str, subject: Subject) -> str:
    """The sentence for a counterfactual asked towards the label the model already gives."""
    return f"The model already predicts {label} for {subject.description}; nothing needs to change."


def _not_predicted_to_keep(label: str, probability: float, kept: str, subject: Subject) -> str:
    """The sentence for "how can it stay X?" when the model does not predict X: the question that asks for X."""
    return (
        f"The model predicts {label} for {subject.description} ({format_percent(probability)}), not {kept}, so "
        f"there is no {kept} to keep. To see what would make it {kept}, ask: what would need to change "
        f"for {subject.description} to be predicted {kept}?"
    )


class Counterfactual(pydantic.BaseModel):
    """A changed instance whose prediction was re-checked with the model."""

    model_config = pydantic.ConfigDict(frozen=True)

    changes: list[Change]
    label: str
    probability: float
    text: str | None = None


class CounterfactualResult(Result):
    """Counterfactuals that change the prediction to a target label (why-not and how-to-be-that)."""

    kind: Literal["counterfactual"] = "counterfactual"
    question: Literal["why_not", "how_to_be_that"]
    subject: Subject
    current_label: str
    target_label: str
    counterfactuals: list[Counterfactual]
    method: str
    note: str | None = None

    @classmethod
    def already(
        cls, question: Literal["why_not", "how_to_be_that"], subject: Subject, label: str, method: str
    ) -> CounterfactualResult:
        """The result when the model already predicts the target `label`: no search, and the one sentence that
        says so as its note (`render` says the same sentence, from the same place).
        """
        return cls(
            question=question,
            subject=subject,
            current_label=label,
            target_label=label,
            counterfactuals=[],
            method=method,
            note=_already_predicted(label, subject),
        )

    @property
    def found(self) -> bool:
        """Whether at least one verified counterfactual was found."""
        return bool(self.counterfactuals)

    def render(self) -> str:
        """State the current prediction and each counterfactual's changes, or why none was found."""
        if self.current_label == self.target_label and not self.counterfactuals:
            return _already_predicted(self.current_label, self.subject)  # one sentence, not the prediction twice
        head = (
            f"The model predicts {self.current_label} for {self.subject.description}, not {self.target_label}."
            if self.question == "why_not" and self.current_label != self.target_label
            else f"The model predicts {self.current_label} for {self.subject.description}."
        )
        if self.note and not self.counterfactuals:
            return f"{head} {self.note}"
        if not self.counterfactuals:
            return f"{head} No change was found that makes the model predict {self.target_label}."
        options = []
        for i, cf in enumerate(self.counterfactuals, 1):
            changes = _edits(cf.changes, ("change", "remove", "insert"))
            if cf.text is not None:
                changes += f" ('{cf.text}')"
            options.append(f"({i}) {changes} (then {cf.label}, {format_percent(cf.probability)})")
        lead = "It would predict" if self.question == "why_not" else "To get"
        verb = f" {self.target_label} if you" if self.question == "why_not" else f" {self.target_label}:"
        return f"{head} {lead}{verb} " + "; or ".join(options) + "."


class FeatureRange(pydantic.BaseModel):
    """How far one feature may move, others fixed, while the prediction stays the same."""

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    current: Scalar
    low: float | None = None
    high: float | None = None
    categories: list[str] | None = None


class TextEdit(pydantic.BaseModel):
    """An edit of a text (a word replaced, or removed when `new` is empty)."""

    model_config = pydantic.ConfigDict(frozen=True)

    old: str
    new: str


class StillThisResult(Result):
    """What may change while the prediction stays the same; checked by sampling the model."""

    kind: Literal["still_this"] = "still_this"
    subject: Subject
    label: str
    probability: float
    ranges: list[FeatureRange] = []
    kept_edits: list[TextEdit] = []
    samples_checked: int
    samples_kept: int
    method: str
    kept_label: str | None = None  # the label the user asked to keep, when named

    def render(self) -> str:
        """State the prediction and the ranges within which each feature can move while it stays the same."""
        if self.kept_label is not None and self.kept_label != self.label:
            return _not_predicted_to_keep(self.label, self.probability, self.kept_label, self.subject)
        head = f"The model predicts {self.label} for {self.subject.description} ({format_percent(self.probability)})."
        parts = []
        for r in self.ranges:
            if r.categories is not None:
                parts.append(f"{r.feature} in {{{', '.join(r.categories)}}}")
            else:
                parts.append(f"{r.feature} between {format_number(r.low)} and {format_number(r.high)}")
        if self.kept_edits:
            parts += [f"'{e.old}' -> '{e.new or '(removed)'}'" for e in self.kept_edits]
        if not parts:
            return f"{head} No single change that keeps this prediction was found."
        return (
            f"{head} It stays {self.label} when, one at a time: {'; '.join(parts)}. "
            f"Checked on {self.samples_checked} sampled changes, {self.samples_kept} kept the prediction."
        )


class WhatIfResult(Result):
    """The prediction before and after changing the instance."""

    kind: Literal["what_if"] = "what_if"
    subject: Subject
    changes: list[Change]
    old_label: str
    old_probabilities: dict[str, float]
    new_label: str
    new_probabilities: dict[str, float]
    old_label_counts: dict[str, int] | None = None
    new_label_counts: dict[str, int] | None = None

    @pydantic.computed_field  # type: ignore[prop-decorator]
    @property
    def note(self) -> str | None:
        """The asked values the instance already has ("smoker is already yes, so nothing changes"), or None.

        Part of the output (a change from "yes" to "yes" says nothing by itself), derived from `changes` so that
        every host states it; a group's change is its mean or most common value, which says nothing of each row.
        """
        same = [c for c in self.changes if c.old == c.new]
        if self.subject.kind == "group" or not same:
            return None
        already = "; ".join(f"{c.feature} is already {format_number(c.shown)}" for c in same)
        return f"{already}, so nothing changes" if len(same) == len(self.changes) else already

    def render(self) -> str:
        """State the changes and the prediction before and after them (for a group, the label counts)."""
        changes = _edits(self.changes)
        if self.old_label_counts is not None and self.new_label_counts is not None:
            before = _counts(self.old_label_counts)
            after = _counts(self.new_label_counts)
            return f"For {self.subject.description}, {changes} moves the predictions from {before} to {after}."
        verdict = "changes to" if self.new_label != self.old_label else "stays"
        note = self.note
        moved = [c for c in self.changes if c.old != c.new] if note else self.changes
        if note is not None and not moved:
            return (
                f"For {self.subject.description}, {note}: the prediction stays "
                f"{self.old_label} ({_probabilities(self.old_probabilities)})."
            )
        if note is not None:
            changes = _edits(moved) + f" ({note})"
        return (
            f"For {self.subject.description}, {changes}: the prediction {verdict} {self.new_label} "
            f"(before: {self.old_label}, {_probabilities(self.old_probabilities)}; "
            f"after: {_probabilities(self.new_probabilities)})."
        )


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


def _numeric_statistics(f: FeatureInfo) -> str:
    """A number feature's statistics as the data card says them: range, mean, standard deviation, then the median
    and quartiles when the card holds them.
    """
    text = (
        f"ranges from {format_number(f.min)} to {format_number(f.max)}, "
        f"mean {format_number(f.mean)}, standard deviation {format_number(f.std)}"
    )
    if f.median is not None:
        text += f", median {format_number(f.median)}"
        if f.q1 is not None and f.q3 is not None:
            text += f" (quartiles {format_number(f.q1)} and {format_number(f.q3)})"
    return text


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
                stats = _numeric_statistics(f)
                if f.mean_by_label:
                    stats += "; mean by label: " + ", ".join(
                        f"{k} {format_number(v)}" for k, v in f.mean_by_label.items()
                    )
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
            text += f" Their {f.name} {_numeric_statistics(f)}"
            if f.mean_by_label:
                text += "; mean by label: " + ", ".join(f"{k} {format_number(v)}" for k, v in f.mean_by_label.items())
            text += "."
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
        if self.strengths:
            text += " Strengths: " + "; ".join(self.strengths) + "."
        if self.limitations:
            text += " Limitations: " + "; ".join(self.limitations) + "."
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


def result_payload(result: Any) -> Any:
    """A JSON-serialisable form of any function result (pydantic models, or plain data from host extensions)."""
    if isinstance(result, pydantic.BaseModel):
        return result.model_dump(mode="json")
    return pydantic.TypeAdapter(Any).dump_python(result, mode="json")


def render_result(result: Any) -> str:
    """The deterministic rendering of any function result."""
    if isinstance(result, Result):
        return result.render()
    if isinstance(result, str):
        return result
    text = _plain(result_payload(result))
    return text if text.endswith((".", "?", "!")) else text + "."


def _plain(value: Any, depth: int = 0) -> str:
    """Any JSON value in plain words: "count: 12; threshold: 0.8", lists joined, nested parts in brackets."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, int | float):
        return format_number(value)
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if not value:
            return "nothing"
        inner = (", " if depth else "; ").join(
            f"{str(k).replace('_', ' ')}: {_plain(v, depth + 1)}" for k, v in value.items()
        )
        return f"({inner})" if depth else inner
    if isinstance(value, list):
        if not value:
            return "none"
        if all(isinstance(v, dict) for v in value):
            return "; ".join(f"({i}) {_plain(v, depth + 1).strip('()')}" for i, v in enumerate(value, 1))
        return ", ".join(_plain(v, depth + 1) for v in value)
    return str(value)
