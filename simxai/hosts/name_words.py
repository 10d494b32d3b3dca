"""The words of a column name as users say them, whatever its shape.

``MonthlyFee`` and ``MONTHLY_FEE`` are "monthly fee", ``VisitsPerWeek`` "visits per week", ``HTTPStatus`` "http
status", ``NumPRs`` "num prs", ``HRVms`` "hrv ms", ``LOA_ft`` "loa ft", ``temp.core_c`` "temp core c",
``split_500m_s`` "split 500 m s". A name in snake_case comes out as it always did (its parts, lower-cased), so hosts
with such names read as before.
"""

from __future__ import annotations

import functools
import re

__all__ = [
    "name_unit_of",
    "name_words",
    "said_unit_pattern",
    "spaced_name",
    "spelled_units",
    "unit_ending",
    "unit_pattern",
    "unit_said",
    "unit_words",
]

_SEPARATOR = re.compile(r"[\s_.\-/]+")
# units a name may end in, written short; a short lower-case part after a separator is read as a unit too
# ("humidity_pct"), but a short word of a camelCase or capitalised name is a word ("MonthlyFee", "MONTHLY_FEE")
_SHORT_UNITS = frozenset(
    "pct perc ft m km cm mm mi s ms h hr hrs min mins sec secs yr yrs mo wk kg g mg lb lbs oz l ml c f usd eur gbp "
    "mph kph kmh bpm".split()
)
# an acronym in the plural ("NumPRs": "prs", "IDs": "ids"), an acronym before a unit of two letters or more in lower
# case ("HRVms": "hrv", "ms"; "GPSKm" stays "gps", "km"), an acronym (with the digits it ends in: "CO2"), a word with
# an optional capital, a number
_ACRONYM_BEFORE_UNIT = "|".join(sorted((u for u in _SHORT_UNITS if len(u) >= 2), key=len, reverse=True))
_PART = re.compile(
    rf"[A-Z]{{2,}}\d*s(?![a-z])|[A-Z]{{2,}}\d*(?=(?:{_ACRONYM_BEFORE_UNIT})(?![a-z]))|[A-Z]{{2,}}\d*(?![a-z])|"
    r"[A-Z]?[a-z]+\d*|[A-Z]\d*|\d+(?:\.\d+)?"
)


_MIXED_SYMBOL = re.compile(r"[a-z]{1,2}[A-Z][A-Za-z]?")
# a name's last part in brackets: its unit ("(kg)", "(ml/day)")
_BRACKETED_TAIL = re.compile(r"\(([^()]*)\)\s*$")


@functools.lru_cache(maxsize=1024)
def _split(name: str) -> tuple[tuple[str, bool], ...]:
    """(lower-case word, whether it was a separate lower-case part of at most three letters) for each word."""
    parts: list[tuple[str, bool]] = []
    for segment in _SEPARATOR.split(name):
        # a unit or symbol written in mixed case is one word ("kWh", "pH", "mAh", "dB"), never "k" and "wh"
        words = [segment] if _MIXED_SYMBOL.fullmatch(segment) else _PART.findall(segment)
        short_part = len(words) == 1 and segment.islower() and len(segment) <= 3 and segment.isalpha()
        parts += [(w.lower(), short_part) for w in words]
    return tuple(parts)


def name_words(name: str) -> list[str]:
    """The lower-case words of a column name: camelCase, PascalCase and acronyms split, separators dropped."""
    return [w for w, _ in _split(name)]


def spaced_name(name: str) -> str:
    """The name as words separated by spaces ("MonthlyFee" -> "monthly fee")."""
    return " ".join(name_words(name))


