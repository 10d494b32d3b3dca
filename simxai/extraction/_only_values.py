"""A group named by one category alone, with nothing else of a condition: "fells only", "predictions for the
fells", "coal only: verdicts".

People name a group of rows by a value of a categorical feature with a word that restricts ("only", "alone") or
with the value in the plural after "for / on / among" (the value as the noun of the rows). The value must belong
to one feature, be a word of at least three letters and be no class name (a class names predictions, not a
feature's group). The feature's own name need not be said.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema

__all__ = ["value_only_group"]


def value_only_group(text: str, schema: HostSchema | None) -> str | None:
    """The condition `feature = value` of the one category `text` names as a group by itself, or None (none, or
    values of several features: a condition of more than one value is read by the group parsers).
    """
    if schema is None or schema.kind == "text":
        return None
    classes = {c.lower() for c in schema.class_names}
    owners: dict[str, list[tuple[str, str]]] = {}  # a category in lower case: (feature, category as written)
    for feature in schema.features:
        if feature.type == "categorical":
            for category in feature.categories or []:
                owners.setdefault(category.lower(), []).append((feature.name, category))
    clauses: list[str] = []
    for lower, features in owners.items():
        if len(features) != 1 or not lower.isalpha() or len(lower) < 3 or lower in classes:
            continue
        word = re.escape(lower)
        restricted = rf"(?<![\w-]){word}(?:e?s)?\s+(?:only|alone)\b(?!\s+(?:if|when|because)\b)"
        plural = rf"\b(?:for|on|among|across)\s+(?:(?:the|all|all\s+the|just\s+the|only\s+the)\s+)?{word}e?s\b"
        if re.search(f"{restricted}|{plural}", text, re.IGNORECASE):
            name, category = features[0]
            clauses.append(f"{name} = {category}")
    return clauses[0] if len(clauses) == 1 else None
