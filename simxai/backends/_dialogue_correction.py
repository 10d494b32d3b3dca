"""Corrections of the last turn: "no, I meant 14" after "predict patient 41" is patient 14; "no wait, 24" after "what
if the loan term were 36" is a loan term of 24; "sorry, bmi not age" after "what if age went up by 5" moves the change
to bmi; "oops, I meant patient 31" replaces the instance in focus, whether or not the last turn said its id; so does
a bare id ("sorry, I meant 31") after a turn that said no number and changed nothing ("why is the first one
stable?").

The number replaces the number of the last turn whose role it can take (an id, or a value or step within the
feature's range); when it can take two, the router asks (`correction`). Split from `_dialogue_repair`, which applies
it first among the repairs of the previous call.

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.backends._correction_steps import DIRECTION, held_amounts, signed, unit_free
from simxai.backends._dialogue_labels import subject_id
from simxai.backends._router_category_correction import category_correction
from simxai.backends._router_decision import Decision
from simxai.backends.base import CLARIFY, CompletionRequest, CompletionResponse
from simxai.extraction import extract_argument, feature_spans
from simxai.followup import last_call
from simxai.followup_calls import LastCall
from simxai.followup_readings import Reading, readings_question
from simxai.hosts.base import HostSchema
from simxai.messages import Message
from simxai.normalize import normalize

__all__ = ["NUMBER", "as_number", "correction", "correction_readings", "numeric_range"]

NUMBER = r"\d+(?:\.\d+)?"
# "no, I meant 14", "sorry, 58", "make that 24", "no wait, 24", "actually patient 14", "nah make that 5 kilo heavier"
# "I said 20, I meant 15": the number taken back, said before the one meant
_SAID_BEFORE = r"i\s+(?:said|put|wrote|typed|gave)\s+" + NUMBER + r"\W+"
_TAKEN_BACK = re.compile(r"\bi\s+(?:said|put|wrote|typed|gave)\s+(?P<n>" + NUMBER + r")", re.IGNORECASE)
_CORRECTSNUMBER = re.compile(
    r"^\W*(?:(?:(?:no|nope|nah|naw|sorry|oops|wait|actually|correction|my\s+bad|typo|hang\s+on|hold\s+on)\b\W*)+"
    r"(?:" + _SAID_BEFORE + r")?"
    # "sorry, I write wrong, is 58": the slip owned in words, then the number after a bare "is" (dlg48)
    r"(?:i\s+(?:write|wrote|typed|type|put|got)\s+(?:it\s+|that\s+)?wrong\W+)?"
    r"(?:(?:i\s+)?(?:meant|mean)\s+|make\s+(?:it|that)\s+|it'?s\s+|it\s+(?:is|was|should\s+be)\s+|should\s+be\s+"
    r"|is\s+)?"
    r"|\*\s*|" + _SAID_BEFORE + r"(?:i\s+)?(?:meant|mean)\s+"  # "*8": a star before the number typed again
    r"|(?:(?:ok(?:ay)?|so|now)\W+)?(?:make|change)\s+(?:it|that)\s+(?:to\s+)?)"  # "make that 95": an order alone
    # "i meant the other cloth one, 140533": which one is meant, said before its number
    r"(?:(?:the\s+)?(?:other|another|right|correct|next|second|first)\s+(?:[a-z]+\s+)?(?:one|[a-z]+)\W+)?"
    r"(?:(?:the\s+)?(?P<noun>[a-z]+)\s+)?(?:number\s+|no\.?\s?|#\s?)?(?P<n>" + NUMBER + r")"
    # "sorry, I meant 10 bells": the changed feature's name after the number
    r"(?:\s+(?P<after>(?!then\b|instead\b|i\b|" + DIRECTION + r")[a-z][a-z_]*))?(?:\s+(?P<dir>" + DIRECTION + r"))?"
    r"(?:\W+(?:then|instead|i\s+meant|i\s+mean))?\W*$",  # "no sorry - 16 i meant": the "i meant" said after
    re.IGNORECASE,
)
# The words a correction of a feature may hold besides the two features ("sorry, bmi not age").
_FEATURE_CORRECTION_WORDS = frozenset(
    "no nope sorry oops oh ah wait actually i meant mean not instead of rather than but the her his its their i'm im "
    "talking about change changing my bad".split()
)


def _answered_last_turn(history: Sequence[Message]) -> bool:
    """Whether a call ran after the last user turn (the previous call answers the turn a correction corrects)."""
    for message in reversed(history):
        if message.role == "user":
            return False
        if message.role == "assistant" and message.tool_calls:
            return True
    return False


def _last_user_text(history: Sequence[Message]) -> str:
    return next((m.content for m in reversed(history) if m.role == "user"), "")


def _said_numbers(text: str) -> set[float]:
    return {float(n) for n in re.findall(NUMBER, text)}


def numeric_range(schema: HostSchema, feature: str) -> tuple[float, float] | None:
    found = next((f for f in schema.features if f.name == feature), None)
    if found is None or found.type != "numeric" or found.min is None or found.max is None:
        return None
    return float(found.min), float(found.max)


def as_number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def correction_readings(text: str, history: Sequence[Message], schema: HostSchema | None) -> list[Reading]:
    """Every reading of a number correction ("no, I meant 14") of the previous call: the argument said in the last
    turn that the number can replace (an id, a value or a step in the feature's range). Empty when none fits.
    """
    match = _CORRECTSNUMBER.match(text)
    previous = last_call(history)
    if match is None or previous is None or schema is None or not _answered_last_turn(history):
        return []
    noun = (match.group("noun") or "").lower()
    host_noun = (schema.instance_noun or "").lower()
    if noun and noun not in (host_noun, host_noun + "s", "id", "instance", "value", "amount", "one"):
        return []  # "no, bmi 30": a value named with its feature is no bare correction
    after = unit_free(match.group("after"))  # "make that 5 kilo heavier": the unit names no feature
    if after and noun:
        return []
    number = float(match.group("n"))
    # "twenty centimetres higher": the last turn's numbers as the readers saw them, words made digits
    said = _said_numbers(normalize(_last_user_text(history), schema))
    taken_back = _TAKEN_BACK.search(text)
    if taken_back is not None:  # "I said 20, I meant 15": only the 20 is replaced, said last or held by the call
        said = (said | held_amounts(previous.arguments.get("changes"))) & {float(taken_back.group("n"))}
    readings = []
    said_noun = bool(noun) and noun in (host_noun, host_noun + "s")  # "i meant patient 31": the id, whatever was said
    instance = subject_id(previous) if said_noun else previous.arguments.get("instance")
    if (
        isinstance(instance, int)
        and not isinstance(instance, bool)
        # "sorry, I meant 146812" after "why's the first one rejected": a last turn that said no number named its
        # instance by reference, and that instance is all a bare id can correct when the call changed nothing
        and (float(instance) in said or said_noun or (not said and not previous.arguments.get("changes")))
        and number != instance
        and "." not in match.group("n")
        and schema.has_id(number)
        and not after
    ):
        arguments = {**previous.arguments, "instance": int(number)}
        readings.append(Reading(previous.name, arguments, f"{host_noun or 'instance'} {int(number)}"))
    changes = previous.arguments.get("changes")
    if isinstance(changes, dict) and (not noun or noun in ("value", "amount")):
        for feature, value in changes.items():
            if after and not _names_feature(after, str(feature), schema):
                continue  # "sorry, I meant 10 bells": only the change of the feature named
            reading = signed(_corrected_change(str(feature), value, number, said, schema), match.group("dir"))
            if reading is not None:
                new_changes = {**changes, feature: reading}
                described = f"{feature} {reading}" if isinstance(reading, str) else f"{feature} set to {reading}"
                readings.append(Reading(previous.name, {**previous.arguments, "changes": new_changes}, described))
    moved = _moved_change(after, number, changes, schema) if not readings and not noun else None
    if moved is not None:  # "sorry, I meant 12 visits" after 40 km: that change in place of the one just tried
        readings.append(Reading(previous.name, {**previous.arguments, "changes": moved}, f"{after} {number:g}"))
    subject = instance if instance is not None else subject_id(previous)  # the call may leave it to the focus
    if not readings and _unsaid_subject(subject, number, said, schema) and not after and "." not in match.group("n"):
        # "sorry, I meant 7014" after "what if it had 2 more salt" (the wheel in focus, its id unsaid): no change
        # can take 7014, so it is the subject the what-if was about, the changes kept
        arguments = {**previous.arguments, "instance": int(number)}
        readings.append(Reading(previous.name, arguments, f"{host_noun or 'instance'} {int(number)}"))
    return readings


def _unsaid_subject(instance: object, number: float, said: set[float], schema: HostSchema) -> bool:
    """Whether `number` can replace the previous call's one instance, named by reference (its id unsaid): an id of
    the host other than the instance's own.
    """
    if not isinstance(instance, int) or isinstance(instance, bool) or float(instance) in said:
        return False
    return number != instance and schema.has_id(number)


def _moved_change(after: str, number: float, changes: object, schema: HostSchema) -> dict[str, Any] | None:
    """{feature: number} for a correction that names the number of another numeric feature than the one change the
    last what-if made ("sorry, I meant 12 visits" after "what if it had 40 km"), within that feature's range; None
    when the word names no one such feature, the what-if made no change or several, or the number does not fit.
    """
    if not after or not isinstance(changes, dict) or len(changes) != 1:
        return None
    named = [
        f.name
        for f in schema.features
        if f.type == "numeric" and f.name not in changes and _names_feature(after.lower(), f.name, schema)
    ]
    bounds = numeric_range(schema, named[0]) if len(named) == 1 else None
    if bounds is None or not bounds[0] <= number <= bounds[1]:
        return None
    return {named[0]: as_number(number)}


def _names_feature(word: str, feature: str, schema: HostSchema) -> bool:
    """Whether `word` names `feature`: its name, one of its aliases, or a word of its name, singular or plural."""
    found = schema.feature(feature)
    terms = {feature.lower(), *re.split(r"[_\s]+", feature.lower())}
    if found is not None:
        terms.update(alias.lower() for alias in found.aliases)
    singular = word[:-1] if word.endswith("s") else word
    return any(term in (word, singular) or term.rstrip("s") == singular for term in terms if len(term) > 2)


def _corrected_change(
    feature: str, value: Any, number: float, said: set[float], schema: HostSchema
) -> int | float | str | None:
    """The change `value` of `feature` with `number` in place of its number, if the last turn said that number and
    `number` fits the feature (a value in its range, a step no wider than it); else None.
    """
    bounds = numeric_range(schema, feature)
    if bounds is None:
        return None
    low, high = bounds
    text = str(value).strip()
    if text[:1] in ("+", "-") and re.fullmatch(r"[+-]" + NUMBER + "%?", text):
        amount = float(text[1:].rstrip("%"))
        percent = text.endswith("%")
        if amount not in said or amount == number or number > (100 if percent else high - low):
            return None
        return f"{text[0]}{as_number(number)}{'%' if percent else ''}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        if float(value) not in said or float(value) == number or not low <= number <= high:
            return None
        return as_number(number)
    return None


def _feature_correction(text: str, previous: LastCall, schema: HostSchema) -> dict[str, Any] | None:
    """The previous call's arguments with the feature a correction names ("sorry, bmi not age") in place of the one
    it rejects; None when the turn is no such correction or the rejected feature is not the previous call's.
    """
    spans = feature_spans(text, schema)
    if len(spans) != 2:
        return None
    rest = text[: spans[0][0]] + " " + text[spans[0][1] : spans[1][0]] + " " + text[spans[1][1] :]
    words = re.findall(r"[a-z']+", rest.lower())
    if "not" not in words or any(w not in _FEATURE_CORRECTION_WORDS for w in words):
        return None
    first, second = (extract_argument("feature", text[a:b], schema) for a, b in spans)
    if not isinstance(first, str) or not isinstance(second, str) or first == second:
        return None
    between = re.findall(r"[a-z']+", text[spans[0][1] : spans[1][0]].lower())
    # "bmi not age" / "bmi, not age": the second is rejected; "not age, bmi" / "not age but bmi": the first is
    wrong, right = (second, first) if "not" in between else (first, second)
    changes = previous.arguments.get("changes")
    if isinstance(changes, dict) and wrong in changes and right not in changes:
        moved = {(right if k == wrong else k): v for k, v in changes.items()}
        return {**previous.arguments, "changes": moved}
    if previous.arguments.get("feature") == wrong:
        return {**previous.arguments, "feature": right}
    return None


def correction(
    text: str, history: Sequence[Message], request: CompletionRequest
) -> Decision | CompletionResponse | None:
    """A correction of the last turn as the previous call corrected, a question when it has two readings, or None."""
    schema = request.host
    previous = last_call(history)
    if schema is None or previous is None or previous.name not in {s.name for s in request.functions}:
        return None
    readings = correction_readings(text, history, schema)
    if len(readings) == 1:
        return Decision(previous.name, 1.0, True, arguments=dict(readings[0].arguments))
    if len(readings) == 2:
        return CompletionResponse(content=readings_question(readings), model="router", finish_reason=CLARIFY)
    if schema.kind == "tabular" and _answered_last_turn(history):
        arguments = _feature_correction(text, previous, schema) or category_correction(text, previous, schema)
        if arguments is not None:
            return Decision(previous.name, 1.0, True, arguments=arguments)
    return None
