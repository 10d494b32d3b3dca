"""Round 41 (dlg41), on an invented tram depot's nightly brake checks (roll out / hold back), in our own wording:
a group narrowed by a fragment that ends on "only" or names a category after "only the" ("and the harbour line
only", "just the hill lines"), a variation of the same question on a group ("same but the hill line", "swap the
harbour line for the hill line", "and the hill line instead?"), "conf matrix", "halve it instead" (the feature halved
in place of the step tried), "twice that" after a value said outright, going back by a position alone ("back to
the first, ..."), a count before a verb in the past tense ("if only 900 boarded") and a value said of a word two
features share, for the one whose range holds it ("if the wheel was at minus 10").
"""

from __future__ import annotations

import pytest

from simxai.backends._dialogue_narrowing import narrowed_group, said_category
from simxai.backends._router_decision import Decision
from simxai.backends._router_going_back import without_going_back
from simxai.backends._router_guess_asked import asked_instead
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_metric
from simxai.followup_fragment import ordinal
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import after, route, what_if_history

TRAMS = HostSchema(
    name="tram depot brake checks",
    kind="tabular",
    instance_noun="tram",
    class_names=["roll out", "hold back"],
    features=[
        FeatureSchema(name="route", type="categorical", categories=["harbour line", "hill line", "market loop"]),
        FeatureSchema(name="pad wear (mm)", type="numeric", min=0, max=12),
        FeatureSchema(name="DoorFaults", type="numeric", min=0, max=8),
        FeatureSchema(name="km_since_service", type="numeric", min=0, max=9000),
        FeatureSchema(name="wheel temp (C)", type="numeric", min=-15, max=45),
        FeatureSchema(name="wheel thickness (mm)", type="numeric", min=0, max=20),
        FeatureSchema(name="boarders_last_day", type="numeric", min=0, max=5000),
    ],
    id_range=(417001, 417300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _on_group(name: str, group: str, **arguments: object) -> list[Message]:
    history = after(name, "a question about some trams", **arguments)
    history[1].tool_calls[0].arguments["instance" if name == "get_prediction" else "group"] = group
    return history


# --- a group narrowed by a fragment -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("and the harbour line only", "DoorFaults > 2 and route = harbour line"),
        ("ok, market loop only", "DoorFaults > 2 and route = market loop"),
        ("just the hill lines", "DoorFaults > 2 and route = hill line"),
        ("only the market loops", "DoorFaults > 2 and route = market loop"),
    ],
)
def test_a_fragment_that_restricts_narrows_the_group_in_focus(router: RouterBackend, text: str, group: str) -> None:
    history = _on_group("get_model_performance", "DoorFaults > 2", metric="recall")
    question, called = route(router, text, TRAMS, history)
    assert question == "" and called == [("get_model_performance", {"metric": "recall", "group": group})]


def test_a_whole_question_ending_on_only_is_no_narrowing() -> None:
    history = _on_group("get_model_performance", "DoorFaults > 2", metric="recall")
    assert narrowed_group("how accurate is the model on the harbour line trams only", history, TRAMS) is None


@pytest.mark.parametrize(
    ("said", "condition"),
    [("hill lines", "route = hill line"), ("market loop", "route = market loop"), ("hold backs", None), ("hill", None)],
)
def test_a_category_said_alone_or_in_the_plural(said: str, condition: str | None) -> None:
    assert said_category(said, TRAMS) == condition


# --- the same question again, one category swapped --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "same but the hill line",
        "same question for the hill line",
        "now swap the harbour line for the hill line",
        "and the hill line instead?",
    ],
)
def test_a_variation_swaps_the_category_and_keeps_the_other_conditions(router: RouterBackend, text: str) -> None:
    history = _on_group("get_model_performance", "route = harbour line and DoorFaults > 2", metric="f1")
    question, called = route(router, text, TRAMS, history)
    assert question == ""
    assert called == [("get_model_performance", {"metric": "f1", "group": "DoorFaults > 2 and route = hill line"})]


def test_a_variation_on_a_feature_the_group_does_not_bound_is_no_swap(router: RouterBackend) -> None:
    # the group is bounded by door faults only: "the hill line instead" is no swap of a condition it holds
    history = _on_group("get_model_performance", "DoorFaults > 2", metric="f1")
    _, called = route(router, "same but the hill line", TRAMS, history)
    assert all(arguments.get("group") != "DoorFaults > 2 and route = hill line" for _, arguments in called)


# --- "conf matrix" ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "metric"),
    [("conf matrix", "confusion_matrix"), ("and the conf. matrix there", "confusion_matrix"), ("conf interval", None)],
)
def test_conf_matrix_is_the_confusion_matrix(text: str, metric: str | None) -> None:
    assert extract_metric(text) == metric


# --- "halve it instead", "twice that" --------------------------------------------------------------------------------


