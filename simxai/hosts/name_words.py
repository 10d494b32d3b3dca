"""The words of a column name as users say them, whatever its shape.

``MonthlyFee`` and ``MONTHLY_FEE`` are "monthly fee", ``VisitsPerWeek`` "visits per week", ``HTTPStatus`` "http
status", ``LOA_ft`` "loa ft", ``temp.core_c`` "temp core c", ``split_500m_s`` "split 500 m s". A name in
snake_case comes out as it always did (its parts, lower-cased), so hosts with such names read as before.
"""

from __future__ import annotations

import functools
import re

__all__ = ["name_words", "spaced_name", "unit_ending"]

_SEPARATOR = re.compile(r"[\s_.\-/]+")
# an acronym (with the digits it ends in: "CO2"), a word with an optional capital, a number
_PART = re.compile(r"[A-Z]{2,}\d*(?![a-z])|[A-Z]?[a-z]+\d*|[A-Z]\d*|\d+(?:\.\d+)?")
# units a name may end in, written short; a short lower-case part after a separator is read as a unit too
# ("humidity_pct"), but a short word of a camelCase or capitalised name is a word ("MonthlyFee", "MONTHLY_FEE")
_SHORT_UNITS = frozenset(
    "pct perc ft m km cm mm mi s ms h hr hrs min mins sec secs yr yrs mo wk kg g mg lb lbs oz l ml c f usd eur gbp "
    "mph kph kmh bpm".split()
)


_MIXED_SYMBOL = re.compile(r"[a-z]{1,2}[A-Z][A-Za-z]?")


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
    """
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