def unit_ending(name: str, unit_words: frozenset[str]) -> int:
    """How many of the name's last words are a unit, or numbers before one (0, 1 or more): "humidity_pct" 1,
    "split_500m_s" 3 ("500", "m", "s"), "TenureMonths" 1 (a spelled unit in `unit_words`), "MonthlyFee" 0.
    A rate's "per" and what follows count too ("VisitsPerWeek": 2), so the head is the word before it.

    This is not `name_unit_of`: it counts words, to find the name's head noun ("rainfall" of "rainfall_mm"), and
    so takes spelled units (the `unit_words` passed in: "TenureMonths"), numbers and rates, which no reader of a
    said unit could use; `name_unit_of` gives the one unit a value is said in.
    """
    bracket = _BRACKETED_TAIL.search(name)
    if bracket is not None and _split(name[: bracket.start()]):
        # a bracketed tail is the name's unit, whatever its words ("water (ml/day)", "stick length (in)", "Rating
        # Gap (Elo)"); the name before it may end in more ("clock at move 30 (min)")
        inside = len(_split(bracket.group(1)))
        if inside:
            return inside + unit_ending(name[: bracket.start()], unit_words)
    parts = _split(name)
    words = [w for w, _ in parts]
    if "per" in words[1:]:
        return len(words) - words.index("per", 1)
    count = 0
    for word, short_part in reversed(parts[1:]):
        # the last word is a unit when spelled as one or a short lower-case part; the words before it only when
        # spelled as units or numbers ("500m" of "split_500m_s", not "amt" of "loan_amt_usd")
        if word in unit_words or word in _SHORT_UNITS or word[0].isdigit() or (short_part and count == 0):
            count += 1
        else:
            break
    return count


# --- the unit a name ends in: the one reading of it (issue ux24) ---------------------------------------------------

