"""The what-if range rules on the OpenAI path (`simxai.guard._calls`): the engine over OpenAIBackend and
httpx.MockTransport, with vLLM-shaped tool calls whose arguments the test writes, as
tests/backends/test_engine_contract.py does with its recordings.

The router reads the user's value itself; an LLM's call reaches the same checks with the value the model chose.
An absolute value up to a quarter past the data's largest runs unasked, one further is asked back before any
call; a relative step may land up to a range's width past the largest value, and one past that is asked back
after the call (the new value depends on the row's own).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.backends.test_engine_contract import RECORDINGS, Server, agent


def what_if_call(changes: dict[str, Any]) -> Any:
    """The recorded vLLM tool call for `explain_what_if` on patient 12, with these changes instead."""

    def reply(body: dict[str, Any]) -> httpx.Response:
        recording = json.loads((RECORDINGS / "vllm_call_what_if_glucose_minus_5.json").read_text())
        call = recording["choices"][0]["message"]["tool_calls"][0]["function"]
        call["arguments"] = json.dumps({"instance": 12, "changes": changes})
        return httpx.Response(200, json=recording)

    return reply


def glucose_range(host: Any) -> tuple[float, float]:
    feature = next(f for f in host.schema().features if f.name == "glucose")
    assert feature.min is not None and feature.max is not None
    return feature.min, feature.max


async def test_a_value_a_little_above_the_largest_runs_unasked(demo_host):
    low, high = glucose_range(demo_host)
    value = round(high * 1.2)  # within a quarter past the largest value
    server = Server(what_if_call({"glucose": value}), "vllm_answer_what_if_relative")
    turn = await agent(demo_host, server, guard=False).run_turn(f"what if her glucose were {value}?")
    assert turn.clarification is None
    assert [(c.function, c.status) for c in turn.calls] == [("explain_what_if", "ok")]
    assert turn.calls[0].output["changes"][0]["new"] == value


async def test_a_value_far_above_the_largest_is_asked_before_any_call(demo_host):
    low, high = glucose_range(demo_host)
    value = round(high * 1.5)
    server = Server(what_if_call({"glucose": value}))
    turn = await agent(demo_host, server).run_turn(f"what if her glucose were {value}?")
    assert turn.clarification is not None and [c.status for c in turn.calls] == ["clarification"]
    assert f"glucose {value} is above the data's range" in turn.reply
    assert len(server.bodies) == 1 and turn.state.pending is not None


@pytest.mark.parametrize("share", [0.5, 0.9])
async def test_a_step_up_to_a_ranges_width_past_the_largest_runs_unasked(demo_host, share):
    low, high = glucose_range(demo_host)
    step = round((high - low) * share)
    server = Server(what_if_call({"glucose": f"+{step}"}), "vllm_answer_what_if_relative")
    turn = await agent(demo_host, server, guard=False).run_turn(f"and with {step} more glucose?")
    new = turn.calls[-1].output["changes"][0]["new"]
    assert new <= high + (high - low)  # the row's own value plus the step stays within the rule
    assert turn.clarification is None and [c.status for c in turn.calls] == ["ok"]


async def test_a_step_past_a_ranges_width_beyond_the_largest_is_asked_after_the_call(demo_host):
    low, high = glucose_range(demo_host)
    step = round((high - low) * 2.5)  # from any row, lands more than a range's width past the largest value
    server = Server(what_if_call({"glucose": f"+{step}"}), "vllm_answer_what_if_relative")
    turn = await agent(demo_host, server).run_turn(f"and with {step} more glucose?")
    assert turn.clarification is not None
    assert "above the data's range" in turn.reply and "glucose would go from" in turn.reply
