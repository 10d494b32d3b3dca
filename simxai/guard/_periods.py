"""A span of time said with a number on a host none of whose features is measured in it (round 38): "at the
90-day check", "Checked again at 90 days: SEALED", "a 12-month warranty", "within 48 hours".

Such a number names the period a label, a check or the reply's own frame is about (the host's definition of its
target, a deadline), not a value of the outputs: when the outputs do not hold it, it is listed as unchecked. When a
feature's name or alias holds the unit ("days since repair", `age_months`, `greasings_wk`, `built_yyyy`), the
number may be that feature's value and is read as before (`_units` binds it when the name ends in the unit).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._mentions import camel_split, name_words

__all__ = ["foreign_period"]

#: A unit of time right after a number, joined by a hyphen ("90-day") or a space ("90 days"); not an age
#: ("47 years old", "a 3-year-old lift": its age, which `_plain` reads).
_PERIOD = re.compile(r"(?:-|\s)(?P<unit>minute|min|hour|hr|day|week|wk|month|year|yr)s?\b(?![- ]old\b)", re.I)
#: How a feature's name may write each unit (its words, split as `name_words` splits them).
_SPELLINGS: dict[str, tuple[str, ...]] = {
    "minute": ("minute", "minutes", "min", "mins"),
    "hour": ("hour", "hours", "hr", "hrs", "h"),
    "day": ("day", "days", "d", "dd"),
    "week": ("week", "weeks", "wk", "wks"),
    "month": ("month", "months", "mo", "mm"),
    "year": ("year", "years", "yr", "yrs", "yyyy", "yy", "age"),
}
_SHORT = {"min": "minute", "hr": "hour", "wk": "week", "yr": "year"}


def foreign_period(following: str, names: Iterable[str], held: bool) -> bool:
    """Whether a number followed by `following` is a span of time no feature is measured in.

    Args:
        following: the text right after the number.
        names: the host's features and their aliases.
        held: whether the outputs hold the number (then it is read as any number).
    """
    said = _PERIOD.match(following)
    if said is None or held:
        return False
    unit = said.group("unit").lower()
    unit = _SHORT.get(unit, unit)
    spellings = set(_SPELLINGS[unit])
    return not any(_measured_in(_words(n), spellings) for n in names)


def _words(name: str) -> tuple[str, ...]:
    """A name's words, a camel-cased one split too ("OxidationMinutes": oxidation, minutes)."""
    return name_words(camel_split(name))


def _measured_in(words: tuple[str, ...], spellings: set[str]) -> bool:
    """Whether a name of `words` is measured in the unit `spellings` write: the unit is one of its words, not the
    divisor of a rate ("rides per hour", "visits a week": a count, whose numbers are no spans).
    """
    return any(w in spellings and (i == 0 or words[i - 1] not in _RATE) for i, w in enumerate(words))


_RATE = {"per", "a", "an", "each", "every"}
