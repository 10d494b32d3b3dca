"""'The next one' after a turn about one instance: the same question about the next id (ux34).

"and the next one?", "same for the next route", "the one after that" after a call about one instance by its id is
that call again with the id one higher, its other arguments kept (a what-if's changes, a goal's label), except the
label a why named for the previous instance ("why is 4001 sandbagged" -> the next one's own prediction). The next
id is the id plus one, when it is in the host's id range; the host's reply says so when no instance has it. A turn
after a call about a group ("... for crimp routes", "the routes over 20 holds"), after a call about several ids, or
after no call, is left to the router: "the next one" of a group names no id.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.backends._router_decision import Decision
from simxai.hosts.base import HostSchema
from simxai.messages import Message, successful_payload

__all__ = ["next_instance_decision"]

# the labels a question about the previous instance named for it, not asked of the next one
_OWN_LABEL = ("prediction_label",)


def _next_pattern(noun: str) -> re.Pattern[str]:
    noun_words = rf"{re.escape(noun)}(?:e?s)?|one|instance|row|record"
    return re.compile(
        r"^\W*(?:(?:and|ok(?:ay)?|so|now|then|also|what\s+about|how\s+about|same(?:\s+(?:question|thing))?"
        r"(?:\s+(?:for|with))?|for|do|with)\W+)*(?:the\s+)?"
        rf"(?:next(?:\s+(?:{noun_words}))?|(?:{noun_words})\s+after\s+(?:that|this|it)|following\s+(?:{noun_words}))"
        r"(?:\W+(?:please|pls|then|too|as\s+well))*\W*$",
        re.IGNORECASE,
    )


def _one_id(history: Sequence[Message]) -> tuple[str, dict[str, Any], int] | None:
    """The function, arguments and id of the last turn's calls when they all ran on one instance by its id: the id
    each call names, else the one its result's subject names (the engine filled in the instance in focus).
    """
    end = next(
        (i for i in range(len(history) - 1, -1, -1) if history[i].role == "assistant" and history[i].tool_calls), None
    )
    if end is None:
        return None
    calls = history[end].tool_calls
    results = {
        m.tool_call_id: successful_payload(m.content)
        for m in history[end + 1 :]
        if m.role == "tool" and m.tool_call_id is not None
    }
    ids: set[Any] = set()
    for call in calls:
        payload = results.get(call.id)
        output = payload.get("result") if payload is not None else None
        subject = output.get("subject") if isinstance(output, dict) else None
        said = call.arguments.get("instance")
        if said in (None, "") and isinstance(subject, dict) and subject.get("kind") == "row":
            said = subject.get("id")
        if "group" in call.arguments or payload is None:
            return None  # about a group, or a call that failed: no id in focus
        ids.add(said)
    one = next(iter(ids)) if len(ids) == 1 else None
    if not isinstance(one, int) or isinstance(one, bool):
        return None  # several ids, a group as the instance, a text or values given: no next id
    return calls[0].name, dict(calls[0].arguments), one


def next_instance_decision(text: str, history: Sequence[Message], schema: HostSchema | None) -> Decision | None:
    """The last call again about the next id, for "the next one" after a turn about one id (module doc); else None."""
    if schema is None or len(text) > 60:
        return None
    if not _next_pattern(schema.instance_noun or "instance").match(text):
        return None
    last = _one_id(history)
    if last is None or not schema.has_id(last[2] + 1):
        return None
    function, arguments, instance = last
    kept = {k: v for k, v in arguments.items() if k not in _OWN_LABEL}
    return Decision(function, 1.0, True, arguments={**kept, "instance": instance + 1})
