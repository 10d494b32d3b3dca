"""A close call between the instance in focus and the model as a whole is asked about, not guessed.

After patient 5's explanation, "how sure is the model of all this" was answered with patient 5's prediction (the
selector at 0.76, the metrics second): the instance guessed from the dialogue state, a confident answer to one of
two questions. A choice short of `ONE_LEFT` whose runner-up differs from it in taking an instance, in a turn that
names none while the dialogue holds one, is now asked about (`simxai.backends._router_focus_call`), and the option
names the instance it would run on. Our own wording (round 19, cw19).
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_focus_call import unsure_about_the_focus
from simxai.backends._router_masking import mask
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.messages import Message, ToolCall
from tests.backends.routing import DEMO, FUNCTIONS, route

# after patient 5's explanation the selector of round 19 read this as the prediction at 0.76, the metrics second
SURE_OF_ALL_THIS = "how sure is the model of all this"
#: That torn reading, pinned: the test is of what the router does with a close call, not of one shipped selector's
#: number (the twenty-fourth round's selector reads the turn as the prediction at 0.91, past `ONE_LEFT`).
TORN_READING = Decision("get_prediction", 0.76, True, runner_up="get_model_performance")


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    backend = RouterBackend()
    score = backend._score

    def torn(text: str, request: CompletionRequest) -> Decision:
        return TORN_READING if text == SURE_OF_ALL_THIS else score(text, request)

    backend._score = torn  # type: ignore[method-assign]
    return backend


def _after_prediction(instance: int = 5, function: str = "get_prediction") -> list[Message]:
    call = ToolCall(id="call_0", name=function, arguments={"instance": instance})
    return [
        Message.user(f"what about patient {instance}?"),
        Message.assistant(tool_calls=[call]),
        Message.tool(call, '{"result": {}}'),
        Message.assistant(f"The model predicts progressing for patient {instance}."),
    ]


def _unsure(text: str, decision: Decision, history: list[Message]) -> bool:
    return unsure_about_the_focus(decision, text, mask(text, DEMO), history, FUNCTIONS, DEMO)


def test_a_close_call_about_the_instance_in_focus_is_asked(router: RouterBackend) -> None:
    history = _after_prediction(function="get_local_explanation")
    question, calls = route(router, SURE_OF_ALL_THIS, DEMO, history)
    assert calls == []
    assert question.startswith("To answer the right question")
    assert "(1)" in question and "(2)" in question
    assert "patient 5" in question and "an instance" not in question  # the option names the instance it runs on


def test_the_picked_option_runs(router: RouterBackend) -> None:
    history = _after_prediction(function="get_local_explanation")
    question, _ = route(router, SURE_OF_ALL_THIS, DEMO, history)
    instance_first = question.index("patient 5") < question.index("(1)")
    asked = [*history, Message.user(SURE_OF_ALL_THIS), Message.assistant(question)]
    takes = {s.name for s in FUNCTIONS if any(p.name == "instance" for p in s.parameters)}
    _, calls = route(router, "1" if instance_first else "2", DEMO, asked)
    assert len(calls) == 1 and calls[0][0] in takes
    _, calls = route(router, "2" if instance_first else "1", DEMO, asked)
    assert len(calls) == 1 and calls[0][0] not in takes


TORN = Decision("get_model_information", 0.8, True, runner_up="get_prediction")


def test_the_reading() -> None:
    assert _unsure("how certain is the model about that", TORN, _after_prediction())


@pytest.mark.parametrize(
    ("text", "decision", "history"),
    [
        ("how certain is the model about that", TORN, []),  # nothing in focus: no instance is guessed
        ("how certain is the model about patient 7", TORN, _after_prediction()),  # the turn names its own
        ("and how many of them are over 60?", TORN, _after_prediction()),  # a group, not the one in focus
        ("which factors drive his result?", TORN, _after_prediction()),  # the one in focus, said so
        # the change a what-if of the one in focus needs is said
        (
            "what if his bmi were 31",
            Decision("explain_what_if", 0.77, True, runner_up="get_model_information"),
            _after_prediction(),
        ),
        (
            "how certain is the model about that",
            Decision("get_model_information", 0.95, True, runner_up="get_prediction"),
            _after_prediction(),
        ),
        ("why is that", Decision("get_local_explanation", 0.8, True, runner_up="get_prediction"), _after_prediction()),
        (
            "how does it do overall",
            Decision("get_model_performance", 0.8, True, runner_up="get_model_information"),
            _after_prediction(),
        ),
    ],
)
def test_no_close_call_is_read(text: str, decision: Decision, history: list[Message]) -> None:
    assert not _unsure(text, decision, history)
