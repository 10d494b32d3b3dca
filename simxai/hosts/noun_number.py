"""An `instance_noun` written in the plural: refused when it certainly is one, a warning when it looks like one.

The instance noun names one row ("analysis 4005", "an id of a customer"); replies make its plural themselves and the
readings know it by its singular. A plural given as the noun was accepted silently: replies said "analyses 4005"
and "the held-out split (60 analyseses)". `plural_noun` tells the singular a plural stands for:

- a known irregular plural of `hosts.base.plural` ("children", "mice", "leaves", "wolves", and "analyses",
  "diagnoses", "hypotheses" of the nouns in -sis) is certainly a plural: the config is refused, naming the singular;
- a regular plural ("customers", "batches", "policies") only looks like one, since singular nouns end in "s" too
  ("lens", "bus", "class"): the config is accepted and a warning names the singular expected.

A noun whose plural is the noun itself ("sheep", "series", "species") is a singular too, and is never questioned.
Only the noun's last word is read ("blood analyses" -> "blood analysis").
"""

from __future__ import annotations

import logging
import re
from typing import NamedTuple

from simxai.hosts.base import _IRREGULAR_PLURALS, _VES_PLURALS, regular_plural

__all__ = ["PluralNoun", "checked_instance_noun", "plural_noun"]

_log = logging.getLogger(__name__)

# the known irregular plurals, each to its singular ("sheep" -> "sheep" is no plural of anything else)
_SINGULARS = {p: s for table in (_IRREGULAR_PLURALS, _VES_PLURALS) for s, p in table.items() if p != s}
# nouns whose plural is the noun itself ("sheep", "series"): singulars too
_SAME = frozenset(s for s, p in _IRREGULAR_PLURALS.items() if p == s)
# plurals of nouns in -sis that no regular singular has ("analyses": no "analyse" row noun; "noses" is nose's)
_SIS_PLURAL = re.compile(r"(?:lyses|theses|gnoses|crises)$")
# endings of singular nouns that end in "s" ("class", "bus", "basis", "gas", "canvas", "chaos")
_SINGULAR_S = ("ss", "us", "is", "as", "os", "ys")


class PluralNoun(NamedTuple):
    """The singular a plural noun stands for, and whether the noun is certainly a plural."""

    singular: str
    certain: bool


def plural_noun(noun: str) -> PluralNoun | None:
    """The singular of `noun` when its last word is a plural ("analyses" -> analysis, certain), else None."""
    head, _, last = noun.strip().rpartition(" ")
    lower = last.lower()

    def whole(singular: str) -> str:
        said = singular.capitalize() if last[:1].isupper() else singular
        return f"{head} {said}" if head else said

    if lower in _SAME:
        return None
    if lower in _SINGULARS:
        return PluralNoun(whole(_SINGULARS[lower]), True)
    if _SIS_PLURAL.search(lower):
        return PluralNoun(whole(lower[:-2] + "is"), True)
    if len(lower) <= 3 or not lower.endswith("s") or lower.endswith(_SINGULAR_S):
        return None
    for cut in (lower[:-3] + "y", lower[:-2], lower[:-1]):  # policies, batches, customers
        if len(cut) > 1 and regular_plural(cut) == lower and cut.isalpha():
            return PluralNoun(whole(cut), False)
    return None


def checked_instance_noun(noun: str) -> str:
    """`noun`, after refusing a certain plural and warning about one that looks like a plural.

    Raises:
        ValueError: "'analyses' is a plural: give the singular, 'analysis' (one row: "analysis 12")".
    """
    found = plural_noun(noun)
    if found is None:
        return noun
    advice = f'give the singular, {found.singular!r} (one row: "{found.singular} 12")'
    if found.certain:
        raise ValueError(f"{noun.strip()!r} is a plural: {advice}")
    _log.warning("instance_noun %r looks like a plural; replies name one row by it: if so, %s", noun.strip(), advice)
    return noun
