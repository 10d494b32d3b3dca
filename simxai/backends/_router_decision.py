"""The router's choice for one turn: a function (or none), how sure it is, and what it offers when it asks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from simxai.extraction import extract_metric


@dataclass(frozen=True)
class Decision:
    """Which function answers a turn; `confident` False with a `runner_up` makes the router ask between the two."""

    function: str | None
    confidence: float
    confident: bool
    whole_text: bool = False  # the turn itself is the instance (a bare text for a text host)
    also: tuple[str, ...] = ()  # further functions a compound request asks for ("predict it, then explain")
    runner_up: str | None = None  # the second likeliest function, offered when the router asks
    arguments: dict[str, Any] | None = None  # a follow-up's arguments, taken from the previous call


def metric_named(decision: Decision, text: str) -> Decision:
    """The decision, sure of the performance function when the selector hesitates between it and another and the
    turn names a metric ("what's the f1 for applicants in the central region?"): no other function takes one.

    "How good" (every metric) is no named metric: "how good is the prediction for patient 5" asks about one.
    """
    if decision.confident or "get_model_performance" not in (decision.function, decision.runner_up):
        return decision
    if extract_metric(text) in (None, "all"):
        return decision
    return replace(decision, function="get_model_performance", confident=True, runner_up=None)
