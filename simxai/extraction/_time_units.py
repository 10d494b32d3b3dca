"""A span of time said in another unit than the feature's: converted to the feature's unit.

"two more years" for a feature counted in weeks -> "+104"; "a week shorter" for `LoanDays` -> "-7"; "two months
longer" for `tenure_days` -> "+60"; "a week longer" for `stay_nights` -> "+7" (a night of a stay counts as a day).
The unit a feature counts in is read from its name only, split at underscores and at a lower-to-upper case change
("LoanDays"); a feature whose name says no unit keeps the amount as said.
"""

from __future__ import annotations

import re

from simxai.extraction._clock_and_pace import pace_changes
from simxai.extraction._lexicon import _NUM, _parse_number
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.month_wrap import month_of_year
from simxai.hosts.name_words import name_words
from simxai.turn_memo import per_turn

# A month said as a span ("two months longer", "6 months older") is 30 days: the one month length of the extraction
# (twins49; `_age_changes` read 365.25 / 12). A span said in whole units is a round count of them, and the features
# it changes count whole days or weeks: the month of everyday reckoning (a month's notice, a 30-day month) gives the
# whole amount a person asking means (6 months: 180 days), the calendar's mean (30.44 days) an amount no row holds
# (182.62) and another answer to the same words on an age than on a tenure.
DAYS_IN_MONTH = 30
# How many of the second unit one of the first holds (a month as 30 days, a year as 52 weeks).
_PER = {
    ("year", "month"): 12, ("year", "week"): 52, ("year", "day"): 365, ("month", "day"): DAYS_IN_MONTH,
    ("week", "day"): 7,
}  # fmt: skip
# a unit of time as a word; a night (of a stay) is counted as a day
_TIME_WORD = re.compile(r"^(hour|day|week|month|year)s?$|^(yr|mo|hr)s?$|^(night)s?$", re.IGNORECASE)
_SHORT = {"yr": "year", "mo": "month", "hr": "hour"}
# the spans of time a turn says, a fortnight among them ("another week without", "2 fortnights more")
SPAN_UNITS = r"days?|weeks?|fortnights?|months?|years?"
_COMPARED = r"(?:longer|shorter|more|less|fewer|extra|later|earlier|sooner|older|younger)"
# "a week shorter", "one month longer", "a fortnight more": the article as the amount, before a comparative
_ONE_UNIT = re.compile(rf"\b(?:an?|one)\s+(day|week|month|year|night|fortnight)\b(?=\s+{_COMPARED}\b)", re.I)
# "an extra week", "one more month", "another night": one more of the unit
_ONE_MORE = re.compile(r"\b(?:an\s+extra|an\s+additional|one\s+more|another)\s+(day|week|month|year|night)\b", re.I)


# an amount and its unit before "a week": a rate ("3 hours a week more", "£20 a month less"), not a span of time
_RATE = re.compile(
    r"\d\s*(?:(?!(?:was|is|were|had|has|be|been|being|gets?|got|stays?|stayed|for|by|with|and|or)\b)[^\W\d]+\s+){0,2}$",
    re.IGNORECASE,
)


def _unit_word(word: str) -> str | None:
    unit = _TIME_WORD.match(word)
    if unit is None:
        return None
    if unit.group(3):
        return "day"
    return (unit.group(1) or _SHORT[unit.group(2).lower()]).lower()  # "2 DAYS AGO" is days too


def _spoken_unit(word: str) -> tuple[str | None, int]:
    """The unit of time a word says and how many of it: "fortnights" -> ("week", 2), "days" -> ("day", 1)."""
    if word.lower().startswith("fortnight"):
        return "week", 2
    return _unit_word(word), 1


def _as_number(unit: str) -> str:
    """One `unit` said by its article, as a number: "month" -> "1 month", "fortnight" -> "2 weeks"."""
    spoken, times = _spoken_unit(unit)
    return f"{times} {spoken}s" if times > 1 else f"1 {unit}"


def time_unit(feature: FeatureSchema) -> str | None:
    """The time unit a numeric feature counts in, from its name in any shape ("months_in_tenancy", "tenure_years",
    "LoanDays", "Tenure (months)", "stay_nights" -> day); None when its name says none.
    """
    words = name_words(feature.name)  # any shape: "TenureMonths", "Tenure (months)", "LOAN_DAYS"
    if "per" in words:  # a rate's "per <unit>" is no unit of its value ("RidesPerMonth")
        words = words[: words.index("per")]
    return next((unit for word in words if (unit := _unit_word(word)) is not None), None)


