"""How a class name is found in a turn: its words however they are joined, and inflected when it has several.

A class named ``on_time`` is "on time", "on-time" or "on_time"; a class of several words is also said with its
words inflected as the sentence needs them: "needs service" is "need service", "needs servicing", "needed
service"; "not renewed" is "not renewing". Only the words of a name of several words are inflected (a word keeps
at least four letters of its stem; a short last word may take a plural "s": "dead-outs" for ``dead_out``): a class
of one word is found as written here, and its other forms are read by
`simxai.extraction._polarity`, which knows which derived words name which class.
"""

from __future__ import annotations

import functools
import re

from simxai.hosts.base import HostSchema
from simxai.normalize import word_stems
from simxai.turn_memo import per_turn

__all__ = ["class_mentions", "class_name_pattern"]

_ENDS = "s|es|d|ed|ing|e"
_INFLECTION = f"(?:{_ENDS})?"
_LONGEST_SPOKEN = 120  # characters of a class name read with its words joined and inflected


def _word_pattern(word: str, inflect: bool) -> str:
    if not inflect or len(word) < 4:
        return re.escape(word)
    stem = min(word_stems(word), key=len)
    # a last consonant doubled before -ed / -ing after one vowel: "stripped", "stripping" for strip
    doubled = f"(?:{re.escape(stem[-1])}(?:ed|ing))|" if re.search(r"[^aeiou][aeiou][b-df-hj-np-tv-z]$", stem) else ""
    return re.escape(stem) + f"(?:{doubled}{_ENDS})?"


@functools.lru_cache(maxsize=256)
def class_name_pattern(name: str) -> re.Pattern[str]:
    """The pattern that finds class `name` as a whole phrase, case-insensitive ("needs_service" -> "need service").

    A name longer than `_LONGEST_SPOKEN` characters is found only as written: no one says it otherwise, and a
    pattern of its every word joined and inflected grows with it (tests/reliability/test_linear_parsers.py).
    """
    if len(name) > _LONGEST_SPOKEN:
        return re.compile(r"(?<![\w-])" + re.escape(name.strip()) + r"(?![\w-])", re.IGNORECASE)
    words = [w for w in re.split(r"[\s_\-]+", name.strip()) if w]
    inflect = len(words) > 1
    # "dead out", "dead-out" and "deadout" for dead_out: a compound may be written as one word
    # and an article may stand between its words: "to the workshop" for to_workshop, "at a loss" for at_loss
    body = r"(?:\s+(?:the|a|an)\s+|[\s_\-]*)".join(_word_pattern(word, inflect) for word in words)
    if inflect and len(words[-1]) < 4:
        body += "s?"  # a compound said as a plural noun: "dead-outs" for dead_out, "no-shows" for no_show
    return re.compile(r"(?<![\w-])" + body + r"(?![\w-])", re.IGNORECASE)


@per_turn
def class_mentions(text: str, schema: HostSchema | None) -> list[tuple[int, int, str]]:
    """(start, end, class) for each class name said in `text` as a whole phrase, by position; the longer of two wins."""
    if schema is None:
        return []
    found: list[tuple[int, int, str]] = []
    for name in sorted(schema.class_names, key=len, reverse=True):
        # "on time" for a class named on_time, "need servicing" for needs_service (`class_name_pattern`)
        for match in class_name_pattern(name).finditer(text):
            if not any(s <= match.start() < e for s, e, _ in found):
                found.append((match.start(), match.end(), name))
    return sorted(found)
