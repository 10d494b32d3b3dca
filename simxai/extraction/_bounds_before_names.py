"""Bounds of a group said before the feature's name, or in a larger unit than the one its name is kept in.

- "above 70 percent humidity", "over 8 knots of wind", "past 300 hours of envelope", "more than 8 on leaf curl": the
  comparison and the number come first, the feature's name (or alias) right after them, a unit and "of (the)" or
  "on (the)" between;
- "the surface wind's over 8 knots": the name with a possessive "'s" before the comparison;
- "over a kilo" of `weight_g`, "under 2 cm" of `wall_mm`: a unit one scale above the unit the one feature's name
  ends in, the number converted ("a" / "an" before such a unit is one), when no feature is kept in that unit.

"past" compares like "over" here, also before a word that ends one feature's name (a bound after a noun: "the ones
past 300 hours"). A clause is only made for a numeric feature; the readers that find a bound after the name run
first, so a feature they bound is not bounded twice (`simxai.extraction._head_word_bounds.said_bounds`).
"""

from __future__ import annotations

import re

from simxai.extraction._features import feature_mentions
from simxai.extraction._lexicon import _NUM, _OP_WORDS, _op_of, name_unit
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words, unit_words

__all__ = ["bounds_before_names"]

_OP = rf"(?P<op>{_OP_WORDS}|past)"
_BEFORE = re.compile(
    # ("more than 8 on leaf curl": the scale the number is read on)
    rf"\b{_OP}\s+(?P<v>{_NUM}|an?)\s?(?P<u>%|(?!on\b)[a-z]+)?\s+(?:(?:of|on)\s+)?(?:the\s+)?(?:(?:shop|air|surface)\s+)?$",
    re.I,
)
_POSSESSIVE = re.compile(rf"^['’]s\s+{_OP}\s+(?P<v>{_NUM})\b", re.I)
# A larger unit than the name's, the words it is said with (the shared table's, `unit_words`, and "kgs") and the
# factor to it: "kilo" of grams, "cm" of millimetres, "km" of metres
_LARGER = {
    small: (tuple(sorted(unit_words(big) | extra, key=lambda w: (-len(w), w))), factor)
    for small, big, extra, factor in (("g", "kg", {"kgs"}, 1000), ("mm", "cm", set(), 10), ("m", "km", set(), 1000))
}
_PAST = re.compile(rf"\bpast\s+(?P<v>{_NUM})\s+(?P<u>[a-z]+)\b", re.I)
# (a unit of a rate is none: "30 km/h", "5 kg per day" bound a speed or a rate, not a length or a mass)
_LARGER_SAID = re.compile(
    rf"\b{_OP}\s+(?P<v>{_NUM}|an?)\s?(?P<u>{'|'.join(u for words, _ in _LARGER.values() for u in words)})\b"
    r"(?!\s*/|\s*(?:per|an?|each)\s+\w)",
    re.I,
)


_NOT_UNITS = frozenset("and or in on for with times more less fewer than to by".split())


def _op(words: str) -> str:
    return ">" if words.lower() == "past" else _op_of(words)


def _value(said: str, unit: str, feature: FeatureSchema) -> str | None:
    if said.lower() in ("a", "an"):
        return None
    if unit.lower() in ("%", "percent") and feature.max is not None and feature.max <= 1:
        return f"{float(said) / 100:g}"  # "above 90 percent" of a 0-1 share
    return said


def bounds_before_names(text: str, schema: HostSchema) -> list[str]:
    """Clauses "feature op value" for the bounds said before a name or in a larger unit (module doc)."""
    clauses: list[str] = []
    for mention in feature_mentions(text, schema):
        feature = mention.feature
        if feature.type != "numeric":
            continue
        before = _BEFORE.search(text[max(0, mention.start - 60) : mention.start])
        after = _POSSESSIVE.match(text[mention.end : mention.end + 40])
        found = before or after
        if found is None:
            continue
        unit = (before.group("u") or "") if before else ""
        if unit.lower() in _NOT_UNITS:
            continue  # "over 3 times the wind", "above 5 and the wind": no unit between the number and the name
        value = _value(found.group("v"), unit, feature)
        if value is not None:
            clauses.append(f"{feature.name} {_op(found.group('op'))} {value}")
    for match in _LARGER_SAID.finditer(text):
        unit = match.group("u").lower()
        owners = [
            f for f in schema.features if f.type == "numeric" and unit in _LARGER.get(name_unit(f) or "-", ((), 0))[0]
        ]
        if len(owners) != 1 or any(c.startswith(f"{owners[0].name} ") for c in clauses):
            continue
        if any(unit in unit_words(name_unit(f) or "-") for f in schema.features if f.type == "numeric"):
            continue  # "under 5 cm" with a feature kept in cm: that feature's bound, never the mm one's converted
        said = match.group("v").lower()
        amount = (1.0 if said in ("a", "an") else float(said)) * _LARGER[name_unit(owners[0]) or "-"][1]
        clauses.append(f"{owners[0].name} {_op(match.group('op'))} {amount:g}")
    for match in _PAST.finditer(text):  # "the ones past 300 hours": the word ends one feature's name
        word = match.group("u").lower()
        owners = [f for f in schema.features if f.type == "numeric" and _last_word(f.name) in (word, word + "s")]
        if len(owners) == 1 and not any(c.startswith(f"{owners[0].name} ") for c in clauses):
            clauses.append(f"{owners[0].name} > {match.group('v')}")
    return clauses


def _last_word(name: str) -> str:
    words = name_words(name)
    return words[-1].lower() if words else ""
