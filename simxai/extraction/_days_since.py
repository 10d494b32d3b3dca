"""A `days_since_<event>` feature set by when the event last happened, as people say it.

- "today" / "yesterday" near a word of the event: "had a lesson yesterday" -> 1 for `days_since_last_lesson`;
- an amount of time ago: "had been serviced 10 days ago" -> 10, "watered 2 weeks ago" -> 14;
- time added without the event: "went another 60 days without service" / "60 more days without a service" ->
  "+60"; "let it rest another week" for an alias "rest" -> "+7";
- of a feature counting weeks, months or years since an event ("years since ridged", "MonthsSinceVet"), an amount
  ago in any unit of time: "the ridge done 2 yrs ago" -> 2, "vet seen 6 weeks ago" of months -> 1.4.

The event is the word of the feature's name after "since" (its first three letters start a word of the turn) or a
one-word alias; nothing here reads a word of any data set. A reading binds only when exactly one feature is read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from simxai.extraction._feature_terms import _words
from simxai.extraction._lexicon import _NUM, _op_of, _parse_number
from simxai.extraction._time_units import _DAYS_IN, _spoken_unit
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema

__all__ = ["days_since_changes", "since_bounds"]

_SINCE = re.compile(r"^days?_since_(?:(?:last|the|first)_)?(?P<event>[a-z]+)", re.IGNORECASE)
_DAYS_AGO = {"today": 0, "yesterday": 1}
# "10 days", "a week", "2 weeks", "a fortnight"
_SPAN = rf"(?:(?P<n>{_NUM})|an?|one)\s+(?P<unit>days?|weeks?|fortnights?)"
# "another 60 days", "60 more days", "an extra week", "a week longer"
_MORE = (
    rf"(?:(?:(?:another|an\s+extra)\s+(?:(?P<m>{_NUM})\s+)?|(?P<m2>{_NUM})\s+(?:more|extra)\s+)(?P<mu>days?|weeks?|fortnights?)"
    rf"|{_SPAN}\s+(?:more|longer))"
)


def _days(number: str | None, unit: str) -> int | float:
    spoken, times = _spoken_unit(unit)  # a fortnight is two weeks
    assert spoken is not None  # `_SPAN` and `_MORE` read only days, weeks and fortnights
    return (_parse_number(number) if number else 1) * (times * _DAYS_IN[spoken])


def _event_words(feature: FeatureSchema, event: str) -> str:
    """A pattern for a word of the event: a word starting like it, or a one-word alias of the feature."""
    words = [rf"{re.escape(event[:3])}\w*"] + [re.escape(a) for a in feature.aliases if re.fullmatch(r"[a-z]{3,}", a)]
    return rf"\b(?:{'|'.join(words)})\b"


def _read(text: str, feature: FeatureSchema, event: str) -> ChangeValue | None:
    said = _event_words(feature, event)
    when = re.search(rf"{said}(?:\s+\w+){{0,3}}?\s+(?P<d>today|yesterday)\b", text, re.IGNORECASE)
    if when:
        return _DAYS_AGO[when.group("d").lower()]
    ago = re.search(rf"{said}(?:\s+\w+){{0,3}}?\s+{_SPAN}\s+ago\b", text, re.IGNORECASE)
    if ago:
        return _days(ago.group("n"), ago.group("unit"))
    more = re.search(rf"{_MORE}\s+(?:with(?:out)?|of|since|before)\s+(?:an?\s+|the\s+|any\s+)?{said}", text, re.I)
    more = more or re.search(rf"{said}(?:\s+\w+){{0,3}}?\s+{_MORE}", text, re.IGNORECASE)
    if more:
        if more.group("mu"):
            return f"+{_days(more.group('m') or more.group('m2'), more.group('mu')):g}"
        number, unit = more.group("n"), more.group("unit")
        return f"+{_days(number, unit):g}"
    return None


def days_since_changes(text: str, schema: HostSchema, named: Mapping[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The readings of the module doc for `days_since_*` features `named` does not hold, when exactly one binds."""
    found: dict[str, ChangeValue] = {}
    for feature in schema.features:
        since = _SINCE.match(feature.name)
        elapsed = _elapsed(feature) if since is None and feature.type == "numeric" else None
        event = since.group("event").lower() if since else elapsed[1][0] if elapsed and elapsed[0] == "day" else None
        if feature.type != "numeric" or event is None or feature.name in named:
            continue  # ("DaysSinceInspection", "LastServiceDays": the event of a name in days of another shape too)
        value = _read(text, feature, event)
        if value is not None:
            found[feature.name] = value
    for feature in schema.features:
        elapsed = _elapsed(feature) if feature.type == "numeric" and feature.name not in named else None
        if elapsed is not None and elapsed[0] != "day" and feature.name not in found:
            value = _ago(text, elapsed[0], elapsed[1])  # "the ridge done 2 yrs ago" of `years since ridged`: 2
            if value is not None:
                found[feature.name] = value
    return found if len(found) == 1 else {}


