"""The class a search keeps when the turn names only the class it must not tip to.

"how safe is 8830's spot - what could change before it tips into repair?": the search for what may
change while the class stays keeps the class the instance has now, and the turn names only the one it would move to.
On a host with two classes the kept class is the other one; with more, the turn does not say which is kept, and the
search's own default (the current prediction) stands.
"""

from __future__ import annotations

import re

from simxai.extraction import extract_label
from simxai.hosts.base import HostSchema

__all__ = ["kept_by_tipping"]

# A move into a class ("tip to", "flip over into", "slide into", "drop to", "switch to"), the class right after it
_TIPS_TO = re.compile(
    r"\b(?:tip|flip|switch|slide|slip|fall|drop|move|go|turn)(?:s|ped|ping|ed|ing|es)?\s+(?:over\s+|back\s+)?"
    r"(?:to|into|in\s+to|onto)\s+(?P<rest>(?:\S+\s*){1,3})",
    re.IGNORECASE,
)


def kept_by_tipping(text: str, schema: HostSchema | None) -> str | None:
    """The other of two classes when the turn names one class only as where the instance would tip to, or None."""
    if schema is None or len(schema.class_names) != 2:
        return None
    match = _TIPS_TO.search(text)
    if match is None:
        return None
    reached = extract_label(match.group("rest"), schema)
    if reached is None or extract_label(text[: match.start()] + " " + text[match.end() :], schema) is not None:
        return None  # no class after the move, or another class said elsewhere ("stay sail, not tip into ...")
    return next(name for name in schema.class_names if name != reached)
