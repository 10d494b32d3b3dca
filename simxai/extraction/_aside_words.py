"""One number, one bound: what a group's bound said aside or with a unit may stand beside.

"boats carrying rigging older than 15 years": 15 bounds the feature "rigging" names, not also a feature whose name
counts in years (a number said once gives one bound: `said_once`); "the old lamps, over 20 yrs" ends with a unit, no
noun of other rows (`PLURAL_UNITS`); "the wet ones, leaf above 60" restates the feature by a word of its own name
(`own_words`).
"""

from __future__ import annotations

import re

from simxai.hosts.base import FeatureSchema
from simxai.hosts.name_words import name_words

__all__ = ["PLURAL_UNITS", "own_words", "said_once"]


def said_once(text: str, value: str) -> bool:
    """Whether the number `value` (a clause's bound as written) stands exactly once in `text`."""
    return bool(re.fullmatch(r"-?\d+(?:\.\d+)?", value)) and (
        len(re.findall(rf"(?<![\w.]){re.escape(value)}(?![\w.])", text)) == 1
    )


# Units said in the plural after a bound, which no noun of rows is ("over 30 yrs", "above 12 degrees")
PLURAL_UNITS = frozenset(
    "years yrs months mos weeks wks days hours hrs minutes mins seconds secs degrees kgs kilos lbs pounds grams "
    "metres meters litres liters miles feet inches points percents".split()
)


def own_words(feature: FeatureSchema) -> set[str]:
    """The words of a feature's name and aliases, lower case ("leaf wet (%)": leaf, wet)."""
    return {w.lower() for term in (feature.name, *feature.aliases) for w in re.findall(r"[A-Za-z]+", term)} | {
        w.lower() for w in name_words(feature.name) if w.isalpha()
    }
