"""Round 42 (dlg42), on an invented ropeway's cabin checks before the morning run (run / slow / halt), in our own
wording: a count asked of a group that no call answered on that group, narrowed by the next turn ("just the ones with
wind over 40"); a counterfactual that names no goal right after a why-not ("what would it take to get there?"); a
correction that names the host's noun and an id the last turn did not say ("sorry, I meant cabin 512" after a
question about the cabin in focus); and "how sure is it on that cabin" as a bare confidence question.
"""

from __future__ import annotations

import json

import pytest

from simxai.backends._dialogue_labels import with_goal_of_why_not
from simxai.backends._dialogue_narrowing import narrowed_count
from simxai.backends._dialogue_repair import correction_readings
from simxai.backends._router_bare_confidence import bare_confidence_decision
from simxai.backends._router_decision import Decision
from simxai.backends._router_replies import CLARIFICATION_PREFIX
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import after, route

CABINS = HostSchema(
    name="ropeway cabin checks",
    kind="tabular",
    instance_noun="cabin",
    class_names=["run", "slow", "halt"],
    features=[
        FeatureSchema(name="line", type="categorical", categories=["upper line", "valley line"]),
        FeatureSchema(name="wind (km/h)", type="numeric", min=0, max=90),
        FeatureSchema(name="IceOnCable", type="numeric", min=0, max=25),
        FeatureSchema(name="riders_waiting", type="numeric", min=0, max=400),
    ],
    id_range=(501, 760),
)
FUNCTIONS = default_registry().specs()
_ASKED = f"{CLARIFICATION_PREFIX} do you want me to describe the model's data (1), or to predict ... (2)?"


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _request(history: list[Message], text: str) -> CompletionRequest:
    return CompletionRequest(messages=[*history, Message.user(text)], host=CABINS, functions=FUNCTIONS)


def _ran(name: str, arguments: dict[str, object], output: dict[str, object], said: str) -> list[Message]:
    """A user's turn and one call of `name` with `arguments` whose result is `output`."""
    call = ToolCall(id="call_0", name=name, arguments=arguments)
    return [
        Message.user(said),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"result": output})),
        Message.assistant("Done."),
    ]


# --- a count asked of a group no call answered, then narrowed ------------------------------------------------------


@pytest.mark.parametrize(
    "history",
    [
        [Message.user("how many cabins on the valley line does it halt"), Message.assistant(_ASKED)],
        after("get_model_information", "how many cabins on the valley line does it halt"),
    ],
    ids=["our question came back", "a call that takes no group ran"],
)
def test_a_narrowing_after_an_unanswered_count_counts_the_narrower_group(history: list[Message]) -> None:
    text = "just the ones with wind over 40"
    decision = narrowed_count(text, history, _request(history, text))
    assert decision == Decision(
        "get_prediction", 1.0, True, arguments={"instance": "line = valley line and wind (km/h) > 40"}
    )


def test_the_narrowed_count_is_routed(router: RouterBackend) -> None:
    history = [Message.user("how many cabins on the valley line does it halt"), Message.assistant(_ASKED)]
    question, called = route(router, "of those only the ones with wind over 40", CABINS, history)
    assert question == ""
    assert called == [("get_prediction", {"instance": "line = valley line and wind (km/h) > 40"})]


@pytest.mark.parametrize(
    ("said", "history_call"),
    [
        ("tell me about the valley line cabins", None),  # no count was asked
        ("how many cabins on the valley line does it halt", ("get_prediction", "line = valley line")),  # answered
    ],
)
def test_no_narrowed_count_without_an_unanswered_count(said: str, history_call: tuple[str, str] | None) -> None:
    if history_call is None:
        history = [Message.user(said), Message.assistant(_ASKED)]
    else:
        history = after(history_call[0], said, instance=history_call[1])
    text = "just the ones with wind over 40"
    assert narrowed_count(text, history, _request(history, text)) is None


