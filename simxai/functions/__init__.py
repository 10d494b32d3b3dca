"""The eleven XAI functions. Their signatures and docstrings are the specs the LLM sees."""

from __future__ import annotations

from simxai.functions.attribution import get_global_explanation, get_local_explanation
from simxai.functions.cards import (
    get_data_information,
    get_model_information,
    get_model_performance,
    get_output_information,
)
from simxai.functions.counterfactual import (
    explain_how_to_be_that,
    explain_how_to_still_be_this,
    explain_why_not,
)
from simxai.functions.prediction import explain_what_if, get_prediction
from simxai.registry import Registry

__all__ = [
    "ELEVEN",
    "default_registry",
    "explain_how_to_be_that",
    "explain_how_to_still_be_this",
    "explain_what_if",
    "explain_why_not",
    "get_data_information",
    "get_global_explanation",
    "get_local_explanation",
    "get_model_information",
    "get_model_performance",
    "get_output_information",
    "get_prediction",
]

#: The eleven functions in the SimXAI paper's order; this order is the tool order every request sends.
ELEVEN = (
    get_prediction,
    get_global_explanation,
    get_local_explanation,
    explain_why_not,
    explain_how_to_be_that,
    explain_how_to_still_be_this,
    explain_what_if,
    get_model_performance,
    get_data_information,
    get_model_information,
    get_output_information,
)

_DEFAULT = Registry(ELEVEN)


def default_registry() -> Registry:
    """A fresh registry of the eleven functions, which a host may extend without affecting others."""
    return _DEFAULT.copy()
