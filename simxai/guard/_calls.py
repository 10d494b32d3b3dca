"""Checks on what the model sends and answers around calls: non-answers and out-of-range what-if values."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from simxai.guard._prefilter import gated
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.results import format_number

__all__ = ["insists", "non_answer", "out_of_range", "stepped_out_of_range"]

#: `[get_prediction(instance=12)]`, `get_prediction(instance=12)`, or several such calls.
_CALL_SYNTAX = re.compile(r"^\s*\[?\s*(?:[A-Za-z_]\w*\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*,?\s*)+\]?\s*$", re.DOTALL)
_TOOL_TAGS = gated(r"</?(?:tool_call|function_call|tools?|\|python_tag\|)>|<\|python_tag\|>|^\s*<function=", re.I)
_INSIST = gated(
    r"\b(insist|exactly|literally|really (?:mean|want)|i mean(?: it)?|as (?:is|written|stated)|anyway|"
    r"regardless|absolute(?:ly)?|even though|even if|out of range|outside the range|yes,? (?:use|set|run|keep))\b",
    re.IGNORECASE,
)

#: How far below the data's range, as a share of its smallest value, a relative what-if step may land unasked (2
#: fewer handlers from 3, where the fewest is 2, is asked), and how far above the largest an absolute value may be.
_PAST_ITS_END = 0.25


def non_answer(text: str | None) -> str | None:
    """Why a reply after function results is not an answer for the user, or None when it is one.

    Empty text, call syntax (what vLLM returns when its parser gives up after results), a JSON value, and
    tool-call tags are not answers.
    """
    stripped = (text or "").strip()
    if not stripped:
        return "the reply is empty"
    if _CALL_SYNTAX.match(stripped):
        return "the reply is function-call syntax"
    if _TOOL_TAGS.search(stripped):
        return "the reply holds tool-call markup"
    if stripped[0] in "[{":
        try:
            json.loads(stripped)
        except ValueError:
            pass
        else:
            return "the reply is JSON"
    return None


def _feature(schema: HostSchema, name: str) -> FeatureSchema | None:
    key = name.strip().lower()
    for f in schema.features:
        if f.name.lower() == key or key in (a.lower() for a in f.aliases):
            return f
    return None


def out_of_range(changes: Any, schema: HostSchema) -> list[str]:
    """A question for each absolute what-if value outside the range the data shows for its feature (above it: by
    more than `_PAST_ITS_END` of the largest value).

    Relative changes (signed strings such as "-5" or "+10%") are the user's way of saying "5 lower" and are
    not questioned; a negative number usually is one written as an absolute value.
    """
    if not isinstance(changes, Mapping):
        return []
    questions = []
    for name, value in changes.items():
        feature = _feature(schema, str(name))
        if feature is None or feature.type != "numeric" or feature.min is None or feature.max is None:
            continue
        number: float | None = None
        if isinstance(value, int | float) and not isinstance(value, bool):
            number = float(value)
        elif isinstance(value, str) and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", value):
            number = float(value)
        if number is None or feature.min <= number <= feature.max + _PAST_ITS_END * abs(feature.max):
            continue  # a value a little above the largest the data shows is said on purpose ("35" where it has 32)
        span = f"{format_number(feature.min)}–{format_number(feature.max)}"
        shown = format_number(number).replace("-", "−")
        if feature.below_its_range(number):
            guess = f"did you mean {format_number(abs(number))} lower?" if number < 0 else "is that intended?"
            questions.append(f"{feature.name} {shown} is below the data's range {span}; {guess}")
        else:
            questions.append(f"{feature.name} {shown} is above the data's range {span}; is that value intended?")
    return questions


def stepped_out_of_range(changes: Any, payload: Any, schema: HostSchema) -> list[str]:
    """A question for each relative what-if change ("5 lower", "+20%", "*3") that took one instance's feature
    outside the range the data shows: below zero where the data has no negative value ("weight_kg would go from 2
    to −3 ..."), more than the range's own width past either end ("income +5000" on incomes in thousands), or below
    the smallest value by more than `_PAST_ITS_END` of its size ("2 fewer handlers" from 3 where the data's fewest
    is 2). A step a little below the range, and one up to a range's width above it ("two more feeds" from 2 where
    the most is 3, "twice the posts"), is run as asked. `out_of_range` cannot see these before the call, since
    the new value depends on the instance's own. `payload` is the what-if's result payload.
    """
    if not isinstance(changes, Mapping) or not isinstance(payload, Mapping):
        return []
    subject = payload.get("subject")
    if not isinstance(subject, Mapping) or subject.get("kind") == "group":
        return []  # a group's change is stated by its mean; each row may differ
    questions = []
    for change in payload.get("changes") or []:
        name, new = change.get("feature"), change.get("new")
        asked = changes.get(name)
        feature = _feature(schema, str(name))
        if not (isinstance(asked, str) and asked.strip()[:1] in ("+", "-", "*")) or feature is None:
            continue  # absolute values were checked before the call
        if feature.min is None or feature.max is None or not isinstance(new, int | float) or isinstance(new, bool):
            continue
        reach = feature.max - feature.min  # a step a little past the data's range is the user's to take
        low = max(feature.min - reach, feature.min - _PAST_ITS_END * abs(feature.min))
        high = feature.max + reach  # a step up said outright may land a range's width past the largest value
        if low <= new <= high and not (new < 0 <= feature.min):
            continue
        span = f"{format_number(feature.min)}–{format_number(feature.max)}"
        moved = f"{format_number(change.get('old'))} to {format_number(new)}".replace("-", "−")
        side = "below" if new < feature.min else "above"
        questions.append(f"{name} would go from {moved}, {side} the data's range {span}; is that intended?")
    return questions


def insists(user: str) -> bool:
    """Whether the user's words insist on a value as given."""
    return bool(_INSIST.search(user))
