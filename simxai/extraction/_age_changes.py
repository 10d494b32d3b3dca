"""A what-if's new age for the host's age feature: "10 years older" -> "+10", "were 50 years old" / "turned 60" ->
50 / 60 when said of the instance, and a bare number the person were ("what if she were 60?") near the age's range.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _NUM, _noun_pattern, _parse_number
from simxai.extraction._time_units import _counts_since, time_unit, unit_factor
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema

__all__ = ["age_change"]


def age_change(
    text: str, schema: HostSchema, age: FeatureSchema, other_changes: bool, worded: bool = False
) -> ChangeValue | None:
    """The age `text` supposes, or None; a bare number is read only when the turn changes nothing else. A step in a
    word of the age's own name ("one season younger") only in the worded readings (`worded`), never the selector's
    change flag, which reads what the shipped selector was trained on.
    """
    # (worded: "three years newer" of an age is younger, as "newer" says of a thing; the flag reads as trained)
    # ("the service 3 years newer" on a host that counts the years since a service: that event's, not the age's)
    since = any(f.type == "numeric" and _counts_since(f) for f in schema.features)
    moves = r"older|younger|newer" if worded and not since else r"older|younger"
    match = re.search(rf"\b(?P<n>{_NUM})\s*(?P<unit>{_SPAN})\s+(?P<dir>{moves})\b", text, re.IGNORECASE)
    if match:
        sign = "+" if match.group("dir").lower() == "older" else "-"
        if _unit_key(match.group("unit")) == _unit_key(_age_unit(age)):
            return f"{sign}{match.group('n')}"
        # "3 weeks older" of an age in days: +21; "5 months older" of an age in months stays +5 (its unit said above)
        return f"{sign}{_in_age_unit(match.group('n'), match.group('unit'), age)}"
    told = _OLD_IN_A_UNIT.search(text) if worded else None
    if told is not None:
        # "if cask 4300 was just a year old", "were 9 months old" (worded): the age said with its unit and "old", in the
        # age's own unit (a year of an age in months: 12)
        count = "1" if told.group("n").lower() in ("a", "an", "one") else told.group("n")
        return _parse_number(_in_age_unit(count, told.group("unit"), age))
    match = re.search(
        rf"\b(?P<n>{_NUM}|one|an?)\s*(?P<unit>[a-z]{{3,}})\s+(?P<dir>older|younger)\b", text, re.IGNORECASE
    )
    if worded and match and _own_unit(match.group("unit"), age):  # "one season younger" of an age kept in seasons
        n = match.group("n") if match.group("n")[0].isdigit() else "1"
        return f"{'+' if match.group('dir').lower() == 'older' else '-'}{n}"
    match = re.search(
        rf"\b(?:were|was|is|be|turned|aged?)\s+(?P<n>{_NUM})\s*(?:years?|yrs?)?\s*(?:old)?\b",
        text,
        re.IGNORECASE,
    )
    if match and re.search(r"\b(?:years?|yrs?|old|aged?|turned)\b", match.group(0), re.IGNORECASE):
        if _about_the_instance(match.group(0), text[: match.start()], schema):
            return _parse_number(match.group("n"))
        return None
    return None if other_changes else _bare_age(text, schema, age)


# A span of time an age is changed by; its units, converted by `_time_units.unit_factor` (a month as 30 days)
_SPAN = r"years?|yrs?|months?|mos?|weeks?|wks?|days?"
_UNITS = ("year", "month", "week", "day")


def _unit_key(word: str) -> str:
    word = word.lower()
    return next((k for k, v in _UNIT_SPELLINGS.items() if word in v), "year")


_UNIT_SPELLINGS = {
    "year": {"year", "years", "yr", "yrs", "y"},
    "month": {"month", "months", "mo", "mos", "mon"},
    "week": {"week", "weeks", "wk", "wks", "w"},
    "day": {"day", "days", "d"},
}


def _own_unit(word: str, age: FeatureSchema) -> bool:
    """Whether `word` is a word of the age feature's name or aliases, in the singular or plural, that is no unit of
    `_SPAN` ("season" of `Seasons`, "winters" of an alias "winters in use"): an age counted in it.
    """
    word = word.lower()
    words = set(re.findall(r"[a-z]{3,}", " ".join([age.name, *age.aliases]).lower().replace("_", " ")))
    words -= {"age", "old", "how", "the", "long"}
    return not re.fullmatch(_SPAN, word) and bool({word, word + "s", word.removesuffix("s")} & words)


def _age_unit(age: FeatureSchema) -> str:
    """The unit an age feature's name says, in any shape ("age_days", "plant_age_weeks", "age (months)",
    "AgeMonths"); years when it names none (or names hours, which no age here counts in).
    """
    unit = time_unit(age)
    return unit if unit in _UNITS else "year"


def _in_age_unit(count: str, unit: str, age: FeatureSchema) -> str:
    """`count` of the time `unit` said ("6", "months") in the unit of `age`, two decimals at most: "+6" of months stays
    6 for an age in months, 2 years is 24 of it, 3 weeks 21 of an age in days.
    """
    said, kept = _unit_key(unit), _unit_key(_age_unit(age))
    amount = round(float(_parse_number(count)) * (1.0 if said == kept else unit_factor(said, kept)), 2)
    return f"{int(amount) if amount.is_integer() else amount}"


# "was just a year old", "were 9 months old", "is only 3 yrs old": an age with its unit and "old" (worded readings)
_OLD_IN_A_UNIT = re.compile(
    rf"\b(?:were|was|is|be|being|been)\s+(?:only\s+|just\s+|about\s+|around\s+|nearly\s+|almost\s+)?"
    rf"(?P<n>{_NUM}|an?|one)\s*(?P<unit>{_SPAN})\s+old\b",
    re.IGNORECASE,
)


# "what if she were 60?", "what if patient 9 were 60?": a person (never "it", which is the feature in focus) and a
# bare number that ends the clause
_BARE_AGE = re.compile(
    rf"\b(?P<who>she|he|they|you|i|\d+)\s(?:were|was|is|are|be|am)\s(?P<n>{_NUM})\s?(?:instead\s?)?(?=[?.!,;]|$)",
    re.IGNORECASE,
)


def _bare_age(text: str, schema: HostSchema, age: FeatureSchema) -> ChangeValue | None:
    """A bare number said of the person as what they were ("if she were 60"), within the age feature's range."""
    match = _BARE_AGE.search(text)
    if match is None:
        return None
    who = match.group("who")
    if who.isdigit() and not re.search(rf"\b{_noun_pattern(schema)}\s#?{who}\s", text, re.IGNORECASE):
        return None  # "if 9 were 60" names no instance; "if patient 9 were 60" does
    value = _parse_number(match.group("n"))
    low, high = age.min, age.max
    if low is not None and high is not None and not low - 10 <= value <= high + 10:
        return None
    return value


_PERSON_WORDS = frozenset("she he they i you we it her him them someone somebody person".split())


def _about_the_instance(phrase: str, before: str, schema: HostSchema) -> bool:
    """Whether `phrase` ("were 50 years old") is said of the instance ("she", "customer 3"), not of a thing.

    "the contract was 2 years" and "the tenure was 2 years" give a duration of something else: after "was",
    "were", "is" or "be", an age is read only when a person, the instance noun, an id or "to" ("to be 44")
    comes before; "turned 60" and "aged 40" are ages wherever they stand.
    """
    if re.match(r"(?:turned|aged?)\b", phrase, re.IGNORECASE):
        return True
    words = re.findall(r"[A-Za-z]+|\d+", before)
    if not words:
        return True
    last = words[-1].lower()
    noun = schema.instance_noun.lower()
    return last.isdigit() or last in _PERSON_WORDS or last in (noun, noun + "s", "age", "to")
