"""A what-if's value said as a span with a verb: "had been up for 20 days", "rented for 6 days", "ran for 3 hours".

A span said after "for" (or "lasted" / "lasting" / "took") is the value of the one numeric feature that counts in
that unit of time, read from the feature's name in any shape (`time_unit`: `rental_days`, `days_up`,
`LoanHours`, `Stay (nights)`). It binds only in a supposition (the caller's test), only when exactly one numeric
feature counts in the unit said, and never for a feature already read. A span followed by a comparative or a word
of time's direction ("for 3 days longer", "for 2 days more") is a step, read elsewhere; a span after a bound ("for
more than 20 days", "for over a week") is a group's bound, not a value. Nothing here reads a word of any data set:
only the schema's names.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _NUM, _parse_number
from simxai.extraction._time_units import _spoken_unit, time_unit
from simxai.hosts.base import ChangeValue, HostSchema

__all__ = ["span_value_changes"]

_SPAN_VALUE = re.compile(
    rf"\b(?:for|lasted|lasting|took|taking)\s+(?:(?:about|around|roughly|only|just|exactly)\s+)?"
    rf"(?P<n>{_NUM}|an?|one)\s+(?P<u>hours?|hrs?|days?|nights?|weeks?|months?|years?|yrs?)\b"
    r"(?!\s+(?:longer|shorter|more|less|fewer|extra|later|earlier|sooner|ago|before|after|since|old|of\s+age|"
    r"a|an|per|each|every)\b)",
    re.IGNORECASE,
)


def span_value_changes(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The value of the one feature counting in the unit of each span said with a verb (module doc), for features
    `named` does not hold.
    """
    timed = [(f, time_unit(f)) for f in schema.features if f.type == "numeric"]
    found: dict[str, ChangeValue] = {}
    for match in _SPAN_VALUE.finditer(text):
        unit, times = _spoken_unit(match.group("u"))
        owners = [f for f, counted in timed if counted is not None and counted == unit]
        if unit is None or len(owners) != 1 or owners[0].name in named or owners[0].name in found:
            continue
        said = match.group("n").lower()
        found[owners[0].name] = (1 if said in ("a", "an", "one") else _parse_number(said)) * times
    return found
