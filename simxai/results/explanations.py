"""Predictions and their explanations: one prediction, feature attributions, and global feature importance."""

from __future__ import annotations

from typing import Any, Literal

import pydantic

from simxai.results.base import Result, Scalar, Subject, _members, filled_note, whole_note
from simxai.results.formatting import _counts, _probabilities, format_number, format_percent, listed, tie_note


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
            f"(probabilities: {_probabilities(self.probabilities)})." + tie_note(self.probabilities, self.label)
        )
        if self.true_label is not None:
            verdict = "correct" if self.true_label == self.label else "wrong"
            text += f" The recorded label is {self.true_label}, so the prediction is {verdict}."
        return text + filled_note(self.subject) + whole_note(self.subject)


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
                f"{head}No {features[:-1]} moves the {self.label} {self.output_space}: every contribution is 0. "
                + self._scale()
                + self._method()
                + offer
            )
        return (
            f"{head}The {features} that matter most for the {self.label} {self.output_space} are: "
            + "; ".join(parts)
            + ". "
            + self._scale()
            + self._method()
            + offer
            + filled_note(self.subject)
            + whole_note(self.subject)
        )

    def _method(self) -> str:
        """The method, said last and apart: a reader meets the reasons first, the method's name after them."""
        return f" Method: {self.method}."

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
        return (
            f"The contributions are in the model's own score for {self.label}, its raw score before the scores of all "
            f"the labels become probabilities; positive values favour {self.label}. From a base value of {base} they "
            f"add up to {output}."
        )


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
    #: the model's other labels, when `label` is the host's default (none was asked for): a ranking and the signs
    #: of `mean_contribution` hold for one label, so the reply says which; left out of the payload when empty
    other_labels: list[str] = []
    #: why the host explains `label` when none was asked for ("the label the model predicts most often"), or None
    default_reason: str | None = None

    @pydantic.model_serializer(mode="wrap")
    def _without_unset_default(self, handler: pydantic.SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in ("other_labels", "default_reason"):
            if not data.get(name):
                data.pop(name, None)
        return data

    def render(self) -> str:
        """List up to eight features by mean importance, most important first, with the method and sample size."""
        ranked = sorted(self.importances, key=lambda i: i.importance, reverse=True)
        parts = [f"{i + 1}. {imp.feature} ({format_number(imp.importance)})" for i, imp in enumerate(ranked[:8])]
        return (
            f"Overall, the most important features for predicting {self.label} are: {'; '.join(parts)} "
            f"(the mean absolute contribution over {self.n_samples} instances; {self.method})." + self._which_label()
        )

    def _which_label(self) -> str:
        """The sentence on the label a default ranking is for: with more than two labels each has its own."""
        if not self.other_labels:
            return ""
        if len(self.other_labels) == 1:
            # a binary model's contributions to one label are those to the other with the sign reversed
            return f" With two labels, {self.other_labels[0]} has the same ranking (each contribution reversed)."
        why = f", {self.default_reason}" if self.default_reason else ""
        return (
            f" This ranking is for {self.label}{why}: each of the other {len(self.other_labels)} labels "
            f"({listed(self.other_labels)}) has its own; ask for one by name."
        )
