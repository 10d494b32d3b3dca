"""The instances the last answer showed of a group, for "the second one" / "the 3rd analysis" said right after it.

An answer about a group lists a few of its instances by id ("For the 32 runs with prediction = early ... Among
them: runs 4018, 4040, 4046, 4052 and 4061 (5 of 32)"). The next turn may pick one by its place: "why the second
run?", "and the 3rd one?". The ordinal readings took their list from calls on several instances or on one at a
time only, so the second of the shown ids was no instance: the group's explanation answered instead.

`shown_group_ids` is the ids the previous answer showed, in the order shown: the ids of the group its one call
was about (the call's output, `subject.ids`), as far as the reply after it names them from the first on. Only the
answer right before the turn counts: a list shown earlier is no longer what "the second one" points at.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.followup_calls import LastCall, last_call
from simxai.messages import Message, last_user_index

__all__ = ["shown_group_ids"]


def _group_ids(call: LastCall | None) -> list[int]:
    """The ids of the group a call's output was about, or [] for any other output (or no call)."""
    subject = call.output.get("subject") if call is not None and isinstance(call.output, dict) else None
    if not isinstance(subject, dict) or subject.get("kind") != "group" or not isinstance(subject.get("ids"), list):
        return []
    return [i for i in subject["ids"] if isinstance(i, int) and not isinstance(i, bool)]


def shown_group_ids(history: Sequence[Message]) -> list[int]:
    """The group ids the last answer showed, in its order, when its one call was about a group; else []."""
    last = last_user_index(history)
    tail = list(history[last + 1 :] if last is not None else history)
    calls = [m for m in tail if m.role == "assistant" and m.tool_calls]
    tools = [m for m in tail if m.role == "tool"]
    replies = [m.content for m in tail if m.role == "assistant" and not m.tool_calls and m.content]
    if len(calls) != 1 or len(calls[0].tool_calls) != 1 or len(tools) != 1 or not replies:
        return []
    said = {int(n) for n in re.findall(r"(?<![\d.])\d+(?![\d.])", replies[-1])}
    shown: list[int] = []
    for one in _group_ids(last_call(tail)):  # the reply shows the group's first ids: the prefix it names
        if one not in said:
            break
        shown.append(one)
    return shown if len(shown) > 1 else []