# Units a name may end in, as written there (lower case), and the words people say them with: the one table of
# spoken unit words. A reader that knows a unit asks `unit_words` (or `unit_pattern`); a reader of values said in
# spelled-out units asks `spelled_units`; the written form always says itself ("30 kmh", "40 ft"). A reader that
# takes only some units names them where it reads (`_unit_values`, `_shared_units`); `_feature_terms` keeps its own
# table of units a name *starts* with, said alone as the feature's name, which differs in meaning (see there).
_UNIT_SAID: dict[str, tuple[str, ...]] = {
    "m": ("metre", "metres", "meter", "meters"),
    "km": ("kilometre", "kilometres", "kilometer", "kilometers"),
    "cm": ("centimetre", "centimetres", "centimeter", "centimeters"),
    "mm": ("millimetre", "millimetres", "millimeter", "millimeters"),
    "ft": ("foot", "feet"),
    "mi": ("mile", "miles"),
    "kmh": ("km/h", "kph", "kmh"),
    "kph": ("km/h", "kmh", "kph"),
    "mph": ("mph",),
    "kg": ("kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"),
    "g": ("gram", "grams", "gramme", "grammes"),
    "lb": ("lbs", "pound", "pounds"),
    "lbs": ("lb", "pound", "pounds"),
    "t": ("tonne", "tonnes", "ton", "tons"),
    "l": ("litre", "litres", "liter", "liters"),
    "ml": ("millilitre", "millilitres", "milliliter", "milliliters"),
    "c": ("degrees", "degree", "celsius", "°c"),
    "f": ("degrees", "degree", "fahrenheit", "°f"),
    "deg": ("degrees", "degree", "°"),
    "h": ("hour", "hours", "hr", "hrs"),
    "hr": ("hour", "hours", "h", "hrs"),
    "hrs": ("hour", "hours", "h", "hr"),
    "min": ("minute", "minutes", "mins"),
    "mins": ("minute", "minutes", "min"),
    "s": ("second", "seconds", "sec", "secs"),
    "sec": ("second", "seconds", "s", "secs"),
    "pct": ("percent", "percentage", "%"),
    "%": ("percent", "percentage", "pct"),
}
# the units a capitalised last word of a camelCase or spaced name may be ("DepthM", "BoatLengthFt", "wind kmh")
_WORD_UNITS = _SHORT_UNITS | frozenset(_UNIT_SAID)
_BRACKETED = re.compile(r"[(\[]\s*([A-Za-z%]{1,5})\s*[)\]]\s*$")
_SLASHED = re.compile(r"\w\s*/\s*([A-Za-z]{1,5})\s*$")
# a unit per unit in brackets at the end ("wind speed (km/h)", "bmi (kg/m2)", "flow (l/min)"): the whole of it is the
# unit, never its last part alone ("h" would make "4 hours" a value of the wind speed)
_PER_UNIT = re.compile(r"[(\[]\s*([a-z]{1,3})\s*/\s*([a-z]{1,3}[23]?)\s*[)\]]\s*$", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def name_unit_of(name: str) -> str | None:
    """The unit a column name ends in, lower case as written there, or None: the short last part after an
    underscore ("distance_km" -> "km", "volume_l" -> "l"), a sign ("Moisture %" -> "%"), a part in brackets
    ("Weight (kg)" -> "kg") or after a slash ("Roast Time/min" -> "min"), or the last word of a camelCase or
    spaced name when it is a unit ("DepthM" -> "m", "BoatLengthFt" -> "ft", "wind kmh" -> "kmh").

    A name in snake_case reads as it always did (its last part of one to three letters); a spelled-out ending
    ("TenureMonths", "walk_minutes") is no unit here: `unit_ending` counts those as words of a unit.
    """
    parts = name.lower().split("_")
    if len(parts) >= 2 and re.fullmatch(r"[a-z]{1,3}", parts[-1]):
        return parts[-1]
    per_unit = _PER_UNIT.search(name)
    if per_unit and re.search(r"[A-Za-z]", name[: per_unit.start()]):
        return f"{per_unit.group(1)}/{per_unit.group(2)}".lower()
    stripped = name.strip()
    if len(stripped) >= 2 and stripped.endswith("%") and re.search(r"[A-Za-z]", stripped):
        return "%"
    for pattern in (_BRACKETED, _SLASHED):
        match = pattern.search(stripped)
        if match and re.search(r"[A-Za-z]", stripped[: match.start(1)]):
            return match.group(1).lower()
    split = _split(name)
    if len(split) >= 2 and split[-1][0] in _WORD_UNITS:
        return split[-1][0]
    return None


def lead_unit_of(name: str) -> str | None:
    """The unit a spaced or camelCase column name starts with ("km travelled" -> "km", "KgLoaded" -> "kg"), or None:
    the first of two or more words, when it is a unit.
    """
    split = _split(name)
    return split[0][0] if len(split) >= 2 and split[0][0] in _WORD_UNITS else None


def unit_words(unit: str) -> frozenset[str]:
    """The words a unit of `name_unit_of` is said with, lower case, itself among them ("ft": ft, foot, feet); a unit
    per unit by its two parts' short forms, with a slash or "per" ("l/min": l/min, l per minute, litres per min, ...).
    """
    if "/" in unit:
        top, below = unit.split("/")
        tops = {top, *(w for w in _UNIT_SAID.get(top, ()) if w.isalpha())}
        belows = {
            below,
            below.replace("2", "²").replace("3", "³"),
            *(w for w in _UNIT_SAID.get(below, ()) if w.isalpha()),
        }
        said = {f"{t}{sep}{b}" for t in tops for b in belows for sep in ("/", " / ", " per ")}
        return frozenset(said | set(_UNIT_SAID.get(unit.replace("/", ""), ())))  # "km/h": also "kph", "kmh"
    return frozenset((unit, *_UNIT_SAID.get(unit, ())))


def unit_pattern(unit: str) -> str:
    """A regex alternation of the words `unit` is said with, the longest first ("kilometres|…|km")."""
    return "|".join(re.escape(w) for w in sorted(unit_words(unit), key=len, reverse=True))


def spelled_units(units: tuple[str, ...]) -> dict[str, str]:
    """Each of `units` by its spelled-out words in the singular, to the unit ("litre" -> "l", "minute" -> "min"),
    for a reader that takes the plural by an optional "s": the words of `unit_words` of four letters or more that
    are no plural ("kilos", "mins"); the abbreviations ("hr" of "h") are no spelled word.
    """
    return {
        word: unit
        for unit in units
        for word in _UNIT_SAID.get(unit, ())
        if word.isalpha() and len(word) >= 4 and not word.endswith("s")
    }


def unit_said(said: str, name: str) -> bool:
    """Whether `said` (a word or symbol of a turn: "feet", "km/h", "metres") is the unit the name ends in."""
    unit = name_unit_of(name)
    return unit is not None and said.lower() in unit_words(unit)


def said_unit_pattern(name: str) -> str:
    """An optional regex part for the unit the name ends in, said after a number ("20 km/h" of `wind_kmh`); "" for
    a name without one.
    """
    unit = name_unit_of(name)
    if unit is None:
        return ""
    return rf"(?:\s*(?:{unit_pattern(unit)})(?![\w/]))?"
