"""The count a "how many <label> ... <group>" question asks for, said first when a data card answers it.

"how many late returns were there on powder days?" is answered with a data card: of the group (`powder_day =
True`, its recorded labels counted) or of the group's feature (every value's rows and labels). The count asked
for, the rows of that one group with that one recorded label, is in the card among the others; the reply leads
with it: "34 of the 99 bookings with powder_day = True have the recorded label late." Only for a turn that asks
how many (or the number, or the count), names exactly one label, and either the card is of a group or it is of a
categorical feature one value of which the turn names (by the value's word, or a True/False column said as its
event: "on powder days"). A turn about the model's predictions ("how many are predicted late") is left alone:
the card counts recorded labels. With no label named, "how many powder days were there?" leads with the rows of the
value said as an event, as `counted_value` does for a value said by its word.
"""

from __future__ import annotations

import re

from simxai._counted_value import HOW_MANY
from simxai.extraction.mentions import class_mentions, event_groups
from simxai.hosts.base import HostSchema, plural
from simxai.hosts.schema_words import value_starts
from simxai.results import DataInformationResult, Result

__all__ = ["counted_label"]

_PREDICTED = re.compile(r"\b(?:predict\w*|classif\w*|forecast\w*|the\s+model\s+(?:says?|gives?|calls?))\b", re.I)


def _named_value(text: str, schema: HostSchema, feature: str, values: list[str]) -> str | None:
    """The one value of `feature` the turn names, by its word or as an event; None for none or several."""
    named = {value for value in values if value_starts(value, text)}
    for _, _, condition in event_groups(text, schema):
        field, _, value = condition.partition(" = ")
        if field == feature and value in values:
            named.add(value)
    return named.pop() if len(named) == 1 else None


def _counted_event(result: DataInformationResult, text: str, schema: HostSchema) -> str:
    """The rows of the value of a True/False column's card said as its event ("how many powder days were there?");
    `counted_value` says those of a value said by its word.
    """
    feature = result.feature
    if feature is None or not feature.counts_by_label:
        return ""
    said = {c.partition(" = ")[2] for _, _, c in event_groups(text, schema) if c.partition(" = ")[0] == feature.name}
    if len(said) != 1 or (value := said.pop()) not in feature.counts_by_label:
        return ""
    by_label = feature.counts_by_label[value]
    labels = ", ".join(f"{n} {label}" for label, n in by_label.items())
    nouns = plural(schema.instance_noun or "instance")
    return f"{sum(by_label.values())} of the {result.n_rows} {nouns} have {feature.name} = {value} ({labels}). "


def counted_label(result: Result, text: str, schema: HostSchema | None) -> str:
    """A sentence with the rows of the group named that have the label named (module doc), or ""."""
    if schema is None or not isinstance(result, DataInformationResult) or not HOW_MANY.search(text):
        return ""
    labels = {name for _, _, name in class_mentions(text, schema)}
    if not labels and result.group is None:
        return _counted_event(result, text, schema)
    if len(labels) != 1 or _PREDICTED.search(text):
        return ""
    [label] = labels
    nouns = result.nouns or plural(schema.instance_noun or "instance")
    if result.group is not None:
        if label not in result.class_balance or not result.n_rows:
            return ""
        count, total, group = result.class_balance[label], result.n_rows, result.group
        if f"label = {label}" in group.split(" and "):
            return ""  # "the typical number of holds on sandbagged routes": all of them have it, nothing counted
    else:
        feature = result.feature
        if feature is None or feature.type != "categorical" or not feature.counts_by_label:
            return ""
        value = _named_value(text, schema, feature.name, list(feature.counts_by_label))
        if value is None:
            return ""
        by_label = feature.counts_by_label[value]
        count, total, group = by_label.get(label, 0), sum(by_label.values()), f"{feature.name} = {value}"
    return f"{count} of the {total} {nouns} with {group} have the recorded label {label}. "
