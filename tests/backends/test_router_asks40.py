"""Round 40 (asks40), on an invented canal's lock gates (sound / repair), in our own wording: follow-ups whose words
are an answer or a subject, not a question, are asked about instead of answered by the selector's guess. An answer to
the router's question about a group that no reading took offers the question asked before first; another gate said
with more than its id offers the previous question about it first (the gate's own explanation after the model's
global one). A turn with a request of its own, or a selector choice that is the dialogue's own, stands.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_guess_asked import asked_instead, goes_on_to_one_instance, own_request
from simxai.backends.base import CLARIFY, CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import FUNCTIONS, after, route

GATES = HostSchema(
    name="canal lock gates",
    kind="tabular",
    instance_noun="gate",
    class_names=["sound", "repair"],
    features=[
        FeatureSchema(name="timber", type="categorical", categories=["oak", "elm", "steel"]),
        FeatureSchema(name="leak rate (l/min)", type="numeric", min=0, max=80),
        FeatureSchema(name="PaintAgeYears", type="numeric", min=0, max=25),
        FeatureSchema(name="openings per day", type="numeric", min=0, max=40),
    ],
    id_range=(150001, 150300),
)

_ASKED = "how does it cope with the leaky gates?"
_GROUP_QUESTION = [
    Message.user(_ASKED),
    Message.assistant(
        "Which leaky gates do you mean? No feature of the gates is called that: give a condition on one of timber, "
        "leak rate (l/min), PaintAgeYears, openings per day."
    ),
]
_GLOBAL = after("get_global_explanation", "what weighs most with the model overall?")


def _request(history: Sequence[Message], text: str) -> CompletionRequest:
    return CompletionRequest(messages=[*history, Message.user(text)], host=GATES, functions=FUNCTIONS)


def _decide_earlier(text: str, history: Sequence[Message]) -> Decision:
    """A stand-in for the router on the turn its group question was about: sure it asks for the performance."""
    assert text == _ASKED and not history
    return Decision("get_model_performance", 0.9, True)


def _sure(function: str) -> Decision:
    return Decision(function, 0.92, True)


# --- an answer to the router's question about a group ---------------------------------------------------------------


@pytest.mark.parametrize("text", ["leak rate above 30 l/min i mean", "the ones leaking over 30 litres, I mean."])
def test_an_answer_to_the_group_question_offers_the_question_asked_before(text: str) -> None:
    decision = asked_instead(
        _sure("get_data_information"), text, _GROUP_QUESTION, _request(_GROUP_QUESTION, text), _decide_earlier
    )
    assert decision == Decision("get_model_performance", 0.92, False, runner_up="get_data_information")


@pytest.mark.parametrize(
    ("text", "chosen"),
    [
        # a request of its own: the selector reads it
        ("leak rate above 30 i mean, what does it predict for those?", "get_prediction"),
        ("over 30 l/min. and which features matter most?", "get_global_explanation"),
        # the selector already reads the question asked before
        ("leak rate above 30 l/min i mean", "get_model_performance"),
    ],
)
def test_an_answer_with_its_own_request_or_the_same_function_stands(text: str, chosen: str) -> None:
    decision = asked_instead(_sure(chosen), text, _GROUP_QUESTION, _request(_GROUP_QUESTION, text), _decide_earlier)
    assert decision == _sure(chosen)


def test_an_unsure_choice_is_left_to_its_own_question() -> None:
    unsure = Decision("get_data_information", 0.5, False, runner_up="get_prediction")
    text = "leak rate above 30 l/min i mean"
    assert asked_instead(unsure, text, _GROUP_QUESTION, _request(_GROUP_QUESTION, text), _decide_earlier) is unsure


# --- another instance said with more than its id --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("righto, what about gate 150044 then?", True),
        ("and the next one along, 150045?", True),
        ("ok and gate 150044", True),
        # a request of its own, no going on, or not one instance
        ("and why is gate 150044 in repair?", False),
        ("and how sure is it about 150044?", False),
        ("gate 150044 please", False),
        ("what about gates 150044 and 150045?", False),
        ("and the oak ones?", False),
    ],
)
def test_goes_on_to_one_instance(text: str, expected: bool) -> None:
    assert goes_on_to_one_instance(text, _request([], text)) is expected


def test_own_request_reads_question_words_not_what_about() -> None:
    assert not own_request("what about 150044 then")
    assert own_request("what drives 150044")


def test_another_gate_after_the_global_explanation_offers_its_own_explanation_first() -> None:
    text = "righto, what about gate 150044 then?"
    decision = asked_instead(_sure("get_prediction"), text, _GLOBAL, _request(_GLOBAL, text), _decide_earlier)
    assert decision == Decision("get_local_explanation", 0.92, False, runner_up="get_prediction")


def test_another_gate_after_a_why_not_offers_the_why_not_first() -> None:
    history = after("explain_why_not", "why is 150010 not sound?", instance=150010, expected_label="sound")
    text = "and the next one along, 150011?"
    decision = asked_instead(_sure("get_prediction"), text, history, _request(history, text), _decide_earlier)
    assert decision == Decision("explain_why_not", 0.92, False, runner_up="get_prediction")


def test_another_gate_the_selector_reads_as_the_previous_question_stands() -> None:
    text = "righto, what about gate 150044 then?"
    chosen = _sure("get_local_explanation")
    assert asked_instead(chosen, text, _GLOBAL, _request(_GLOBAL, text), _decide_earlier) == chosen


# --- through the router, with a stand-in selector sure of a prediction ----------------------------------------------


class _SurePrediction(RouterBackend):
    """The router with a selector that is sure every turn asks for a prediction."""

    def _score(self, text: str, request: CompletionRequest) -> Decision:
        return Decision("get_prediction", 0.95, True, runner_up="get_local_explanation")


def test_the_router_asks_and_the_pick_runs_on_the_gate_named() -> None:
    router = _SurePrediction()
    text = "righto, what about gate 150044 then?"
    question, called = route(router, text, GATES, _GLOBAL)
    assert called == [] and "(1)" in question and "(2)" in question
    history = [*_GLOBAL, Message.user(text), Message.assistant(question)]
    messages = [Message.system("You explain a model."), *history, Message.user("the first one")]
    response = router.route(CompletionRequest(messages=messages, host=GATES, functions=FUNCTIONS))
    assert response.finish_reason != CLARIFY
    assert [(c.name, c.arguments.get("instance")) for c in response.tool_calls] == [("get_local_explanation", 150044)]


def test_another_gate_after_a_what_if_is_left_to_the_selector() -> None:
    history = after("explain_what_if", "150010 with oak instead?", instance=150010, changes={"timber": "oak"})
    text = "and the one before, 150009?"
    chosen = _sure("get_prediction")
    assert asked_instead(chosen, text, history, _request(history, text), _decide_earlier) == chosen
