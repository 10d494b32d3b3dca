"""Typed results of the XAI functions.

Each result carries every number a reply may state and renders itself as deterministic plain English
(`render()`), which the offline router replies with and the faithfulness guard falls back to. The models live
by what they are about: `base` (the base class, the subject, any result as JSON or words), `explanations`
(predictions and attributions), `changes` (counterfactuals, still-this, what-if) and `cards` (performance and
the data, model and output cards); `formatting` states their numbers.
"""

from __future__ import annotations

from simxai.results.base import NotWhole, Result, Subject, Unseen, group_members, render_result, result_payload
from simxai.results.cards import (
    DataInformationResult,
    FeatureInfo,
    Histogram,
    LabelInfo,
    ModelInformationResult,
    OutputInformationResult,
    PerformanceResult,
)
from simxai.results.changes import (
    Change,
    Counterfactual,
    CounterfactualResult,
    FeatureRange,
    OutsideRange,
    StillThisResult,
    TextEdit,
    WhatIfResult,
)
from simxai.results.explanations import (
    Attribution,
    GlobalExplanationResult,
    Importance,
    LocalExplanationResult,
    PredictionResult,
)
from simxai.results.formatting import format_number, format_percent, listed

__all__ = [
    "Attribution",
    "Change",
    "Counterfactual",
    "CounterfactualResult",
    "DataInformationResult",
    "FeatureInfo",
    "FeatureRange",
    "GlobalExplanationResult",
    "Histogram",
    "Importance",
    "LabelInfo",
    "LocalExplanationResult",
    "ModelInformationResult",
    "NotWhole",
    "OutputInformationResult",
    "OutsideRange",
    "PerformanceResult",
    "PredictionResult",
    "Result",
    "StillThisResult",
    "Subject",
    "TextEdit",
    "Unseen",
    "WhatIfResult",
    "format_number",
    "format_percent",
    "group_members",
    "listed",
    "render_result",
    "result_payload",
]
