"""A number said as an attribute of the noun after it: "the 157-year-old sheet", "the 26-day mould", "a 70-year-old
grand", "the 7.7 °C fridge" (claims-49).

Such a number is the measure of the thing its unit and noun name, not of a feature the sentence names elsewhere
("the 157-year-old sheet with three mould spots": 157 is the sheet's age, not the mould spots'; "only storage time
and the 7.7 °C fridge argue for failure": 7.7 is the fridge's temperature, not the storage time). The guard binds
a feature's number to the name nearest it; when the number carries its own unit and noun, that binding has a
competitor as strong as itself, and which field the number is of is a guess unless the unit or the noun names the
bound feature. `_binding.number_mechanism` then records the binding as loose: a number another field of the outputs
holds is listed as unchecked, one no field holds stays wrong under any binding.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._mentions import camel_split

__all__ = ["attribute_names", "said_as_attribute"]

#: Units a number is said in when it describes the noun after it.
_UNIT = (
    r"years?|yrs?|months?|weeks?|days?|hours?|hrs?|h|minutes?|mins?|kg|kilos?|g|grams?|mg|t|tonnes?|tons?|km|m|cm|mm|"
    r"°\s*[cf]|degrees?|ft|feet|foot|knots?|kts?|litres?|liters?|l|ml|kwh|watts?|w"
)
#: Words after a unit that make it no attribute: a preposition, a conjunction, an article, a verb of being, "old",
#: a comparison ("36.7 mm of rain", "3 days in the cave", "7 years old", "2 kg more").
_NOT_NOUN = (
    r"(?:of|and|or|in|at|to|for|on|with|by|from|per|a|an|the|is|are|was|were|be|been|ago|old|before|after|later|"
    r"earlier|each|more|less|longer|shorter|than|over|under|into|off|up|down|its|their|it|this|that|as|so|but|"
    r"then|now|still|only|apart|away|left|instead|behind|ahead)\b"
)
#: A unit, its "-old", and the noun it describes, right after a number: "-year-old basement", " °C fridge".
_ATTRIBUTE = re.compile(
    rf"(?:\s*-\s*|[ \t]+|)(?P<unit>{_UNIT})(?:-old)?[ \t]+(?!{_NOT_NOUN})(?P<noun>[^\W\d_]{{3,}})",
    re.IGNORECASE,
)


def said_as_attribute(after: str) -> tuple[str, str] | None:
    """(unit, noun) when the number right before `after` is said as the attribute of a noun, else None."""
    m = _ATTRIBUTE.match(after)
    if m is None:
        return None
    return m.group("unit").lower().replace(" ", ""), m.group("noun").lower()


def _words(name: str) -> list[str]:
    """The words of a name, camel case split, lower case ("sheetAgeYears" -> sheet, age, years)."""
    return [w for w in re.split(r"[^a-z°]+", camel_split(name).lower()) if w]


def _unit_words(unit: str) -> set[str]:
    """The spellings a name may end its unit in: "year" -> year, years, yr, yrs; "°c" -> c, °c."""
    unit = unit.lower()
    if unit.startswith("°") or unit.startswith("degree"):
        return {"c", "°c", "f", "°f", "celsius"}
    stem = unit.rstrip("s")
    short = {"year": "yr", "hour": "hr", "minute": "min", "kilo": "kg", "gram": "g", "tonne": "t", "ton": "t"}
    forms = {unit, stem, stem + "s"}
    if stem in short:
        forms |= {short[stem], short[stem] + "s"}
    return forms


def attribute_names(unit: str, noun: str, spellings: Iterable[str]) -> bool:
    """Whether the attribute `unit` + `noun` names a feature spelled as one of `spellings` (its name and its
    aliases): its unit ends the name ("Fridge Temp C", "mould age [days]"), its noun is a word of it (the "loads" of
    "Drum Load (kg)"), or, said as an age ("-year-old"), the name holds "age" or "old".
    """
    units = _unit_words(unit)
    singular = noun[:-1] if noun.endswith("s") else noun
    for spelling in spellings:
        words = _words(spelling)
        if not words:
            continue
        rate = len(words) > 1 and words[-2] == "per"  # "feedings per day": a rate, not a measure in days
        if (words[-1] in units and not rate) or noun in words or singular in words:
            return True
        if unit.startswith("y") and {"age", "old", "aged"} & set(words):
            return True
    return False
