"""What-if values said as a time of day, a time gained or lost, or a multiple of an age.

"left at 11 instead of rush hour", "at 8 in the morning", "at 7pm" set the one feature that holds an hour of the
day (its name says hour, its values lie within 0-24); "20 minutes faster" steps the one feature measured in minutes
(faster is fewer minutes); "half as old" / "twice as old" scale the age feature. Only the worded readings use these.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _NUM, _parse_number
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema

__all__ = ["as_old_change", "clock_hour_changes", "pace_changes"]

# "at 11", "at 8 in the morning", "at 7pm", "at 7 p.m.", "8 o'clock", "at 18:00"; never "at 11 %" or "at 11 km".
_CLOCK = re.compile(
    r"(?:\bat\s+(?P<h>\d{1,2})(?::(?P<m>00|30))?\s*(?P<ap>am|pm|a\.m\.|p\.m\.)?"
    r"(?:\s+o'?clock)?(?P<part>\s+in\s+the\s+(?:morning|afternoon|evening)|\s+at\s+night|\s+tonight)?"
    r"(?=\s*(?:[?.!,;]|$|instead\b|rather\b|and\b|or\b|then\b|but\b|what\b|would\b|will\b|does\b|is\b)))"
    r"|\b(?P<h2>\d{1,2})\s*(?P<ap2>am|pm|a\.m\.|p\.m\.|o'?clock)(?![\w])",
    re.IGNORECASE,
)
_AS_OLD = re.compile(rf"\b(?:(?P<half>half)|(?P<twice>twice)|(?P<n>{_NUM})\s+times)\s+as\s+old\b", re.IGNORECASE)
_PACE = re.compile(
    rf"\b(?P<n>{_NUM})\s*(?P<unit>minutes?|mins?|hours?|hrs?|seconds?|secs?)\s+(?P<dir>faster|quicker|sooner|"
    r"slower|later|longer|shorter)\b",
    re.IGNORECASE,
)
_FASTER = ("faster", "quicker", "sooner", "shorter")
_MINUTES = ("min", "mins", "minute", "minutes")


def _hour_feature(schema: HostSchema) -> FeatureSchema | None:
    """The one numeric feature that holds an hour of the day: its name says hour, its values lie within 0-24."""
    found = [
        f
        for f in schema.features
        if f.type == "numeric"
        and "hour" in f.name.lower().split("_")
        and f.max is not None
        and f.max <= 24
        and (f.min is None or f.min >= 0)
    ]
    return found[0] if len(found) == 1 else None


def clock_hour_changes(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The hour of the day the turn sets ("at 7pm" -> 19), for the host's one hour feature, or nothing."""
    feature = _hour_feature(schema)
    if feature is None or feature.name in named:
        return {}
    hours = []
    for match in _CLOCK.finditer(text):
        hour = int(match.group("h") or match.group("h2"))
        marker = (match.group("ap") or match.group("ap2") or "").lower().replace(".", "")
        part = (match.group("part") or "").lower()
        later = marker == "pm" or any(w in part for w in ("afternoon", "evening", "night"))
        if later and hour < 12:
            hour += 12
        elif marker == "am" and hour == 12:
            hour = 0
        if 0 <= hour <= 24 and (feature.min is None or hour >= feature.min) and hour <= (feature.max or 24):
            hours.append(hour)
    return {feature.name: hours[0]} if len(set(hours)) == 1 else {}


def pace_changes(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """A time gained or lost ("20 minutes faster" -> "-20") on the one numeric feature measured in minutes.

    The step replaces the same number read as a new value ("were 15 minutes quicker" is no 15).
    """
    minutes = [f for f in schema.features if f.type == "numeric" and f.name.lower().split("_")[-1] in _MINUTES]
    match = _PACE.search(text)
    if len(minutes) != 1 or match is None:
        return {}
    amount = _parse_number(match.group("n"))
    if minutes[0].name in named and named[minutes[0].name] != amount:
        return {}
    if match.group("unit").lower().startswith("h"):
        amount = amount * 60
    elif match.group("unit").lower().startswith("s"):
        return {}
    sign = "-" if match.group("dir").lower() in _FASTER else "+"
    return {minutes[0].name: f"{sign}{amount:g}"}


def as_old_change(text: str) -> ChangeValue | None:
    """An age as a multiple of itself: "half as old" -> "-50%", "twice as old" -> "*2", "3 times as old" -> "*3"."""
    match = _AS_OLD.search(text)
    if match is None:
        return None
    if match.group("half"):
        return "-50%"
    return "*2" if match.group("twice") else f"*{match.group('n')}"
