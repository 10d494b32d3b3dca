"""A count asked after a why-not (round 23, lead23): a why-not answers with one set of changes that reaches the
expected label, so "give me two of those" asks for that many sets of changes to the same label
(`explain_how_to_be_that`); before, the why-not was repeated without the count. Our own wording, on the demo.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.messages import Message, ToolCall
from tests.backends.routing import DEMO, route


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _after_why_not(arguments: dict) -> list[Message]:
    call = ToolCall(id="call_0", name="explain_why_not", arguments=arguments)
    result = '{"result": {"kind": "counterfactual", "question": "why_not", "current_label": "stable", '
    result += '"target_label": "progressing", "counterfactuals": []}}'
    return [
        Message.user("why isn't patient 12 progressing?"),
        Message.assistant("", [call]),
        Message.tool(call, result),
    ]


@pytest.mark.parametrize(("text", "count"), [("Give me two of those.", 2), ("three more options please", 3)])
def test_a_count_after_a_why_not_is_that_many_ways_to_the_label(router: RouterBackend, text: str, count: int) -> None:
    question, calls = route(router, text, DEMO, _after_why_not({"instance": 12}))
    target = {"instance": 12, "target_label": "progressing", "number_of_iterations": count}
    assert (question, calls) == ("", [("explain_how_to_be_that", target)])


def test_the_label_the_why_not_was_asked_about_is_kept(router: RouterBackend) -> None:
    history = _after_why_not({"instance": 12, "expected_label": "progressing"})
    _, calls = route(router, "can you give me 2", DEMO, history)
    assert calls == [
        ("explain_how_to_be_that", {"instance": 12, "target_label": "progressing", "number_of_iterations": 2})
    ]


def test_a_bare_number_after_a_why_not_is_no_count(router: RouterBackend) -> None:
    _, calls = route(router, "and 14?", DEMO, _after_why_not({"instance": 12}))
    assert all(name != "explain_how_to_be_that" for name, _ in calls)


def test_the_instance_the_engine_filled_is_taken_from_the_answer(router: RouterBackend) -> None:
    # "why not progressing?" about the patient in focus: the call has no instance, its answer names the patient
    call = ToolCall(id="call_0", name="explain_why_not", arguments={"expected_label": "progressing"})
    result = '{"result": {"kind": "counterfactual", "question": "why_not", "subject": {"kind": "row", "id": 12}, '
    result += '"current_label": "stable", "target_label": "progressing", "counterfactuals": []}}'
    history = [Message.user("why not progressing?"), Message.assistant("", [call]), Message.tool(call, result)]
    _, calls = route(router, "Three of those please.", DEMO, history)
    target = {"instance": 12, "target_label": "progressing", "number_of_iterations": 3}
    assert calls == [("explain_how_to_be_that", target)]
