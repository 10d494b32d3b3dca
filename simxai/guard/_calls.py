"""Checks on what the model sends and answers around calls: non-answers and out-of-range what-if values."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.results import format_number

__all__ = ["insists", "non_answer", "out_of_range"]

#: `[get_prediction(instance=12)]`, `get_prediction(instance=12)`, or several such calls.
_CALL_SYNTAX = re.compile(r"^\s*\[?\s*(?:[A-Za-z_]\w*\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*,?\s*)+\]?\s*$", re.DOTALL)
_TOOL_TAGS = re.compile(r"</?(?:tool_call|function_call|tools?|\|python_tag\|)>|<\|python_tag\|>|^\s*<function=", re.I)
_INSIST = re.compile(
    r"\b(insist|exactly|literally|really (?:mean|want)|i mean(?: it)?|as (?:is|written|stated)|anyway|"
    r"regardless|absolute(?:ly)?|even though|even if|out of range|outside the range|yes,? (?:use|set|run|keep))\b",
    re.IGNORECASE,
)


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
    """A question for each absolute what-if value outside the range the data shows for its feature.

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
        if number is None or feature.min <= number <= feature.max:
            continue
        span = f"{format_number(feature.min)}–{format_number(feature.max)}"
        shown = format_number(number).replace("-", "−")
        if number < feature.min:
            guess = f"did you mean {format_number(abs(number))} lower?" if number < 0 else "is that intended?"
            questions.append(f"{feature.name} {shown} is below the data's range {span}; {guess}")
        else:
            questions.append(f"{feature.name} {shown} is above the data's range {span}; is that value intended?")
    return questions


def insists(user: str) -> bool:
    """Whether the user's words insist on a value as given."""
    return bool(_INSIST.search(user))
