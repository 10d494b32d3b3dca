"""A feature's value for one instance: "what is the income of applicant 12?", "and her bmi?".

No function is about one instance's recorded values alone, and the data card's statistics of a feature
answer a different question (the whole data set's income, not applicant 12's). Such a request is routed to
the instance's prediction, whose subject carries the instance's values, and the rendering states the values
of the features the user named (`named_values`), so that neither the instance nor the feature is dropped.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from simxai.extraction import extract_ids
from simxai.extraction.mentions import age_feature, feature_mentions
from simxai.followup_subject import which_members
from simxai.hosts.base import HostSchema, regular_plural
from simxai.messages import Message, ToolCall
from simxai.results import Result, Subject, group_members

__all__ = ["about_one_instance", "named_values", "value_of_one_instance"]

# "her bmi", "his income", "their claims", "its glucose": a feature of the person in focus
_POSSESSIVE = re.compile(r"\b(?:her|his|their|its)\s+$", re.IGNORECASE)
# "what is / what's / show / tell me the <feature> of ...": a value asked for, not a distribution
_ASKS_A_VALUE = re.compile(
    r"\b(?:what(?:'s|\s+is|\s+was|\s+are)|show|tell\s+me|give\s+me|how\s+(?:old|much|many))\b", re.IGNORECASE
)
# One instance's whole record asked for: "the values of inverter 20315", "show me the data for case 20315" (which the
# selector reads as the data card or the prediction; the values asked for take the prediction, which states them)
_RECORD = re.compile(r"\b(?:values|data|record|row|details)\s+(?:of|for|on)\b", re.IGNORECASE)
_VALUES_ASKED = re.compile(r"\b(?:values|record|row|details)\s+(?:of|for|on)\b", re.IGNORECASE)
_DISTRIBUTION = re.compile(
    r"\b(?:distribution|distributed|range|average|mean|median|spread|histogram|statistics|stats|typical|overall|"
    r"across|all|every|dataset|data\s+set)\b",
    re.IGNORECASE,
)


def about_one_instance(
    calls: list[ToolCall], text: str, schema: HostSchema | None, history: Sequence[Message], names: set[str]
) -> list[ToolCall]:
    """The calls, with a feature-value question about one instance turned into that instance's prediction.

    `calls` are what the turn would otherwise run; only one `get_data_information` call about a feature is
    turned, when `get_prediction` is among the functions `names`. The turn must name exactly one id ("the income of
    applicant 12") or, with an instance in focus in `history`, a possessive ("what is her bmi?"), and ask for
    a value, not a distribution.
    """
    if schema is None or schema.kind != "tabular" or len(calls) != 1 or "get_prediction" not in names:
        return calls
    call = calls[0]
    if call.name != "get_data_information":
        return calls
    if not call.arguments:
        # "what are the values of inverter 20315?": its record, not the data set's card
        ids = extract_ids(text, schema)
        if len(ids) == 1 and _VALUES_ASKED.search(text) and not _DISTRIBUTION.search(text):
            return [ToolCall(id=call.id, name="get_prediction", arguments={"instance": ids[0]})]
        return calls
    if not call.arguments.get("feature"):
        return calls
    asked = value_of_one_instance(text, schema, history)
    if asked is None:
        return calls
    return [ToolCall(id=call.id, name="get_prediction", arguments={} if asked == "focus" else {"instance": asked})]


def value_of_one_instance(text: str, schema: HostSchema | None, history: Sequence[Message]) -> int | str | None:
    """Whether `text` asks a feature's value of one instance: the one id it names ("the income of applicant 12"),
    "focus" for a possessive with an instance in focus in `history` ("what is her bmi?"), or None (no value asked,
    a distribution, or no instance).
    """
    if schema is None or schema.kind != "tabular" or not _ASKS_A_VALUE.search(text) or _DISTRIBUTION.search(text):
        return None
    ids = extract_ids(text, schema)
    if len(ids) == 1:
        return ids[0]
    focus = any("instance" in c.arguments for m in history for c in m.tool_calls)
    possessive = any(_POSSESSIVE.search(text[: m.start]) for m in feature_mentions(text, schema))
    return "focus" if not ids and focus and possessive else None


def named_values(result: Result, text: str, schema: HostSchema | None) -> str:
    """A sentence with the recorded values of the features `text` names, for a result about one row, or ""."""
    subject = getattr(result, "subject", None)
    if schema is None or not isinstance(subject, Subject) or subject.kind != "row" or not subject.values:
        return ""
    values = subject.values
    named = [m.feature.name for m in feature_mentions(text, schema) if m.feature.name in values]
    age = age_feature(schema)
    if age is not None and age.name in values and re.search(r"\bhow\s+old\b", text, re.IGNORECASE):
        named.append(age.name)  # "how old is member 5010"
    named = list(dict.fromkeys(named))
    if not named and _RECORD.search(text):
        named = list(values)  # "show me the data for inverter 20315": every recorded value
    if not named:
        return ""
    filled = set(subject.filled or ())
    parts = [
        f"{name} not recorded (the model's imputer fills in {_value(values[name])})"
        if name in filled
        else f"{name} not recorded (missing; the model reads a missing value itself)"
        if _missing(values[name])
        else f"{name} = {_value(values[name])}"
        for name in named
    ]
    return f" The recorded values of {subject.description}: {', '.join(parts)}."


def _missing(value: object) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _value(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def listed_members(result: Result, text: str, schema: HostSchema | None) -> str:
    """The first ids of a group when `text` asks which members it has ("which ones", "which bikes", "list them"),
    and the rendering of `result` names none (a group picked by a feature), or "".
    """
    subject = getattr(result, "subject", None)
    if not isinstance(subject, Subject) or subject.kind != "group" or not _asks_which(text, schema):
        return ""
    return group_members(subject)


def _asks_which(text: str, schema: HostSchema | None) -> bool:
    noun = schema.instance_noun if schema is not None else "instance"
    nouns = rf"{re.escape(noun)}s?|{re.escape(regular_plural(noun))}|rows?|ids?|records?|instances?|cases?"
    return re.search(which_members(nouns), text, re.I) is not None
