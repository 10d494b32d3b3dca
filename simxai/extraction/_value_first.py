"""A second what-if change said value-first after "and": "what if the depth were 4 and 7 for the width", "set the
depth to 4 and 70 as the width", "... and 30 was the width", "... and 25 % for the compost".

The first change of such a turn is read by its feature's name; the second puts its number before the feature, joined
by "for", "as", "is", "was" or "were" (a bare "and 30 the width" is read by `_changes` already). Only a feature
named right after the number, numeric and not changed yet, takes it, and only in a turn that changes something
already: the number then is that feature's new value. A degree said after "and" ("2 reheats and 1000 degrees") is
`_unit_values`'s.
"""

from __future__ import annotations

import re

from simxai.extraction._features import FeatureMention
from simxai.extraction._lexicon import _NUM, _parse_number
from simxai.hosts.base import ChangeValue

__all__ = ["value_first_changes"]

# ", and 7 for the", "and 25 % as her": the number and the joining word, up to where the feature's name begins
_VALUE_FIRST = re.compile(
    rf"(?:,\s*|\s)(?:and|&)\s+(?P<n>-?{_NUM})\s*(?P<pct>%|percent\b)?\s+"
    r"(?:for|as|is|was|were)\s+(?:(?:the|her|his|their|its)\s+)?$",
    re.IGNORECASE,
)


def value_first_changes(
    text: str, mentions: list[FeatureMention], named: dict[str, ChangeValue]
) -> dict[str, ChangeValue]:
    """The values said before a numeric feature's name after "and" (module doc), for features `named` lacks."""
    if not named:
        return {}
    found: dict[str, ChangeValue] = {}
    for mention in mentions:
        feature = mention.feature
        if feature.type != "numeric" or feature.name in named or feature.name in found:
            continue
        said = _VALUE_FIRST.search(text[max(0, mention.start - 40) : mention.start])
        if said is None:
            continue
        value = _parse_number(said.group("n"))
        if said.group("pct") and feature.max is not None and feature.max <= 1:
            value = round(float(value) / 100, 4)  # "25 % for the compost" of a share kept within 0-1
        found[feature.name] = value
    return found
