"""A `days_since_<event>` feature set by when the event last happened, as people say it.

- "today" / "yesterday" near a word of the event: "had a lesson yesterday" -> 1 for `days_since_last_lesson`;
- an amount of time ago: "had been serviced 10 days ago" -> 10, "watered 2 weeks ago" -> 14;
- time added without the event: "went another 60 days without service" / "60 more days without a service" ->
  "+60"; "let it rest another week" for an alias "rest" -> "+7".

The event is the word of the feature's name after "since" (its first three letters start a word of the turn) or a
one-word alias; nothing here reads a word of any data set. A reading binds only when exactly one feature is read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from simxai.extraction._lexicon import _NUM, _parse_number
from simxai.extraction._time_units import _DAYS_IN, _spoken_unit
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema

__all__ = ["days_since_changes"]

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
        if feature.type != "numeric" or since is None or feature.name in named:
            continue
        value = _read(text, feature, since.group("event").lower())
        if value is not None:
            found[feature.name] = value
    return found if len(found) == 1 else {}
