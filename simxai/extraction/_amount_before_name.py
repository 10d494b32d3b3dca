"""What-if amounts said before the feature's words: "another 20 weeks", "if we had 40 mm of rain", "5 cm snow".

- "another" (or "plus" right after an id) before a number and a word is that many more: "went another 3 weeks
  without a refill" is "3 more weeks ...", "another 12 days past flowering" is "12 more days ..." (the readers of
  "N more" then take it, in the feature's unit where they convert one). "another" before a word alone ("another
  week") is read elsewhere, and after a verb that takes away ("lost another 10 points") it is left to the question
  an unsure step gets.
- a number with the unit a feature's name ends in, then (after "of" and an article or none) a word of that
  feature's name or aliases, is that feature's value: "if the field got 40 mm of rain" for `rainfall (mm)` or
  `rain_mm`, "with 5 cm snow" for `snow_cm`. The word after the unit names exactly one feature that carries that
  unit; a bound before the number ("over 40 mm of rain") makes a group's condition, left to its readers, as is
  a turn that supposes nothing and holds no other change ("rot at 20 % and 60 mm rain: the call?").

Everything comes from the host's schema (names, aliases, units) and a few English function words.
"""

from __future__ import annotations

import re

from simxai.extraction._feature_words import _SUPPOSED
from simxai.extraction._lexicon import _NUM, _parse_number, name_unit
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words, unit_pattern, unit_words

__all__ = ["another_as_more", "unit_before_name_changes"]

# "another 3 weeks", "another 200 hours": the number must be followed by a word (never an id at the end of a turn)
_ANOTHER = re.compile(rf"\banother\s+(?P<n>{_NUM})(?=\s*[a-z])(?!\s*%)", re.IGNORECASE)
# A bound or a comparison before the number makes it a group's condition or a step, never a value.
_BOUND_BEFORE = re.compile(
    r"\b(?:over|under|above|below|than|least|most|beyond|exceeding|within|between|from|by)\s*$"
    r"|\bbetween\s+\S+\s+and\s*$",
    re.IGNORECASE,
)


# a verb that takes away before "another" ("lost another 10 points"): a step down, which the readers of an unsure
# value offer as a question (`simxai._unsure_change`); left as said
_TAKEN_AWAY = re.compile(
    r"\b(?:lost|lose|loses|losing|dropped|drops?|dropping|fell|falls?|falling|shed|sheds|cut|cuts|lowered|"
    r"sank|sinks?|shrank|shrinks?)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


def another_as_more(text: str) -> str:
    """`text` with "another <number>" said as "<number> more" (module doc), unless a verb before it takes away."""

    def more(match: re.Match[str]) -> str:
        if _TAKEN_AWAY.search(text[max(0, match.start() - 30) : match.start()]):
            return match.group(0)
        return f"{match.group('n')} more"

    return _PLUS_AFTER_ID.sub(r"\g<lead>\g<n> more", _ANOTHER.sub(more, text))


# "member 40 plus 12 loans per year": "plus" right after an id, then a number and a word, is that many more ("credit
# score plus 20" after a feature's name is its step, read elsewhere; "plus" opening a turn adds a change to the last)
_PLUS_AFTER_ID = re.compile(
    rf"(?P<lead>\d\s)plus\s+(?P<n>{_NUM})(?=\s+[a-z])(?!\s+(?:points?|percent|more|less|fewer)\b)",
    re.IGNORECASE,
)


def _name_terms(feature: FeatureSchema) -> set[str]:
    """The words of a feature's name and aliases of four letters or more, without the words of its unit."""
    unit = name_unit(feature)
    said = unit_words(unit) if unit is not None else frozenset()
    words = {w for term in (feature.name, *feature.aliases) for w in name_words(term)}
    return {w for w in words if len(w) >= 4 and w not in said and w.isalpha()}


def unit_before_name_changes(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The value of each feature `named` lacks said as "<number> <its unit> [of] <a word of its name>" (module doc)."""
    if schema.kind == "text" or not (named or _SUPPOSED.search(text)):
        return {}  # a turn that supposes nothing, and holds no other change, may describe the data
    numeric = [f for f in schema.features if f.type == "numeric"]
    terms = {f.name: _name_terms(f) for f in numeric}
    found: dict[str, ChangeValue] = {}
    for feature in numeric:
        unit = name_unit(feature)
        if feature.name in named or unit is None or len(unit) < 2:
            continue
        pattern = re.compile(
            rf"(?<![\w.])(?P<n>{_NUM})\s?(?:{unit_pattern(unit)})s?\s+(?:of\s+)?(?:(?:the|fresh|new)\s+)?"
            r"(?P<word>[a-z]+)\b",
            re.IGNORECASE,
        )
        for match in pattern.finditer(text):
            word = match.group("word").lower()
            owners = [f for f in numeric if any(word == t or word == f"{t}s" for t in terms[f.name])]
            if owners != [feature] or _BOUND_BEFORE.search(text[: match.start()]):
                continue
            found[feature.name] = _parse_number(match.group("n"))
            break
    return found
