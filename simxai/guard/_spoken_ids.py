"""Ids said the way people read them out (claims-24): after the instance noun (or a subject word), an id written
digit by digit in words ("patient one-two", "review four oh seven"), digit by digit with hyphens ("patient
1-2"), as a number word from eleven to nineteen ("patient fourteen"), or after "number" ("patient number 21", its
tens already in digits) is the id those digits make. Each was read as no id at all (a wrong subject passed) or as
two numbers ("1-2": subject 1 and a number 2, a false alarm).

A single number word up to ten after the noun ("patient one and patient two") is as often a writer's own
counting of the subjects as an id, and stays a word.
"""

from __future__ import annotations

import functools
import re

from simxai._spoken import UNITS

__all__ = ["spoken_ids"]

_DIGIT_WORDS = {**{w: str(n) for w, n in UNITS.items() if n < 10}, "oh": "0"}
_DIGIT = "|".join(sorted(_DIGIT_WORDS, key=len, reverse=True))
_TEENS = "|".join(w for w, n in UNITS.items() if 10 < n < 20)
#: Subject words an id may follow besides the host's instance noun.
_WORDS = ("patient", "review", "applicant", "customer", "instance", "row", "record", "case", "sample", "id")


@functools.lru_cache(maxsize=16)
def _pattern(noun: str) -> re.Pattern[str]:
    nouns = "|".join(re.escape(n) for n in sorted({noun.lower(), *_WORDS} - {""}, key=len, reverse=True))
    return re.compile(
        rf"\b(?P<noun>{nouns})\s+(?:(?:number|no\.?)\s+|#\s*)?"
        rf"(?P<id>(?:{_DIGIT})(?:[- ](?:{_DIGIT}))+|\d(?:-\d)+|{_TEENS}|(?<=number )\d{{1,12}})"
        r"(?![\w-]|\.\d)",
        re.I,
    )


def _digits(said: str) -> str:
    low = said.lower()
    if low in UNITS:
        return str(UNITS[low])
    return "".join(_DIGIT_WORDS.get(part, part) for part in re.split(r"[- ]", low))


def spoken_ids(text: str, noun: str) -> str:
    """`text` with each id said in words or digit by digit after a subject word written in digits."""
    return _pattern(noun).sub(lambda m: f"{m.group('noun')} {_digits(m.group('id'))}", text)
