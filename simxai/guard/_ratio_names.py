"""A ratio feature said as its two parts (claims-26): "debt at 0.6 of income", "debt of 0.25 times income", "debt
0.6 of income" name the feature `debt_to_income` with its value 0.6, not `income` with the value 0.6.

A feature whose name joins two words by "to", "per" or "over" (`debt_to_income`, `loan_to_value`, `weight_per_age`)
is a ratio of them. When a reply gives its first word, a number and then "of" or "times" and its second word, the
number is the ratio's: the span is rewritten as the feature's name and the number, so every reading binds the number
to it. Nothing of a host's domain: the names come from the schema.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from simxai.guard._prefilter import gated

__all__ = ["ratio_names"]

_RATIO = gated(r"(?P<a>[a-z]+)_(?:to|per|over)_(?P<b>[a-z]+)", re.I)
_NUMBER = r"\d+(?:\.\d+)?(?:\s*%)?"


def ratio_names(text: str, features: Sequence[str]) -> str:
    """`text` with each ratio feature said as "A <link> N of/times B" written as "<feature> <link> N"."""
    for feature in features:
        m = _RATIO.fullmatch(feature)
        if m is None:
            continue
        a, b = re.escape(m.group("a")), re.escape(m.group("b"))
        pattern = re.compile(
            rf"\b{a}\b(?P<link>\s+(?:(?:is|was|at|of|runs?\s+at|sits?\s+at|stands?\s+at)\s+)?(?:about\s+|around\s+|"
            rf"roughly\s+|nearly\s+|just\s+)?)(?P<n>{_NUMBER})\s+(?:of|times|x)\s+(?:the\s+|their\s+|his\s+|her\s+|"
            rf"its\s+)?{b}\b",
            re.I,
        )
        text = pattern.sub(functools.partial(_named, feature), text)
    return text


def _named(feature: str, found: re.Match[str]) -> str:
    return f"{feature}{found.group('link')}{found.group('n')}"
