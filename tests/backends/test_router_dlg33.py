"""Round 33 (dlg33), dialogue turns on an invented host of a bicycle workshop's repair tickets, in our own wording:
a bare "how sure?" after a turn about one ticket is that ticket's prediction, not the description of the model's
outputs, and "their <feature>?" after a call about a group is that feature's description among the group's members.
"""

from __future__ import annotations

import json

import pytest

from simxai.backends._router_bare_confidence import bare_confidence_decision, focus_id
from simxai.backends._router_decision import Decision
from simxai.backends._router_group_feature import group_feature_decision
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import FUNCTIONS, after, route

TICKETS = HostSchema(
    name="bicycle workshop repair tickets",
    kind="tabular",
    instance_noun="ticket",
    class_names=["same_day", "next_week"],
    features=[
        FeatureSchema(name="spoke_count_broken", type="numeric", min=0, max=12, aliases=["broken spokes"]),
        FeatureSchema(name="frame age (years)", type="numeric", min=0, max=40),
        FeatureSchema(name="frame_material", type="categorical", categories=["steel", "alloy", "carbon"]),
    ],
    id_range=(61001, 61250),
)
NAMES = {s.name for s in FUNCTIONS}
UNSURE = Decision("get_output_information", 0.5, False, runner_up="get_prediction")


def _engine_filled(name: str, said: str, subject: int) -> list[Message]:
    """A history whose call left the ticket to the engine: the id is only in the call's output."""
    call = ToolCall(id="call_0", name=name, arguments={"changes": {"spoke_count_broken": 0}})
    result = json.dumps({"result": {"subject": {"id": subject}}})
    return [Message.user(said), Message.assistant("", [call]), Message.tool(call, result), Message.assistant("Done.")]


def test_the_focus_is_the_id_the_engine_filled() -> None:
    history = _engine_filled("explain_what_if", "and with no broken spokes?", 61100)
    assert focus_id(history) == 61100
    decision = bare_confidence_decision(UNSURE, "how sure?", history, NAMES)
    # right after a what-if, "how sure?" is about the changed ticket: the what-if again (lead36), on the filled id
    assert decision is not None and decision.function == "explain_what_if"
    assert decision.arguments == {"instance": 61100, "changes": {"spoke_count_broken": 0}}


def test_the_focus_passes_over_calls_about_no_ticket() -> None:
    history = [
        *after("get_local_explanation", "why ticket 61020?", instance=61020),
        *after("get_output_information", "what does next_week mean?"),
    ]
    assert focus_id(history) == 61020


@pytest.mark.parametrize(
    "text", ["how sure?", "How sure is it", "and how confident is the model about that?", "how certain for that one"]
)
def test_a_bare_confidence_question_is_the_prediction_in_focus(text: str) -> None:
    history = after("get_prediction", "ticket 61042 - same day?", instance=61042)
    decision = bare_confidence_decision(UNSURE, text, history, NAMES)
    assert decision is not None
    assert (decision.function, decision.confident, decision.arguments) == ("get_prediction", True, {"instance": 61042})


@pytest.mark.parametrize(
    ("text", "history"),
    [
        # no ticket discussed yet: the model as a whole may be meant, the selector decides
        ("how sure?", []),
        ("how sure?", after("get_model_performance", "accuracy?", metric="accuracy")),
        # more than a bare question: named a group, or the original of a what-if (another reading's)
        ("how sure is it for carbon frames?", after("get_prediction", "ticket 61042?", instance=61042)),
        ("how sure was it on the original?", after("get_prediction", "ticket 61042?", instance=61042)),
        ("how sure are you that the model is fair?", after("get_prediction", "ticket 61042?", instance=61042)),
    ],
)
def test_confidence_left_to_the_selector(text: str, history: list[Message]) -> None:
    assert bare_confidence_decision(UNSURE, text, history, NAMES) is None


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def test_the_router_answers_how_sure_with_the_prediction(router: RouterBackend) -> None:
    history = after("get_prediction", "ticket 61042 - same day?", instance=61042)
    question, calls = route(router, "how sure?", TICKETS, history)
    assert question == ""
    assert calls == [("get_prediction", {"instance": 61042})]


CARBON = "frame_material = carbon"


@pytest.mark.parametrize(
    ("text", "history"),
    [
        ("their broken spokes?", after("get_data_information", "how many carbon frames?", group=CARBON)),
        ("Their frame age - the spread?", after("get_model_performance", "accuracy on carbon?", group=CARBON)),
        ("and their frame ages, stats please", after("get_data_information", "carbon ones?", group=CARBON)),
        # a group given as the instance of a prediction
        ("their frame age?", after("get_prediction", "carbon frames, same day?", instance=CARBON)),
    ],
)
def test_their_feature_after_a_group_is_its_data(text: str, history: list[Message]) -> None:
    decision = group_feature_decision(text, history, TICKETS, NAMES)
    assert decision is not None and decision.function == "get_data_information"
    assert decision.arguments is not None and decision.arguments["group"] == CARBON
    assert decision.arguments["feature"] in ("spoke_count_broken", "frame age (years)")


@pytest.mark.parametrize(
    ("text", "history"),
    [
        # one ticket before: "their" is no group's
        ("their broken spokes?", after("get_prediction", "ticket 61007?", instance=61007)),
        # the whole data set before
        ("their broken spokes?", after("get_data_information", "tell me about the data", group="all")),
        # more than the feature: a prediction, a what-if, a second feature
        ("their chance of same day?", after("get_data_information", "carbon?", group=CARBON)),
        ("their broken spokes at 0?", after("get_data_information", "carbon?", group=CARBON)),
        ("their broken spokes 0?", after("get_data_information", "carbon?", group=CARBON)),
        ("their broken spokes and frame age?", after("get_data_information", "carbon?", group=CARBON)),
        # no "their"
        ("broken spokes?", after("get_data_information", "carbon?", group=CARBON)),
    ],
)
def test_their_feature_left_as_it_was(text: str, history: list[Message]) -> None:
    assert group_feature_decision(text, history, TICKETS, NAMES) is None


def test_the_router_describes_the_feature_within_the_group(router: RouterBackend) -> None:
    history = after("get_data_information", "how many carbon frames are there?", group=CARBON)
    question, calls = route(router, "their broken spokes?", TICKETS, history)
    assert question == ""
    assert calls == [("get_data_information", {"feature": "spoke_count_broken", "group": CARBON})]
