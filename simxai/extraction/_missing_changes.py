"""A what-if that makes a feature's value missing: "and if the kiln temp were unknown?", "with its weight missing".

The what-if takes null for a missing value; the host runs it when the model reads missing values itself and
refuses it in one line naming why when it does not (`hosts._tabular_changes`). Without this reading the router
asked for a new value, which the user had just said is not known. The reading is the router's, after it has
selected the what-if; the selector's masked text does not read it.
"""

from __future__ import annotations

import re

from simxai.extraction._features import feature_mentions
from simxai.hosts.base import HostSchema

__all__ = ["missing_changes"]

# A value said to be absent, right after its feature ("the weight were unknown", "its weight missing", "weight left
# blank") or right before it ("an unknown weight", "a missing weight")
_ABSENT = r"(?:unknown|missing|blank|empty|unrecorded|not\s+(?:known|recorded|measured|given))"
_AFTER = re.compile(
    rf"^\W{{0,3}}(?:(?:were|was|is|be|are|had\s+been|has\s+been|got|went|left|came\s+back)\s+)?{_ABSENT}\b",
    re.IGNORECASE,
)
_BEFORE = re.compile(rf"\b(?:an?|the|its|his|her|their)\s+{_ABSENT}\s+$", re.IGNORECASE)


def missing_changes(text: str, schema: HostSchema | None) -> dict[str, None] | None:
    """The changes {feature: None} for each feature `text` says is unknown or missing, or None when it says none."""
    if schema is None or schema.kind == "text":
        return None
    changes: dict[str, None] = {}
    for mention in feature_mentions(text, schema):
        after = _AFTER.match(text[mention.end : mention.end + 40])
        before = _BEFORE.search(text[max(0, mention.start - 30) : mention.start])
        if after is not None or before is not None:
            changes[mention.feature.name] = None
    return changes or None
