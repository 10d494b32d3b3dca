"""A count said with "times" ("pressed 3 times", "two more times", "twice as many times") never names a feature
whose name or alias holds the noun "time" ("drying time", "cooking time").

`feature_mentions` asks `counted_times` of each one-word window, so the rule holds in one place: for the selector's
masked text, the changes, the groups and every other reading built on the mentions. A feature that is itself a count
of times ("times_per_week", an alias "times") is named by "times" as before: there the count is its value.
`counted_by_a_verb` tells the router that such a count after a verb ("and fired it 3 more times") is no step of the
feature in focus: a verb that named a feature would have been read as its change already.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _NUM, _NUMBER_WORDS

__all__ = ["counted_by_a_verb", "counted_times", "counts_times"]

_COUNT = "|".join([_NUM, *sorted(_NUMBER_WORDS, key=len, reverse=True), "many", "several", "few"])
# the count right before "times": "3 times", "two more times", "twenty fewer times", "5 extra times", "as many times"
_COUNTED = re.compile(rf"(?:^|\b)(?:{_COUNT})\s+(?:(?:more|fewer|less|extra|additional|other)\s+)?$", re.IGNORECASE)


def counted_times(text: str, start: int, end: int, is_term: bool) -> bool:
    """Whether the word `text[start:end]` is "time(s)" after a count, naming no feature; `is_term`: the word is
    itself a whole name or alias of a feature counted in times ("times"), which the count then gives a value.
    """
    word = text[start:end].lower()
    if word not in ("time", "times") or (word == "times" and is_term):
        return False
    return _COUNTED.search(text[max(0, start - 30) : start]) is not None


_TIMES = re.compile(r"\btimes?\b", re.IGNORECASE)


def counts_times(text: str) -> bool:
    """Whether `text` says a count of times ("hit it 20 fewer times", "two more times"), whatever the verb."""
    return any(counted_times(text, m.start(), m.end(), False) for m in _TIMES.finditer(text))


# a verb in the past, at most two words, then a count of times: "fired it 3 more times", "sanded them twice more"
_DONE_TIMES = re.compile(
    rf"\b[a-z]{{3,}}ed\s+(?:[a-z]+\s+){{0,2}}?(?:(?:{_COUNT})\s+(?:(?:more|fewer|less|extra|additional)\s+)?times?"
    r"|(?:once|twice|thrice)\s+(?:more|again))\b",
    re.IGNORECASE,
)


def counted_by_a_verb(text: str) -> bool:
    """Whether `text` counts times something was done ("and fired it 3 more times too"): a count of that verb."""
    return _DONE_TIMES.search(text) is not None
