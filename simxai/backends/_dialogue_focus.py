"""The instance in focus when a turn names none by id: the speaker's own, one named before, a position, "she".

- "im 5419", "5600 here": the id a speaker gives for themselves (`with_speaker_instance`).
- "appl 140 approved?" -> (our question) -> "why not approved": an instance named in a question no call
  answered stays in focus until a call runs on another (`with_named_instance`).
- "the second one" after "compare patients 3 and 4": the position in the last list (`with_listed_instance`).
- "why is she progressing?" right after an answer about two instances: two readings, asked about
  (`reference_readings`; the question and its answer are in `_dialogue_followup`).
- "show me patient 20" is a new request for that instance, and "which reviews are most negative?" asks for
  instances, which only a group's prediction lists (`subject_decision`).
- "which ones are progressing?", "why are they both progressing?" speak of several instances (`with_several`): the
  instances the last answer listed, the class the turn names as a group, or none (the engine asks), never the
  one in focus.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from simxai.backends._router_arguments import calls_for
from simxai.backends._router_decision import Decision
from simxai.backends._router_shown_ids import shown_group_ids
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_argument, extract_ids
from simxai.followup_fragment import ordinal, speaker_instance
from simxai.followup_readings import Reading
from simxai.followup_subject import (
    about_several,
    asks_for_instances,
    class_group,
    named_class,
    ranks_instances,
    shows_instance,
)
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall
from simxai.registry import FunctionSpec

__all__ = [
    "Decide",
    "listed_instances",
    "reference_readings",
    "subject_decision",
    "with_instance_in_focus",
    "instances_in_order",
    "with_listed_instance",
    "with_named_instance",
    "with_several",
    "with_speaker_instance",
]

#: How the router decides a turn: `RouterBackend._decide(text, history, request)`.
Decide = Callable[[str, Sequence[Message], CompletionRequest], Decision]


# A reference to one instance: "why is she progressing?", "what would make it positive", "that review".
_ONE_REFERENCE = re.compile(r"\b(?:she|he|her|his|him|hers|it|its|this|that)\b", re.IGNORECASE)


def reference_readings(
    text: str, history: Sequence[Message], request: CompletionRequest, decide: Decide
) -> tuple[Reading, Reading] | None:
    """The two readings of "she" / "it" right after an answer about two instances ("compare patients 3 and 4").

    The turn must refer to one instance and name none (no id, no position), and the function it asks for must
    take an instance: "how accurate is it?" refers to the model. None otherwise.
    """
    schema = request.host
    if schema is None or not _ONE_REFERENCE.search(text) or extract_ids(text, schema):
        return None
    if ordinal(text, schema.instance_noun) is not None or speaker_instance(text, schema) is not None:
        return None
    pair = _last_answer_instances(history)
    if len(pair) != 2:
        return None
    decision = decide(text, history, request)
    spec = next((s for s in request.functions if s.name == decision.function), None)
    if spec is None or not decision.confident or not any(p.name == "instance" for p in spec.parameters):
        return None
    if decision.arguments is not None:
        arguments = dict(decision.arguments)
    else:
        arguments = dict(calls_for(spec, text, history, schema)[0].arguments)
    noun = schema.instance_noun or "instance"
    first, second = (Reading(spec.name, {**arguments, "instance": instance}, f"{noun} {instance}") for instance in pair)
    return first, second


def _last_answer_instances(history: Sequence[Message]) -> list[Any]:
    """The instances of the last assistant turn that called functions, when it called them on several."""
    for message in reversed(history):
        if message.role == "user":
            continue
        if message.role == "assistant" and message.tool_calls:
            found: list[Any] = []
            for call in message.tool_calls:
                instance = call.arguments.get("instance")
                if isinstance(instance, int) and not isinstance(instance, bool) and instance not in found:
                    found.append(instance)
            return found
    return []


def _instance_takers(specs: Sequence[FunctionSpec]) -> set[str]:
    """The names of the functions that take an instance."""
    return {s.name for s in specs if any(p.name == "instance" for p in s.parameters)}


def with_instance(
    calls: list[ToolCall], instance: Any, specs: Sequence[FunctionSpec], *, only_where_missing: bool = False
) -> list[ToolCall]:
    """The calls, with `instance` as the instance of each call that takes one (with `only_where_missing`, only
    where the call names none).
    """
    takes = _instance_takers(specs)
    return [
        call.model_copy(update={"arguments": {**call.arguments, "instance": instance}})
        if call.name in takes and (not only_where_missing or call.arguments.get("instance") in (None, ""))
        else call
        for call in calls
    ]


def with_speaker_instance(
    calls: list[ToolCall], text: str, specs: Sequence[FunctionSpec], schema: HostSchema | None
) -> list[ToolCall]:
    """The calls, with the id the speaker gave for themselves ("im 5419") where a call names no instance."""
    speaker = speaker_instance(text, schema)
    if speaker is None:
        return calls
    return with_instance(calls, speaker, specs, only_where_missing=True)


# How many user turns back an instance named in an unanswered question stays in focus.
_NAMED_LOOKBACK = 4


def with_named_instance(
    calls: list[ToolCall], history: Sequence[Message], specs: Sequence[FunctionSpec], schema: HostSchema | None
) -> list[ToolCall]:
    """The calls, with the instance last named in a question no call answered where a call names none.

    "appl 140 approved?" -> (our question between two functions) -> "why not approved": 140 is still the
    instance in focus, though no call ran on it. An instance a call ran on after it (the dialogue state's)
    wins; so does any instance or reference the turn itself names.
    """
    takes = _instance_takers(specs)
    if schema is None or not any(c.name in takes and c.arguments.get("instance") in (None, "") for c in calls):
        return calls
    named = _last_named_instance(history, takes, schema)
    if named is None:
        return calls
    return with_instance(calls, named, specs, only_where_missing=True)


def _last_named_instance(history: Sequence[Message], takes: set[str], schema: HostSchema) -> int | None:
    """The id the user named last, if no call on an instance ran after that turn."""
    results: dict[str, bool] = {}
    users = 0
    for message in reversed(history):
        if message.role == "tool" and message.tool_call_id is not None:
            results[message.tool_call_id] = '"error"' not in message.content[:12]
        elif message.role == "assistant" and any(
            c.name in takes and results.get(c.id, False) for c in message.tool_calls
        ):
            return None  # a call ran on an instance since: the dialogue state's instance is in focus
        elif message.role == "user":
            users += 1
            ids = extract_ids(message.content, schema)
            if len(ids) == 1:
                return ids[0]
            speaker = speaker_instance(message.content, schema)
            if speaker is not None or users >= _NAMED_LOOKBACK:
                return speaker
    return None


# How many user turns back a list of instances ("compare patients 3 and 4") can be referred to by position.
_LIST_LOOKBACK = 3


def listed_instances(history: Sequence[Message]) -> list[Any]:
    """The instances of the last assistant turn that called a function on several, up to three turns back; else
    the instances the calls of those turns were on one at a time, in the order they came ("predict patient 30"
    ... "and patient 31?": "the first one" is patient 30).
    """
    users = 0
    one_at_a_time: list[Any] = []
    for message in reversed(history):
        if message.role == "user":
            users += 1
            if users > _LIST_LOOKBACK:
                break
        elif message.role == "assistant" and len(message.tool_calls) > 1:
            found: list[Any] = []
            for call in message.tool_calls:
                instance = call.arguments.get("instance")
                if instance not in (None, "") and instance not in found:
                    found.append(instance)
            if len(found) > 1:
                return found
        elif message.role == "assistant" and len(message.tool_calls) == 1:
            instance = message.tool_calls[0].arguments.get("instance")
            if isinstance(instance, int) and not isinstance(instance, bool) and instance not in one_at_a_time:
                one_at_a_time.insert(0, instance)
    return one_at_a_time if len(one_at_a_time) > 1 else []


def instances_in_order(history: Sequence[Message], lookback: int = 6) -> list[Any]:
    """The instances the calls of the last `lookback` user turns were about, in the order first named, when there
    are several: "the first one" after a question on 57060 and then on 57071 is 57060.
    """
    users = 0
    named: list[int] = []  # latest first
    for message in reversed(history):
        if message.role == "user":
            users += 1
            if users > lookback:
                break
        named += [
            c.arguments["instance"]
            for c in reversed(message.tool_calls)
            if isinstance(c.arguments.get("instance"), int)
        ]
    found = list(dict.fromkeys(reversed(named)))
    return found if len(found) > 1 else []


# "back to the first one", "going back to the second", "return to the first", "the first one again"
_GOES_BACK = re.compile(r"\b(?:back\s+to|return(?:ing)?\s+to|revisit\w*)\b|\bone\s+again\b", re.IGNORECASE)


def with_listed_instance(
    calls: list[ToolCall],
    text: str,
    history: Sequence[Message],
    specs: Sequence[FunctionSpec],
    schema: HostSchema | None,
) -> list[ToolCall]:
    """The calls, with the instance "the second one" names in the last list of instances, if the turn names no id.

    A turn that goes back ("back to the first one", "the first one again") counts over every instance the dialogue
    was about, not over the last few turns: it returns to where the dialogue began.
    """
    noun = schema.instance_noun if schema is not None else None
    position = ordinal(text, noun)
    if position is not None and _GOES_BACK.search(text):
        listed = instances_in_order(history, lookback=len(history))
    else:  # "the second run" right after a group's answer: the second of the ids it showed
        listed = (
            (shown_group_ids(history) or listed_instances(history) or instances_in_order(history))
            if position is not None
            else []
        )
    if position is None or not -len(listed) <= position < len(listed) or extract_ids(text, schema):
        return calls
    return with_instance(calls, listed[position], specs)


def with_instance_in_focus(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls with the instance in focus where the turn names none by id: the speaker's own ("im 5419"),
    one named in a question no call answered, or the position in the last list ("the second one").
    """
    if about_several(text, request.host):
        return with_several(calls, text, history, request)
    calls = with_speaker_instance(calls, text, request.functions, request.host)
    calls = with_named_instance(calls, history, request.functions, request.host)
    return with_listed_instance(calls, text, history, request.functions, request.host)


# A plural reference to instances the last answer listed: "why are they both progressing?", "and those two?".
_LISTED_REFERENCE = re.compile(r"\b(?:they|them|those|these|both|each)\b", re.IGNORECASE)


def with_several(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls of a turn about several instances, where a call names no instance.

    "why are they both progressing?" right after "compare patients 3 and 4" is one call per listed instance;
    "which ones are progressing?" asks for the group the model predicts so ("prediction = progressing"), and "the
    ones who were approved" names it for any function; any other turn keeps no instance, so the engine asks
    for a group or one instance instead of using the one in focus. A ranking ("which are most likely
    progressing?") is no group: it is asked about too.
    """
    schema = request.host
    takes = _instance_takers(request.functions)
    if schema is None or not any(c.name in takes and c.arguments.get("instance") in (None, "") for c in calls):
        return calls
    listed = listed_instances(history) if _LISTED_REFERENCE.search(text) else []
    if len(listed) > 1 and len(calls) == 1:
        return [calls[0].model_copy(update={"arguments": {**calls[0].arguments, "instance": one}}) for one in listed]
    group = class_group(text, schema)  # "and the ones who were approved, why?"
    functions = takes
    label = named_class(text, schema)
    if (
        group is None
        and label is not None
        and not ranks_instances(text)
        and (asks_for_instances(text, schema) or _SHOW_SOME.search(text))
    ):
        group, functions = f"prediction = {label}", {"get_prediction"}  # "which ones are progressing?"
    if group is None:
        return calls
    return [
        call.model_copy(update={"arguments": {**call.arguments, "instance": group}})
        if call.name in functions and call.arguments.get("instance") in (None, "")
        else call
        for call in calls
    ]


def subject_decision(
    decision: Decision, text: str, schema: HostSchema | None, specs: Sequence[FunctionSpec]
) -> Decision | None:
    """A sure prediction for a turn whose subject the selector's choice would miss, or None.

    "show me patient 20" is a new request for that instance, never "the same for" the previous question. A turn
    that asks which instances ("which reviews are most negative?", "show me the patients over 60") is a group's
    prediction when the selector is unsure, or sure of the global explanation or of the data card with a group:
    only a group's prediction lists instances; a global explanation ranks features or words, never reviews, and
    the data card takes no group (it would drop "over 60"), ranks nothing ("the most positive reviews") and lists
    no class's instances ("which patients are progressing?"). The data card stays for a turn that names no group,
    no class and ranks nothing ("which patients are in the data?"), and any
    other sure choice stands. With no group in the turn, the engine
    asks for a group or one instance.
    """
    takes = {s.name for s in specs if any(p.name == "instance" for p in s.parameters)}
    if "get_prediction" not in takes:
        return None
    if shows_instance(text, schema):
        return Decision("get_prediction", decision.confidence, True)
    if (
        decision.function in ("get_data_information", "get_global_explanation")
        and _SHOW_SOME.search(text)
        and (_names_a_group(text, schema) or (schema is not None and named_class(text, schema) is not None))
    ):
        return Decision("get_prediction", decision.confidence, True)  # "show me some smokers": their rows
    if (
        (decision.function in ("get_output_information", "get_global_explanation") or not decision.confident)
        and _HANDS_OUT.search(text)
        and _names_a_group(text, schema)
    ):
        return Decision("get_prediction", decision.confidence, True)  # "what outcomes does it give the over 60s"
    if not asks_for_instances(text, schema):
        return None
    if not decision.confident:
        return Decision("get_prediction", decision.confidence, True)
    if decision.function == "get_global_explanation" or (
        decision.function == "get_data_information"
        # "which trees are blighted?": a class names the group the predictions list
        and (
            _names_a_group(text, schema)
            or ranks_instances(text)
            or (schema is not None and named_class(text, schema) is not None)
        )
    ):
        return Decision("get_prediction", decision.confidence, True)
    return None  # the performance, the model card ("which patients is it unreliable for?"), an instance's own


# "show me some smokers", "list a few of the members predicted to claim": examples of a group, which only a group's
# prediction lists; "show me some stats on smokers" asks for figures, not rows.
_SHOW_SOME = re.compile(
    r"\b(?:show|list|display|give|pull\s+up)\s+(?:me\s+|us\s+)?(?:some|a\s+few|a\s+couple|a\s+handful|"
    r"examples|a\s+sample|\d+)\b(?:\s+(?:of|the|those|these))*\s+"
    r"(?!(?:[\w-]+\s+)?(?:stats?|statistics|numbers|figures|info|information|details|summary|facts|charts?|"
    r"plots?|graphs?|breakdown|distribution|metrics|features?|reasons?|explanations?)\b)",
    re.IGNORECASE,
)


# "what outcomes does the model assign to patients over 60", "what levels does it hand out on those days": the
# classes given to a group, which its prediction counts ("what weight does it give to age" asks for importance)
_HANDS_OUT = re.compile(
    r"\bwhat\s+(?!(?:weight|importance|emphasis|attention|priority|credit|accuracy|precision|recall|f1|score)\b)"
    r"(?:[\w-]+\s+){1,3}?(?:does|do|did|would|will)\s+(?:the\s+|this\s+|your\s+|our\s+)?(?:model|classifier|"
    r"system|it)\s+(?:give|gives|hand|hands|assign|assigns|put|puts|dish|spit|produce|produces|return|returns)\b",
    re.IGNORECASE,
)


def _names_a_group(text: str, schema: HostSchema | None) -> bool:
    group = extract_argument("instance", text, schema) if schema is not None else None
    return isinstance(group, str) and group != "all" and (schema is None or schema.kind != "text" or "=" in group)
