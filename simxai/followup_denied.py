"""A bare "and not <True/False name>?" after a question on a group: the same group with that column the other way.

After "what's the accuracy on night calls?" (group `night_call = True`), "and not night call?", "what about non
night_call?" or "and the ones without a night call?" say only that the column is False now: the previous call
again, its clause of that column turned to the other value, every other clause kept. A True/False column the
previous group does not hold is no such turn (which group it would join is not said), and a turn that says
anything else (an id, a question of its own) is left to the other readings.
"""

from __future__ import annotations

import re

from simxai.extraction.mentions import yes_no_of
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.schema_words import holds_true_false, spelled_words

__all__ = ["denied_condition"]

_OPEN = r"\W*(?:(?:and|but|or|now|then|what\s+about|how\s+about)\s+)?(?:(?:for|on|among|with)\s+)?(?:the\s+)?"
_DENIED = r"(?:non[- ]?|not\s+(?:(?:a|an|the|on|during|in)\s+)?|(?:ones\s+)?without\s+(?:a\s+|an\s+|the\s+)?)"
_CLOSE = r"(?:\s+(?:ones|cases|then|instead|please|too))?\W*"


def _said(feature: FeatureSchema) -> str | None:
    words = spelled_words(feature)
    # the name as written, with spaces, hyphens or underscores, and its last word in the plural
    return None if words is None else r"[\s_-]+".join(re.escape(w) for w in words) + r"(?:e?s)?"


def denied_condition(text: str, condition: str, schema: HostSchema) -> str | None:
    """The previous call's group `condition` with the denied True/False column turned over, or None."""
    for feature in schema.features:
        said = _said(feature) if holds_true_false(feature) else None
        if said is None or not re.fullmatch(rf"{_OPEN}{_DENIED}{said}{_CLOSE}", text, re.IGNORECASE):
            continue
        clauses = [c.strip() for c in condition.split(" and ")]
        true, false = yes_no_of(feature) or ("", "")  # (`holds_true_false` chose the column: both are there)
        for at, clause in enumerate(clauses):
            found = re.fullmatch(rf"{re.escape(feature.name)}\s*(?:=|==)\s*(?P<v>\S+)", clause)
            if found is not None and true and found["v"].lower() == true.lower():
                return " and ".join([*clauses[:at], f"{feature.name} = {false}", *clauses[at + 1 :]])
    return None
