"""After a question on a group that has something, "and without?" asks the same of the group that lacks it.

After "accuracy for households with solar panels" (`solar = yes`, a feature of two categories), "and without",
"what about those without?" or "and the ones without it" names nothing but the absence: the previous call again on
the other category of that feature (`solar = no`). A feature of more categories has no one "without", and a
condition on a number ("over 60") none either: both are left to the other readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.followup_calls import last_call
from simxai.followup_fragment import category_clause
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["without_follow_up"]

_WITHOUT = re.compile(
    r"^\W*(?:(?:and|but|now|ok(?:ay)?|so|then|what\s+about|how\s+about)\W+)*(?:(?:for|on|among)\s+)?"
    r"(?:(?:the\s+ones|those|them|the\s+others)\s+)?without(?:\s+(?:it|them|one|any|that|those))?"
    r"(?:\s+(?:then|too|please|instead))?\W*$",
    re.IGNORECASE,
)


def without_follow_up(text: str, history: Sequence[Message], schema: HostSchema | None) -> Decision | None:
    """The previous call on the other category of its one two-category clause, for "and without?"; else None."""
    if schema is None or schema.kind != "tabular" or not _WITHOUT.match(text):
        return None
    previous = last_call(history)
    if previous is None:
        return None
    for slot in ("group", "instance"):
        condition = previous.arguments.get(slot)
        found = category_clause(condition, schema) if isinstance(condition, str) else None
        if found is None or len(found[0].categories or []) != 2:
            continue
        feature, value = found
        others = [c for c in feature.categories or [] if c.lower() != value.lower()]
        if len(others) == 1:
            return Decision(
                previous.name, 1.0, True, arguments={**previous.arguments, slot: f"{feature.name} = {others[0]}"}
            )
    return None
