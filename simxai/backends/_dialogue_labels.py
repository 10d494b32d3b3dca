"""What the answers so far say about the instances of a dialogue, and the references it settles.

The labels the answers gave each instance (`known_labels`) settle what the state leaves open: "why is the second
one progressing?" about a patient predicted progressing asks why it is so, not why it is not (`with_known_labels`);
"why is he progressing?" after an answer about two patients of whom one is predicted progressing is about that one
(`reading_by_label`); "and why is the other normal?" after an answer about one of two listed instances is about the
other one (`with_other_instance`); "why was the first approved?" is the first of the last list
(`with_labelled_position`). "so how could it get there?" right after "why isn't 12 approved?" seeks changes to that
label, the goal the why-not named (`with_goal_of_why_not`). `with_references` applies them to a turn's calls.

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from simxai.backends._dialogue_focus import listed_instances, with_instance
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_ids
from simxai.followup import last_call
from simxai.followup_calls import LastCall
from simxai.followup_readings import Reading
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall

__all__ = [
    "known_labels",
    "named_labels",
    "reading_by_label",
    "subject_id",
    "with_known_labels",
    "with_labelled_one",
    "with_labelled_position",
    "with_goal_of_why_not",
    "with_other_instance",
    "with_references",
]

# "the other one", "the other patient", "the other": the instance of a listed pair not in focus
_OTHER_ONE = re.compile(r"\bthe\s+other(?:\s+(?P<noun>[a-z]+))?\b", re.IGNORECASE)
_NOT_AN_INSTANCE = frozenset("class label outcome category sentiment prediction way side result direction".split())


def subject_id(call: LastCall) -> Any:
    """The id of the instance a call ran on: its argument, else the one its output names (the engine filled it)."""
    instance = call.arguments.get("instance")
    if instance not in (None, ""):
        return instance
    subject = call.output.get("subject") if isinstance(call.output, dict) else None
    return subject.get("id") if isinstance(subject, dict) else None


def known_labels(history: Sequence[Message]) -> dict[int, str]:
    """The predicted label the answers so far gave each instance, by id (the latest answer wins)."""
    calls: dict[str, ToolCall] = {}  # the calls of the last assistant turn (ids repeat from turn to turn)
    labels: dict[int, str] = {}
    for message in history:
        if message.role == "assistant" and message.tool_calls:
            calls = {c.id: c for c in message.tool_calls}
        if message.role != "tool" or message.tool_call_id not in calls:
            continue
        try:
            payload = json.loads(message.content)
        except ValueError:
            continue
        result = payload.get("result") if isinstance(payload, dict) else None
        if not isinstance(result, dict):
            continue
        call = calls[message.tool_call_id]
        instance = subject_id(LastCall(call.name, dict(call.arguments), result))
        if not isinstance(instance, int) or isinstance(instance, bool):
            continue
        kind = result.get("kind")
        label = (
            result.get("label")
            if kind == "prediction" and result.get("label_counts") is None
            else result.get("predicted_label")
            if kind == "local_explanation"
            else result.get("current_label")
            if kind == "counterfactual"
            else None
        )
        if isinstance(label, str):
            labels[instance] = label
    return labels


def named_labels(text: str, labels: Sequence[str]) -> set[str]:
    """The class names a turn names, by the name, its stem ("approve") or an inflection ("surcharged")."""
    named = set()
    for word in re.findall(r"[a-z_]+", text.lower()):
        for label in labels:
            low = label.lower()
            if (
                word == low
                or (len(word) >= 4 and low.startswith(word) and len(low) - len(word) <= 3)
                or (word.startswith(low) and len(word) - len(low) <= 2)
            ):
                named.add(label)
    return named


def with_known_labels(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls, with "why not X" about an instance already predicted X read as "why X" (its explanation)."""
    if "get_local_explanation" not in {s.name for s in request.functions}:
        return calls
    labels = known_labels(history)
    named = named_labels(text, request.host.class_names) if request.host is not None else set()
    fixed = []
    for call in calls:
        instance, expected = call.arguments.get("instance"), call.arguments.get("expected_label")
        if expected is None and len(named) == 1:
            expected = next(iter(named))  # "and why is the other normal?": the label the turn names
        if (
            call.name == "explain_why_not"
            and isinstance(instance, int)
            and isinstance(expected, str)
            and labels.get(instance) == expected
        ):
            arguments = {"instance": instance, "prediction_label": expected}
            call = call.model_copy(update={"name": "get_local_explanation", "arguments": arguments})
        fixed.append(call)
    return fixed