@per_turn
def one_unit_amounts(text: str, schema: HostSchema) -> str:
    """`text` with one unit of time said by its article written as a number: "a week shorter" -> "1 week shorter",
    "a fortnight longer" -> "2 weeks longer", "an extra month" -> "1 more month"; only for a unit that some numeric
    feature counts in another unit (its name says so), the one case `in_feature_units` converts, or the unit a
    feature's name starts with ("a month less since its service" on `Months Since Service`: -1). A value said in
    weeks of the one feature in days is written in days (`weeks_as_days`).
    """
    units = {time_unit(f) for f in schema.features if f.type == "numeric"} - {None}
    # units a feature's name starts with ("Months Since Service"): a span in them is that feature's own step. Not
    # `_feature_terms._unit_owners` on purpose: that names a feature by a unit only one name of 2+ words holds, in
    # its own word table ("wk", "d"; no "nights"); here any numeric name that starts with a unit of time counts
    counted_since = {_unit_word(name_words(f.name)[0]) for f in schema.features if f.type == "numeric"} - {None}
    if any(f.type == "numeric" and month_of_year(f.name, f.min, f.max) for f in schema.features):
        counted_since.add(_unit_word("month"))  # "a month later" of a month of the year (`sampling_month`): +1

    def one(match: re.Match[str]) -> str:
        unit = match.group(1).lower()
        spoken, _ = _spoken_unit(unit)
        if not (units - {spoken} or spoken in counted_since) or _RATE.search(text[: match.start()]):
            return match.group(0)
        return _as_number(unit)

    def one_more(match: re.Match[str]) -> str:
        spoken = _unit_word(match.group(1))
        return f"1 more {match.group(1)}" if units - {spoken} or spoken in counted_since else match.group(0)

    return weeks_as_days(_ONE_MORE.sub(one_more, _ONE_UNIT.sub(one, text)), schema)  # "a fortnight on the bench"


def article_spans(text: str) -> str:
    """`text` with one unit of time said by its article before a comparative as a number, on any host: "a month
    less" -> "1 month less", "a fortnight more" -> "2 weeks more" (for a follow-up's step on the feature in focus).
    """
    return _ONE_UNIT.sub(lambda m: _as_number(m.group(1)), text)


def span_in_unit(amount: float, spoken: str, feature: FeatureSchema) -> float | None:
    """`amount` of the time unit `spoken` ("week", "weeks", "fortnight") in the unit `feature` counts in, two
    decimals; None when the feature's name says no unit of time or the units are the same.
    """
    unit = time_unit(feature)
    said, times = _spoken_unit(spoken)
    if said is None or unit is None or said == unit:
        return None
    return round(amount * times * unit_factor(said, unit), 2)


_DAYS_IN = {"hour": 1 / 24, "day": 1, "week": 7, "month": DAYS_IN_MONTH, "year": 365}  # "two more days" in hours: +48


def unit_factor(said: str, unit: str) -> float:
    """How many of `unit` one `said` holds (a year as 12 months or 52 weeks, a month as 30 days, else by days)."""
    if (said, unit) in _PER:
        return _PER[said, unit]
    if (unit, said) in _PER:
        return 1 / _PER[unit, said]
    return _DAYS_IN[said] / _DAYS_IN[unit]  # weeks and months: by their days


# a span in the feature's own unit and the way it moves: "2 months later", "a month earlier" ("1 month earlier")
# ("ridge 5 years newer" of `years since ridged`: the event nearer, less time since; "older": more)
_SPAN_MOVE = (
    r"\s+(?P<u>{unit})s?\s+(?P<dir>later|after|longer|more|earlier|sooner|before|shorter|less|fewer|newer|older)\b"
)


