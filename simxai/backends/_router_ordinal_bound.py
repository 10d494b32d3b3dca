"""A group bounded by an ordinal of what a count feature counts: "bolts past their 4th rinse", "before their 3rd wash".

People count events by their order ("past its 4th service", "after their second lambing"), not by the feature's
number. When the noun after the ordinal is a word of exactly one numeric feature's name or aliases (in the singular
or the plural: "rinse" of an alias "rinses", of a name `RinseCount`), the ordinal is that feature's bound:

- past / after / beyond / over / since / more than → `>` ("past their 4th rinse": more than 4 rinses);
- before / under / until / below / not yet → `<` ("before their 3rd wash": fewer than 3 washes);
- at least / from → `>=`; up to / at most → `<=`.

The number must lie in the feature's values. Anything else (an ordinal of no feature, of two, or a place in a list:
"the 4th bolt") gives nothing, and the turn is read as before. The router reads it after selecting a function, as
a group's argument (`_router_arguments`); the selector's masked text does not read it.
"""

from __future__ import annotations

import re

from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["ordinal_bound"]

_ORDINAL = re.compile(
    r"\b(?P<op>past|after|beyond|over|since|more\s+than|before|under|until|till|below|not\s+yet\s+(?:at|had)|"
    r"at\s+least|from|up\s+to|at\s+most)\s+(?:(?:their|its|his|her|the|a)\s+)?"
    r"(?P<n>\d{1,3})(?:st|nd|rd|th)\s+(?P<noun>[a-z]{3,})\b",
    re.IGNORECASE,
)
_OPS = {
    "past": ">",
    "after": ">",
    "beyond": ">",
    "over": ">",
    "since": ">",
    "more than": ">",
    "before": "<",
    "under": "<",
    "until": "<",
    "till": "<",
    "below": "<",
    "at least": ">=",
    "from": ">=",
    "up to": "<=",
    "at most": "<=",
}


def _words_of(feature: FeatureSchema) -> set[str]:
    """A feature's words, from its name (camel case and snake case split) and its aliases, lower case."""
    words = {w.lower() for w in name_words(feature.name) if w.isalpha()}
    for alias in feature.aliases:
        words |= {w for w in re.findall(r"[a-z]+", alias.lower())}
    return {w for w in words if len(w) >= 3}


def _counts(noun: str, feature: FeatureSchema) -> bool:
    """Whether `noun` ("rinse", "rinses") is a word of the feature, in the singular or the plural."""
    noun = noun.lower()
    forms = {noun, noun + "s", noun + "es", noun[:-1] if noun.endswith("s") else noun}
    return bool(forms & _words_of(feature))


def ordinal_bound(text: str, schema: HostSchema | None) -> str | None:
    """The condition an ordinal bound of a count feature gives ("past their 4th rinse" -> `RinseCount > 4`), or
    None (module doc).
    """
    if schema is None or schema.kind != "tabular":
        return None
    for match in _ORDINAL.finditer(text):
        counted = [f for f in schema.features if f.type == "numeric" and _counts(match.group("noun"), f)]
        if len(counted) != 1:
            continue
        feature, number = counted[0], int(match.group("n"))
        if feature.min is not None and feature.max is not None and not feature.min <= number <= feature.max:
            continue
        said = " ".join(match.group("op").lower().split())
        op = "<" if said.startswith("not yet") else _OPS[said]
        return f"{feature.name} {op} {number}"
    return None
