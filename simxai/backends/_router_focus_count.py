"""A count of the group in focus: "how many oak barrels are in the data?" right after a question about the oak barrels.

A data question that counts the rows of one category ("how many vans are in the data") is read as the card of that
category's feature, which counts every value. Right after a call on exactly that group (`cask = oak`: its accuracy, its
predictions), the same words count the group the dialogue is about: the data's card of the group, as "how many of
them are in the data?" would ask. So a `get_data_information` call that holds the feature of the one condition in focus
and no group gets that condition as its group instead, when the turn names the condition's value; and a count that
only points back ("how many of those / them / em in the data") gets the group in focus when it has none. A turn that
names another value, a second condition, a bound or an id, or that follows a call about no group or several, is left
as it was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.extraction import extract_group, extract_ids
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall

__all__ = ["counted_in_focus"]

_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
# "how many of those in the data", "how many of em are there": the count points back, and says nothing else
_OF_THEM = re.compile(
    r"\bhow\s+many\s+of\s+(?:them|those|these|em|'em)\b(?:\s+(?:are|is|were|do\s+we\s+have|we\s+got|we\s+have))?"
    r"(?:\s+(?:there|in\s+(?:the\s+)?(?:data(?:set)?|records|book|sample)))*(?:\s+(?:anyway|altogether|btw|all\s+up))?"
    r"\W*$",
    re.IGNORECASE,
)
_ONE_CATEGORY = re.compile(r"^\s*(?P<feature>[^=<>!]+?)\s*=\s*(?P<value>[^=<>!]+?)\s*$")


def _one_condition_in_focus(history: Sequence[Message]) -> str | None:
    """The group of the last call when it is one condition `feature = value`, else None."""
    call = last_call(history)
    if call is None:
        return None
    group = call.arguments.get("group", call.arguments.get("instance"))
    if not isinstance(group, str) or " and " in group or " or " in group:
        return None
    return group if _ONE_CATEGORY.match(group) else None


def counted_in_focus(
    calls: list[ToolCall], text: str, history: Sequence[Message], schema: HostSchema | None
) -> list[ToolCall]:
    """The calls with the group in focus counted where the turn counts it (module doc); else the calls as they are."""
    if schema is None or schema.kind != "tabular" or not _HOW_MANY.search(text) or extract_ids(text, schema):
        return calls
    focus = _one_condition_in_focus(history)
    if focus is None:
        return calls
    category = _ONE_CATEGORY.match(focus)
    assert category is not None
    own = extract_group(text, schema)
    named = isinstance(own, str) and own.strip().lower() == focus.strip().lower()
    pointed = own is None and _OF_THEM.search(text) is not None
    out = []
    for call in calls:
        arguments = call.arguments
        if call.name == "get_data_information" and "group" not in arguments:
            if named and arguments.get("feature") == category.group("feature"):
                arguments = {k: v for k, v in arguments.items() if k != "feature"} | {"group": focus}
            elif pointed and "feature" not in arguments:
                arguments = {**arguments, "group": focus}
        out.append(call if arguments is call.arguments else call.model_copy(update={"arguments": arguments}))
    return out