def _ago(text: str, unit: str, events: list[str]) -> float | None:
    """The time since an event said as "<event word> ... N <unit> ago", in the feature's own `unit` (week, month or
    year), or None. The event is said by a word starting like one of the feature's event words (three letters).
    """
    said = rf"\b(?:{'|'.join(re.escape(e[:3]) for e in events)})\w*\b"
    ago = re.search(rf"{said}(?:\s+[\w/]+){{0,3}}?\s+{_AGO_SPAN}\s+ago\b", text, re.IGNORECASE)
    if ago is None:
        return None
    spoken, times = _spoken_unit(ago.group("unit"))
    if spoken is None:
        return None
    amount = (_parse_number(ago.group("n")) if ago.group("n") else 1) * times * _DAYS_IN[spoken] / _DAYS_IN[unit]
    return int(amount) if float(amount).is_integer() else round(amount, 2)


_ELAPSED_UNITS = {"day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month", "months": "month"}
_ELAPSED_UNITS |= {"year": "year", "years": "year"}
_NOT_EVENT = {"since", "last", "ago", "the", "first", "of", "in", "num", "n"}
_AGO_SPAN = rf"(?:(?P<n>{_NUM})|an?|one)\s+(?P<unit>days?|weeks?|wks?|fortnights?|months?|mths?|years?|yrs?)"


def _elapsed(feature: FeatureSchema) -> tuple[str, list[str]] | None:
    """The unit and the event words of a feature that counts the time since an event, or None: "LastServiceDays"
    (days, [service]), "years_since_sale" (years, [sale]), or a name of another kind with an alias "days since X".
    """
    for said in (feature.name, *feature.aliases):
        words = _words(said)  # "LastServiceDays" -> last, service, days; "years_since_sale" -> years, since, sale
        units = [_ELAPSED_UNITS[w] for w in words if w in _ELAPSED_UNITS]
        events = [w for w in words if w not in _ELAPSED_UNITS and w not in _NOT_EVENT and len(w) >= 3]
        if len(units) == 1 and events and ({"since", "last", "ago"} & set(words)):
            return units[0], events
    return None


def since_bounds(text: str, schema: HostSchema) -> list[str]:
    """Bounds of a feature counting the time since an event, said by the event's verb and a span of time:
    "serviced within the last 30 days" -> `<= 30`, "repaired in the past week" -> `<= 7` (of a feature in days),
    "sold less than 2 years ago" -> `< 2` (in years), "more than a month ago" -> `> 30`; "not serviced in the last
    30 days" -> `> 30`. The event is said by a word starting like a word of the feature's event (its first three
    letters). Nothing binds when two features read.
    """
    found: list[str] = []
    for feature in schema.features:
        elapsed = _elapsed(feature) if feature.type == "numeric" else None
        if elapsed is None:
            continue
        unit, events = elapsed
        starts = "|".join(re.escape(e[:3]) for e in events)
        said = rf"\b(?:{starts})\w*\b"
        gap = r"(?:\s+\w+){0,3}?\s+"
        last = re.search(
            rf"{said}{gap}(?:with)?in\s+(?:the\s+)?(?:last|past|previous)\s+(?:(?P<n>{_NUM})\s+)?"
            rf"(?P<unit>days?|weeks?|fortnights?|months?|years?)\b",
            text,
            re.IGNORECASE,
        )
        ago = re.search(
            rf"{said}{gap}(?P<op>(?:less|fewer|more|greater)\s+than|under|over|at\s+least|at\s+most)\s+{_AGO_SPAN}\s+ago\b",
            text,
            re.IGNORECASE,
        )
        match = last or ago
        if match is None:
            continue
        spoken, times = _spoken_unit(match.group("unit"))
        assert spoken is not None  # the patterns read only units of time
        amount = (_parse_number(match.group("n")) if match.group("n") else 1) * times * _DAYS_IN[spoken]
        value = amount / _DAYS_IN[unit]
        if last is not None:
            op = "<="
        else:
            op = _op_of(match.group("op"))  # "less than 2 years ago": < 2; "at least a year ago": >= 1
        # "not serviced in the last 30 days", "hasn't been repaired for ...": the event is denied, the bound turned
        if re.search(r"(?:\bnot|\bnever|n't)(?:\s+(?:been|had|being|yet))?\s*$", text[: match.start()], re.IGNORECASE):
            op = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}[op]
        found.append(f"{feature.name} {op} {value:g}")
    return found if len(found) == 1 else []