def span_steps(text: str, schema: HostSchema, changes: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The changes with a value read from a span and its direction as the step it is: "collected a month later"
    of `collection_month` is "+1" (read as the value 1), "2 months earlier" "-2".
    """
    out = dict(changes)
    timed = [f for f in schema.features if f.type == "numeric" and time_unit(f) is not None]
    paced = bool(set(pace_changes(text, schema, {})) & set(changes))  # a pace read on the minutes feature
    for feature in timed:
        value = changes.get(feature.name)
        if isinstance(value, bool) or not isinstance(value, int | float | None):
            continue
        if value is None and paced:
            continue  # the span is the pace already read ("ready 1 hour sooner" on prep minutes)
        # a value read as said, or none read where the one feature counting in the unit is moved in time
        number = re.escape(f"{value:g}") if value is not None else _NUM
        # ("vet checked 5 days before" of DaysSinceVet: the span before sets a time since an event, unread otherwise)
        # ("the service 3 years newer": the event nearer, of the one feature counting the time since one)
        since = "|before|newer" if _counts_since(feature) else ""
        shifts = f"later|earlier|sooner{since}" if value is None else None
        span = _SPAN_MOVE.format(unit=time_unit(feature))
        match = re.search(rf"(?<![\w.])(?P<n>{number}){span}", text, re.IGNORECASE)
        alone = sum(time_unit(f) == time_unit(feature) for f in timed) == 1
        if match is None or (shifts and not (alone and re.fullmatch(shifts, match.group("dir"), re.IGNORECASE))):
            continue
        direction = match.group("dir").lower()
        down = direction in ("earlier", "sooner", "before", "shorter", "less", "fewer", "newer")
        if _counts_since(feature) and direction in ("later", "after", "earlier", "sooner", "before"):
            if direction == "before":  # "shod 5 days before" of DaysSinceShod: that long before, the time since
                out[feature.name] = _parse_number(match.group("n"))
                continue
            down = not down  # "relined ten years later" of `years since relined`: the event later, less time since
        out[feature.name] = f"{'-' if down else '+'}{_parse_number(match.group('n')):g}"
    return out


def _counts_since(feature: FeatureSchema) -> bool:
    """Whether a feature counts the time since an event ("DaysSinceShod", "years since relined", "days_ago")."""
    return bool({"since", "ago"} & {w.lower() for w in name_words(feature.name)})


def in_feature_units(text: str, schema: HostSchema, changes: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The changes with an amount said in another time unit converted: "two more years" in weeks -> "+104"; a
    value read from a span in the feature's own unit and its direction is that step (`span_steps`).
    """
    changes = span_steps(text, schema, changes)
    out = dict(changes)
    for name, value in changes.items():
        feature = schema.feature(name)
        unit = time_unit(feature) if feature is not None and feature.type == "numeric" else None
        if unit is None or not isinstance(value, (int, float, str)):
            continue
        said = re.fullmatch(rf"(?P<sign>[+-]?)(?P<n>{_NUM})", str(value))
        if said is None:
            continue
        number = re.escape(said.group("n"))
        match = re.search(
            rf"(?<![\w.]){number}\s+(?:(?:more|extra|fewer|less|additional)\s+)?"
            r"(?P<u>hours?|hrs?|days?|weeks?|months?|years?|yrs?|nights?)\b",
            text,
            re.IGNORECASE,
        )
        spoken_unit = _unit_word(match.group("u")) if match is not None else None
        if spoken_unit is None or spoken_unit == unit:
            continue
        amount = _parse_number(said.group("n")) * unit_factor(spoken_unit, unit)
        shown = f"{round(amount, 2):g}"
        out[name] = f"{said.group('sign')}{shown}" if said.group("sign") else _parse_number(shown)
    return out


# --- a value said in weeks of a feature in days ------------------------------------------------------------

# A what-if's value said in weeks for the one feature that counts in days: "had a fortnight on the bench" -> 14 days.
#
# People say a span of days by its weeks ("a week between visits", "3 weeks of drying", "a fortnight on the bench"),
# where the host's feature counts days (`BenchDays`, `drying_days`). A step said so ("a week longer") is already read
# and converted (`one_unit_amounts`, `in_feature_units`); a value set outright is not, since no reader
# takes "weeks" for a feature whose unit is the day. Here a span of weeks or fortnights said as an amount (a number,
# or "a" / "an" / "one") becomes that many days, before the readers see the turn, when exactly one numeric feature
# counts in days (its name says so: `time_unit`) and none counts in weeks: then "days" names that feature as the
# turn's "weeks" meant it. A span followed by a comparative or a word of time's direction ("a week longer", "two weeks
# ago", "a week later"), or said as a rate ("twice a week", "3 hours a week"), is left as said.
_WEEKS_SPAN = re.compile(
    rf"(?<![\w.])(?P<n>{_NUM}|an?|one)\s+(?P<u>weeks?|fortnights?)\b"
    r"(?!\s+(?:longer|shorter|more|less|fewer|extra|later|earlier|sooner|ago|before|after|since|back|old|of\s+age)\b)",
    re.IGNORECASE,
)
# "twice a week", "3 hours a week", "once every week": a rate, not a span
_WEEKS_RATE = re.compile(r"\b(?:once|twice|thrice|times|every|per)\s+$", re.IGNORECASE)  # and `_RATE`


def weeks_as_days(text: str, schema: HostSchema) -> str:
    """`text` with each span of weeks said as an amount written in days, on a host with one feature in days and
    none in weeks (the comment above); else `text` unchanged.
    """
    units = [time_unit(f) for f in schema.features if f.type == "numeric"]
    if units.count("day") != 1 or "week" in units:
        return text

    def days(match: re.Match[str]) -> str:
        said = match.group("n").lower()
        if said in ("a", "an", "one") and (
            _WEEKS_RATE.search(text[: match.start()]) or _RATE.search(text[: match.start()])
        ):
            return match.group(0)
        count = 1.0 if said in ("a", "an", "one") else _parse_number(said)
        per = 14 if match.group("u").lower().startswith("fortnight") else 7
        return f"{count * per:g} days"

    return _WEEKS_SPAN.sub(days, text)
