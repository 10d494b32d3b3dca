"""The router's reading of fragments that continue a dialogue, around the follow-ups of `_router_followup`.

- An instance with a description ("and for my dad, patient 203?") is the previous question about that
  instance (`described_instance`).
- A bare number with two readings ("and 40?" after "blood pressure up by 20") is asked about
  (`readings_reply`), so is "she" right after an answer about two instances (`_dialogue_focus.reference_readings`),
  and the next turn's pick makes the call (`picked_reading_call`).
- A fragment after the router's own question between two functions ("and for the over 60s?" after "do you
  want the performance (1) or an explanation (2)?") answers it when only one option takes what the fragment
  names, and asks again, with the fragment as the question, when both do (`continued_question`).
- A call the engine turned into a question ("Which metric would you like?") is the previous call for a
  follow-up that is no answer to it ("and men?"): `with_pending_call`.
- "can you give me three" after a counterfactual asks for three (`count_follow_up`); "and silver?" after a
  question on `plan = gold` asks it on `plan = silver` (`category_follow_up`).
- "it was 305020" after the router's question about a group it could not read asks the question before about
  that instance (`_router_group_answer`).
- "how sure was it originally?" after a what-if asks the changed instance's own prediction
  (`_router_original.original_prediction`).
- "yes, the counterfactual" after our question picks the option it names (`named_option`).
- The instance in focus when a turn names none by id ("im 5419", an id named in an unanswered question, "the
  second one", "she" after two instances) is read by `_dialogue_focus`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from simxai.backends._dialogue_focus import Decide, reference_readings, with_instance_in_focus
from simxai.backends._dialogue_labels import reading_by_label, subject_id, with_references
from simxai.backends._dialogue_lone_group import lone_category_group
from simxai.backends._dialogue_narrowing import narrowed_count
from simxai.backends._dialogue_repair import correction_readings, repair_decision
from simxai.backends._dialogue_undo import scenario_decision
from simxai.backends._router_arguments import calls_for
from simxai.backends._router_decision import Decision
from simxai.backends._router_focus_count import counted_in_focus
from simxai.backends._router_group_answer import instance_for_group_question
from simxai.backends._router_group_bound import group_for_group_question
from simxai.backends._router_group_correction import corrected_group
from simxai.backends._router_group_reference import with_group_referred
from simxai.backends._router_masking import mask, only_names_instance
from simxai.backends._router_narrowed import narrowed
from simxai.backends._router_original import original_prediction
from simxai.backends._router_replies import CLARIFICATION_PREFIX, accepted_offer, lone_letter, reply, spelled_why
from simxai.backends._router_statistic_asked import statistic_asked
from simxai.backends._router_step_correction import corrected_share
from simxai.backends._router_without import without_follow_up
from simxai.backends.base import CLARIFY, CompletionRequest, CompletionResponse
from simxai.extraction import extract_argument, extract_ids, extract_instance, extract_metric
from simxai.followup import last_call
from simxai.followup_fragment import (
    asked_count,
    count_parameter,
    spec_vocabulary,
    swapped_category,
    without_description,
)
from simxai.followup_readings import asked_last, label_readings, number_readings, picked_reading, readings_question
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall

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
    "named_option",
    "with_instances_read",
    "settled_by_labels",
    "with_pending_call",
]

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
    readings = number_readings(text, last_call(history), request.host) or label_readings(text, request.host)
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
    readings = (
        number_readings(asked, last_call(earlier), request.host)
        or label_readings(asked, request.host)
        or reference_readings(asked, earlier, request, decide)
    )
    if readings is None:
        corrected = correction_readings(asked, earlier, request.host)  # "no, I meant 14" read two ways
        readings = (corrected[0], corrected[1]) if len(corrected) == 2 else None
    if readings is None:
        return None
    chosen = readings[option]
    return Decision(chosen.function, 1.0, True, arguments=dict(chosen.arguments))


#: How much surer than the question asked before its question and fragment together must be to settle between
#: the two options (0.565 -> 0.619 for "what would change its label?" + "and for review 9?" is no answer).
_SETTLES = 0.1


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
    if not asked_last(history, CLARIFICATION_PREFIX):
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
        # both options take it: the question with the piece it lacked may settle it ("grade? 108236" after
        # "the fleece from the old ewe. grade?") when it moves the choice clearly (`_SETTLES`: a few hundredths
        # over the threshold is the fragment's noise, not an answer); else ask again, about the fragment ("1"
        # routes the fragment)
        whole = decide(f"{history[-2].content} {text}", history[:-2])
        if whole.confident and whole.function in fitting and whole.confidence - offered.confidence >= _SETTLES:
            return Decision(whole.function, whole.confidence, True)
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
    # a question may end in its example: 'What should change? For example "what if the age were 53?".'
    if final.role != "assistant" or final.tool_calls or "?" not in final.content:
        return messages
    if final.content.startswith(CLARIFICATION_PREFIX):
        return messages
    index = len(messages) - 2
    while index >= 0 and messages[index].role == "tool":
        index -= 1
    if index < 0 or messages[index].role != "assistant" or not messages[index].tool_calls:
        return messages
    calls = list(messages[index].tool_calls)
    for position in range(index + 1, len(messages) - 1):
        tool = messages[position]
        try:
            payload = json.loads(tool.content)
        except ValueError:
            continue
        if isinstance(payload, dict) and "error" in payload:
            messages[position] = tool.model_copy(update={"content": json.dumps({"result": None})})
            calls = [_without_rejected(c, str(payload["error"])) if c.id == tool.tool_call_id else c for c in calls]
    messages[index] = messages[index].model_copy(update={"tool_calls": calls})
    return messages


def _refused(value: str, error: str) -> bool:
    """Whether `error` refuses `value` ("cannot be scored on 'women'"), not only quotes it beside a question."""
    return re.search(rf"\b(?:cannot|can't|no|not|unknown)\b[^.']*'{re.escape(value)}'", error, re.I) is not None


def _without_rejected(call: ToolCall, error: str) -> ToolCall:
    """`call` without the arguments its error names as unreadable: after "the model cannot be scored on 'women'",
    the waiting call holds no group, so a later turn ("and on the test set?") never carries the rejected one.
    """
    kept = {k: v for k, v in call.arguments.items() if not (isinstance(v, str) and _refused(v, error))}
    return call.model_copy(update={"arguments": kept})


def count_follow_up(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The previous call again with the count a turn asks for ("can you give me three"), or None."""
    previous = last_call(history)
    if previous is None:
        return None
    spec = next((s for s in request.functions if s.name == previous.name), None)
    parameter = count_parameter(spec) if spec is not None else None
    if parameter is None and previous.name == "explain_why_not":
        return _more_ways(text, previous, request)
    count = asked_count(text, request.host) if parameter is not None else None
    if parameter is None or count is None:
        return None
    return Decision(previous.name, 1.0, True, arguments={**previous.arguments, parameter: count})


