"""The router's reading of fragments that continue a dialogue, around the follow-ups of `_router_followup`.

- An instance with a description ("and for my dad, patient 203?") is the previous question about that
  instance (`described_instance`).
- A bare number with two readings ("and 40?" after "blood pressure up by 20") is asked about
  (`readings_reply`), so is "she" right after an answer about two instances (`reference_readings`), and the
  next turn's pick makes the call (`picked_reading_call`).
- A fragment after the router's own question between two functions ("and for the over 60s?" after "do you
  want the performance (1) or an explanation (2)?") answers it when only one option takes what the fragment
  names, and asks again, with the fragment as the question, when both do (`continued_question`).
- A call the engine turned into a question ("Which metric would you like?") is the previous call for a
  follow-up that is no answer to it ("and men?"): `with_pending_call`.
- "can you give me three" after a counterfactual asks for three (`count_follow_up`); "and silver?" after a
  question on `plan = gold` asks it on `plan = silver` (`category_follow_up`).
- "the second one" is the second instance of the last answer that listed several (`with_listed_instance`);
  "yes, the counterfactual" after our question picks the option it names (`named_option`).
- "im 5419" names the speaker's instance when the call has none (`with_speaker_instance`); so does an
  instance named in a question that got no answer ("appl 140 approved?" -> our question -> "why not
  approved"): it is the instance in focus until a call runs on another (`with_named_instance`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from simxai.backends._router_arguments import calls_for
from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import only_names_instance
from simxai.backends._router_replies import CLARIFICATION_PREFIX
from simxai.backends.base import CLARIFY, CompletionRequest, CompletionResponse
from simxai.extraction import extract_argument, extract_ids, extract_metric
from simxai.followup import last_call
from simxai.followup_fragment import (
    asked_count,
    count_parameter,
    ordinal,
    speaker_instance,
    spec_vocabulary,
    swapped_category,
    without_description,
)
from simxai.followup_readings import Reading, number_readings, picked_reading, readings_question
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall
from simxai.registry import FunctionSpec

__all__ = [
    "answer_or_question",
    "fragment_decision",
    "category_follow_up",
    "continued_question",
    "count_follow_up",
    "described_instance",
    "names_stored_instance",
    "picked_reading_call",
    "readings_reply",
    "reference_readings",
    "listed_instances",
    "with_instance_in_focus",
    "named_option",
    "with_listed_instance",
    "with_named_instance",
    "with_pending_call",
    "with_speaker_instance",
]

#: How the router decides a turn: `RouterBackend._decide(text, history, request)`.
Decide = Callable[[str, Sequence[Message], CompletionRequest], Decision]

# A word that asks something of its own: a fragment holding one is a request, not an answer to our question.
_ASKS = re.compile(
    r"\b(?:what|why|how|which|who|show|tell|give|explain|predict\w*|list|describe|compare|if|would|could)\b",
    re.IGNORECASE,
)
_CONTINUES = re.compile(r"^\W*(?:and|but|also|now|then|same|what\s+about|how\s+about|for|on|among)\b", re.IGNORECASE)


def described_instance(masked: str, request: CompletionRequest) -> bool:
    """Whether a turn names an instance and only describes it besides ("and for my dad, patient 203?")."""
    rest = without_description(masked, spec_vocabulary(request.functions))
    return rest is not None and only_names_instance(rest, request.host)


def names_stored_instance(masked: str, schema: HostSchema | None) -> bool:
    """Whether a masked turn names an instance by the host's noun and an id ("review NUM is mine, ...")."""
    if schema is None or not schema.instance_noun:
        return False
    noun = re.escape(schema.instance_noun.lower())
    return re.search(rf"\b{noun}s?\s?(?:number\s|no\.?\s?|#\s?)?NUM\b", masked, re.IGNORECASE) is not None


def readings_reply(text: str, history: Sequence[Message], request: CompletionRequest) -> CompletionResponse | None:
    """The question between two readings of a follow-up ("and 40?"), or None when it has one reading."""
    readings = number_readings(text, last_call(history), request.host)
    if readings is None or any(r.function not in {s.name for s in request.functions} for r in readings):
        return None
    return CompletionResponse(content=readings_question(readings), model="router", finish_reason=CLARIFY)


def picked_reading_call(
    text: str, history: Sequence[Message], request: CompletionRequest, decide: Decide
) -> Decision | None:
    """The reading `text` picks after the router asked between two ("1", "the second"), as a decision."""
    picked = picked_reading(text, history)
    if picked is None:
        return None
    end, option = picked
    asked, earlier = history[end].content, history[:end]
    readings = number_readings(asked, last_call(earlier), request.host) or reference_readings(
        asked, earlier, request, decide
    )
    if readings is None:
        return None
    chosen = readings[option]
    return Decision(chosen.function, 1.0, True, arguments=dict(chosen.arguments))


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


