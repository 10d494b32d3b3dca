"""Functions that attribute the model's output to its input features (SHAP)."""

from __future__ import annotations

from simxai.functions._common import Instance, Label, label_of, require_instance, shared_docs
from simxai.hosts.base import Host
from simxai.results import GlobalExplanationResult, LocalExplanationResult


def get_global_explanation(host: Host, label: Label = None) -> GlobalExplanationResult:
    """Rank the features by how much they influence the model's predictions overall, across the data.

    Use for questions about the model in general, not one instance: "which features matter most",
    "what does the model rely on", "most important features overall".

    Args:
        label: The label explained; omit it for the default.

    Returns:
        The features ranked by mean absolute SHAP value, and the label explained.

    Examples:
        - Which features count most for the model?
        - Which features does the model rely on in general?
        - Show me the global feature importance.
        - What factors drive the predictions overall?
        - Which words matter most to the classifier across the dataset?
        - Rank the features by importance.
    """
    named = label_of(host.schema(), label, "label")
    result = host.global_explanation(named)
    if named is not None:
        return result
    # the host's default label: a ranking (and its signs) holds for one label, and the reply says which
    others = [name for name in host.schema().class_names if name != result.label]
    return result.model_copy(update={"other_labels": others})


@shared_docs
def get_local_explanation(
    host: Host, instance: Instance = None, prediction_label: Label = None
) -> LocalExplanationResult:
    """Explain why the model made its prediction for an instance, with each feature's (or word's) contribution.

    Use for "why", "which features/words were most important for this prediction", "feature importance for
    this instance", "what drove this decision".

    Args:
        instance: {INSTANCE}
        prediction_label: The label whose score is explained; by default the predicted one.

    Returns:
        Each feature's (or word's) value and SHAP contribution (positive: towards the explained label), and
        the predicted label.

    Examples:
        - Why did the model predict that for patient 12?
        - Why?
        - Which features were most important for this prediction?
        - Which words in 'the plot was dull' weigh most?
        - Give me the feature importance scores for id 7.
        - What drove this decision?
        - Explain this prediction.
        - Show me the SHAP values for this instance.
    """
    subject = host.resolve(require_instance(instance, "get_local_explanation"))
    result = host.local_explanation(subject, label_of(host.schema(), prediction_label, "prediction_label"))
    if subject.kind == "row" and result.label != result.predicted_label:
        # The request named a label the model does not predict: its premise may be the recorded label.
        recorded = host.predict(subject).true_label
        if recorded is not None:
            result = result.model_copy(update={"recorded_label": recorded})
    return result