def _more_ways(text: str, previous: Any, request: CompletionRequest) -> Decision | None:
    """After a why-not, whose answer is one set of changes that reaches the expected label, a count ("give me two
    of those") asks for that many sets of changes to the same label (`explain_how_to_be_that`); else None.
    """
    spec = next((s for s in request.functions if s.name == "explain_how_to_be_that"), None)
    parameter = count_parameter(spec) if spec is not None else None
    count = asked_count(text, request.host) if parameter is not None else None
    output = previous.output if isinstance(previous.output, dict) else {}
    target = previous.arguments.get("expected_label") or output.get("target_label")
    instance = previous.arguments.get("instance")
    if instance is None:  # the engine filled it from the dialogue: the instance the answer was about
        instance = subject_id(previous)
    if parameter is None or count is None or not isinstance(target, str) or instance is None:
        return None
    arguments = {"instance": instance, "target_label": target, parameter: count}
    return Decision("explain_how_to_be_that", 1.0, True, arguments=arguments)


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
    if len(text.split()) > 6 or not asked_last(history, CLARIFICATION_PREFIX):
        return None
    if extract_ids(text, request.host) or _ASKS.search(text):
        return None  # a request of its own, or an instance (`continued_question`)
    match = _YES_THE.match(text)
    chosen = score(match.group("rest") if match else text)
    offered = decide(history[-2].content, history[:-2])
    if chosen.function is None or chosen.function not in (offered.function, offered.runner_up):
        return None
    return Decision(chosen.function, 1.0, True), history[-2].content, list(history[:-2])


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
    counterfactual") is that function for the question asked before (with that question's text and history); a
    repair of the previous call ("no, I meant 14", "both together": `_dialogue_repair`) is that call repaired.
    """
    # "y" after "... ask why it does not predict rest.": that question; "y" after an answer that offered nothing: why
    offered = accepted_offer(text, history) or spelled_why(text, history)
    if offered is not None:
        return decide(offered, history, request), offered, list(history)
    if lone_letter(text):  # "y" with no answer of ours to explain and no offer to accept: nothing to call
        return CompletionResponse(
            content=reply(text, request.functions, request.host), model="router", finish_reason="stop"
        )
    statistic = statistic_asked(text, history, request.host, {s.name for s in request.functions})
    if isinstance(statistic, str):  # "no, I meant the 90th percentile": a statistic the summary does not give
        return CompletionResponse(content=statistic, model="router", finish_reason="stop")
    if statistic is not None:  # "no, I meant the median": the last summary's feature (and group) again
        return Decision("get_data_information", 1.0, True, arguments=statistic), text, list(history)
    picked = picked_reading_call(text, history, request, decide)
    if picked is not None:
        return picked, text, list(history)
    readings = readings_reply(text, history, request)
    if readings is not None:
        return readings
    pair = reference_readings(text, history, request, decide)
    if pair is not None:  # "why is she progressing?" after an answer about patients 3 and 4
        by_label = reading_by_label(pair, text, history, request.host)
        if by_label is not None:  # ... of whom only one is predicted progressing
            return Decision(by_label.function, 1.0, True, arguments=dict(by_label.arguments)), text, list(history)
        return CompletionResponse(content=readings_question(pair), model="router", finish_reason=CLARIFY)
    counted = narrowed_count(text, history, request)  # "just the ones over 2 m" after "how many ...?" got a question
    if counted is not None:
        return counted, text, list(history)
    if asked_last(history, CLARIFICATION_PREFIX) and _fragment_names(text, mask(text, request.host), request):
        return None  # "and for the over 60s?": the option that takes what it names, with it (`continued_question`)
    named = named_option(text, history, request, lambda q, h: decide(q, h, request), lambda t: score(t, request))
    if named is not None:
        return named
    # "no, I meant 14" (asked about when 14 can replace the id or the value), "bmi not age", "both together"
    repaired = corrected_share(text, history) or repair_decision(text, history, request)  # "sorry, I mean by half"
    if repaired is None:  # "no, above 35 degrees": that bound replaced, the group's other bounds kept
        repaired = corrected_group(text, history, request)
    return repaired if not isinstance(repaired, Decision) else (repaired, text, list(history))


def with_instances_read(
    calls: list[ToolCall], text: str, history: Sequence[Message], request: CompletionRequest
) -> list[ToolCall]:
    """The calls with the instance in focus where the turn names none (`_dialogue_focus`), then "the other one",
    "the first approved" and a why-not of the label already given read (`_dialogue_labels`), and a group in focus
    narrowed by the turn ("how many of them are ...": `_router_narrowed`) or kept where the turn refers back to it
    ("what does it predict for those?": `_router_group_reference`), or counted ("how many oak casks are in the
    data?" right after a question about them: `_router_focus_count`).
    """
    calls = with_references(with_instance_in_focus(calls, text, history, request), text, history, request)
    calls = narrowed(calls, text, history, request.host)
    return counted_in_focus(with_group_referred(calls, text, history, request.host), text, history, request.host)


def settled_by_labels(
    decision: Decision, text: str, history: Sequence[Message], request: CompletionRequest
) -> Decision | None:
    """Unsure between the why-not and the explanation of one instance, a why-not of the label the answers already
    gave that instance ("and why is the other progressing?" about the one predicted progressing) is its explanation
    (`with_known_labels`): the options collapse to one, so it is answered, not asked; None otherwise.
    """
    pair = {decision.function, decision.runner_up}
    specs = {s.name: s for s in request.functions}
    if pair != {"explain_why_not", "get_local_explanation"} or "explain_why_not" not in specs:
        return None
    asked = calls_for(specs["explain_why_not"], text, history, request.host)
    calls = with_instances_read(asked, text, history, request)
    if len(calls) != 1 or calls[0].name != "get_local_explanation":
        return None
    return Decision("get_local_explanation", decision.confidence, True, arguments=dict(calls[0].arguments))


def fragment_decision(
    text: str, masked: str, history: Sequence[Message], request: CompletionRequest, decide: Decide
) -> Decision | None:
    """A fragment's decision: an answer to our question ("and for the over 60s?"), a count ("give me three")
    or another category ("and silver?"); None for any other turn.
    """
    names = {s.name for s in request.functions}
    scenario = scenario_decision(text, history, request.host, names)  # "undo that", "same changes for him"
    continued = scenario or continued_question(text, masked, history, request, lambda q, h: decide(q, h, request))
    if continued is not None:
        return continued
    named = instance_for_group_question(text, history, request, lambda q, h: decide(q, h, request))
    if named is not None:
        return named  # "Which long wet race do you mean?" -> "it was 305020": the question asked, about 305020
    bounded = group_for_group_question(text, history, request, lambda q, h: decide(q, h, request))
    if bounded is not None:
        return bounded  # "Which cold towers do you mean?" -> "below 10 degrees": the question asked, on that group
    before = original_prediction(text, history, request.host, names)  # "how sure was it before the change?"
    without = without_follow_up(text, history, request.host)  # "and without" after "... with solar panels"
    categorical = category_follow_up(text, history, request) or lone_category_group(text, history, request)
    return before or count_follow_up(text, history, request) or categorical or without


# What a user asked of the previous question and still asks of the next instance ("show me two options" ->
# "and for 31058"): the goal, the label to keep ("to stay low risk"; a label the next one is not predicted is
# answered as such) and the count, never a label the last instance's own prediction named.
_KEPT = ("target_label", "kept_label", "number_of_iterations")
# "and the other kelp one, 4412?": words that say which one is meant, never a change to kelp
_OTHER_ONE = re.compile(r"\bother\s+(?:[\w-]+\s+)?one\b", re.IGNORECASE)


def kept_arguments(
    text: str, history: Sequence[Message], function: str, schema: HostSchema | None
) -> dict[str, Any] | None:
    """For "and for 31058" after a call of `function`: its goal and count with the new instance, or None (the
    arguments are then extracted from the turn as usual) when it had neither or the turn names no one instance.
    """
    calls = [c for m in history if m.role == "assistant" for c in m.tool_calls or [] if c.name == function]
    if not calls or schema is None:
        return None
    kept = {k: calls[-1].arguments[k] for k in _KEPT if k in calls[-1].arguments}
    instance = extract_instance(text, schema)
    if not isinstance(instance, int) or isinstance(instance, bool) or not (kept or _OTHER_ONE.search(text)):
        return None
    return {**kept, "instance": instance}