def test_a_turn_that_does_not_narrow_is_no_narrowed_count() -> None:
    history = [Message.user("how many cabins on the valley line does it halt"), Message.assistant(_ASKED)]
    text = "what is the wind like on the upper line"
    assert narrowed_count(text, history, _request(history, text)) is None


# --- the goal of the why-not just answered -------------------------------------------------------------------------


def _why_not(instance: int, expected: str) -> list[Message]:
    return _ran("explain_why_not", {"instance": instance, "expected_label": expected}, {}, f"why is {instance} no run")


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"instance": 533}, {"instance": 533, "target_label": "run"}),  # the goal said one turn before
        ({}, {"target_label": "run"}),  # the engine fills the cabin in focus
        ({"instance": 533, "target_label": "slow"}, {"instance": 533, "target_label": "slow"}),  # a goal said anew
        ({"instance": 534}, {"instance": 534}),  # another cabin: no goal carried
    ],
)
def test_a_counterfactual_after_a_why_not_seeks_its_label(
    arguments: dict[str, object], expected: dict[str, object]
) -> None:
    call = ToolCall(id="call_0", name="explain_how_to_be_that", arguments=arguments)
    [kept] = with_goal_of_why_not([call], _why_not(533, "run"))
    assert kept.arguments == expected


def test_no_goal_is_carried_after_another_question() -> None:
    history = _ran("get_prediction", {"instance": 533}, {}, "533 today?")
    call = ToolCall(id="call_0", name="explain_how_to_be_that", arguments={"instance": 533})
    assert with_goal_of_why_not([call], history)[0].arguments == {"instance": 533}


def test_what_it_would_take_after_a_why_not_is_routed_to_that_label(router: RouterBackend) -> None:
    history = _why_not(533, "run")
    question, called = route(router, "ok and what would it take to get there", CABINS, history)
    assert question == ""
    assert called == [("explain_how_to_be_that", {"target_label": "run"})]  # the engine fills the cabin in focus


# --- a correction by the host's noun, of an id the last turn did not say -------------------------------------------


def _counterfactual_in_focus() -> list[Message]:
    """A counterfactual whose cabin the engine filled: the call names none, its output's subject does."""
    output = {"subject": {"kind": "row", "id": 533}, "target_label": "run"}
    return _ran("explain_how_to_be_that", {"target_label": "run"}, output, "what would make it run")


def test_a_correction_by_noun_replaces_the_cabin_in_focus() -> None:
    [reading] = correction_readings("sorry, I meant cabin 512", _counterfactual_in_focus(), CABINS)
    assert reading.function == "explain_how_to_be_that"
    assert reading.arguments == {"target_label": "run", "instance": 512}


def test_a_bare_number_correction_of_an_id_nobody_said_is_the_cabin_when_nothing_else_can_take_it() -> None:
    # "sorry, I meant 512" names no cabin and the last turn said no id, but the call was about cabin 533 (its output's
    # subject) and no other argument can take 512: since dlg46 it is the cabin, as it is when the call names 533
    # itself (dlg43); whether the engine or the router filled the cabin in is nothing the user can see
    [reading] = correction_readings("sorry, I meant 512", _counterfactual_in_focus(), CABINS)
    assert reading.arguments == {"target_label": "run", "instance": 512}


# --- "how sure is it on that cabin" -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how sure is it on that cabin anyway", {"instance": 533}),
        ("how sure is it about this cabin", {"instance": 533}),
        ("how sure is it on that line", None),  # a line is no cabin: not a bare question about the one in focus
    ],
)
def test_a_confidence_question_about_that_cabin(text: str, expected: dict[str, object] | None) -> None:
    history = _ran("get_prediction", {"instance": 533}, {"label": "slow"}, "533 today?")
    names = {s.name for s in FUNCTIONS}
    decision = bare_confidence_decision(Decision(None, 0.4, False), text, history, names, CABINS)
    assert (decision.arguments if decision is not None else None) == expected