def continued_question(
    text: str,
    masked: str,
    history: Sequence[Message],
    request: CompletionRequest,
    decide: Callable[[str, Sequence[Message]], Decision],
) -> Decision | None:
    """A fragment after the router asked between two functions: the option it fits, or the question again.

    `decide(question, its history)` routes the question asked before; its two likeliest functions are the
    options. A fragment names an instance, a group or a metric and asks nothing of its own; its arguments
    are read from it. None when the last turn is no such question, `text` is no fragment, or no option takes
    what it names.
    """
    if len(history) < 2 or history[-2].role != "user":
        return None
    asked = history[-1]
    if asked.role != "assistant" or asked.tool_calls or not asked.content.startswith(CLARIFICATION_PREFIX):
        return None
    named = _fragment_names(text, masked, request)
    if not named:
        return None
    offered = decide(history[-2].content, history[:-2])
    options = [f for f in (offered.function, offered.runner_up) if f is not None]
    takes = {s.name: {p.name for p in s.parameters} for s in request.functions}
    fitting = [f for f in options if named <= takes.get(f, set())]
    if len(fitting) == 1:
        return Decision(fitting[0], 1.0, True)
    if len(fitting) == 2:
        # both options take it: ask again, now about the fragment (its answer "1" routes the fragment)
        return Decision(fitting[0], offered.confidence, False, runner_up=fitting[1])
    return None


def _fragment_names(text: str, masked: str, request: CompletionRequest) -> set[str]:
    """The arguments a fragment names ("and for the over 60s?" -> {"group"}), or none when it asks something."""
    schema = request.host
    if _ASKS.search(masked) or len(text.split()) > 8:
        return set()
    if only_names_instance(masked, schema) or described_instance(masked, request):
        if "GROUP" not in masked:
            return {"instance"}
    named = set()
    if schema is not None and schema.kind == "tabular" and _CONTINUES.match(text):
        if extract_argument("group", text, schema) is not None and not extract_ids(text, schema):
            named.add("group")
    if extract_metric(text) is not None and len(text.split()) <= 5:
        named.add("metric")
    return named


def with_pending_call(history: Sequence[Message]) -> list[Message]:
    """`history` with the call the engine last turned into a question counted as the previous call.

    After "is it fair to women" -> "Which metric would you like?", the turn "and men?" is no answer: it moves
    the waiting call to another group. The waiting call's result (an error saying what was missing) is read
    as a call that ran with no output, so the follow-ups of `_router_followup` read it as the previous call.
    """
    messages = list(history)
    if len(messages) < 3:
        return messages
    final = messages[-1]
    if final.role != "assistant" or final.tool_calls or not final.content.rstrip().endswith("?"):
        return messages
    if final.content.startswith(CLARIFICATION_PREFIX):
        return messages
    index = len(messages) - 2
    while index >= 0 and messages[index].role == "tool":
        index -= 1
    if index < 0 or messages[index].role != "assistant" or not messages[index].tool_calls:
        return messages
    for position in range(index + 1, len(messages) - 1):
        tool = messages[position]
        try:
            payload = json.loads(tool.content)
        except ValueError:
            continue
        if isinstance(payload, dict) and "error" in payload:
            messages[position] = tool.model_copy(update={"content": json.dumps({"result": None})})
    return messages


