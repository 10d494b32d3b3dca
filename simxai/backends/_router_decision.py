"""The router's choice for one turn: a function (or none), how sure it is, and what it offers when it asks."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from simxai.backends._router_arguments import counts_predictions
from simxai.extraction import extract_metric
from simxai.extraction.mentions import moved_away_from
from simxai.hosts.base import HostSchema


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


# The functions that change or keep an outcome: moving away from a class ("shed the surcharge") picks among them.
_COUNTERFACTUAL_FUNCTIONS = frozenset({"explain_how_to_be_that", "explain_how_to_still_be_this", "explain_why_not"})
# "how far can her income fall before she loses the approval?", "and still avoid a rejection": the outcome kept
_KEEPS_OUTCOME = re.compile(r"\b(?:before|still|without)\b", re.IGNORECASE)


def outcome_decision(
    decision: Decision, text: str, schema: HostSchema | None, names: Collection[str]
) -> Decision | None:
    """A sure decision from the outcome a turn names, or None to keep the selector's.

    A count of a predicted outcome within a group ("how many smokers on the gold plan end up with a surcharge?")
    is the model's predictions over the group, when the selector chose the data's records or is unsure. A turn
    that leaves a class ("how might she shed the surcharge?") while the selector hesitates between
    counterfactual functions asks for the changes that reach another class, unless it keeps an outcome ("before
    she loses the approval", "and still avoid a rejection").
    """
    unsure = not decision.confident
    if (
        (decision.function == "get_data_information" or unsure)
        and "get_prediction" in names
        and counts_predictions(text, schema)
    ):
        return Decision("get_prediction", decision.confidence, True)
    if (
        unsure
        and "explain_how_to_be_that" in names
        and {decision.function, decision.runner_up} & _COUNTERFACTUAL_FUNCTIONS
        and moved_away_from(text, schema) is not None
        and not _KEEPS_OUTCOME.search(text)
    ):
        return Decision("explain_how_to_be_that", decision.confidence, True)
    return None
