"""Whether a number borrowed from a feature named before its segment may belong to something else the reply names.

A number whose segment names no field is bound to the feature named last before it ("bmi is 29.5, adding 0.4":
0.4 is bmi's). That guess fails when the number's own segment has a subject of its own that the host has no name
for, or when the feature before it was named only as the whole a share is taken of:

- "Keep the clay under 4.5 percent moisture, the ramp under 148": "the ramp" owns 148, not the moisture;
- "Lorries, 23 % of the traffic, added 0.111": the traffic is what 23 % is a share of; 0.111 is the lorries'.

In either case which field the number names is not sure: the binding is loose (`_binding.LOOSE`), and a number
another field of the outputs holds is listed as unchecked, not flagged (a number no field holds stays wrong under
any binding). Words of size, rank or change ("the largest push at 0.4", "a contribution of 0.3") are no subject,
and neither is a word of the bound feature's own name.
"""

from __future__ import annotations

import re

__all__ = ["other_owner"]

#: A determiner and the word after it, at the head of a noun phrase: "the ramp", "its lorries".
_NOUN_PHRASE = re.compile(r"\b(?:the|a|an|its|their|his|her|these|those|each|every)\s+([^\W\d_]{3,})\b", re.IGNORECASE)
#: Words that measure, rank or move a feature, or stand for the model or its output: no subject of their own.
_MEASURE_WORDS = frozenset(
    """
    value values contribution contributions push pull weight effect impact influence shift share score reading
    level figure number amount change drop rise increase decrease gain loss mean average median importance
    attribution attributions odds probability chance difference gap margin bump boost nudge hit penalty factor
    part rest remainder most least largest biggest strongest smallest weakest main top next second first third
    fourth fifth last other same whole total overall current new old original typical usual model prediction
    base baseline threshold cut limit bound edge range minimum maximum way side direction case row record one
    ones point points unit units log term terms sum net size magnitude extra further additional another
    highest lowest higher lower upper mark slot place spot lead end start middle result output answer call
    outcome outcomes label class classifier system verdict decision forecast estimate confidence
    """.split()
)
#: A segment that is one word and a sign before its number: an item of a list of signed numbers (claims-27).
_BARE_NAME = re.compile(r"\s*(?:and\s+)?([^\W\d_]{3,}(?<!ly))\s*[:=]?\s*[+\-−]\s*", re.IGNORECASE)
#: The same item when the number carries its own sign ("thatch +0.54, lid −0.31": the minus is the number's).
_BARE_SIGNED = re.compile(r"\s*(?:and\s+)?([^\W\d_]{3,}(?<!ly))\s*[:=]?\s*", re.IGNORECASE)
#: A share before the feature's name: "23 % of the traffic", "30 percent of all loans".
_SHARE_OF = re.compile(r"\d\s*(?:%|percent\b|per cent\b)?\s*of\s+(?:the\s+|all\s+|its\s+|their\s+)?$", re.IGNORECASE)


def _name_words(feature: str) -> set[str]:
    """The words of a feature's name, lower case ("ramp_rate_c_h" -> ramp, rate)."""
    return {w for w in re.split(r"[\W_]+", feature.lower()) if len(w) >= 3}


def other_owner(segment_before: str, before_name: str, feature: str, labels: list[str], signed: bool = False) -> bool:
    """Whether a number borrowed from `feature` may be another thing's: `segment_before` is its own segment up to
    it, `before_name` the sentence up to where `feature` is named (its last mention before the number), `labels`
    the host's labels (a label is no new subject); `signed`, whether the number is written with its sign.
    """
    if _SHARE_OF.search(before_name):
        return True  # "23 % of the traffic, added 0.111": the feature is the whole of a share
    known = _name_words(feature) | {w for label in labels for w in _name_words(label)}
    bare = _BARE_NAME.fullmatch(segment_before) or (_BARE_SIGNED.fullmatch(segment_before) if signed else None)
    if bare and bare.group(1).lower() not in _MEASURE_WORDS | known:
        return True  # "lift -0.066, age +0.062": a list item's own name, one the host spells otherwise (claims-27)
    for m in _NOUN_PHRASE.finditer(segment_before):
        word = m.group(1).lower()
        if word in _MEASURE_WORDS or word in known or word.rstrip("s") in known:
            continue
        return True  # "the ramp under 148": a subject of the segment's own, which the host does not name
    return False
