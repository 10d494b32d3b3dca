"""Corrections of the previous turn ("no, I meant 14", "sorry, patient 15") and "and the opposite?".

A correction names what should have been asked, with words ("no", "sorry", "I meant") that no function uses;
read as a request of its own it was a misread id ("I could not read 'meant 14' as an id") or small talk. It
is the previous question with that one thing replaced, which the follow-up reading already answers for "and
14?": `correction` returns that fragment. After a what-if that set a feature to a value, a number that is both
an id of the host and a value in the feature's range has two readings (patient 35 with the same change, or the
same patient with the feature set to 35); `correction` then returns one question that offers both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from simxai.backends._router_attributes import answered_attribute
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["Correction", "correction", "opposite", "reread"]

_CORRECTION = re.compile(
    r"^\W*(?:(?:no|nope|nah|sorry|oops|whoops|actually|wait|correction|typo|my\s+bad)\b[\s,.!:;-]*){1,3}"
    r"(?:i\s+meant\s+|i\s+mean\s+|meant\s+|make\s+(?:that|it)\s+|it\s+should\s+(?:be|have\s+been)\s+|should\s+be\s+)?"
    r"(?P<rest>.+?)\W*$|"
    r"^\W*i\s+meant\s+(?P<meant>.+?)\W*$",
    re.IGNORECASE,
)
_ID_WORDS = r"(?:id|number|no\.?|nr\.?|instance|row|case|record|#)"


@dataclass(frozen=True)
class Correction:
    """What a correction asks: the fragment to route as a follow-up, or a question between two readings."""

    fragment: str | None = None
    question: str | None = None


def _fragment(rest: str, schema: HostSchema) -> tuple[str, int] | None:
    """The id a correction's remainder names ("14", "patient 14", "#14", "for patient 14"), with its text."""
    noun = re.escape(schema.instance_noun) if schema.instance_noun else "instance"
    match = re.fullmatch(
        rf"(?:(?:for|to|with|about)\s+)?(?:the\s+)?(?:(?:{noun}s?|{_ID_WORDS})\s*)?#?\s*(?P<id>\d+)(?:\s+instead)?",
        rest.strip(),
        re.IGNORECASE,
    )
    if match is None:
        return None
    return match.group(0), int(match.group("id"))


def correction(text: str, history: Sequence[Message], schema: HostSchema | None) -> Correction | None:
    """How to read `text` when it corrects the previous turn with another id or value, else None.

    Args:
        text: the (normalised) turn.
        history: the messages before it.
        schema: the host's schema.
    """
    if schema is None or schema.kind == "text" or not history:
        return None
    match = _CORRECTION.match(text)
    if match is None:
        return None
    found = _fragment(match.group("rest") or match.group("meant") or "", schema)
    if found is None:
        return None
    said, number = found
    call = last_call(history)
    if call is None:
        return None
    changes = call.arguments.get("changes") if call.name == "explain_what_if" else None
    if isinstance(changes, dict) and len(changes) == 1 and not re.search(r"[a-z]", said, re.IGNORECASE):
        ((name, value),) = changes.items()
        feature = schema.feature(name)
        if (
            feature is not None
            and feature.type == "numeric"
            and isinstance(value, int | float)
            and (feature.min is None or number >= feature.min)
            and (feature.max is None or number <= feature.max)
        ):
            if not schema.has_id(number):
                return Correction(fragment=f"and if {name.replace('_', ' ')} were {number}?")
            noun = schema.instance_noun or "instance"
            instance = call.arguments.get("instance")
            same = f"{noun} {instance}" if isinstance(instance, int) else f"the same {noun}"
            return Correction(
                question=(
                    f"Do you mean {noun} {number} with {name} set to {value:g}, or {same} with {name} set to "
                    f"{number}? Please say '{noun} {number}' or '{name} {number}'."
                )
            )
    return Correction(fragment=f"same for {said}")


_OPPOSITE = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay|now)\W+)?(?:(?:what\s+about|how\s+about|and|same\s+for|do)\s+)?"
    r"(?:the\s+)?(?:opposite|reverse|other\s+way\s+(?:a)?round|inverse)(?:\s+(?:one|case|direction))?"
    r"(?:\s+(?:then|too|please|pls))?\W*$",
    re.IGNORECASE,
)
_LABEL_ARGUMENTS = ("expected_label", "target_label", "prediction_label", "label")


def opposite(text: str, history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """The request "and the opposite?" makes of the previous call, or None when it names no direction.

    After a what-if with one relative change ("bmi 10% higher") the opposite is the same change the other way
    ("bmi 10% lower"); after a question with a class (a why, a counterfactual, a count of predicted X) it is the
    other class ("same for the other class", which the follow-up reading swaps when there are two classes).
    """
    if schema is None or not _OPPOSITE.match(text):
        return None
    call = last_call(history)
    if call is None:
        return None
    changes = call.arguments.get("changes") if call.name == "explain_what_if" else None
    if isinstance(changes, dict) and len(changes) == 1:
        ((name, value),) = changes.items()
        step = re.fullmatch(r"([+-])(\d+(?:\.\d+)?%?)", str(value).strip())
        if step is None:
            return None  # "bmi = 30" has no opposite direction
        direction = "lower" if step.group(1) == "+" else "higher"
        return f"what if {name.replace('_', ' ')} were {step.group(2)} {direction} instead?"
    labelled = any(call.arguments.get(a) for a in _LABEL_ARGUMENTS) or re.search(
        r"\b(?:prediction|label)\s*=", str(call.arguments.get("instance", ""))
    )
    return "same for the other class" if labelled and len(schema.class_names) == 2 else None


def reread(text: str, history: Sequence[Message], schema: HostSchema | None) -> tuple[str, str | None]:
    """The turn as the request it stands for after the previous one, and a question to ask instead, if any.

    "bmi" after the router's question about an attribute the data lacks is that instance's bmi; "no, I meant 14"
    is the previous question for 14 (or a question between two readings); "and the opposite?" is the other class
    or the other direction. Any other turn is returned as it is.
    """
    asked = history[-1] if history and history[-1].role == "assistant" else None
    text = (answered_attribute(text, asked.content, schema) if asked is not None else None) or text
    corrected = correction(text, history, schema)
    if corrected is not None and corrected.question is not None:
        return text, corrected.question
    if corrected is not None and corrected.fragment is not None:
        text = corrected.fragment
    return opposite(text, history, schema) or text, None
