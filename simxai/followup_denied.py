"""A bare "and not <True/False name>?" after a question on a group: the same group with that column the other way.

After "what's the accuracy on night calls?" (group `night_call = True`), "and not night call?", "what about non
night_call?" or "and the ones without a night call?" say only that the column is False now: the previous call
again, its clause of that column turned to the other value, every other clause kept. A True/False column the
previous group does not hold is no such turn (which group it would join is not said), and a turn that says
anything else (an id, a question of its own) is left to the other readings.
"""

from __future__ import annotations

import re

from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.schema_words import holds_true_false

__all__ = ["denied_condition"]

_OPEN = r"\W*(?:(?:and|but|or|now|then|what\s+about|how\s+about)\s+)?(?:(?:for|on|among|with)\s+)?(?:the\s+)?"
_DENIED = r"(?:non[- ]?|not\s+(?:(?:a|an|the|on|during|in)\s+)?|(?:ones\s+)?without\s+(?:a\s+|an\s+|the\s+)?)"
_CLOSE = r"(?:\s+(?:ones|cases|then|instead|please|too))?\W*"


def _said(feature: FeatureSchema) -> str | None:
    words = feature.name.lower().replace("_", " ").replace("-", " ").split()
    if not words or not all(w.isalpha() for w in words):
        return None
    # the name as written, with spaces, hyphens or underscores, and its last word in the plural
    return r"[\s_-]+".join(re.escape(w) for w in words) + r"(?:e?s)?"


def _other(feature: FeatureSchema, value: str) -> str | None:
    """The other of a True/False column's two values, as the host writes it; None for a value it does not hold."""
    others = [c for c in feature.categories or [] if c.lower() != value.lower()]
    return others[0] if len(others) == 1 and len(feature.categories or []) == 2 else None


def denied_condition(text: str, condition: str, schema: HostSchema) -> str | None:
    """The previous call's group `condition` with the denied True/False column turned over, or None."""
    for feature in schema.features:
        said = _said(feature) if holds_true_false(feature) else None
        if said is None or not re.fullmatch(rf"{_OPEN}{_DENIED}{said}{_CLOSE}", text, re.IGNORECASE):
            continue
        clauses = [c.strip() for c in condition.split(" and ")]
        for at, clause in enumerate(clauses):
            found = re.fullmatch(rf"{re.escape(feature.name)}\s*(?:=|==)\s*(?P<v>\S+)", clause)
            truth = {c.lower(): c for c in feature.categories or []}
            if found is None or found["v"].lower() not in ("true", "yes") or found["v"].lower() not in truth:
                continue
            other = _other(feature, found["v"])
            if other is not None:
                return " and ".join([*clauses[:at], f"{feature.name} = {other}", *clauses[at + 1 :]])
    return None
