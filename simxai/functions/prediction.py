"""Functions about the model's predictions: what it predicts, and what it would predict if things changed."""

from __future__ import annotations

from simxai.exceptions import ArgumentError
from simxai.functions._common import Changes, Instance, require_instance, shared_docs
from simxai.host_examples import example_changes
from simxai.hosts.base import Host
from simxai.results import PredictionResult, WhatIfResult


@shared_docs
def get_prediction(host: Host, instance: Instance = None) -> PredictionResult:
    """Predict the label of an instance (or the label distribution of a group) with its probabilities.

    Use for "what does the model predict", "what is the outcome, sentiment or class of", "how likely is",
    "is the prediction correct".

    Args:
        instance: {INSTANCE}

    Returns:
        The predicted label, each class's probability in [0, 1] and a row's recorded label; for a group, the
        count per label.

    Examples:
        - What does the model predict for patient 12?
        - What is the prediction for id 5?
        - What is the sentiment of 'I loved this film'?
        - How likely is this instance to be positive?
        - Is the model's prediction for patient 3 correct?
        - What does it predict for people with bmi above 30?
        - Classify this sentence for me.
        - What would the model output for this one?
    """
    return host.predict(host.resolve(require_instance(instance, "get_prediction")))


@shared_docs
def explain_what_if(host: Host, instance: Instance = None, changes: Changes = None) -> WhatIfResult:
    """Predict again after changing some feature values (or words) of an instance: a what-if scenario.

    Use for "what if her bmi were 30", "what if glucose were 5 lower", "what happens if we replace 'good'
    with 'bad'", "would the prediction change if".

    Args:
        instance: {INSTANCE}
        changes: Feature -> new value: a number sets it ({"bmi": 30}), a signed string moves it ("5 lower":
            {"glucose": "-5"}, {"bmi": "+10%"}), null = missing; text: word -> replacement ("" removes).

    Returns:
        The changes applied (old and new values), and the label and probabilities before and after.

    Examples:
        - What if her bmi were 30?
        - What would happen if the glucose were 20 points lower?
        - And if we increase age by 10 years?
        - What if we replace 'great' with 'terrible'?
        - Would the prediction change if blood pressure was 90?
        - Suppose the cholesterol ratio were 5, what would the model say?
        - What if I change this word to another one?
    """
    if not changes:
        raise ArgumentError(
            "explain_what_if needs at least one change",
            argument="changes",
            valid=f"an object such as {example_changes(host.schema())}",
            missing=["changes"],
        )
    return host.what_if(host.resolve(require_instance(instance, "explain_what_if")), changes)
