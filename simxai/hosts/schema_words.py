"""What a host's schema names itself, for the readings that rewrite a turn before anything reads it.

A rewrite ("dry" -> "not wet", "punctually" -> "punctual", "geese" -> "gooses", "uninsured" -> "not insured") must
leave a word the host uses itself alone, and some apply to the columns that hold True/False (or yes/no) only: the
one answer to both questions is here.
"""

from __future__ import annotations

import re

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["holds_true_false", "host_words", "spelled_words", "value_starts"]

_TRUE_FALSE = ({"true", "false"}, {"yes", "no"})


def holds_true_false(feature: FeatureSchema) -> bool:
    """Whether `feature` is a categorical column of exactly True/False or yes/no (any case)."""
    return feature.type == "categorical" and {c.lower() for c in feature.categories or []} in _TRUE_FALSE


def spelled_words(feature: FeatureSchema) -> list[str] | None:
    """The words of a column's name, lower case, when it is a name of plain words ("night_call", "Sold-Out" ->
    ["night", "call"], ["sold", "out"]), or None (no words, or a word with a digit or a sign: "temp_2", "Dist (km)").
    """
    words = feature.name.lower().replace("_", " ").replace("-", " ").split()
    return words if words and all(w.isalpha() for w in words) else None


def value_starts(value: str, text: str) -> list[int]:
    """Where `text` says a categorical value as a word, any case: an underscore also as a space or a hyphen
    ("oyster_grey", "oyster grey", "oyster-grey"), a plural too ("snowboards").
    """
    spelled = re.escape(value.lower()).replace("_", r"[_\s-]")
    return [m.start() for m in re.finditer(rf"(?<![\w-]){spelled}(?:e?s)?(?![\w-])", text, re.IGNORECASE)]


def host_words(schema: HostSchema, *, labels: bool = True) -> set[str]:
    """The host's own words, lower-cased: each feature's name, aliases and categories, and (with `labels`) its
    class names.
    """
    words = {w.lower() for f in schema.features for w in (f.name, *f.aliases, *(f.categories or []))}
    if labels:
        words |= {c.lower() for c in schema.class_names}
    return words
