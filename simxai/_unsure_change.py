"""The change a what-if turn most likely meant for its one feature, when the readings found the feature but no value.

"if the battery on 76033 lost another 10 points" names `battery_health_pct` and holds one number besides the id,
but no reading is sure the number is its change. The engine still asks, and the question names what was read:
"Change battery_health_pct by -10? ..." — a yes runs it (`PendingCall.questioned`). Only a number nothing else in
the turn claims is offered (not an id, not the old value after "instead of", not a number taken back within the turn:
"20 - no, scratch that, 15" offers 15), and a value the feature can take.
"""

from __future__ import annotations

import re

from simxai._self_repair import self_corrected
from simxai.extraction import extract_ids, span_in_unit
from simxai.hosts.base import ChangeValue, HostSchema
from simxai.hosts.name_words import name_unit_of
from simxai.normalize import normalize

__all__ = ["signed", "unsure_change", "unsure_change_question"]

# A number as written, not inside a word, a decimal or an id joined to letters.
_NUMBER = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)(?P<pct>\s?%)?(?![\w.]|\.\d)")
# Words near the number that say which way it moves the feature; none of them: the number is the new value.
_DOWN = re.compile(
    r"\b(?:less|lower|fewer|down|lost|loses?|losing|dropp?(?:ed|s)?|minus|cut|reduced?|decreased?|shorter|"
    r"smaller|younger|lighter|off)\b",
    re.IGNORECASE,
)
_UP = re.compile(
    r"\b(?:more|higher|extra|another|additional|plus|up|gained?|gains|added?|adds|increased?|raised?|longer|"
    r"bigger|older|heavier|on\s+top)\b",
    re.IGNORECASE,
)
# Words that say a direction nobody can read without knowing which way is good ("two levels better").
_UNSURE = re.compile(r"\b(?:better|worse|improved?|worsened?)\b", re.IGNORECASE)
# A comparative right after a number ("44% stronger", "10% wetter"): a change relative to the value, not the value
_COMPARATIVE = re.compile(r"^\s*[a-z]{2,}er\b", re.IGNORECASE)
# "to" right before the number: where the move ends ("drop to 1"), not how far it goes ("drop by 1"); an article or a
# hedge may stand between ("closed up to a 2", "cut to like 4": ux48)
_ENDS_AT = re.compile(r"\bto\s*(?:(?:a|an|like|about|around|roughly|say)\s+){0,2}$", re.IGNORECASE)
# The old value ("3 defects instead of 8"): never offered.
_OLD = re.compile(r"\b(?:instead\s+of|rather\s+than|from|not)\s+(?:the\s+|a\s+|an\s+)?$", re.IGNORECASE)


def unsure_change(user: str, feature: str, schema: HostSchema) -> ChangeValue | None:
    """The change of `feature` the one unclaimed number of `user` most likely says, or None.

    A direction word within three words of the number makes it a step ("lost another 10 points" -> "-10"), unless
    "to" stands right before the number ("drop to 1": where the move ends); without one it is the new value, offered
    only within the data's range. None with no number, several, or a direction nobody can read from the words ("two
    levels better").
    """
    found = schema.feature(feature)
    if found is None or found.type != "numeric" or schema.kind != "tabular":
        return None
    text = normalize(self_corrected(user), schema)  # "had 20 years - no, scratch that, 15": 15 is offered
    if _UNSURE.search(text):
        return None
    ids = set(extract_ids(text, schema))
    numbers = [
        m for m in _NUMBER.finditer(text) if not _OLD.search(text[: m.start()]) and float(m.group("n")) not in ids
    ]
    if len(numbers) != 1:
        return None
    number = numbers[0]
    amount, percent = number.group("n"), "%" if number.group("pct") else ""
    before = " ".join(text[: number.start()].split()[-3:])
    after = " ".join(text[number.end() :].split()[:3])
    near = f"{before} {after}"
    value = float(amount)
    # the unit word, past a direction before it ("2 more days")
    unit = re.match(r"\s*(?:(?:more|less|fewer|extra|additional)\s+)?([a-z]+)", text[number.end() :], re.IGNORECASE)
    if unit is not None and not percent:
        # "spent 2 weeks in transit" of TransitDays: 14, never 2 (the value said in another unit of time)
        converted = span_in_unit(value, unit.group(1), found)
        if converted is not None:
            value, amount = converted, f"{converted:g}"
    span = found.max - found.min if found.max is not None and found.min is not None else None
    # "if its rinses drop to 2", "cut it down to 80": the value the move ends at, no step (unless one follows it)
    ends_at = _ENDS_AT.search(text[: number.start()]) is not None and not (_DOWN.search(after) or _UP.search(after))
    sign = signed(text, number.start(), found.min)
    if sign and not ends_at:  # "52010 +5 mites": the sign glued to the number is the step's direction (ux48)
        return None if not percent and span is not None and value > span else f"{sign}{amount}{percent}"
    if not ends_at and (_DOWN.search(near) or _UP.search(near)):
        if not percent and span is not None and value > span:
            return None  # a step longer than the data's whole range is no step of this feature
        return f"{'-' if _DOWN.search(near) else '+'}{amount}{percent}"
    if percent and "pct" not in feature.lower() and "percent" not in feature.lower() and name_unit_of(feature) != "%":
        return None  # "10 %" of a feature not in percent is a relative change without a direction
    if percent and _COMPARATIVE.match(after):
        return None  # "44% stronger": a relative change in a word no direction reading knows, not the value 44
    if found.below_its_range(value) or (found.max is not None and value > found.max):
        return None
    return int(value) if value.is_integer() else value


def signed(text: str, start: int, least: float | None) -> str:
    """The sign glued to the number that starts at `start` ("+10", "-3" after a space or at the turn's start), or "";
    a minus only of a feature whose values are never negative (else "-3" may be the value itself).
    """
    sign = text[start - 1] if start > 0 else ""
    if sign not in ("+", "-") or (start > 1 and not text[start - 2].isspace()):
        return ""
    return "" if sign == "-" and (least is None or least < 0) else sign


def unsure_change_question(feature: str, value: ChangeValue) -> str:
    """The question that offers a read change: "Change days_since_service by +60? ..."."""
    said = f"by {value}" if isinstance(value, str) else f"to {value:g}"
    return f"Change {feature} {said}? Say yes for that, or give another value or change."
