"""The count a "how many <value> <nouns>" question asks for, said first when the answer is its feature's whole card.

"how many ridge callouts are there?" is answered with the card of `terrain` (every value's rows and recorded labels,
so that a next question about another value is answered too); the count asked for is in it, among the others. The
reply leads with it: "52 of the 240 callouts have terrain = ridge (28 airlift, 12 stretcher, 12 walk_out)." Only
for a turn that asks how many (or the number, or the count) and names values of the card's categorical feature.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema, plural
from simxai.hosts.schema_words import value_starts
from simxai.results import DataInformationResult, Result

__all__ = ["HOW_MANY", "counted_value"]

HOW_MANY = re.compile(r"\b(?:how\s+many|number\s+of|count\s+of|count\s+the)\b", re.IGNORECASE)


def counted_value(result: Result, text: str, schema: HostSchema | None) -> str:
    """A sentence with the rows of each value of the card's feature that `text` counts (module doc), or ""."""
    if schema is None or not isinstance(result, DataInformationResult) or result.group is not None:
        return ""
    feature = result.feature
    if feature is None or feature.type != "categorical" or not feature.counts_by_label or not HOW_MANY.search(text):
        return ""
    named = []
    for category, by_label in feature.counts_by_label.items():
        if value_starts(category, text):
            named.append((category, by_label))
    if not named or len(named) == len(feature.counts_by_label):
        return ""
    nouns = plural(schema.instance_noun or "instance")
    parts = []
    for category, by_label in named:
        labels = ", ".join(f"{n} {label}" for label, n in by_label.items())
        parts.append(
            f"{sum(by_label.values())} of the {result.n_rows} {nouns} have {feature.name} = {category} ({labels})"
        )
    return "; ".join(parts) + ". "
