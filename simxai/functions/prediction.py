"""Functions about the model's predictions: what it predicts, and what it would predict if things changed."""

from __future__ import annotations

from simxai.exceptions import ArgumentError
from simxai.functions._common import shared_docs
from simxai.hosts.base import ChangeValue, Host, InstanceRef
from simxai.results import PredictionResult, WhatIfResult


@shared_docs
def get_prediction(host: Host, instance: InstanceRef) -> PredictionResult:
    """Predict the label of an instance (or the label distribution of a group) with its probabilities.

    Use for "what does the model predict", "what is the outcome, sentiment or class of", "how likely is",
    "is the prediction correct".

    Args:
        instance: {INSTANCE}

    Returns:
        The predicted label (one of the model's class names), each class's probability in [0, 1], and for a
        dataset row its recorded label; for a group, how many instances get each label and the mean probabilities.

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
    return host.predict(host.resolve(instance))


@shared_docs
def explain_what_if(host: Host, instance: InstanceRef, changes: dict[str, ChangeValue]) -> WhatIfResult:
    """Predict again after changing some feature values (or words) of an instance: a what-if scenario.

    Use for "what if her bmi were 30", "what if glucose were 5 lower", "what happens if we replace 'good'
    with 'bad'", "would the prediction change if".

    Args:
        instance: {INSTANCE}
        changes: The changes to apply, as an object mapping a feature name to its new value. A number sets the
            feature ({"bmi": 30}); a string with a sign changes it relative to its current value
            ({"glucose": "-5"}, {"age": "+10"}, {"bmi": "+10%"}, {"ldl": "*1.5"}); any other string sets a
            categorical value. For a text model, map a word of the text to its replacement ({"good": "bad"};
            "" removes the word), or use the key "text" to replace the whole text.

    Returns:
        The changes applied (feature, old value, new value), the label and class probabilities before and
        after; for a group, the label counts before and after.

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
            valid='an object such as {"bmi": 30} or {"glucose": "-5"}',
            missing=["changes"],
        )
    return host.what_if(host.resolve(instance), changes)
