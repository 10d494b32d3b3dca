"""A turn that points back at the group in focus while it asks another question of it: "what does it predict for
those holes?" after the model's accuracy on the deep holes.

After a call on a group ("how accurate on holes deeper than 22 m?"), a turn that names no group or instance of its
own and speaks of "them", "those", "these" (alone, before "ones" or before the host's plural noun), "the same
<noun>s", "that group / bunch / lot", "how many (<noun>s / people / any plural) is that / are those" or "does that
cover / include", or opens on
"their" ("and their mean salinity": the last call ran on a group, so "their" is the group's, as "them" is) switches
the function and keeps the subject: each call that takes a group and holds none gets the group in focus
(get_prediction's instance, the group of get_model_performance and get_data_information). "those Glacier stops"
after the stops on the Glacier line in high wind names a part of the group in focus to point at it: the whole group
is meant, not the part alone. "those who rent", "those with a loan" describe a group of their own and are left to
the turn; a part of the group ("how many of them are ...") is `_router_narrowed`'s, run before this. The last call
must have run on one group given as a condition, as `_router_narrowed` requires; otherwise nothing is filled and
the engine asks as before. "back to all the wet ones" (naming no group the data can read) after a narrowed group
is the group before the narrowing: the last call's group whose conditions are some of those in focus.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_narrowed import _DESCRIBES, GROUP_SLOT, _focus
from simxai.extraction import extract_group, extract_ids
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall

__all__ = ["with_group_referred"]

_CONDITION = re.compile(r"[=<>]")
# the calls back a restated group is looked for in: the last few answers, not the whole conversation
_LOOK_BACK = 3


def _reference(schema: HostSchema) -> re.Pattern[str]:
    noun = re.escape((schema.instance_noun or "instance").lower())
    return re.compile(
        rf"\b(?:for|on|of|about|among|with|in|to)\s+(?:(?P<ref>them|those|these)|the\s+same|(?:that|this)\s+(?:same\s+)?(?:bunch|group|lot|set))"
        rf"(?:\s+(?:ones|{noun}e?s)\b)?(?:\s+(?P<next>[a-z]+))?"
        # "how many pieces is that?", "how many tanks is that", "how many are those?": the size of the group in focus
        rf"|\bhow\s+many\s+(?P<counted>{noun}e?s\s+|[a-z]+s\s+|people\s+)?(?:is|are|was|were)\s+(?:that|those|these)\b"
        # "how many beds does that cover?", "how many would that include": the size of the group in focus (dlg49)
        rf"|\bhow\s+many\s+(?P<covered>{noun}e?s\s+|[a-z]+s\s+|people\s+)?(?:does|do|did|would|will)\s+"
        rf"(?:that|this|it)\s+(?:cover|include|contain|hold|take\s+in|come\s+to)\b"
        # "their mean salinity", "and their avg depth": a feature of the group in focus, said with its possessive
        rf"|^\W*(?:(?:and|so|ok(?:ay)?|now|then|what(?:'s|\s+is|\s+are|\s+about)?)\s+)*their\s+(?=[a-z])",
        re.IGNORECASE,
    )


def with_group_referred(
    calls: list[ToolCall], text: str, history: Sequence[Message], schema: HostSchema | None
) -> list[ToolCall]:
    """The calls with the group in focus where the turn refers back to it and a call holds no group (module doc)."""
    if schema is None or schema.kind != "tabular" or not any(c.name in GROUP_SLOT for c in calls):
        return calls
    if _BACK_TO_ALL.search(text) and not extract_ids(text, schema) and extract_group(text, schema) is None:
        wider = _wider_group(history, schema)  # "back to all the wet ones": the group before it was narrowed
        focus = _focus(history, schema)
        return [_with_group(call, wider, focus) for call in calls] if wider is not None else calls
    match = _reference(schema).search(text)
    if match is None or extract_ids(text, schema):
        return calls
    after = (match.group("next") or "").lower()
    if match.group("ref") and match.group("ref").lower() in ("those", "these") and after in _DESCRIBES:
        return calls  # "for those who rent": a group of the turn's own
    own = extract_group(text, schema)
    restated = _restated(match, own, history)
    focus = restated or _focus(history, schema)
    if focus is None or (isinstance(own, str) and _CONDITION.search(own) and not restated):
        return calls
    counted = (match.group("counted") or match.group("covered") or "").strip()
    # "how many beds does that cover": the size asked, whatever the rows are called, so a feature read from that word
    # ("bed age") is no question; a plural that picks out rows of its own ("how many smokers is that") keeps its reading
    sized = match.group(0).lower().startswith("how") and (not counted or extract_group(counted, schema) is None)
    out = []
    for call in calls:
        slot = GROUP_SLOT.get(call.name)
        if slot is not None and (call.arguments.get(slot) in (None, "") or (restated and call.arguments[slot] == own)):
            arguments = {**call.arguments, slot: focus}
            if sized and call.name == "get_data_information":
                arguments.pop("feature", None)
            call = call.model_copy(update={"arguments": arguments})
        out.append(call)
    return out


def _restated(match: re.Match[str], own: str | None, history: Sequence[Message]) -> str | None:
    """The earlier group "those"/"these" points at by naming some of its conditions ("of those glacier stops" after
    `wind_speed_ms > 10 and line = Glacier`, also with a turn on something else between): the group of one of the
    last calls of which every condition of the turn's own group is one; None when there is none.
    """
    if not match.group("ref") or match.group("ref").lower() not in ("those", "these") or not isinstance(own, str):
        return None
    clauses = {c.strip() for c in own.split(" and ")}
    if not _CONDITION.search(own):
        return None
    said = [m for m in history if m.role == "assistant" and m.tool_calls][-_LOOK_BACK:]
    for message in reversed(said):
        for call in message.tool_calls:
            group = call.arguments.get(GROUP_SLOT.get(call.name, "group"))
            if isinstance(group, str) and clauses < {c.strip() for c in group.split(" and ")}:
                return group
    return None


# "back to all the wet ones", "back to all of them": the whole group again, before the last narrowing
_BACK_TO_ALL = re.compile(r"\bback\s+to\s+(?:all|the\s+whole|everything\s+in)\b", re.IGNORECASE)


def _wider_group(history: Sequence[Message], schema: HostSchema) -> str | None:
    """The group of the last call whose conditions are some, not all, of the group in focus's (the group before it
    was narrowed); None when there is none within the last few calls.
    """
    focus = _focus(history, schema)
    if focus is None:
        return None
    narrow = {c.strip() for c in focus.split(" and ")}
    said = [m for m in history if m.role == "assistant" and m.tool_calls][-2 * _LOOK_BACK :]
    for message in reversed(said):
        for call in message.tool_calls:
            group = call.arguments.get(GROUP_SLOT.get(call.name, "group"))
            if (
                isinstance(group, str)
                and _CONDITION.search(group)
                and {c.strip() for c in group.split(" and ")} < narrow
            ):
                return group
    return None


def _with_group(call: ToolCall, group: str, narrowed: str | None) -> ToolCall:
    """`call` on `group`, when it takes a group and holds none or the `narrowed` one it goes back from."""
    slot = GROUP_SLOT.get(call.name)
    if slot is None or call.arguments.get(slot) not in (None, "", narrowed):
        return call
    return call.model_copy(update={"arguments": {**call.arguments, slot: group}})
