"""A group the router reads after a function is chosen, from the host's True/False features.

A True/False feature said as an adjective of the rows: "unvaccinated", "non-smokers", "not insured" name the
rows of its False value, "vaccinated dogs" those of its True value, where the host holds the feature as the two
categories True/False (or yes/no). Never a numeric or another categorical feature.
"""

from __future__ import annotations

import re

from simxai.extraction.mentions import yes_no_of
from simxai.hosts.base import HostSchema
from simxai.hosts.schema_words import holds_true_false, spelled_words
from simxai.messages import ToolCall

__all__ = ["boolean_group", "with_boolean_group"]

# A supposition: the feature said is a change of one instance ("what if it were vaccinated"), never a group
_SUPPOSED = re.compile(
    r"\b(?:what\s+if|suppose|supposing|imagine|were\s+it|if\s+(?:it|she|he|they)\s+(?:were|was|had))\b"
)


def boolean_group(text: str, schema: HostSchema | None) -> str | None:
    """The group a True/False feature said as an adjective names ("unvaccinated" -> "vaccinated = False"), or None.

    The negative forms "un-", "non-" / "non " and "not " before the feature's name (or its plural: "non-smokers")
    name its False (or no) value; the name alone before a plural noun ("vaccinated dogs") its True (or yes) value.
    None in a supposition, for a host of texts, or when no True/False feature is said so.
    """
    if schema is None or schema.kind != "tabular" or _SUPPOSED.search(text.lower()):
        return None
    for feature in schema.features:
        words = spelled_words(feature) if holds_true_false(feature) else None
        pair = yes_no_of(feature)
        if words is None or pair is None or len("".join(words)) < 4:
            continue
        name = r"[\s_-]+".join(map(re.escape, words))
        negative = re.compile(rf"(?<![\w-])(?:un-?|non[- ]?|not\s+){name}(?:e?s)?(?![\w-])", re.IGNORECASE)
        if negative.search(text):
            return f"{feature.name} = {pair[1]}"
        positive = re.compile(rf"(?<![\w-]){name}\s+[a-z]+s\b", re.IGNORECASE)
        if positive.search(text):
            return f"{feature.name} = {pair[0]}"
    return None


def with_boolean_group(
    calls: list[ToolCall], parameters: list[str], text: str, schema: HostSchema | None
) -> list[ToolCall]:
    """`calls` with the group a True/False feature said as an adjective names (`boolean_group`) set on each call of
    a function that takes a group, where no group and no instance was read.
    """
    if "group" not in parameters:
        return calls
    group = boolean_group(text, schema)
    if group is None:
        return calls
    return [
        call
        if call.arguments.get("group") or call.arguments.get("instance") not in (None, "")
        else call.model_copy(update={"arguments": {**call.arguments, "group": group}})
        for call in calls
    ]
