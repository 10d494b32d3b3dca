"""A turn that narrows the group of the last call on a group: "only the recycled ones among them", "narrow that to
wildflower", "only those over 60" after a metric on women (the metric on women over 60), "and the north wing only",
"just the blue plates" (a category said in the plural after "only the" / "just the", which no group parser reads
alone).

The group is the last call's: the group of a metric or of the data, or the condition a group's predictions were
asked for. The turn's own condition joins it; a condition on a category the group already fixes replaces that one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.backends._router_narrowed import GROUP_SLOT
from simxai.extraction import extract_argument
from simxai.followup import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["narrowed_group", "said_category"]

# "only those", "among them", "only the recycled ones", "narrow that to ...": a turn that narrows
_NARROWS = re.compile(
    r"^\W*(?:(?:and|but|now|ok(?:ay)?|so)\W+)?(?:(?:only|just)\s+(?:for\s+|among\s+)?(?:those|the\s+ones|them|these)\b|"
    r"(?:among|of)\s+(?:them|those|these)\b|"
    # "only the recycled ones", "just the cold extracted linden", "narrow that (down) to wildflower"
    r"(?:only|just)\s+the\s+[a-z]|narrow\s+(?:it|that|this|them|those|these)\s+(?:down\s+)?to\b|"
    # "and the north wing only", "ok, blue plates only": a fragment that ends on the word that restricts
    r"(?:(?:for|on|in|with)\s+)?(?:the\s+)?(?:[a-z-]+\s+){0,3}[a-z-]+\s+(?:only|alone)\W*$)",
    re.IGNORECASE,
)
# "only the blue plates", "just the cucumbers": the words after the restricting word, up to a comma or the end
_RESTRICTED = re.compile(r"\b(?:only|just)\s+the\s+(?P<said>[a-z][a-z\s-]*?)(?:\s+ones)?\s*(?:[,;.?!]|$)", re.I)


def narrowed_group(text: str, history: Sequence[Message], schema: HostSchema | None) -> dict[str, Any] | None:
    """The arguments of "only those over 60" after a call on a group (a metric, the data, the predictions of a
    group): the same call on both conditions at once. A condition on a category the group already fixes
    replaces that one ("only the cold extracted linden" after the cold extracted ones keeps one cold extracted).
    """
    previous = last_call(history)
    if _NARROWS.match(text) is None or previous is None or schema is None or schema.kind != "tabular":
        return None
    key = GROUP_SLOT.get(previous.name)
    group = previous.arguments.get(key) if key is not None else None
    if key is None or not isinstance(group, str) or not re.search(r"[=<>]", group):
        return None
    added = extract_argument("group", text, schema)
    if not isinstance(added, str) or not re.search(r"[=<>]", added):
        added = _restricted_category(text, schema)
    if added is None:
        return None
    clauses = group.split(" and ")
    for clause in added.split(" and "):
        name = re.split(r"\s*(?:[=<>!]=?)\s*", clause, maxsplit=1)[0]
        if " = " in clause:  # another value of a category already fixed: the new one instead
            clauses = [c for c in clauses if not c.startswith(f"{name} = ")]
        if clause not in clauses:
            clauses.append(clause)
    narrowed = " and ".join(clauses)
    return None if narrowed == group else {**previous.arguments, key: narrowed}


def _restricted_category(text: str, schema: HostSchema) -> str | None:
    """`feature = value` for "only the blue plates": the words after "only the" / "just the" (`said_category`)."""
    match = _RESTRICTED.search(text)
    return said_category(match.group("said"), schema) if match is not None else None


def said_category(said: str, schema: HostSchema) -> str | None:
    """`feature = value` when the words `said` are one category (of one feature, not a class name), as it is or in
    the plural ("blue plates" of a colour valued "blue plate"); None otherwise.
    """
    said = " ".join(said.lower().split())
    classes = {c.lower() for c in schema.class_names}
    found = [
        f"{feature.name} = {category}"
        for feature in schema.features
        if feature.type == "categorical"
        for category in feature.categories or []
        if category.lower() not in classes
        and said in (category.lower(), *(f"{category.lower()}{s}" for s in ("s", "es")))
    ]
    return found[0] if len(found) == 1 else None
