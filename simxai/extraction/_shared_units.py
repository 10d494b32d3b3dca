"""What-if amounts said with a unit that several features share, read for the one of them the turn names.

A unit alone names a feature only when one feature carries it (`_amounts.unit_changes`). On a host with two
features in centimetres (new snow, the depth of a layer) or two in degrees (an angle, a temperature), "20 cm
shallower" or "10 degrees less steep" names none by its unit; a word of exactly one of them in the turn does: a
word of its name or aliases, or a word of the same stem ("steep" for an alias "steepness", "warmed" for "warming").
Read then:

- a step: "20 cm shallower", "10 degrees less steep", "5 cm more" -> "-20", "-10", "+5";
- a value: "if the angle were 30 degrees", "at 90 cm" -> 30, 90;
- a change said by a verb: "warmed by 6 degrees", "cooled off 5 degrees" -> "+6", "-5"; for a feature that holds a
  change itself (its name or description says "change", its values lie on both sides of 0) the amount is its new
  value, 6 or -5, since the change is what the feature records.

A word that several features share, with a value after it and no unit, names the one whose range holds the value:
"if the ice was at -8" on a host with `ice temp` (-10 to -2) and `ice thickness` (20 to 60) sets the temperature.

Everything comes from the schema (names, aliases, descriptions, ranges); the only words here are English: units,
comparatives and verbs of rising and falling.
"""

from __future__ import annotations

import re

from simxai._directions import MEASURE_DOWN, MEASURE_UP
from simxai._word_endings import without_ending
from simxai.extraction._amounts import _SUPPOSED, _TEMPERATURE
from simxai.extraction._features import _TOKEN, FeatureMention
from simxai.extraction._lexicon import _NUM, _parse_number, name_unit
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import unit_pattern

__all__ = ["shared_unit_changes"]

# The units several features may share (lengths, weights, degrees), each with the words people say it with
# (`name_words`'s table).
_SAID = {unit: unit_pattern(unit) for unit in ("cm", "mm", "m", "km", "kg", "g", "deg")}
_UP, _DOWN = MEASURE_UP, MEASURE_DOWN
_RISE = r"warm|heat|rose|rise|climb|increas|rais|went\s+up|go\s+up|gone\s+up"
_FALL = r"cool|chill|fell|fall|drop|decreas|lower|went\s+down|go\s+down|gone\s+down"
# Words of a turn that name no feature however a host spells its features ("would 65002 change").
_PLAIN = frozenset("change changed changes changing what would model".split())


def _stem(word: str) -> str:
    """A word without the ending of a noun, verb or adjective made from it ("steepness", "warmed" -> steep, warm)."""
    return without_ending(word, ("ness", "ings", "ing", "est", "ers", "er", "ed", "es", "s"))


def _unit(feature: FeatureSchema) -> str | None:
    """The unit of `_SAID` a numeric feature is in: its name's ending (`name_unit`, or a spelled-out `_degrees`),
    or degrees for a temperature.
    """
    if feature.name.lower().endswith("_degrees"):
        return "deg"
    if _TEMPERATURE.search(" ".join((feature.name.replace("_", " "), *feature.aliases))):
        return "deg"
    unit = name_unit(feature)
    return unit if unit in _SAID else None


def _words(feature: FeatureSchema, noun: str) -> set[str]:
    """Stems of the words of a feature's name and aliases, but the host's noun and its units."""
    terms = (feature.name.replace("_", " "), *feature.aliases)
    words = {w.lower() for t in terms for w in _TOKEN.findall(t) if len(w) >= 4}
    return {_stem(w) for w in words if w not in (noun, noun + "s") and w not in _PLAIN and w not in _SAID}


def _named(text: str, owners: list[FeatureSchema], mentions: list[FeatureMention], noun: str) -> FeatureSchema | None:
    """The one owner the turn names by a mention or a word of the same stem as one of its words; else None."""
    said = {_stem(w) for w in _TOKEN.findall(text.lower()) if len(w) >= 4 and w not in _PLAIN}
    named = [f for f in owners if any(m.feature.name == f.name for m in mentions) or said & _words(f, noun)]
    return named[0] if len(named) == 1 else None


def _holds_change(feature: FeatureSchema) -> bool:
    """Whether a feature records a change itself ("temp_change_c"): values on both sides of 0 and "change" in it."""
    words = f"{feature.name} {feature.description or ''}".lower().replace("_", " ")
    below, above = feature.min is not None and feature.min < 0, feature.max is not None and feature.max > 0
    return below and above and re.search(r"\b(?:change|delta|difference)\b", words) is not None


