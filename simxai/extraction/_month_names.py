"""Months said by name of a feature that holds the month of the year as a number (`collection_month`, 1-12):
"lots collected in july or later" is `collection_month >= 7`, "between march and may" 3-5, "what if it was
collected in july" sets 7.

A month feature is a numeric feature whose name has the word "month" (not "months": a count of months) and whose
values lie within 1-12. "may" is read as a month only after a preposition ("in may", "from may"), never as the verb.
"""

from __future__ import annotations

import re

from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.month_wrap import month_of_year

__all__ = ["month_changes", "month_clauses"]

_MONTHS = "january february march april may june july august september october november december".split()
_NAME = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?)"
)
_LATER = r"or\s+later|and\s+later|or\s+after|and\s+after|onwards?|or\s+more"
_EARLIER = r"or\s+earlier|and\s+earlier|or\s+before|and\s+before"
_BOUND = re.compile(
    rf"\b(?:between\s+(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})|from\s+(?P<c>{_NAME})\s+(?:to|through|until)\s+(?P<d>{_NAME})|"
    rf"(?P<op>before|after|since|until|in|from|during)\s+(?P<m>{_NAME})(?:\s+(?P<tail>{_LATER}|{_EARLIER}))?)\b",
    re.IGNORECASE,
)


def _month(name: str) -> int:
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(name.lower()[:3]))


def month_feature(schema: HostSchema) -> FeatureSchema | None:
    """The one numeric feature holding the month of the year by number, or None."""
    found = [f for f in schema.features if f.type == "numeric" and month_of_year(f.name, f.min, f.max)]
    return found[0] if len(found) == 1 else None


def month_clauses(text: str, schema: HostSchema, named: set[str], group: bool) -> list[str]:
    """Conditions on the month feature said by month names ("in july or later" -> ["collection_month >= 7"]); one
    month alone ("collected in july") only where the turn speaks of a group (`group`), else it is a what-if's value.
    """
    feature = month_feature(schema)
    if feature is None or feature.name in named:
        return []
    for match in _BOUND.finditer(text):
        low, high = match.group("a") or match.group("c"), match.group("b") or match.group("d")
        if low and high:
            return [f"{feature.name} >= {_month(low)}", f"{feature.name} <= {_month(high)}"]
        month, op, tail = _month(match.group("m")), match.group("op").lower(), (match.group("tail") or "").lower()
        if re.fullmatch(_LATER, tail) or op in ("since", "from"):
            return [f"{feature.name} >= {month}"]
        if re.fullmatch(_EARLIER, tail) or op == "until":
            return [f"{feature.name} <= {month}"]
        if op in ("before", "after") or group:
            return [f"{feature.name} {'<' if op == 'before' else '>' if op == 'after' else '='} {month}"]
    return []


def month_changes(text: str, schema: HostSchema, changes: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The changes with the month feature set by a month's name ("collected in july" -> 7), when none was read."""
    feature = month_feature(schema)
    if feature is None or feature.name in changes:
        return changes
    match = re.search(rf"\b(?:in|during)\s+(?P<m>{_NAME})\b(?!\s+(?:{_LATER}|{_EARLIER}))", text, re.IGNORECASE)
    return {**changes, feature.name: _month(match.group("m"))} if match else changes
