"""Follow-ups with two plausible readings: ask which one, offering both, instead of guessing.

After "what if her blood pressure went up by 20", the turn "and 40?" may mean patient 40 (the same change on
another instance) or blood pressure 40 higher (the same instance, a new amount). When 40 is an id of the host
and a plausible amount for the feature, both readings fit; guessing one answers a question the user may not
have asked, so the router asks once, offering both (`number_readings`, `readings_question`), and the next
turn picks one ("1", "the second", "patient 40") (`picked_reading`). After a what-if that set a value
("credit score 700"), "and 650?" is asked about the same way when 650 is an id and a credit score of the data
(`_value_readings`). "and for 40?" (an instance after "for") and a number outside the id range or beyond
the feature's range have one reading and are not asked about.

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simxai.extraction import extract_group, extract_metric
from simxai.extraction.mentions import scored_label
from simxai.followup_calls import LastCall, marks_amount, said_as_change, stepped_amount, valued_number
from simxai.hosts.base import HostSchema, plural
from simxai.messages import Message
from simxai.normalize import normalize

__all__ = [
    "READINGS_PREFIX",
    "Reading",
    "asked_last",
    "label_readings",
    "number_readings",
    "picked_option",
    "picked_reading",
    "readings_question",
    "stepped_amount",
]

#: How the router's question between two readings of a follow-up starts; the next turn may pick one.
READINGS_PREFIX = "I can read that two ways:"

# A turn that only picks one of two offered options: "1", "the second", "the first one please", "the latter".
_PICK = re.compile(
    r"^\W*(?:(?:the|option|number|no\.?)\s+)?(?P<k>1|2|first|second|one|two|former|latter|last)\b(?:\s+one)?"
    r"(?:\W+(?:please|thanks?))?\W*$",
    re.IGNORECASE,
)
_SECOND = ("2", "second", "two", "latter", "last")


@dataclass(frozen=True)
class Reading:
    """One reading of a follow-up: the call it makes, and how the question names it."""

    function: str
    arguments: dict[str, Any]
    description: str


def _is_id(number: str, schema: HostSchema) -> bool:
    return "." not in number and schema.has_id(int(number))


def _plausible_amount(feature: str, change: str, before: str, schema: HostSchema) -> bool:
    """Whether a new step is a plausible amount: within four times the previous step, and the feature's range.

    A user who steps again picks a similar size ("up by 20", then "and 40?"); "and 31?" after "bmi 5
    higher" is no step of bmi (31 is more than four times 5), so it names patient 31.
    """
    amount, previous = float(change.strip("+-%")), float(before.strip("+-%") or 0)
    if previous <= 0 or not previous / 4 <= amount <= previous * 4:
        return False
    if change.endswith("%"):
        return amount <= 100
    found = next((f for f in schema.features if f.name == feature), None)
    if found is None or found.min is None or found.max is None:
        return True
    return amount <= found.max - found.min


def number_readings(text: str, call: LastCall | None, schema: HostSchema | None) -> tuple[Reading, Reading] | None:
    """The two readings of a bare number after a relative what-if, when both fit; else None.

    (1) the instance with that id, with the previous change; (2) the previous instance with the change's new
    amount. None when the number is no id of the host (then it is the amount), when it is no plausible
    amount (more than four times the previous step or its inverse, or beyond the feature's range: then it
    is the id), or when the turn is no bare number.
    """
    if call is None or schema is None:
        return None
    text = normalize(text, schema)
    stepped = stepped_amount(text, call)
    if stepped is None:
        return _value_readings(text, call, schema)
    feature, change, number = stepped
    previous = dict(call.arguments.get("changes") or {})
    before = str(previous.get(feature, ""))
    if (
        "%" in text
        or marks_amount(text)
        or not _is_id(number, schema)
        or not _plausible_amount(feature, change, before, schema)
    ):
        return None
    noun = schema.instance_noun or "instance"
    instance = call.arguments.get("instance")
    same_change = ", ".join(f"{name} {_said(value)}" for name, value in previous.items())
    other = Reading(
        call.name,
        {**call.arguments, "instance": int(number)},
        f"{noun} {number} with the same change ({same_change})",
    )
    where = f"{noun} {instance}" if isinstance(instance, int) else f"the same {noun}"
    amount = Reading(
        call.name,
        {**call.arguments, "changes": {feature: change}},
        f"{where} with {feature} {_said(change)}",
    )
    return other, amount


def _value_readings(text: str, call: LastCall, schema: HostSchema) -> tuple[Reading, Reading] | None:
    """The two readings of a bare number after a what-if that set a value ("credit score 700" -> "and 650?").

    (1) the instance with that id, with the same value set; (2) the same instance with the feature set to the
    number. Both fit when the number is an id and lies within the feature's range in the data; otherwise
    it has one reading (an id beyond the range, a value that is no id) and nothing is asked.
    """
    valued = valued_number(text, call)
    if valued is None or said_as_change(text):  # "and if it was 35 instead?": the value, not patient 35
        return None
    feature, number = valued
    found = next((f for f in schema.features if f.name == feature), None)
    if (
        found is None
        or found.min is None
        or found.max is None
        or not number.is_integer()
        or not schema.has_id(number)
        or not found.min <= number <= found.max
    ):
        return None
    noun = schema.instance_noun or "instance"
    instance = call.arguments.get("instance")
    previous = dict(call.arguments.get("changes") or {})
    same_change = ", ".join(f"{name} {_said(value)}" for name, value in previous.items())
    where = f"{noun} {instance}" if isinstance(instance, int) else f"the same {noun}"
    return (
        Reading(
            call.name,
            {**call.arguments, "instance": int(number)},
            f"{noun} {int(number)} with the same change ({same_change})",
        ),
        Reading(
            call.name,
            {**call.arguments, "changes": {feature: int(number)}},
            f"{where} with {feature} set to {int(number)}",
        ),
    )


def _said(value: Any) -> str:
    """A change as words: "+20" -> "20 higher", "-10%" -> "10% lower", 30 -> "set to 30"."""
    text = str(value).strip()
    if text[:1] in ("+", "-"):
        return f"{text[1:]} {'higher' if text[0] == '+' else 'lower'}"
    return f"set to {text}"


def label_readings(text: str, schema: HostSchema | None) -> tuple[Reading, Reading] | None:
    """The two readings of a precision or f1 asked of a label's instances ("the precision on the stable
    patients"), or None.

    The words name instances, yet the user may want the metric of the label, or that metric on the instances
    recorded with it, which differ. A recall has one reading: on the instances recorded stable it is stable's
    recall (or undefined), so it is the label's. A label that qualifies the metric ("precision for stable") has
    one reading too.
    """
    metric = extract_metric(text)
    found = scored_label(text, schema)
    if schema is None or metric not in ("precision", "f1") or found is None or not found.instances:
        return None
    condition = f"label = {found.label}"
    if extract_group(text, schema) not in (None, condition):
        return None  # another condition too ("stable patients over 60"): a group as said
    nouns = plural(schema.instance_noun or "instance")  # "loaves", not "loafs"
    return (
        Reading("get_model_performance", {"metric": metric, "label": found.label}, f"the {metric} of {found.label}"),
        Reading(
            "get_model_performance",
            {"metric": metric, "group": condition},
            f"the {metric} on the {nouns} recorded {found.label} only",
        ),
    )


def readings_question(readings: Sequence[Reading]) -> str:
    """One short question offering the readings, numbered."""
    options = ", or ".join(f"{r.description} ({i})" for i, r in enumerate(readings, 1))
    return f"{READINGS_PREFIX} {options}? Answer {' or '.join(str(i) for i in range(1, len(readings) + 1))}."


def asked_last(history: Sequence[Message], prefix: str) -> bool:
    """Whether `history` ends with a user turn and the router's question about it, a reply starting with `prefix`
    (`READINGS_PREFIX`, or the question between two functions), so that the next turn may answer it.
    """
    if len(history) < 2 or history[-2].role != "user":
        return False
    asked = history[-1]
    return asked.role == "assistant" and not asked.tool_calls and asked.content.startswith(prefix)


def picked_option(text: str) -> int | None:
    """Which of two offered options a turn picks (0 or 1) when it says nothing else ("2", "the first one please",
    "the latter"), or None. The one reading of such an answer, for the router's question between two readings
    (`picked_reading`) and its question between two functions (`backends._router_replies`).
    """
    pick = _PICK.match(text)
    return None if pick is None else int(pick.group("k").lower() in _SECOND)


def picked_reading(text: str, history: Sequence[Message]) -> tuple[int, int] | None:
    """If `text` answers the router's question between readings: (index of the user turn asked about, option).

    The option is 0 or 1; a turn that names an option's words ("patient 40", "the same patient") picks it too.
    None when the last assistant turn is no such question or `text` picks nothing.
    """
    if not asked_last(history, READINGS_PREFIX):
        return None
    pick = picked_option(text)
    if pick is not None:
        return len(history) - 2, pick
    options = re.findall(r"(?:, or |: )(.+?) \((\d)\)", history[-1].content)
    said = " ".join(text.lower().split()).strip(" ?.!")
    named = [int(k) - 1 for option, k in options if said and said in option.lower()]
    return (len(history) - 2, named[0]) if len(named) == 1 else None
