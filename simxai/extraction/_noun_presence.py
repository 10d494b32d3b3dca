"""A yes/no feature that says a thing is there ("sally_fitted", "has_garage", "lid_on"), said by its noun: "without a
sally", "with no sally", "had no sally" are its "no"; "with a sally", "has a garage" its "yes". A yes/no feature
named by a noun is also said by its adjective ("rusty" of `edge_rust`). The noun is the name
without "has"/"with" before it or a participle after it; nothing here reads a word of any data set.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import yes_no_of
from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["had_noun", "had_noun_changes", "noun_adjective"]


_HAVING = frozenset("has have had with".split())
# Participles that say a thing is there ("sally_fitted", "helmet_worn"); a state of the thing ("screen_cracked") is not
_PRESENT = frozenset("fitted installed attached mounted present included equipped provided supplied worn on".split())


def had_noun(text: str, feature: FeatureSchema, yes: str, no: str) -> list[tuple[int, int, str]]:
    """A yes/no feature that says a thing is there ("sally_fitted", "has_garage", "lid_on"), said by its noun:
    "without a sally", "with no sally", "had no sally" -> no; "with a sally" -> yes.
    """
    words = [w.lower() for w in re.findall(r"[A-Za-z][a-z]*|[A-Z]+(?![a-z])", feature.name)]
    if words and words[0] in _HAVING:
        nouns = words[1:]
    elif len(words) >= 2 and words[-1] in _PRESENT:
        nouns = words[:-1]
    else:
        return []
    if not nouns or not all(len(w) >= 3 for w in nouns):
        return []
    noun = r"[\s_-]+".join(map(re.escape, nouns))
    found: list[tuple[int, int, str]] = []
    for match in re.finditer(
        rf"\b(?:(?P<no>without|with\s+no|ha(?:s|d|ve)\s+no|no)|(?:with|ha(?:s|d|ve))(?=\s+(?:an?|one|the)\s))"
        rf"\s+(?:(?:an?|any|one|the)\s+)?{noun}s?(?![\w-])",
        text,
        re.IGNORECASE,
    ):
        found.append((match.start(), match.end(), f"{feature.name} = {no if match.group('no') else yes}"))
    return found


# In a supposition, the noun after a verb of having ("had no sally", "has a sally") or "without" after a verb ("it were
# hung without a sally"); "ropes with a sally", "ropes without a sally" name a group, not a change
_HAD = re.compile(r"ha(?:d|s|ve|ving)\s", re.IGNORECASE)
_VERB_BEFORE = re.compile(r"\b(?:it|were|was|be|been|is|and|but|\w+ed)\s+$", re.IGNORECASE)


def had_noun_changes(text: str, schema: HostSchema) -> dict[str, str]:
    """The yes/no features `had_noun` reads in `text` after a verb of having or "without" after a verb, as changes
    ("what if it had no sally" -> its "no").
    """
    changes: dict[str, str] = {}
    for feature in schema.features:
        pair = yes_no_of(feature)
        if feature.type != "categorical" or pair is None:
            continue
        yes, no = pair
        said = {
            clause.split(" = ")[1]
            for start, _end, clause in had_noun(text, feature, yes, no)
            if _HAD.match(text, start)
            or (text[start : start + 7].lower() == "without" and _VERB_BEFORE.search(text[:start]))
        }
        if len(said) == 1:
            changes[feature.name] = said.pop()
    return changes


def _adjectives(noun: str) -> set[str]:
    """The adjectives in -y a noun makes ("rust" -> rusty, "mud" -> muddy, "ice" -> icy); none of a short word."""
    if not noun.isalpha() or len(noun) < 3 or noun.endswith(("y", "s")):
        return set()
    if noun.endswith("e"):
        return {noun[:-1] + "y"}
    if re.search(r"[^aeiou][aeiou][bdgmnpt]$", noun):
        return {noun + noun[-1] + "y"}
    return {noun + "y"}


def noun_adjective(text: str, feature: FeatureSchema, yes: str, no: str) -> list[tuple[int, int, str]]:
    """A yes/no feature named by a noun, said as the adjective in -y of the last word of its name or an alias:
    "the rusty ones" of `edge_rust` -> yes; "non-rusty", "not rusty" -> no. (start, end, condition) each.
    """
    terms = (t.lower().replace("_", " ").split() for t in (feature.name, *feature.aliases))
    forms = {form for words in terms if words for form in _adjectives(words[-1])}
    if not forms:
        return []
    said = "|".join(sorted(map(re.escape, forms)))
    return [
        (match.start(), match.end(), f"{feature.name} = {no if match.group('non') else yes}")
        for match in re.finditer(rf"(?<![\w-])(?P<non>non[\s-]?|not\s+)?(?:{said})(?![\w-])", text, re.IGNORECASE)
    ]
