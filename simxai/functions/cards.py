"""Functions about the model as a whole: its performance, its data, itself and its outputs."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated

import pydantic

from simxai.exceptions import ArgumentError
from simxai.functions._common import FeatureName, Group, Label, label_of, metrics_accepted
from simxai.host_examples import example_condition
from simxai.hosts.base import METRICS, GroupHost, Host, HostSchema, plural
from simxai.instances import EITHER_VALUES, closest
from simxai.registry import Accepts
from simxai.results import (
    DataInformationResult,
    ModelInformationResult,
    OutputInformationResult,
    PerformanceResult,
    Subject,
)

if TYPE_CHECKING:
    from simxai.extraction.mentions import VagueGroup

# Names users and models commonly use for the metrics, mapped to the canonical ones.
METRIC_SYNONYMS = {
    "acc": "accuracy",
    "correct": "accuracy",
    "error": "accuracy",
    "error_rate": "accuracy",
    "mistakes": "confusion_matrix",
    "f1_score": "f1",
    "f_score": "f1",
    "fscore": "f1",
    "f_measure": "f1",
    "auc": "roc_auc",
    "roc": "roc_auc",
    "auroc": "roc_auc",
    "roc_auc_score": "roc_auc",
    "sensitivity": "recall",
    "true_positive_rate": "recall",
    "tpr": "recall",
    "ppv": "precision",
    "confusion": "confusion_matrix",
    "confusion_matrix": "confusion_matrix",
    "overall": "all",
    "performance": "all",
    "every": "all",
}


def normalise_metric(metric: str) -> str:
    """Map a metric name to one of `METRICS`, or raise naming the valid ones."""
    key = metric.strip().lower().replace("-", "_").replace(" ", "_")
    key = METRIC_SYNONYMS.get(key, key)
    if key not in METRICS:
        raise ArgumentError(
            f"unknown metric {metric!r}",
            argument="metric",
            valid=", ".join(METRICS),
            suggestions=closest(key, METRICS),
        )
    return key


#: A metric name: the spec lists the canonical ones; synonyms ("auc", "f1_score") are still accepted.
MetricName = Annotated[str, pydantic.Field(json_schema_extra={"enum": list(METRICS)}), Accepts(metrics_accepted)]


def get_model_performance(
    host: Host, metric: MetricName, group: Group = None, label: Label = None
) -> PerformanceResult:
    """Report how well the model performs on held-out data, by a metric.

    Use for "how accurate is the model", "what is its f1/precision/recall/AUC", "how often is it wrong",
    "show the confusion matrix".

    Args:
        metric: Which metric; "all" for every one.
        group: A group condition ('age > 60') to score only its held-out instances; omit it for all.
        label: A label, for its own precision, recall or f1; omit it for the default.

    Returns:
        The metric's value in [0, 1], every metric and the confusion matrix (rows true, columns predicted).

    Examples:
        - How accurate is the model?
        - What is the model's f1 score?
        - Show me the confusion matrix.
        - What is the precision on the test data?
        - How often does the model make mistakes?
        - What is the AUC?
        - How well does it perform?
    """
    chosen = normalise_metric(metric)
    named = label_of(host.schema(), label, "label")
    whole = group is None or group.strip().lower() in ("", "all", "everyone", "overall")
    if named is not None and chosen == "accuracy":
        # The accuracy "for barbera" is the share right among the instances recorded barbera: a group.
        group = f"label = {named}" if whole else f"{group} and label = {named}"
        whole, named = False, None
    subject = None if whole else _group(host, str(group))
    labels = host.schema().class_names
    if named is None and subject is not None and chosen in ("precision", "recall", "f1") and len(labels) == 2:
        # The positive label's score on a group that holds none of it is undefined, not the 0 the host reports
        # ("recall" on the patients recorded stable): checked here, so that it is said instead of a wrong 0.
        scored = host.performance("all", subject)
        if scored.confusion_matrix is not None:
            _of_label(scored, chosen, labels[1])
    if named is None or chosen == "confusion_matrix":
        return host.performance(chosen, subject)  # the matrix has a row and a column for every label
    return _of_label(host.performance("all", subject), chosen, named)


def _of_label(scored: PerformanceResult, metric: str, label: str) -> PerformanceResult:
    """The scores of `scored` with precision, recall and f1 those of `label`, or an error naming what is undefined.

    roc_auc is one number for a two-label model (either label's curve gives it) and an average over the labels
    for more, which no label owns: it is not reported per label.
    """
    binary = len(scored.labels) == 2
    if metric == "roc_auc" and not binary:
        raise ArgumentError(
            f"roc_auc is not measured per label: it is the one-vs-rest average over the {len(scored.labels)} labels",
            argument="label",
            valid=f"precision, recall or f1 of {label}, or roc_auc without a label",
        )
    if scored.confusion_matrix is None:
        raise ArgumentError(
            f"this host reports no confusion matrix, so the scores of {label} alone cannot be read",
            argument="label",
            valid="the metric without a label",
        )
    own = _label_scores(scored.confusion_matrix, scored.labels.index(label))
    if metric in ("precision", "recall", "f1") and metric not in own:
        held = "recorded" if metric == "recall" else "predicted" if metric == "precision" else "recorded or predicted"
        scored_here = f"{scored.n} {scored.nouns} scored"
        raise ArgumentError(
            f"the {metric} of {label} is undefined here: none of the {scored_here} is {held} {label}",
            argument="label",
            valid=f"the {metric} of another label, or on {scored.nouns} that hold {label}",
        )
    scores = {name: scored.metrics[name] for name in ("accuracy",) if name in scored.metrics} | own
    if binary and "roc_auc" in scored.metrics:
        scores["roc_auc"] = scored.metrics["roc_auc"]
    return scored.model_copy(
        update={
            "metric": metric,
            "value": scores.get(metric) if metric != "all" else None,
            "metrics": scores,
            "label": label,
            "confusion_matrix": scored.confusion_matrix if metric == "all" else None,
        }
    )


def _label_scores(matrix: list[list[int]], k: int) -> dict[str, float]:
    """Precision, recall and f1 of class `k`, read from a confusion matrix (rows recorded, columns predicted).

    A score with no rows to measure it on is left out, never 0: recall needs a row recorded `k`, precision a row
    predicted `k`, f1 both (so the caller can say plainly which one is undefined on the rows scored).
    """
    hits = matrix[k][k]
    recorded = sum(matrix[k])
    predicted = sum(row[k] for row in matrix)
    scores: dict[str, float] = {}
    if predicted:
        scores["precision"] = hits / predicted
    if recorded:
        scores["recall"] = hits / recorded
    if predicted and recorded:
        scores["f1"] = 2 * hits / (predicted + recorded)
    return scores


def _group(host: Host, group: str, cannot: str = "the model cannot be scored on") -> Subject:
    """The group a metric is computed on, or an error that says plainly why this data cannot select it.

    `cannot` begins the error for a group no feature selects (the data card's differs from a metric's).
    """
    try:
        return host.resolve(group)
    except ArgumentError as exc:
        # The extraction's lexicon takes seconds to import; only a group the host cannot read needs it.
        from simxai.extraction.mentions import vague_group

        vague = vague_group(group, host.schema())
        if vague is not None:
            raise _vague_error(group, vague, host.schema()) from exc
        named = next((f for f in host.schema().features if f.name == group.strip()), None)
        if named is not None:  # "accuracy by plan": a feature, scored one group of its values at a time
            valid = (
                " or ".join(f"{named.name} = {c}" for c in named.categories)
                if named.categories
                else f"a bound such as '{named.name} > {((named.min or 0) + (named.max or 0)) / 2:.0f}'"
            )
            raise ArgumentError(
                f"{named.name} is a feature, and the model is scored on one group of it at a time",
                argument="group",
                valid=f"{valid} (or several named together to compare), or all",
            ) from exc
        if host.schema().kind == "text" or str(exc).startswith(EITHER_VALUES):
            # A text host's error names its own condition fields (label, prediction, id, its statistics); "gear = a or
            # b" is given the condition it means
            raise ArgumentError(f"{cannot} {group!r}: {exc}", argument="group", valid=exc.valid) from exc
        coded = "; ".join(
            f"{f.name} is {' or '.join(f.categories or [])}" + (f" ({f.description})" if f.description else "")
            for f in host.schema().features
            if f.type == "categorical"
        )
        unread = _unread_clauses(host, group)
        raise ArgumentError(
            f"{cannot} {unread!r}: no feature or value of this data selects it"
            + (f" (in {group!r})" if unread != group else f" ({exc})"),
            argument="group",
            valid=f"a condition such as '{example_condition(host.schema())}', 'label = <class>' or "
            "'prediction = <class>', or all" + (f"; categorical features: {coded}" if coded else ""),
        ) from exc


def _unread_clauses(host: Host, group: str) -> str:
    """The clauses of `group` this data cannot select ("women" of "age > 50 and women"), or the whole group.

    Quoting only the unclear words says what to replace: the rest of the condition was understood.
    """
    clauses = [c.strip() for c in re.split(r"\s+and\s+", group) if c.strip()]
    if len(clauses) < 2:
        return group
    unread = []
    for clause in clauses:
        try:
            host.resolve(clause)
        except ArgumentError:
            unread.append(clause)
    return " and ".join(unread) if unread and len(unread) < len(clauses) else group


def _vague_error(group: str, vague: VagueGroup, schema: HostSchema) -> ArgumentError:
    """The error for a group named with no threshold ("older patients"): what it lacks, and a valid form."""
    noun = schema.instance_noun or "instance"
    feature = vague.feature
    if feature is not None and feature.min is not None and feature.max is not None:
        middle = f"{(feature.min + feature.max) / 2:.0f}"
        return ArgumentError(
            f"{group!r} has no threshold: {feature.name} runs from {feature.min:g} to {feature.max:g} in the data",
            argument="group",
            valid=f"a condition such as '{feature.name} > {middle}', or all",
        )
    if schema.kind == "text":
        labels = " or ".join(schema.class_names)
        return ArgumentError(
            f"no feature of the {noun}s says which are {group!r}",
            argument="group",
            valid=f"the {noun}s labelled or predicted {labels} ('label = {schema.class_names[0]}'), or all",
        )
    return ArgumentError(
        f"no feature of this data says which {noun}s {group!r} means",
        argument="group",
        valid=f"a condition on one of {', '.join(f.name for f in schema.features)} (such as "
        f"'{schema.features[0].name} > ...'), or all",
    )


def get_data_information(host: Host, feature: FeatureName = None, group: Group = None) -> DataInformationResult:
    """Describe the model's data: its size, features, target and class balance.

    Use for "what data", "how many rows", "which features", "what is the class balance", "a feature's
    statistics", of all or of a group.

    Args:
        feature: A feature, for its statistics; omit it for all.
        group: A condition ('age > 60'), for its rows only.

    Returns:
        The size, features with ranges, target and label counts; with `feature`, its statistics.

    Examples:
        - What data was the model trained on?
        - How many instances are in the dataset?
        - Which features are in the data?
        - What is the average bmi?
        - How many positive and negative examples are there?
        - Describe the dataset.
        - What are the labels in the data?
        - How many rows have age over 60?
        - How big is the training set?
    """
    whole = group is None or group.strip().lower() in ("", "all", "everyone", "overall")
    if not whole and feature is None and host.schema().feature(str(group).strip()) is not None:
        feature, whole = str(group).strip(), True  # "bmi" as the group: the feature, by recorded label
    if whole:
        return host.data_information(feature)
    if not isinstance(host, GroupHost) or not host.describes_groups():
        raise ArgumentError(
            f"this host cannot describe part of its data ({group!r}): it describes the whole data only",
            argument="group",
            valid="no group (the whole data)",
        )
    try:
        selection = host.select(str(group))
    except ArgumentError:
        _group(host, str(group), "the data cannot be described for")  # raises, saying why and what is valid
        raise
    subject = selection.subject
    if subject is None:  # a group that selects no rows is an answer (none has it), not an error
        card = host.data_information(feature)  # (an unknown feature is still said)
        return card.model_copy(
            update={
                "n_rows": 0,
                "class_balance": dict.fromkeys(card.class_balance, 0),
                "feature": None,
                "group": selection.condition,
                "group_fields": selection.fields,
                "n_total": card.n_rows,
                "nouns": plural(host.schema().instance_noun or "row"),
            }
        )
    if subject.kind != "group":  # one row, or a text host's reading of words as a text ("long reviews")
        labels = host.schema().class_names
        raise ArgumentError(
            f"{group!r} is no condition the data can select: it reads as {subject.description}",
            argument="group",
            valid=f"a condition such as 'label = {labels[0]}' or 'prediction = {labels[-1]}'"
            + (", a feature bound" if host.schema().kind == "tabular" else "")
            + ", or all",
        )
    return host.data_information(feature, group=subject)


def get_model_information(host: Host) -> ModelInformationResult:
    """Describe the model itself: its type, hyper-parameters, training setup, strengths and limitations.

    Use for "what kind of model is this", "how was it trained", "what are its limitations", "which
    algorithm".

    Returns:
        The model type, hyper-parameters, training, strengths and limitations.

    Examples:
        - What kind of model is this?
        - Which algorithm does the model use?
        - How was the model trained?
        - What are the model's limitations?
        - Tell me about the model.
    """
    return host.model_information()


def get_output_information(host: Host) -> OutputInformationResult:
    """Describe the model's outputs: the labels it can predict, what each means, and what its probability means.

    Use for "what can the model predict", "what does label X mean", "what are the possible outcomes",
    "what does the score or probability mean".

    Returns:
        Each label with its meaning, and what the probability means.

    Examples:
        - What labels can the model predict?
        - What does progressing mean?
        - What are the possible outputs?
        - What does the probability mean?
        - What classes are there?
    """
    return host.output_information()
