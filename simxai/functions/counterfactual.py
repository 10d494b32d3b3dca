"""Counterfactual functions: what would change the prediction, and what would keep it."""

from __future__ import annotations

from typing import Annotated

from simxai.exceptions import ArgumentError
from simxai.functions._common import (
    Instance,
    Label,
    label_of,
    require_instance,
    resolve_target,
    shared_docs,
    single,
    tie_of,
)
from simxai.hosts.base import Host
from simxai.registry import Accepts
from simxai.results import CounterfactualResult, StillThisResult

MAX_COUNTERFACTUALS = 5

#: How many counterfactuals to find; a value of another type ("three") is refused naming the range.
Iterations = Annotated[int, Accepts(lambda _host: f"a whole number from 1 to {MAX_COUNTERFACTUALS}")]


@shared_docs
def explain_why_not(host: Host, instance: Instance = None, expected_label: Label = None) -> CounterfactualResult:
    """Explain why the model did not predict another label for an instance, by the smallest changes that would.

    Use for "why not X", "why isn't it X", "why wasn't it predicted as X", "why not the other class".

    Args:
        instance: {INSTANCE}
        expected_label: The label expected instead; by default the most probable other one.

    Returns:
        The current and expected labels and the changes (old and new values) that make the model predict the
        expected one, with its probability.

    Examples:
        - Why not progressing?
        - Why wasn't patient 12 predicted as stable?
        - Why isn't this review classified as positive?
        - Why didn't the model predict the other class?
        - Why not negative?
    """
    subject = single(host.resolve(require_instance(instance, "explain_why_not")), "explain_why_not")
    prediction = host.predict(subject)
    target = resolve_target(host, subject, expected_label, "expected_label", prediction)
    return _with_tie(host.counterfactuals(subject, target, 1, "why_not"), tie_of(prediction))


@shared_docs
def explain_how_to_be_that(
    host: Host,
    instance: Instance = None,
    target_label: Label = None,
    number_of_iterations: Iterations = 1,
) -> CounterfactualResult:
    """Find counterfactuals: changes to an instance that make the model predict a different (target) label.

    Use for "what would need to change", "how could it become X", "what should be different to flip the
    prediction", "show counterfactuals", "what is the minimal change".

    Args:
        instance: {INSTANCE}
        target_label: The label to reach; by default the most probable other one.
        number_of_iterations: How many counterfactuals (1 to 5).

    Returns:
        The current and target labels and up to `number_of_iterations` sets of changes (old and new values),
        each with the target's probability.

    Examples:
        - What would need to change for patient 12 to be predicted stable?
        - How could this review become positive?
        - Show me counterfactual examples for this instance.
        - What is the smallest change that flips the prediction?
        - Give me 3 ways to change the outcome.
        - What should be different to get the other label?
        - Generate counterfactuals for id 4.
    """
    if not 1 <= number_of_iterations <= MAX_COUNTERFACTUALS:
        raise ArgumentError(
            f"number_of_iterations must be between 1 and {MAX_COUNTERFACTUALS}, got {number_of_iterations}",
            argument="number_of_iterations",
            valid=f"an integer from 1 to {MAX_COUNTERFACTUALS}",
        )
    subject = single(host.resolve(require_instance(instance, "explain_how_to_be_that")), "explain_how_to_be_that")
    prediction = host.predict(subject)
    target = resolve_target(host, subject, target_label, "target_label", prediction)
    return _with_tie(host.counterfactuals(subject, target, number_of_iterations, "how_to_be_that"), tie_of(prediction))


def _with_tie(result: CounterfactualResult, tie: dict[str, float]) -> CounterfactualResult:
    """`result` stating the tie at the top of the prediction it starts from ("repair and replace have 40.0% each"):
    the current label is then only the model's tie-break, and a reply must not present it as a clear preference.
    """
    if not tie or result.current_label not in tie or result.current_label == result.target_label:
        return result
    return result.model_copy(update={"tie": tie})


@shared_docs
def explain_how_to_still_be_this(host: Host, instance: Instance = None, kept_label: Label = None) -> StillThisResult:
    """Find what may change in an instance while the model's prediction stays the same.

    Use for "how robust is it", "within which range does it stay the same", "what keeps it X".

    Args:
        instance: {INSTANCE}
        kept_label: The label to keep; by default the predicted one.

    Returns:
        The predicted label and, per feature, its range (others fixed) while it stays; for a text,
        the word edits that keep it.

    Examples:
        - What can change for patient 12 without changing the prediction?
        - How much can the bmi vary and still be predicted the same?
        - Which changes would keep this review positive?
        - How robust is this prediction?
        - Within which ranges does the prediction stay the same?
        - What would still be predicted stable?
        - How much can the input change before the prediction flips?
    """
    name = "explain_how_to_still_be_this"
    subject = single(host.resolve(require_instance(instance, name)), name)
    kept = label_of(host.schema(), kept_label, "kept_label")
    # one prediction: the ranges' own says whether `kept` is the label predicted (a prediction before them, to
    # compare, predicted the instance twice whenever it was)
    still = host.still_this(subject)
    if kept is not None and still.label != kept:
        # "how can patient 12 stay progressing?" of a patient predicted stable: there is no progressing to keep,
        # and the ranges that keep stable were not asked for
        return StillThisResult(
            subject=subject,
            label=still.label,
            probability=still.probability,
            samples_checked=0,
            samples_kept=0,
            method="none (the label to keep is not predicted)",
            kept_label=kept,
        )
    # two labels can tie at the top only at 50 % or below: above it the ranges' own prediction is all it takes
    tie = tie_of(host.predict(subject)) if still.probability <= 0.5 + 1e-9 else {}
    return still.model_copy(update={"tie": tie}) if tie and still.label in tie else still
