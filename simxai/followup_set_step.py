"""A step said after a what-if that set the same feature to a value: from that value, not from the recorded one.

After "what if ski len were 170?" (recorded 164), "and 5 cm shorter?" means 165, the value just tried less 5; read
from the recorded value it would be 159, a second what-if beside the first rather than a step from it. So a step
(`"+5"`, `"-10%"`, `"*2"`) of a feature the previous what-if set to a number is taken from the number it tried,
the other changes of that what-if kept. Saying the recorded value ("than it was", "from the real one", "than
recorded") keeps it the base; after a what-if that stepped the feature (`"+5"`), a new step stays a new amount
from the record (`repeated_step`: "and 10?" is +10, not +15).

`measures_length` says which features a step "longer" / "shorter" may change besides a span of time.
"""

from __future__ import annotations

import re
from typing import Any

from simxai.followup_calls import LastCall, stepped_from_tried
from simxai.hosts.base import FeatureSchema
from simxai.hosts.name_words import name_unit_of

__all__ = ["from_value_set", "measures_length"]

_STEP = re.compile(r"^[+\-*]\d+(?:\.\d+)?%?$")
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
# The recorded value named as the base of the step: "5 lower than it was", "from the original", "than recorded"
_RECORDED = re.compile(
    r"\b(?:than|from)\s+(?:it|this|that)\s+(?:was|is|really\s+is)\b|"
    r"\b(?:original|recorded|real|actual|true|initial|current)\b",
    re.IGNORECASE,
)
# Units of length a feature's name may end in, and words of its name that say a length
_LENGTH_UNITS = frozenset({"mm", "cm", "m", "km", "in", "ft", "yd", "mi", "inch", "inches", "feet", "metres", "meters"})
_LENGTH_WORDS = re.compile(r"(?<![a-z])(?:len|length|long|height|ht|depth|distance|dist)(?![a-z])", re.IGNORECASE)


def _set_to_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int | float) or (isinstance(value, str) and _NUMBER.match(value.strip()) is not None)


def from_value_set(text: str, changes: dict[str, Any], call: LastCall | None) -> dict[str, Any]:
    """`changes` with a step of a feature the previous what-if `call` set to a number taken from that number
    (module doc); `changes` as they are otherwise.
    """
    if call is None or call.name != "explain_what_if" or _RECORDED.search(text):
        return changes
    earlier = call.arguments.get("changes")
    if not isinstance(earlier, dict):
        return changes
    steps = [f for f, v in changes.items() if isinstance(v, str) and _STEP.match(v.strip())]
    if not steps or not all(f in earlier and _set_to_number(earlier[f]) for f in steps):
        return changes
    return stepped_from_tried(changes, call)


def measures_length(feature: FeatureSchema) -> bool:
    """Whether a numeric feature measures a length or a distance: its name ends in a unit of length ("Ski Len
    (cm)", "depth_m") or says one ("BoardLength", "wall height"); "longer" then says more of it.
    """
    if feature.type != "numeric":
        return False
    unit = name_unit_of(feature.name)
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", feature.name).replace("_", " ")
    return (unit is not None and unit in _LENGTH_UNITS) or _LENGTH_WORDS.search(words) is not None