def reading_by_label(
    readings: tuple[Reading, Reading], text: str, history: Sequence[Message], schema: HostSchema | None
) -> Reading | None:
    """Of two readings about two instances, the one whose instance the answers gave the one label the turn names."""
    if schema is None:
        return None
    named = named_labels(text, schema.class_names)
    if len(named) != 1:
        return None
    [label] = named
    labels = known_labels(history)
    fitting = [r for r in readings if labels.get(r.arguments.get("instance")) == label]  # type: ignore[arg-type]
    return fitting[0] if len(fitting) == 1 else None


def with_other_instance(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls, with "the other one" read as the instance of the last listed pair that the last call was not on."""
    match = _OTHER_ONE.search(text)
    schema = request.host
    if match is None or schema is None or extract_ids(text, schema):
        return calls
    noun = (match.group("noun") or "").lower()
    if noun in _NOT_AN_INSTANCE:
        return calls  # "the other class": a label, not an instance
    listed = listed_instances(history)
    previous = last_call(history)
    if len(listed) != 2 or previous is None or previous.arguments.get("instance") not in listed:
        return calls
    other = listed[1 - listed.index(previous.arguments["instance"])]
    return with_instance(calls, other, request.functions)


# "why was the first approved?", "is the second one progressing": a position followed by a label, not by a noun
_POSITION_LABEL = re.compile(
    r"\bthe\s(?P<k>first|1st|second|2nd|last)\s(?:one\s)?(?:is\s|was\s|got\s|being\s)?(?P<w>[a-z]+)", re.I
)
_POSITIONS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "last": -1}


def with_labelled_position(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls, with "the first approved" read as the first instance of the last list (a label after the position
    names no feature or other thing), if the turn names no id.
    """
    schema = request.host
    match = _POSITION_LABEL.search(text)
    if match is None or schema is None or extract_ids(text, schema):
        return calls
    if not named_labels(match.group("w"), schema.class_names):
        return calls
    listed = listed_instances(history)
    position = _POSITIONS[match.group("k").lower()]
    if not -len(listed) <= position < len(listed) or len(listed) < 2:
        return calls
    return with_instance(calls, listed[position], request.functions)


# "the one that's predicted to default", "the one who was approved", "the patient predicted progressing": one of the
# instances discussed, picked by the label the answers gave it
_ONE_BY_LABEL = re.compile(
    r"\bthe\s(?:one|[a-z]+)\s(?:(?:that|which|who)(?:'s|\sis|\swas|\sgot|\sgets)?\s)?"
    r"(?:(?:predicted|expected|flagged|marked|labell?ed|classed|deemed|rated|called)\s)?(?:to\sbe\s|to\s|as\s)?"
    r"(?P<w>[a-z_]+)",
    re.IGNORECASE,
)


def with_labelled_one(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls, with "the one that's predicted to default" read as the one instance discussed that the answers
    predicted 'defaults', if the turn names no id and exactly one of the instances discussed has that label.
    """
    schema = request.host
    if schema is None or extract_ids(text, schema):
        return calls
    listed = listed_instances(history)
    labels = known_labels(history)
    for match in _ONE_BY_LABEL.finditer(text):
        named = named_labels(match.group("w"), schema.class_names)
        if len(named) != 1:
            continue
        fitting = [i for i in listed if labels.get(i) in named]
        if len(fitting) == 1 and len(listed) > 1:
            return with_instance(calls, fitting[0], request.functions)
    return calls


def with_references(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls with "the other one", "the first approved", "the one predicted to default" and a why-not of the label
    already given read.
    """
    calls = with_labelled_position(with_other_instance(calls, text, history, request), text, history, request)
    calls = with_labelled_one(calls, text, history, request)
    return with_goal_of_why_not(with_known_labels(calls, text, history, request), history)


def with_goal_of_why_not(calls: list[ToolCall], history: Sequence[Message]) -> list[ToolCall]:
    """The calls, with a counterfactual that names no target label ("so how could it get there?") right after a
    why-not on the same instance ("why isn't 12 approved?") seeking the label that why-not expected: the goal was
    said one turn before, and with three classes or more the counterfactual would otherwise pick another label.
    """
    previous = last_call(history)
    if previous is None or previous.name != "explain_why_not":
        return calls
    output = previous.output if isinstance(previous.output, dict) else {}
    goal, subject = previous.arguments.get("expected_label") or output.get("target_label"), subject_id(previous)
    if not isinstance(goal, str) or subject is None:
        return calls
    return [
        call.model_copy(update={"arguments": {**call.arguments, "target_label": goal}})
        if call.name == "explain_how_to_be_that"
        and "target_label" not in call.arguments
        and call.arguments.get("instance", subject) == subject
        else call
        for call in calls
    ]
