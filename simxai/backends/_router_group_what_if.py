"""A value supposed for a group: "what would the lots over 10 years get with a rate of 0.9?".

A value stated after "would ... get/be ... with" on a group the turn names is a what-if on that group (the
what-if takes a group as its instance and states the group's predictions before and after), never a filter on an
equality the user only supposed: the group is read from the words before "with", the changes from the words after.
"""

from __future__ import annotations

import re
from typing import Any

from simxai.extraction import extract_changes, extract_group, extract_ids
from simxai.hosts.base import HostSchema

__all__ = ["group_what_if"]

# "would <group> get/be/end up with": the supposition's frame, its "with" last
_WOULD_WITH = re.compile(
    r"\bwould\b[^?.!]{0,80}?\b(?:get|be|look|score|end\s+up|come\s+out)\b[^?.!]{0,30}?\bwith\b", re.IGNORECASE
)


def group_what_if(text: str, schema: HostSchema | None) -> dict[str, Any] | None:
    """The what-if's arguments ({"instance": group, "changes": ...}) for a value supposed for a group, or None."""
    if schema is None or schema.kind != "tabular" or extract_ids(text, schema):
        return None
    frame = _WOULD_WITH.search(text)
    if frame is None:
        return None
    group = extract_group(text[: frame.end() - len("with")], schema)
    changes = extract_changes(text[frame.end() :], schema)
    if not isinstance(group, str) or not re.search(r"[=<>]", group) or not changes:
        return None
    return {"instance": group, "changes": changes}
