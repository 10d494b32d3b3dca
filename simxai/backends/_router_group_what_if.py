"""A value supposed for a group: "what would the lots over 10 years get with a rate of 0.9?".

A value stated after "would ... get/be ... with" on a group the turn names is a what-if on that group (the
what-if takes a group as its instance and states the group's predictions before and after), never a filter on an
equality the user only supposed: the group is read from the words before "with", the changes from the words after.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.extraction import extract_changes, extract_group, extract_ids
from simxai.followup_context import group_in_focus
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["group_what_if"]

# "would <group> get/be/end up with": the supposition's frame, its "with" last
_WOULD_WITH = re.compile(
    r"\bwould\b[^?.!]{0,80}?\b(?:get|be|look|score|end\s+up|come\s+out)\b[^?.!]{0,30}?\bwith\b", re.IGNORECASE
)


# "what would they get with ...", "would those be ... with": the group is the one in focus
_THEY = re.compile(r"\b(?:they|them|those|these)\b(?!\s+(?:with|who|that|which)\b)", re.IGNORECASE)


def group_what_if(text: str, schema: HostSchema | None, history: Sequence[Message] = ()) -> dict[str, Any] | None:
    """The what-if's arguments ({"instance": group, "changes": ...}) for a value supposed for a group, or None.

    The group is named before "with", or said as "they" / "those" of the group the last call was about ("show me
    the grass lots", then "what would they get with a rate of 0.95?").
    """
    if schema is None or schema.kind != "tabular" or extract_ids(text, schema):
        return None
    frame = _WOULD_WITH.search(text)
    if frame is None:
        return None
    before = text[: frame.end() - len("with")]
    group = extract_group(before, schema)
    if group is None and _THEY.search(before):
        group = group_in_focus(history, schema)
    changes = extract_changes(text[frame.end() :], schema)
    if not isinstance(group, str) or not re.search(r"[=<>]", group) or not changes:
        return None
    return {"instance": group, "changes": changes}
