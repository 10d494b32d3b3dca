"""Number words, and the value of a run of them: the one table of them that every reader of plain language uses.

`simxai._spoken` reads the runs in a turn (and re-exports these names, which the extraction and the guard import
from it); `number_value` gives a run's value ("a hundred and ten" -> 110), `continues_number` whether a word
goes on with the run before it ("forty" + "one", not "five" + "ten").
"""

from __future__ import annotations

__all__ = ["SCALES", "TENS", "UNITS", "continues_number", "number_value"]

#: Number words below twenty and the tens: the one table of them that every reader of plain language uses.
UNITS = {
    "zero": 0,
    "nought": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES = {"hundred": 100, "thousand": 1000}


def number_value(words: list[str]) -> int | None:
    """The value of a run of number words ("forty", "one" -> 41; "a", "hundred", "and", "ten" -> 110)."""
    total, current, seen = 0, 0, False
    for word in words:
        if word in ("a", "and"):
            continue
        if word in UNITS:
            current += UNITS[word]
        elif word in TENS:
            current += TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word == "thousand":
            total += max(current, 1) * 1000
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def continues_number(previous: str | None, word: str) -> bool:
    """Whether `word` continues a number whose last word is `previous` ("forty" + "one", not "five" + "ten")."""
    if previous is None:
        return True
    if word in SCALES:
        return previous in UNITS or previous in TENS or previous in ("a",) or previous == "hundred"
    if word in UNITS:
        if previous in TENS:
            return UNITS[word] < 10
        return previous in SCALES or previous == "and"
    if word in TENS:
        return previous in SCALES or previous == "and"
    return False
