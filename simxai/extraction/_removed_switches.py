"""A True/False feature said as taken away: "with the awning removed", "if the lights came off", "moved away from
the door" set it to its False.

A what-if that names a yes/no feature by its name or alias reads True unless a negation stands before it ("no
awning", "without the awning"). Taking the thing away is said with a verb or particle after it just as often
("the awning removed", "the cover taken off", "the lights were off", "the nets came off it"), or with "away from" /
"removed" / "took off" before it ("moved away from the heater", "removed the awning"). Those read False here.

Only a feature whose categories are True/False (or yes/no) is read, only where its name or alias is said, and only
through English words of taking away; nothing here is a word of any one host.
"""

from __future__ import annotations

import re

from simxai.extraction._features import feature_mentions
from simxai.hosts.base import ChangeValue, HostSchema
from simxai.hosts.schema_words import holds_true_false

__all__ = ["removed_switches"]

_FALSE = frozenset({"false", "no"})
# after the name: "removed", "off", "taken off", "came off (it)", "were taken away", "was switched off"; at most two
# words between ("the lights were all off"), none of them a word that ends the clause
_AFTER = re.compile(
    r"^\s*(?:(?!and\b|but\b|or\b|with\b)[a-z']+\s+){0,2}?"
    r"(?:removed|off|taken\s+(?:off|away|down)|came\s+off|come\s+off|comes\s+off|switched\s+off|turned\s+off|"
    r"stripped|pulled\s+off|gone)\b(?!\s+(?:to|by|with)\b)",
    re.IGNORECASE,
)
# before the name: "moved away from the", "removed the", "took off the", "switched off the"
_BEFORE = re.compile(
    r"\b(?:away\s+from|removed?|removing|took\s+off|taken\s+off|take\s+off|switched\s+off|turned\s+off)\s+"
    r"(?:(?:the|its|our|their|his|her|a|an)\s+)?$",
    re.IGNORECASE,
)


def removed_switches(text: str, schema: HostSchema, found: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The False of each True/False feature said as taken away (module doc), where `found` holds no False for it."""
    out: dict[str, ChangeValue] = {}
    for mention in feature_mentions(text, schema):
        feature = mention.feature
        if not holds_true_false(feature) or feature.name in out:
            continue
        falsy = next((c for c in feature.categories or [] if c.lower() in _FALSE), None)
        if falsy is None or (feature.name in found and str(found[feature.name]).lower() in _FALSE):
            continue
        before, after = text[max(0, mention.start - 30) : mention.start], text[mention.end : mention.end + 40]
        if _AFTER.match(after) or _BEFORE.search(before):
            out[feature.name] = falsy
    return out
