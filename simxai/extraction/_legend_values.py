"""A value a feature's description gives words for: "(0 = none yet)", "1 = mild, 2 = severe".

A host's card often explains a coded value in words, and a user says the words instead of the code: with a
description "age of the roof in years (0 = replaced this year)", "if the roof had been replaced this year" means
the value 0. A legend binds when the turn names the feature by a word of its name or aliases and says the legend's
first word (usually what carries its meaning: "replaced") and at least half of its words, not after a negation.
A scale's ends in words ("1 (calm) to 5 (very stressed)") name the feature by their comparative, and a value said
with it sets it: "if she were calmer, say a 2" -> 2.
Everything comes from the host's descriptions; no wording of any set is known here.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _NUM, _parse_number
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema

__all__ = ["legend_changes"]

# "(0 = mated this season)", "1 = mild, 2 = severe", "0: none"
_LEGEND = re.compile(r"(?<![\w.])(?P<v>-?\d+(?:\.\d+)?)\s*[=:]\s*(?P<words>[A-Za-z][A-Za-z' -]*)")
_FILLER = frozenset("a an the this that of in on at to for by or and is was be been its their per".split())
# Words of a name that say what it measures in, not what it is ("queen_age_years", "days_since_visit").
_MEASURES = frozenset("year years month months week weeks days hours minutes since number count total level".split())
# Legends too bare to be said of the feature alone ("1 = yes"): a yes or a no answers anything.
_BARE = frozenset("yes no true false none".split())
# "1 (calm) to 5 (very stressed)": the words of a scale's end
_SCALE_END = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?\s*\((?P<words>[A-Za-z][A-Za-z' -]*)\)")
# the value said after the comparative, within its clause: "calmer in the kennel, say a 2"
_SAID_VALUE = re.compile(rf"^[^.;?!]{{0,30}}?\b(?:say|like|maybe|perhaps)\s+(?:an?\s+)?(?P<n>-?{_NUM})\b(?!\s*%)", re.I)
_NEGATION = re.compile(r"\b(?:not|no|never|without|didn'?t|hadn'?t|wasn'?t|isn'?t)\b[^.,;?!]{0,25}$", re.I)


def legend_changes(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The coded values whose words `text` says, for numeric features `named` does not hold (module doc)."""
    lower = text.lower()
    said = set(re.findall(r"[a-z]+", lower))
    found: dict[str, ChangeValue] = {}
    for feature in schema.features:
        if feature.type != "numeric" or feature.name in named or not feature.description:
            continue
        if not _feature_words(feature) & {_singular(w) for w in said}:
            continue
        for match in _LEGEND.finditer(feature.description):
            words = [w for w in re.findall(r"[a-z]+", match.group("words").lower()) if w not in _FILLER]
            if not words or words[0] in _BARE or words[0] not in said or 2 * sum(w in said for w in words) < len(words):
                continue
            where = re.search(rf"\b{re.escape(words[0])}\b", lower)
            if where is not None and _NEGATION.search(lower[: where.start()]):
                continue
            found[feature.name] = _parse_number(match.group("v"))
            break
    return found | _compared_values(lower, schema, {**named, **found})


def _compared_values(lower: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """A value said after the comparative of a scale's end word ("calmer, say a 2" for "1 (calm) to 5 (...)")."""
    found: dict[str, ChangeValue] = {}
    for feature in schema.features:
        if feature.type != "numeric" or feature.name in named or not feature.description:
            continue
        ends = {
            w for m in _SCALE_END.finditer(feature.description.lower()) for w in re.findall(r"[a-z]{3,}", m["words"])
        }
        forms = {f"{w}er" for w in ends} | {f"{w}r" for w in ends if w.endswith("e")}
        forms |= {f"{w[:-1]}ier" for w in ends if w.endswith("y")}
        for match in re.finditer(rf"\b(?:{'|'.join(sorted(forms))})\b", lower) if forms else ():
            said = _SAID_VALUE.match(lower[match.end() :])
            value = _parse_number(said.group("n")) if said else None
            low, high = feature.min, feature.max
            if value is not None and (low is None or low <= value) and (high is None or value <= high):
                found[feature.name] = value
                break
    return found


def _feature_words(feature: FeatureSchema) -> set[str]:
    """The words of a feature's name and aliases that could name it alone (four letters or more)."""
    terms = (feature.name, *feature.aliases)
    return {w for t in terms for w in re.split(r"[\W_]+", t.lower()) if len(w) >= 4 and w not in _MEASURES}


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word
