"""A supposed value said as a count of a word of one numeric feature's name: "had 50 stops", "with a team of 3".

`stops_served` is said "50 stops", `team_size` "a team of 3", `riders_count` "with 3 riders": the number before a
word of the name (in the plural or not), or "a <word> of" before the number, after "had / has / have / having / with
/ got / took ...", in a turn that supposes ("what if", "suppose", "instead", or a follow-up that opens with "with"):
"how accurate is it on services of 6 cooks" supposes nothing. It is read only when the other readings of the turn
found no change, and only for a word that is in exactly one feature's name, that feature numeric, the word no unit,
no word people say of a model ("score", "rate", "number"), and none of the host's categories or labels. The number
stays as said: the host checks its range.
"""

from __future__ import annotations

import re

from simxai.extraction._amounts import _SUPPOSED
from simxai.extraction._lexicon import _NUM, _parse_number
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["counted_word_changes"]

_LEAD = r"\b(?:had|has|have|having|with|got|gets|get|took|takes|brought|sent)\s+(?:only\s+|just\s+|about\s+)?"
# a follow-up opening with "with" supposes too ("and with 3 riders?"); the other words that suppose are `_SUPPOSED`
_SUPPOSES = re.compile(r"^\W*(?:(?:and|or|but|so)\s+)?with\b", re.IGNORECASE)
# words of a name that are no thing counted: units, words of a model, function words
_NOT_COUNTED = frozenset(
    "score scores rate rates value values level levels number count total index type status class label size "
    "amount per the and of in on at by for with km kg cm mm min mins hrs sec secs pct percent days weeks months "
    "years hours minutes seconds".split()
)


def _counted(schema: HostSchema) -> dict[str, FeatureSchema]:
    """Each word that names one numeric feature alone, in the singular, for that feature."""
    owners: dict[str, list[FeatureSchema]] = {}
    for feature in schema.features:
        for word in dict.fromkeys(name_words(feature.name)):
            singular = word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
            if word.isalpha() and len(word) >= 3 and word not in _NOT_COUNTED:
                owners.setdefault(singular, []).append(feature)
    taken = {c.lower() for f in schema.features for c in f.categories or []} | {c.lower() for c in schema.class_names}
    taken.add((schema.instance_noun or "").lower())
    return {
        word: features[0]
        for word, features in owners.items()
        if len(features) == 1 and features[0].type == "numeric" and word not in taken
    }


def counted_word_changes(text: str, schema: HostSchema) -> dict[str, ChangeValue] | None:
    """{feature: value} for each number said as a count of a feature's word (module doc), or None for none."""
    if schema.kind != "tabular" or not (_SUPPOSED.search(text) or _SUPPOSES.search(text)):
        return None  # "how accurate is it on services of 6 cooks": a group, nothing supposed
    found: dict[str, ChangeValue] = {}
    for word, feature in _counted(schema).items():
        said = rf"{re.escape(word)}(?:e?s)?"
        for pattern in (
            rf"{_LEAD}(?P<n>-?{_NUM})\s+{said}\b",  # "had 50 stops"
            rf"{_LEAD}(?:an?\s+|the\s+)?{said}\s+of\s+(?P<n>-?{_NUM})(?!\s*(?:%|percent))\b",  # "a team of 3"
        ):
            match = re.search(pattern, text, re.IGNORECASE)
            if match is not None and feature.name not in found:
                found[feature.name] = _parse_number(match["n"])
    return found or None
