"""Round 30 (dlg30), dialogue follow-ups on an invented host of rowing boats, in our own wording: an unsure choice
between the boat in focus and the model as a whole is settled by a turn that refers to one boat in words ("her
hull", "that verdict", "that skipper's boat"), and left to the question when the turn speaks of the model as a
whole, names its own boat or group, or follows no call about one boat.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_focus_reference import refers_to_one, settled_by_reference
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import FUNCTIONS, after, route

BOATS = HostSchema(
    name="club rowing boats",
    kind="tabular",
    instance_noun="boat",
    class_names=["seaworthy", "leaky"],
    features=[
        FeatureSchema(name="hull_age_years", type="numeric", min=0, max=60, aliases=["hull age"]),
        FeatureSchema(name="outings_per_month", type="numeric", min=0, max=40, aliases=["outings"]),
        FeatureSchema(name="hull", type="categorical", categories=["wood", "carbon", "glassfibre"]),
    ],
    id_range=(30001, 30300),
)

# torn between one boat's reasons and the model's ranking of its features
_TORN = Decision("get_local_explanation", 0.55, False, runner_up="get_global_explanation")
_TORN_OTHER_WAY = Decision("get_global_explanation", 0.5, False, runner_up="get_local_explanation")


def _request(text: str, history: list[Message]) -> CompletionRequest:
    return CompletionRequest(messages=[*history, Message.user(text)], host=BOATS, functions=FUNCTIONS)


@pytest.mark.parametrize(
    "text",
    [
        "what tipped her over into leaky?",
        "on what grounds was that verdict reached?",
        "how safe is that skipper's rating, really?",
        "what's behind this one",
        "and that decision, what drove it?",
        "hm, what's pushing that?",  # the answer just given
        "how sure was the model in the first place?",  # the outcome before any change
    ],
)
def test_words_that_refer_to_one_boat(text: str) -> None:
    assert refers_to_one(text)


@pytest.mark.parametrize(
    "text",
    [
        "what drives the model's decisions?",
        "which features weigh most overall for her?",  # "overall": the model as a whole
        "in general, what makes a boat leaky",
        "what does the model do with the outings",
        "is that true of the wooden ones too",  # "that" is no last word here
    ],
)
def test_words_that_do_not(text: str) -> None:
    assert not refers_to_one(text)


@pytest.mark.parametrize("decision", [_TORN, _TORN_OTHER_WAY])
def test_the_boat_in_focus_settles_the_choice(decision: Decision) -> None:
    history = after("get_prediction", "is boat 30042 leaky?", instance=30042)
    text = "on what grounds was that verdict reached?"
    settled = settled_by_reference(decision, text, history, _request(text, history))
    assert settled is not None and settled.confident
    assert settled.function == "get_local_explanation"


def test_after_a_what_if_the_boat_is_still_in_focus() -> None:
    history = after("explain_what_if", "what if 30042 went out twice as often", instance=30042, changes={})
    text = "what drives her outcome in the first place?"
    settled = settled_by_reference(_TORN_OTHER_WAY, text, history, _request(text, history))
    assert settled is not None and settled.function == "get_local_explanation"


@pytest.mark.parametrize(
    ("text", "history"),
    [
        # a group in focus, not one boat
        ("what drove that verdict?", after("get_prediction", "the wooden ones?", instance="hull = wood")),
        # nothing asked before
        ("what drove that verdict?", []),
        # the turn names its own boat
        ("what drove that verdict for 30050?", after("get_prediction", "is boat 30042 leaky?", instance=30042)),
        # no reference to one boat
        ("what drives the verdicts?", after("get_prediction", "is boat 30042 leaky?", instance=30042)),
        # the model as a whole, said so
        ("overall, what drove that verdict?", after("get_prediction", "is boat 30042 leaky?", instance=30042)),
    ],
)
def test_left_to_the_question(text: str, history: list[Message]) -> None:
    assert settled_by_reference(_TORN, text, history, _request(text, history)) is None


def test_only_a_choice_between_one_boat_and_the_model() -> None:
    history = after("get_prediction", "is boat 30042 leaky?", instance=30042)
    text = "why is that verdict not seaworthy?"
    both_of_one = Decision("explain_why_not", 0.5, False, runner_up="get_local_explanation")
    assert settled_by_reference(both_of_one, text, history, _request(text, history)) is None
    sure = Decision("get_global_explanation", 0.95, True, runner_up="get_local_explanation")
    assert settled_by_reference(sure, text, history, _request(text, history)) is None


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    "text",
    [
        "which factors drive her rating in the first place?",
        # the forty-second round's selector was sure of the global ranking here (a strict xfail then): "that decision"
        # points at the call about the boat in focus (dlg43), and the forty-third round's selector reads it local too
        "which features count most for that decision?",
        "what weighs most in that skipper's result?",
    ],
)
def test_the_router_answers_about_the_boat_in_focus(router: RouterBackend, text: str) -> None:
    history = after("get_prediction", "is boat 30042 leaky?", instance=30042)
    question, calls = route(router, text, BOATS, history)
    assert question == ""
    assert [name for name, _ in calls] == ["get_local_explanation"]
