"""A turn that goes back to a group asked about earlier in the dialogue, not the one in focus: "back to the heavy
ones, how good is it there" after "how many with over 5 kg ..." and "same but under 2 kg"; "back to all the ones by
the river" after that group was narrowed twice.

`_dialogue_widening` keeps a part of the group in focus; this reads the groups of the dialogue's earlier calls (a
metric's or the data's group, or the condition a group's predictions were asked for: `GROUP_SLOT`). A turn that opens
with "back to" and names features (by name, alias or a word of them: "the rusty ones" of `LidRust`), or bounds the
group parser reads, goes back to the one earlier group, other than the group in focus, that is on exactly those
features and holds each bound the turn says. A turn that names no feature and says "back to all the ..." goes back to
the one earlier group the group in focus narrowed (its conditions a part of it): what the turn's words describe is
that wider group. Two such groups, or none, and the turn is left to the other readings.

The question asked is the turn's metric on that group when it names one ("back to the heavy ones, recall for late":
recall of late), else the last question again on it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.backends._dialogue_widening import metric_on_group
from simxai.backends._router_narrowed import GROUP_SLOT
from simxai.extraction import extract_argument, extract_metric
from simxai.extraction.mentions import class_mentions, feature_mentions
from simxai.followup_calls import successful_calls
from simxai.hosts.base import HostSchema
from simxai.instances import clause_field
from simxai.messages import Message

__all__ = ["earlier_group"]

# "back to the ...", "ok, going back to all the ...": the opening, and whether it says "all"
_BACK = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|now|so|then|right|fine)\W+)*(?:(?:go(?:ing)?|let'?s\s+go)\s+)?back\s+to\s+"
    r"(?P<all>all\s+)?(?:the|those|these)\b",
    re.IGNORECASE,
)
_CONDITION = re.compile(r"[=<>]")


def earlier_group(
    text: str, history: Sequence[Message], schema: HostSchema | None
) -> tuple[str, dict[str, Any]] | None:
    """The (function, arguments) of a turn that goes back to an earlier group of the dialogue (module doc), or None."""
    opening = _BACK.match(text)
    if opening is None or schema is None or schema.kind != "tabular":
        return None
    calls = list(successful_calls(history))
    if not calls:
        return None
    groups: list[tuple[str, str]] = []  # (group, the function asked of it), the latest first, each group once
    for call in calls:
        key = GROUP_SLOT.get(call.name)
        group = call.arguments.get(key) if key is not None else None
        if isinstance(group, str) and _CONDITION.search(group) and group not in [g for g, _ in groups]:
            groups.append((group, call.name))
    last_key = GROUP_SLOT.get(calls[0].name)
    focus = calls[0].arguments.get(last_key) if last_key is not None else None
    read = extract_argument("group", text, schema)
    parsed = [c.strip() for c in read.split(" and ")] if isinstance(read, str) and _CONDITION.search(read) else []
    classes = [(start, end) for start, end, _ in class_mentions(text, schema)]
    named = {clause_field(c) for c in parsed} | {
        m.feature.name
        for m in feature_mentions(text, schema)
        if not any(start <= m.start and m.end <= end for start, end in classes)
    }
    if named:
        found = [
            (g, f)
            for g, f in groups
            if g != focus and {clause_field(c) for c in _clauses(g)} == named and all(p in _clauses(g) for p in parsed)
        ]
    elif opening.group("all") and isinstance(focus, str):
        narrowed = set(_clauses(focus))
        found = [(g, f) for g, f in groups if g != focus and set(_clauses(g)) < narrowed]
    else:
        return None
    if len(found) != 1:
        return None
    group, asked = found[0]
    metric = extract_metric(text)
    if metric is not None:
        return metric_on_group(metric, group, text, schema)
    previous = calls[0]
    if last_key is not None:
        return previous.name, {**previous.arguments, last_key: group}
    return asked, {GROUP_SLOT[asked]: group}


def _clauses(group: str) -> list[str]:
    return [c.strip() for c in group.split(" and ")]
