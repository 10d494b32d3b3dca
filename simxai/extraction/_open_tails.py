"""Open-ended bounds said after a value in degrees or as a time of day: "days of 24 degrees and up", "the trains
from 5pm onwards", "anything before 9am"; and a bound in degrees said before its value ("under 8 degrees").

`_group_words` reads a bound whose unit is a word of one feature's name ("38 degrees or steeper" for
`slope_angle_deg`). A temperature kept as `..._temp_c` has no such word, and an hour of the day is written with am /
pm, so these bounds were left out and the group's metric was scored on everyone. Degrees name the host's one
temperature or angle feature (`_amounts._units`); a time of day names its one hour feature (its name says hour, its
values lie within 0-24, `_clock_and_pace`). The tail is "and up / or more / onwards / and later" (at least) or "and
under / or less / and earlier" (at most); "from 5pm" and "after 5pm" bound it too, and "before 9am". A plus sign after
a number is the open tail "or more" ("150+ skaters", "applicants 60+": `plus_tails`).
"""

from __future__ import annotations

import re

from simxai.extraction._amounts import _units
from simxai.extraction._clock_and_pace import _hour_feature
from simxai.extraction._group_words import OR_TAIL, _in_range, leading_op, tail_op
from simxai.extraction._lexicon import _NUM
from simxai.hosts.base import HostSchema
from simxai.turn_memo import per_turn

__all__ = ["open_tail_bounds", "plus_tails"]

_ONWARDS = r"onwards|onward|upwards|and\s+(?:later|beyond|after)|or\s+later"
_BACKWARDS = r"and\s+(?:earlier|before)|or\s+earlier"
_TAIL = rf"(?P<tail>{OR_TAIL}|{_ONWARDS}|{_BACKWARDS})"
_DEGREES = re.compile(rf"(?<![\w.])(?P<v>{_NUM})\s?(?:degrees?|°\s?c?)\s+{_TAIL}", re.IGNORECASE)
# "under 8 degrees", "colder than 6 degrees", "at least 20 degrees": the bound said before the value
_LED_DEGREES = re.compile(
    rf"\b(?P<op>(?:colder|cooler|warmer|hotter|lower|higher|more|less)\s+than|over|under|above|below|"
    rf"at\s+least|at\s+most)\s+(?P<v>{_NUM})\s?(?:degrees?\b|°\s?c?)",
    re.IGNORECASE,
)
_LED_DOWN = re.compile(r"^(?:colder|cooler|lower|less|under|below)\b", re.IGNORECASE)
_CLOCK = r"(?P<h>\d{1,2})(?::00)?\s*(?P<ap>am|pm|a\.m\.|p\.m\.|o'?clock)"
# "from 5pm", "after 6pm", "before 9am" (not "from 5pm to 7pm": a range), and "5pm onwards"
_LED_HOURS = re.compile(
    rf"\b(?P<lead>from|after|since|before)\s+{_CLOCK}(?!\s*(?:to|until|till|-)\s*\d)", re.IGNORECASE
)
_TAILED_HOURS = re.compile(rf"(?<![\w.]){_CLOCK}\s+{_TAIL}", re.IGNORECASE)


# "150+ skaters", "applicants 60+": a plus sign right after a number and before no operand ("5+3", "bmi += 5" and
# "claims +2" are arithmetic, read by the changes)
_PLUS = re.compile(r"(?<![\w.+\-])(\d+(?:\.\d+)?)\s?\+(?!\s*[\d+=])")


def plus_tails(text: str) -> str:
    """`text` with each number followed by a plus sign written as the open tail it says ("60+" -> "60 or more")."""
    return _PLUS.sub(r"\1 or more", text)


def _op(tail: str | None, lead: str | None) -> str:
    if lead:
        return "<" if lead.lower() == "before" else ">="
    said = re.sub(r"\s+", " ", (tail or "").lower())
    if re.fullmatch(_ONWARDS, said, re.IGNORECASE):
        return ">="
    if re.fullmatch(_BACKWARDS, said, re.IGNORECASE):
        return "<="
    return tail_op(said) or ">="


@per_turn
def open_tail_bounds(text: str, schema: HostSchema) -> list[str]:
    """Conditions from the bounds of the module doc, on the one feature each names; [] when none is named."""
    found: list[str] = []
    degrees = _units(schema).get("degrees")
    if degrees is not None:
        for match in _DEGREES.finditer(text):
            if _in_range(degrees, float(match.group("v"))):
                found.append(f"{degrees.name} {_op(match.group('tail'), None)} {match.group('v')}")
        for match in _LED_DEGREES.finditer(text):
            if _in_range(degrees, float(match.group("v"))):
                words = re.sub(r"\s+", " ", match.group("op").lower())
                op = leading_op(words, _LED_DOWN)
                found.append(f"{degrees.name} {op} {match.group('v')}")
    hour = _hour_feature(schema)
    if hour is None:
        return found
    for match in [*_LED_HOURS.finditer(text), *_TAILED_HOURS.finditer(text)]:
        value = int(match.group("h"))
        marker = match.group("ap").lower().replace(".", "")
        if marker == "pm" and value < 12:
            value += 12
        elif marker == "am" and value == 12:
            value = 0
        if _in_range(hour, float(value)):
            said = match.groupdict()
            found.append(f"{hour.name} {_op(said.get('tail'), said.get('lead'))} {value}")
    return found