def shared_unit_changes(
    text: str, schema: HostSchema, mentions: list[FeatureMention], named: dict[str, ChangeValue]
) -> dict[str, ChangeValue]:
    """The changes of the module doc for features `named` does not hold, in a turn that supposes something."""
    if not _SUPPOSED.search(text):
        return {}
    owners: dict[str, list[FeatureSchema]] = {}
    for feature in schema.features:
        unit = _unit(feature) if feature.type == "numeric" else None
        if unit is not None:
            owners.setdefault(unit, []).append(feature)
    noun = schema.instance_noun.lower()
    found: dict[str, ChangeValue] = {}
    for unit, features in owners.items():
        owner = features[0] if len(features) == 1 else _named(text, features, mentions, noun)
        if owner is None or owner.name in named:
            continue
        value = _read(text, _SAID[unit], owner, shared=len(features) > 1)
        if value is not None:
            found[owner.name] = value
    return {**_shared_word_values(text, schema, mentions, {**named, **found}), **found}


# a value said of what a word names, with no unit: "the ice was at -8", "if the tank were 40"
_VALUE_AFTER = re.compile(
    rf"^\s*(?:[a-z]+\s+){{0,2}}?(?:were|was|is|be|been|at|to)\s+(?:at\s+)?(?:about\s+|around\s+|only\s+)?"
    # never a step ("the loan was 100 smaller", "10 % more", "2 times"), which the step readers own
    rf"(?P<n>-?{_NUM})(?![\w.%°])(?!\s*(?:%|percent|times\b|x\b|more\b|less\b|fewer\b|[a-z]+er\b))",
    re.IGNORECASE,
)


def _name_words(feature: FeatureSchema) -> set[str]:
    """Stems of the words of three letters or more of a feature's own name (not its aliases, which may name another
    thing in passing: "cuts in the ice" of a count of gouges).
    """
    return {_stem(w.lower()) for w in _TOKEN.findall(feature.name.replace("_", " ")) if len(w) >= 3}


_MINUS = re.compile(r"\bminus\s+(?=\d)", re.IGNORECASE)
# words of three letters or more that aliases use and that name nothing ("how many", "the last flood")
_FUNCTION_WORDS = frozenset("the how and for per its any all one many much what which".split())


def _shared_word_values(
    text: str, schema: HostSchema, mentions: list[FeatureMention], named: dict[str, ChangeValue]
) -> dict[str, ChangeValue]:
    """A value said after a word that several numeric features' names share ("the ice was at -8" of `ice temp` and
    `ice thickness`), for the one of them whose range holds it; nothing when none or several do, or when a feature
    is named outright in the turn.
    """
    if mentions:
        return {}
    numeric = [f for f in schema.features if f.type == "numeric" and f.name not in named]
    text = _MINUS.sub("-", text)  # "at minus 8"
    for word in _TOKEN.finditer(text.lower()):
        stem = _stem(word.group())
        if len(word.group()) < 3 or word.group() in _FUNCTION_WORDS:
            continue
        sharing = [f for f in numeric if stem in _name_words(f)]
        value = _VALUE_AFTER.match(text[word.end() :]) if len(sharing) > 1 else None
        if value is None:
            continue
        n = _parse_number(value.group("n"))
        fits = [f for f in sharing if f.min is not None and f.max is not None and f.min <= n <= f.max]
        return {fits[0].name: n} if len(fits) == 1 else {}
    return {}


def _read(text: str, unit: str, feature: FeatureSchema, *, shared: bool) -> ChangeValue | None:
    amount = rf"(?<![\w.])(?P<n>{_NUM})\s?(?:{unit})(?![\w°])"
    verb = re.search(rf"\b(?P<v>{_RISE}|{_FALL})\w*\s+(?:(?:off|up|down)\s+)?(?:by\s+)?{amount}", text, re.I)
    if verb:
        down = re.match(_FALL, verb.group("v"), re.IGNORECASE) is not None
        if _holds_change(feature):
            amount_said = _parse_number(verb.group("n"))
            return -amount_said if down else amount_said
        return f"{'-' if down else '+'}{verb.group('n')}"
    if not shared:  # a unit of one feature: its steps and values are read by `_amounts` and `_unit_values`
        return None
    step = re.search(rf"{amount}\s+(?P<d>{_UP}|{_DOWN})\b", text, re.IGNORECASE)
    if step:
        return f"{'-' if re.fullmatch(_DOWN, step.group('d'), re.IGNORECASE) else '+'}{step.group('n')}"
    value = re.search(rf"\b(?:were|was|is|be|been|at|to)\s+(?:about\s+|around\s+|only\s+)?{amount}", text, re.I)
    return _parse_number(value.group("n")) if value else None
