"""A value stated beside one instance's prediction (`simxai._stated_values`) on the OpenAI path: the engine over
OpenAIBackend and httpx.MockTransport, replaying vLLM-shaped replies, as tests/backends/test_engine_contract.py does.

The model calls `get_prediction` for the instance only; the engine compares the value the user stated with the
row's: said as a fact, it asks whether a what-if is meant (and "yes" runs it); said as a supposition, it runs the
what-if and the model verbalizes that.
"""

from __future__ import annotations

from tests.backends.test_engine_contract import Server, agent, tool_messages


async def test_a_stated_value_unlike_the_rows_is_asked_about_then_tried(demo_host):
    server = Server("vllm_call_prediction_12", "vllm_answer_what_if_bmi_40")
    conversation = agent(demo_host, server).conversation()
    asked = await conversation.send("what does it predict for patient 12 with a bmi of 40?")
    assert len(server.bodies) == 1  # the question is the engine's, after the model's call
    assert asked.clarification is not None and [c.status for c in asked.calls] == ["clarification"]
    assert "bmi 40 (recorded: 23.7)" in asked.reply
    pending = asked.state.pending
    assert pending is not None and pending.function == "explain_what_if" and pending.questioned == {"bmi": 40}
    tried = await conversation.send("yes")
    assert not server.replies
    assert [(c.function, c.arguments, c.status) for c in tried.calls] == [
        ("explain_what_if", {"instance": 12, "changes": {"bmi": 40}}, "ok")
    ]
    assert tried.reply.startswith("If patient 12's bmi were 40") and tried.faithfulness.passed


async def test_a_stated_value_said_as_a_supposition_runs_the_what_if(demo_host):
    server = Server("vllm_call_prediction_12", "vllm_answer_what_if_bmi_40")
    turn = await agent(demo_host, server).run_turn("what would patient 12 get with a bmi of 40?")
    assert not server.replies and turn.clarification is None
    assert [(c.function, c.arguments, c.status) for c in turn.calls] == [
        ("explain_what_if", {"instance": 12, "changes": {"bmi": 40}}, "ok")
    ]
    assert turn.calls[0].output["new_label"] == "progressing"
    # the model is given the what-if's result (not the recorded row's prediction) to verbalize
    result = tool_messages(server.bodies[1])[-1]["result"]
    assert result["kind"] == "what_if" and result["new_label"] == "progressing"
    said = "If patient 12's bmi were 40 instead of 23.7, the model would predict progressing, with a probability of"
    assert turn.reply == f"{said} 66.2%." and turn.faithfulness.passed and not turn.faithfulness.fallback_used
