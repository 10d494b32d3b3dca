"""What a number's own segment says it is, when its feature was only named before the segment (claims-32).

A number whose segment names no field is bound to the feature named last before it ("bmi is 29.5, adding 0.4":
0.4 is bmi's). Its own segment may still say what it is, in forms no feature's full name spells:

- a key word of exactly one other feature's name right before it: "income 42.7, score 638" (638 is the credit
  score's, not the income's); a bare key, as in a card or a memo, never a word inside a phrase;
- the instance noun right after it: "(49 hives)", "38 orders" count subjects, they are no feature's value;
- "per" right before it: "2.7 per 100" (the 100 is a rate's denominator, no value at all);
- "of slack" or "of headroom" after it: "0.7 kg of slack" is a difference of two values (`_derived.is_difference`).

A number of a feature named before its segment stays that feature's in every other case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._mentions import camel_split

__all__ = ["DENOMINATOR", "SLACK", "key_feature", "subject_count"]

#: Right before a number: it divides a rate ("2.7 per 100", "1 in every 1,000" is read elsewhere).
DENOMINATOR = re.compile(r"\bper\s*$", re.I)
#: After a number: the room a kept range leaves, a difference of two values ("0.7 kg of slack", "0.27 of headroom"),
#: the rise it names ("a 0.36 rise", "of the 0.37 rise": a move of the output).
SLACK = re.compile(
    r"\s*(?:(?:[a-z°]{1,3}|years?|months?|weeks?|days?|hours?|points?|units?|degrees?)\s+)?"
    r"(?:of\s+(?:slack|leeway|headroom|margin|room)|rise|climb|gain|increase)\b",  # "the 0.37 rise" (claims-34)
    re.I,
)
#: A segment that is one word (and a colon or an equals sign) before its number: a card's or memo's key.
_BARE_KEY = re.compile(r"[\s,;·|/(]*(?:and\s+)?([^\W\d_]{4,})\s*[:=]?\s*", re.I)
#: Words that no key of a feature can be: words of measure and of the model's output.
_NO_KEY = frozenset("value level rate total number amount mean average share model chance odds".split())


def _words(name: str) -> set[str]:
    """The words of a feature's name ("creditScore" and "credit_score" -> credit, score)."""
    spaced = camel_split(name, "_")
    return {w for w in re.split(r"[\W_]+", spaced.lower()) if len(w) >= 4}


def key_feature(segment_before: str, features: Iterable[str], aliases: dict[str, list[str]]) -> str | None:
    """The feature a bare key right before a number names: a word of exactly one feature's name or a one-word
    alias of it ("score 638" of credit_score), else None.
    """
    m = _BARE_KEY.fullmatch(segment_before)
    if m is None:
        return None
    word = m.group(1).lower()
    if word in _NO_KEY:
        return None
    owners = set()
    for feature in features:
        words = _words(feature) | {a.lower() for a in aliases.get(feature, ()) if " " not in a}
        if word in words or word.rstrip("s") in words:
            owners.add(feature)
    return next(iter(owners)) if len(owners) == 1 else None


def subject_count(following: str, noun: str) -> bool:
    """Whether the word right after a number is the instance noun, singular or plural: it counts subjects."""
    if not noun:
        return False
    low = noun.lower()
    stem = re.escape(low[:-1] if low.endswith("s") and not low.endswith("ss") else low)
    return bool(re.match(rf"\s+{stem}(?:s|es)?\b", following, re.I))