# (the instance is the engine's to keep: the router calls with the changes alone)
_LESS_SERVICE = "what if tram 417020 had 3000 km less since service"


@pytest.mark.parametrize(("text", "changes"), [("halve it instead", "*0.5"), ("halve it", "-1500")])
def test_halve_it_instead_halves_the_feature_and_halve_it_the_step(
    router: RouterBackend, text: str, changes: str
) -> None:
    history = what_if_history(_LESS_SERVICE, {"km_since_service": "-3000"}, None, 417020)
    question, called = route(router, text, TRAMS, history)
    assert question == "" and called == [("explain_what_if", {"changes": {"km_since_service": changes}})]


@pytest.mark.parametrize(("text", "value"), [("twice that", 8), ("half that", 2)])
def test_twice_that_multiplies_the_value_just_said(router: RouterBackend, text: str, value: int) -> None:
    history = what_if_history("what if tram 417020 had 4 door faults", {"DoorFaults": 4}, None, 417020)
    question, called = route(router, text, TRAMS, history)
    assert question == "" and called == [("explain_what_if", {"changes": {"DoorFaults": value}})]


# --- going back by a position alone ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [("back to the first, why is it held back", 0), ("the last - why", -1), ("the first feature", None)],
)
def test_a_position_alone_before_a_mark_names_an_instance(text: str, place: int | None) -> None:
    assert ordinal(text, "tram") == place


def test_going_back_to_the_first_gives_the_selector_the_rest() -> None:
    assert without_going_back("back to the first, what keeps it rolling out") == "what keeps it rolling out"


def test_back_to_the_first_asks_its_question_of_the_first_tram(router: RouterBackend) -> None:
    history = after("get_prediction", "tram 417010?", instance=417010) + after(
        "get_prediction", "and 417011", instance=417011
    )
    question, called = route(router, "back to the first, what keeps it a hold back", TRAMS, history)
    assert question == "" and called == [
        ("explain_how_to_still_be_this", {"kept_label": "hold back", "instance": 417010})
    ]


# --- a count of those who did it; a value of a word two features share ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if only 900 boarded the day before", {"boarders_last_day": 900}),
        ("what if tram 417020 boarded", None),  # an id, outside the feature's range: no count
        ("what if the wheel was at minus 10", {"wheel temp (C)": -10}),
        ("what if the wheel was 30", {"wheel temp (C)": 30}),
        ("what if the wheel was 12", None),  # a temperature or a thickness: both ranges hold it
        ("what if the wheel was 30 smaller", None),  # a step, not a value: the step readers' (here: asked)
    ],
)
def test_a_count_of_doers_and_a_value_of_a_shared_word(text: str, changes: dict[str, int] | None) -> None:
    assert extract_changes(text, TRAMS) == changes


# --- an id answering "which ... do you mean?" replaces the whole description ------------------------------------------


def test_an_id_answering_which_one_replaces_the_description_up_to_the_comma(router: RouterBackend) -> None:
    said = "the noisy tram i drove in june, whats it say"
    asked = (
        "Which noisy tram do you mean? No feature of the trams is called that: give a condition on one of pad wear "
        "(mm), DoorFaults or km_since_service, such as 'DoorFaults > 2'."
    )
    history = [Message.user(said), Message.assistant(asked)]
    question, called = route(router, "417044", TRAMS, history)
    assert question == "" and called == [("get_prediction", {"instance": 417044})]


# --- an answer to the engine's question for the instance: the waiting call offered, not the selector's guess ----------


def _instance_asked() -> list[Message]:
    call = ToolCall(id="call_0", name="get_prediction", arguments={})
    return [
        Message.user("the late trams - did they roll out"),
        Message.assistant("", [call]),
        Message.tool(call, '{"error": "missing: instance"}'),
        Message.assistant("Which tram do you mean? Please give a tram id from 417001 to 417300 or the feature values."),
    ]


def _guess(text: str, history: list[Message]) -> Decision:
    request = CompletionRequest(
        messages=[*history, Message.user(text)], host=TRAMS, functions=default_registry().specs()
    )
    sure = Decision("get_output_information", 0.93, True)
    return asked_instead(sure, text, history, request, lambda q, h: Decision(None, 0.0, True))


def test_a_fragment_answering_which_tram_offers_the_waiting_call_first() -> None:
    decision = _guess("the ones after 20 i mean", _instance_asked())
    assert (decision.function, decision.confident, decision.runner_up) == (
        "get_prediction",
        False,
        "get_output_information",
    )


@pytest.mark.parametrize("text", ["never mind, what labels can it give?", "tram 417020 i mean"])
def test_a_request_of_its_own_or_an_id_keeps_the_selectors_choice(text: str) -> None:
    decision = _guess(text, _instance_asked())
    assert (decision.function, decision.confident) == ("get_output_information", True)