def count_follow_up(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The previous call again with the count a turn asks for ("can you give me three"), or None."""
    previous = last_call(history)
    if previous is None:
        return None
    spec = next((s for s in request.functions if s.name == previous.name), None)
    parameter = count_parameter(spec) if spec is not None else None
    count = asked_count(text, request.host) if parameter is not None else None
    if parameter is None or count is None:
        return None
    return Decision(previous.name, 1.0, True, arguments={**previous.arguments, parameter: count})


def with_speaker_instance(
    calls: list[ToolCall], text: str, specs: Sequence[FunctionSpec], schema: HostSchema | None
) -> list[ToolCall]:
    """The calls, with the id the speaker gave for themselves ("im 5419") where a call names no instance."""
    speaker = speaker_instance(text, schema)
    if speaker is None:
        return calls
    takes = {s.name for s in specs if any(p.name == "instance" for p in s.parameters)}
    return [
        call.model_copy(update={"arguments": {**call.arguments, "instance": speaker}})
        if call.name in takes and call.arguments.get("instance") in (None, "")
        else call
        for call in calls
    ]


def category_follow_up(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The previous call on another category of its one-clause group ("and silver?" after `plan = gold`)."""
    previous = last_call(history)
    if previous is None or request.host is None or request.host.kind != "tabular":
        return None
    for name in ("group", "instance"):
        condition = previous.arguments.get(name)
        swapped = swapped_category(text, condition, request.host) if isinstance(condition, str) else None
        if swapped is not None:
            return Decision(previous.name, 1.0, True, arguments={**previous.arguments, name: swapped})
    return None


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
    takes = {s.name for s in specs if any(p.name == "instance" for p in s.parameters)}
    if schema is None or not any(c.name in takes and c.arguments.get("instance") in (None, "") for c in calls):
        return calls
    named = _last_named_instance(history, takes, schema)
    if named is None:
        return calls
    return [
        call.model_copy(update={"arguments": {**call.arguments, "instance": named}})
        if call.name in takes and call.arguments.get("instance") in (None, "")
        else call
        for call in calls
    ]


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
    """The instances of the last assistant turn that called a function on several, up to three turns back."""
    users = 0
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
    return []


def with_listed_instance(
    calls: list[ToolCall],
    text: str,
    history: Sequence[Message],
    specs: Sequence[FunctionSpec],
    schema: HostSchema | None,
) -> list[ToolCall]:
    """The calls, with the instance "the second one" names in the last list of instances, if the turn names no id."""
    noun = schema.instance_noun if schema is not None else None
    position = ordinal(text, noun)
    listed = listed_instances(history) if position is not None else []
    if position is None or not -len(listed) <= position < len(listed) or extract_ids(text, schema):
        return calls
    takes = {s.name for s in specs if any(p.name == "instance" for p in s.parameters)}
    return [
        call.model_copy(update={"arguments": {**call.arguments, "instance": listed[position]}})
        if call.name in takes
        else call
        for call in calls
    ]


_YES_THE = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|sure|please)\W+)*(?:the\s)?(?P<rest>.+?)(?:\W+please)?\W*$", re.I
)


def named_option(
    text: str,
    history: Sequence[Message],
    request: CompletionRequest,
    decide: Callable[[str, Sequence[Message]], Decision],
    score: Callable[[str], Decision],
) -> tuple[Decision, str, list[Message]] | None:
    """After our question between two functions, a short answer that names one by its words ("yes, the
    counterfactual"): that function for the question asked before, its text and history; else None.
    """
    if len(history) < 2 or history[-2].role != "user" or len(text.split()) > 6:
        return None
    asked = history[-1]
    if asked.role != "assistant" or asked.tool_calls or not asked.content.startswith(CLARIFICATION_PREFIX):
        return None
    if extract_ids(text, request.host) or _ASKS.search(text):
        return None  # a request of its own, or an instance (`continued_question`)
    match = _YES_THE.match(text)
    chosen = score(match.group("rest") if match else text)
    offered = decide(history[-2].content, history[:-2])
    if chosen.function is None or chosen.function not in (offered.function, offered.runner_up):
        return None
    return Decision(chosen.function, 1.0, True), history[-2].content, list(history[:-2])


def with_instance_in_focus(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls with the instance in focus where the turn names none by id: the speaker's own ("im 5419"),
    one named in a question no call answered, or the position in the last list ("the second one").
    """
    calls = with_speaker_instance(calls, text, request.functions, request.host)
    calls = with_named_instance(calls, history, request.functions, request.host)
    return with_listed_instance(calls, text, history, request.functions, request.host)


def answer_or_question(
    text: str,
    history: Sequence[Message],
    request: CompletionRequest,
    decide: Decide,
    score: Callable[[str, CompletionRequest], Decision],
) -> CompletionResponse | tuple[Decision, str, list[Message]] | None:
    """Before routing a turn: our question between two readings of it, or the answer to one of our questions.

    A pick between readings ("2") is the reading's call; a bare number with two readings ("and 40?") gets
    the question; after our question between two functions, an option named by its words ("yes, the
    counterfactual") is that function for the question asked before (with that question's text and history).
    """
    picked = picked_reading_call(text, history, request, decide)
    if picked is not None:
        return picked, text, list(history)
    readings = readings_reply(text, history, request)
    if readings is not None:
        return readings
    pair = reference_readings(text, history, request, decide)
    if pair is not None:  # "why is she progressing?" after an answer about patients 3 and 4
        return CompletionResponse(content=readings_question(pair), model="router", finish_reason=CLARIFY)
    return named_option(text, history, request, lambda q, h: decide(q, h, request), lambda t: score(t, request))


def fragment_decision(
    text: str, masked: str, history: Sequence[Message], request: CompletionRequest, decide: Decide
) -> Decision | None:
    """A fragment's decision: an answer to our question ("and for the over 60s?"), a count ("give me three")
    or another category ("and silver?"); None for any other turn.
    """
    continued = continued_question(text, masked, history, request, lambda q, h: decide(q, h, request))
    if continued is not None:
        return continued
    return count_follow_up(text, history, request) or category_follow_up(text, history, request)
