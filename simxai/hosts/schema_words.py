"""What a host's schema names itself, for the readings that rewrite a turn before anything reads it.

A rewrite ("dry" -> "not wet", "punctually" -> "punctual", "geese" -> "gooses", "uninsured" -> "not insured") must
leave a word the host uses itself alone, and some apply to the columns that hold True/False (or yes/no) only: the
one answer to both questions is here.
"""

from __future__ import annotations

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["holds_true_false", "host_words"]

_TRUE_FALSE = ({"true", "false"}, {"yes", "no"})


def holds_true_false(feature: FeatureSchema) -> bool:
    """Whether `feature` is a categorical column of exactly True/False or yes/no (any case)."""
    return feature.type == "categorical" and {c.lower() for c in feature.categories or []} in _TRUE_FALSE


def host_words(schema: HostSchema, *, labels: bool = True) -> set[str]:
    """The host's own words, lower-cased: each feature's name, aliases and categories, and (with `labels`) its
    class names.
    """
    words = {w.lower() for f in schema.features for w in (f.name, *f.aliases, *(f.categories or []))}
    if labels:
        words |= {c.lower() for c in schema.class_names}
    return words
