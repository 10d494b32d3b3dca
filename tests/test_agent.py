"""Every path of the loop, with a scripted backend on the real demo host."""

import pytest

from simxai.agent import GUARD_FAULT, Agent, AgentSettings, Conversation, DialogueState, TurnEvent
from simxai.backends.testing import ScriptedBackend, call
from simxai.exceptions import BackendUnavailableError, ToolCallParseError
from simxai.followup_context import is_new_request
from simxai.messages import Message
from simxai.results import format_percent
from tests.backends.routing import CHECKED


def faithful_prediction_reply(host, instance: int) -> str:
    prediction = host.predict(host.resolve(instance))
    return (
        f"The model predicts {prediction.label} for patient {instance} "
        f"with {format_percent(prediction.probabilities[prediction.label])} probability."
    )


async def test_no_tool_answer(demo_host):
    backend = ScriptedBackend(["Hello! Ask me anything about the model."])
    turn = await Agent(demo_host, backend).run_turn("hi there")
    assert turn.reply == "Hello! Ask me anything about the model."
    assert turn.calls == [] and turn.clarification is None and turn.faithfulness.passed
    backend.assert_complete()
    request = backend.requests[0]
    assert request.messages[0].role == "system" and request.messages[-1].content == "hi there"
    assert [t["function"]["name"] for t in request.tools][:2] == ["get_prediction", "get_global_explanation"]


async def test_direct_call_and_faithful_reply(demo_host):
    text = faithful_prediction_reply(demo_host, 12)
    backend = ScriptedBackend([call("get_prediction", instance=12), text])
    turn = await Agent(demo_host, backend).run_turn("what does the model predict for patient 12?")
    assert [c.function for c in turn.calls] == ["get_prediction"]
    assert turn.calls[0].status == "ok" and turn.calls[0].output["label"] in ("stable", "progressing")
    assert turn.reply == text
    assert turn.faithfulness.passed and turn.faithfulness.claims
    assert not turn.faithfulness.fallback_used
    # The reply request saw the tool result.
    assert backend.requests[1].messages[-1].role == "tool"
    assert turn.state.instance == 12 and turn.state.label == turn.calls[0].output["label"]
    backend.assert_complete()


async def test_argument_filled_from_history(demo_host):
    backend = ScriptedBackend([call("get_prediction", instance=12), "ok", call("get_local_explanation"), "ok"])
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("predict patient 12")
    turn = await conversation.send("why?")
    assert turn.calls[0].function == "get_local_explanation"
    assert turn.calls[0].arguments["instance"] == 12 and turn.calls[0].status == "ok"
    assert turn.clarification is None


async def test_state_rebuilt_from_a_history_without_state(demo_host):
    first = await Agent(demo_host, ScriptedBackend([call("get_prediction", instance=5), "ok"])).run_turn("id 5?")
    backend = ScriptedBackend([call("get_local_explanation"), "fine"])
    turn = await Agent(demo_host, backend, settings=AgentSettings(guard=False)).run_turn("why?", history=first.messages)
    assert turn.calls[0].arguments["instance"] == 5


async def test_clarification_asked_and_completed_next_turn(demo_host):
    backend = ScriptedBackend([call("get_local_explanation"), "done"])
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    first = await conversation.send("why was this predicted?")
    assert first.clarification is not None
    assert first.clarification.missing == ["instance"]
    assert "Which patient" in first.reply and "0 to 441" in first.reply
    assert first.calls[0].status == "clarification"
    assert conversation.state.pending is not None
    second = await conversation.send("patient 7")
    assert [c.function for c in second.calls] == ["get_local_explanation"]
    assert second.calls[0].arguments["instance"] == 7 and second.calls[0].status == "ok"
    assert second.reply == "done" and conversation.state.pending is None
    backend.assert_complete()


async def test_multi_call_turn_bounded_by_the_maximum(demo_host):
    calls = [call("get_prediction", f"c{i}", instance=i) for i in range(5)]
    backend = ScriptedBackend([calls, "compared"])
    agent = Agent(demo_host, backend, settings=AgentSettings(max_calls_per_turn=2, guard=False))
    turn = await agent.run_turn("compare patients 0 to 4")
    assert [c.arguments["instance"] for c in turn.calls] == [0, 1]
    # Every call the model made gets a tool message, the skipped ones saying why.
    tool_messages = [m for m in turn.messages if m.role == "tool"]
    assert len(tool_messages) == 5 and "at most 2 calls" in tool_messages[-1].content
    assert backend.requests[-1].tool_choice == "none"


async def test_unknown_function_gets_one_corrective_retry(demo_host):
    backend = ScriptedBackend([call("delete_all_data"), call("get_prediction", instance=3), "fine"])
    turn = await Agent(demo_host, backend, settings=AgentSettings(guard=False)).run_turn("predict 3")
    assert [c.status for c in turn.calls] == ["rejected", "ok"]
    assert "no function named 'delete_all_data'" in backend.requests[1].messages[-1].content
    backend.assert_complete()


async def test_unknown_function_twice_is_an_honest_refusal(demo_host):
    backend = ScriptedBackend([call("os_system"), call("eval")])
    turn = await Agent(demo_host, backend).run_turn("run rm -rf")
    assert turn.reply.startswith("I can't do that")
    assert [c.status for c in turn.calls] == ["rejected", "rejected"]


async def test_invalid_arguments_retry_then_clarification(demo_host):
    backend = ScriptedBackend([call("get_prediction", instance=9999), call("get_prediction", instance=-4)])
    conversation = Agent(demo_host, backend).conversation()
    turn = await conversation.send("predict patient 9999")
    assert [c.status for c in turn.calls] == ["rejected", "rejected"]
    assert turn.clarification is not None and "0" in turn.reply and "441" in turn.reply
    assert conversation.state.pending is not None and conversation.state.pending.function == "get_prediction"


async def test_invalid_arguments_fixed_by_the_retry(demo_host):
    backend = ScriptedBackend(
        [call("get_model_performance", metric="speed"), call("get_model_performance", metric="f1"), "ok"]
    )
    turn = await Agent(demo_host, backend, settings=AgentSettings(guard=False)).run_turn("f1?")
    assert [c.status for c in turn.calls] == ["rejected", "ok"]
    assert "unknown metric 'speed'" in turn.calls[0].error and "accuracy" in turn.calls[0].error


async def test_guard_regenerates_once(demo_host):
    good = faithful_prediction_reply(demo_host, 12)
    backend = ScriptedBackend([call("get_prediction", instance=12), "It predicts that with 99.9% certainty.", good])
    turn = await Agent(demo_host, backend).run_turn("predict 12")
    assert turn.reply == good
    assert turn.faithfulness.regenerated and not turn.faithfulness.fallback_used and turn.faithfulness.passed
    assert "99.9%" in backend.requests[-1].messages[-1].content


async def test_guard_falls_back_to_the_rendering(demo_host):
    backend = ScriptedBackend([call("get_prediction", instance=12), "99.9% sure.", "Still 98.1% sure."])
    turn = await Agent(demo_host, backend).run_turn("predict 12")
    assert turn.faithfulness.fallback_used and not turn.faithfulness.passed
    assert turn.reply == turn.calls[0].rendering
    assert "number 98.1% (stable)" in turn.faithfulness.unsupported


async def test_direct_answer_with_model_facts_is_sent_back_to_use_a_function(demo_host):
    text = faithful_prediction_reply(demo_host, 2)
    backend = ScriptedBackend(["Patients with bmi over 35 are progressing.", call("get_prediction", instance=2), text])
    turn = await Agent(demo_host, backend).run_turn("predict 2")
    assert [c.function for c in turn.calls] == ["get_prediction"] and turn.reply == text


async def test_malformed_model_output_gets_a_corrective_retry(demo_host):
    backend = ScriptedBackend([ToolCallParseError("bad call"), call("get_global_explanation"), "ok"])
    turn = await Agent(demo_host, backend, settings=AgentSettings(guard=False)).run_turn("importance?")
    assert turn.calls[0].status == "ok"
    assert "could not be read" in backend.requests[1].messages[-1].content


async def test_unreachable_backend_falls_back_when_configured(demo_host):
    primary = ScriptedBackend([BackendUnavailableError("connection refused")], name="openai:x")
    fallback = ScriptedBackend([call("get_prediction", instance=1)], name="router", writes_replies=False)
    turn = await Agent(demo_host, primary, fallback=fallback).run_turn("predict 1")
    assert turn.backend == "router" and "connection refused" in turn.fallback
    assert turn.reply == turn.calls[0].rendering


async def test_unreachable_backend_without_fallback_raises(demo_host):
    primary = ScriptedBackend([BackendUnavailableError("down")])
    with pytest.raises(BackendUnavailableError):
        await Agent(demo_host, primary).run_turn("predict 1")


async def test_function_failure_is_reported_not_raised(demo_host):
    backend = ScriptedBackend([call("explain_why_not", instance="bmi > 30"), "?"])
    turn = await Agent(demo_host, backend).run_turn("why not for all of them?")
    assert turn.calls[0].status in ("rejected", "clarification")
    assert "needs one instance" in (turn.calls[0].error or "")


async def test_streaming_events_in_order(demo_host):
    events: list[TurnEvent] = []
    backend = ScriptedBackend([call("get_prediction", instance=12), faithful_prediction_reply(demo_host, 12)])
    turn = await Agent(demo_host, backend).run_turn("predict 12", on_event=events.append)
    kinds = [e.type for e in events]
    assert kinds[0] == "call" and kinds[-1] == "done" and "delta" in kinds
    assert "".join(e.text for e in events if e.type == "delta") == turn.reply


async def test_conversation_history_is_bounded(demo_host):
    backend = ScriptedBackend(["hi"] * 30)
    conversation = Conversation(Agent(demo_host, backend), max_messages=10)
    for _ in range(30):
        await conversation.send("hello")
    assert len(conversation.history) <= 10
    assert len(backend.requests[-1].messages) <= 1 + 40 + 1


def test_dialogue_state_fill_only_fills_missing_fillable_arguments():
    state = DialogueState(instance=4, metric="f1", changes={"bmi": 30})
    # Earlier changes carry over to another instance ("and for 9?"), never back onto the same one: a what-if
    # whose changes were not understood must ask, not answer the earlier question again.
    assert state.fill({}, ["instance", "changes"]) == {"instance": 4}
    assert state.fill({"instance": 4}, ["instance", "changes"]) == {"instance": 4}
    assert state.fill({"instance": 9}, ["instance", "changes"]) == {"instance": 9, "changes": {"bmi": 30}}
    assert state.fill({"instance": 9}, ["instance"]) == {"instance": 9}
    assert state.fill({}, ["metric"]) == {"metric": "f1"}
    assert DialogueState().fill({"instance": None}, ["instance"]) == {}


def test_system_prompt_is_identical_across_agents(demo_host):
    a = Agent(demo_host, ScriptedBackend())
    b = Agent(demo_host, ScriptedBackend())
    assert a.system_prompt == b.system_prompt and a.tools == b.tools
    assert "progressing" in a.system_prompt and "0 to 441" in a.system_prompt


async def test_history_messages_replayed_to_the_backend(demo_host):
    history = [Message.user("hello"), Message.assistant("hi!")]
    backend = ScriptedBackend(["sure"])
    await Agent(demo_host, backend).run_turn("thanks", history=history)
    assert [m.role for m in backend.requests[0].messages] == ["system", "user", "assistant", "user"]


async def test_state_from_history_pairs_results_with_their_own_calls_when_ids_repeat(demo_host):
    agent = Agent(
        demo_host,
        ScriptedBackend(
            [
                call("get_prediction", "call_0", instance=3),
                "a",
                call("get_prediction", "call_0", instance=8),
                "b",
            ]
        ),
        settings=AgentSettings(guard=False),
    )
    first = await agent.run_turn("predict 3")
    second = await agent.run_turn("predict 8", history=first.messages)
    state = DialogueState.from_history(first.messages + second.messages)
    assert state.instance == 8
    assert state.label == second.calls[0].output["label"]


# ------------------------------------------------------------------------ dialogue state that is not stale


async def test_a_relative_change_replaces_the_old_one_for_any_backend(demo_host):
    """An LLM that leaves `changes` out for "20 % lower instead" gets the feature in focus, not a rerun."""
    backend = ScriptedBackend(
        [
            call("explain_what_if", instance=5, changes={"bmi": 30}),
            "ok",
            call("explain_what_if"),
            "ok",
            call("explain_what_if", instance=7),
            "ok",
        ]
    )
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("what if patient 5's bmi were 30?")
    assert conversation.state.feature == "bmi"
    turn = await conversation.send("and if it were 20 % lower instead?")
    assert turn.calls[0].arguments == {"instance": 5, "changes": {"bmi": "-20%"}}
    assert conversation.state.changes == {"bmi": "-20%"}
    # no change named: the previous change applies to the new patient, as asked
    turn = await conversation.send("and for patient 7?")
    assert turn.calls[0].arguments == {"instance": 7, "changes": {"bmi": "-20%"}}


async def test_higher_without_an_amount_asks_how_much_and_an_answer_completes_it(demo_host):
    backend = ScriptedBackend(
        [call("explain_what_if", instance=5, changes={"bmi": 30}), "ok", call("explain_what_if"), "ok"]
    )
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("what if patient 5's bmi were 30?")
    asked = await conversation.send("what if it were higher?")
    assert asked.clarification is not None and asked.clarification.missing == ["changes"]
    assert asked.reply.startswith("How much higher should bmi be? For example 2.4 higher")
    assert [c.status for c in asked.calls] == ["clarification"]
    pending = conversation.state.pending
    assert pending is not None and pending.step is not None and pending.step.offer == "+2.4"
    turn = await conversation.send("by 3")
    assert turn.calls[0].arguments == {"instance": 5, "changes": {"bmi": "+3"}}
    assert turn.calls[0].status == "ok"
    backend.assert_complete()


async def test_another_feature_after_a_what_if_asks_what_it_should_be_and_a_bare_value_sets_it(demo_host):
    backend = ScriptedBackend(
        [call("explain_what_if", instance=5, changes={"bmi": 30}), "ok", call("explain_what_if"), "ok"]
    )
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("what if patient 5's bmi were 30?")
    asked = await conversation.send("and her glucose?")
    assert asked.clarification is not None and asked.reply.startswith("What should glucose be (from 58 to 124")
    pending = conversation.state.pending
    assert pending is not None and pending.feature == "glucose"
    turn = await conversation.send("110")
    assert turn.calls[0].arguments == {"instance": 5, "changes": {"glucose": 110}}
    assert turn.calls[0].status == "ok"
    backend.assert_complete()


async def test_a_step_with_no_feature_in_focus_asks_which_feature(demo_host):
    backend = ScriptedBackend([call("explain_what_if", instance=5)])
    turn = await Agent(demo_host, backend, settings=AgentSettings(guard=False)).run_turn("what if it were 5 higher?")
    assert turn.clarification is not None and turn.reply.startswith("Which feature should be higher?")


async def test_the_feature_in_focus_follows_data_questions(demo_host):
    backend = ScriptedBackend([call("get_data_information", feature="glucose"), "ok"])
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("what about glucose?")
    assert conversation.state.feature == "glucose"
    rebuilt = DialogueState.from_history(conversation.history)
    assert rebuilt.feature == "glucose"


# ---- what a new user meets ------------------------------------------------------------------------------


@pytest.mark.slow  # runs the snippet in a new Python process (about 6 s of CPU)
def test_the_readmes_custom_function_snippet_runs_as_a_script(tmp_path):
    import re
    import subprocess
    import sys
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    snippet = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "@registry.register" in b)
    (tmp_path / "snippet.py").write_text(snippet, encoding="utf-8")
    out = subprocess.run([sys.executable, str(tmp_path / "snippet.py")], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    why, count = out.stdout.splitlines()
    assert why.endswith("['get_local_explanation'] True")
    # The custom function's dict is replied in words, not as JSON.
    assert re.fullmatch(r"patients above threshold: \d+; patients: 442\. \['count_high_risk'\] True", count)


def test_any_plain_result_is_rendered_in_words():
    from simxai.results import render_result

    assert render_result({"count": 12, "by_label": {"stable": 3, "progressing": 9}, "ids": [1, 2], "ok": True}) == (
        "count: 12; by label: (stable: 3, progressing: 9); ids: 1, 2; ok: yes."
    )
    assert render_result([{"id": 1, "p": 0.123456}, {"id": 2, "p": 0.5}]) == "(1) id: 1, p: 0.123; (2) id: 2, p: 0.5."
    assert render_result({}) == "nothing." and render_result("As is.") == "As is."


async def test_clarifications_on_a_loan_host_use_its_words(loan_host):
    from simxai.backends import load_backend

    conversation = Agent(loan_host, load_backend("router")).conversation()
    which = await conversation.send("why?")
    assert which.reply == (
        "Which applicant do you mean? Please give an applicant id from 0 to 1499 or the feature values."
    )
    unknown = await Agent(loan_host, load_backend("router")).conversation().send("why is applicant 9999 rejected?")
    # One sentence each, the range said once, no internal function name.
    assert unknown.reply == (
        "There is no applicant 9999. Which applicant do you mean? "
        "Please give an applicant id from 0 to 1499 or the feature values."
    )
    change = await Agent(loan_host, load_backend("router")).conversation().send("what if applicant 5 changed?")
    assert change.clarification is not None and change.clarification.missing == ["changes"]
    assert change.reply.startswith('What should change? For example "what if the ')
    for reply in (which.reply, unknown.reply, change.reply):
        assert "bmi" not in reply and "glucose" not in reply and "patient" not in reply and "(" not in reply


async def test_the_routers_small_talk_passes_the_guard_with_its_own_examples(loan_host):
    from simxai.backends import load_backend

    turn = await Agent(loan_host, load_backend("router")).conversation().send("hello")
    assert "applicant 12" in turn.reply and turn.calls == []
    assert turn.faithfulness.passed and turn.faithfulness.unsupported == []


async def test_an_unknown_category_is_asked_back_with_the_valid_names(loan_host):
    wrong = call("explain_what_if", instance=5, changes={"region": "middle"})
    backend = ScriptedBackend([wrong, wrong])  # an LLM gets one retry with the error before the user is asked
    turn = await Agent(loan_host, backend, settings=AgentSettings(guard=False)).run_turn("what if in the middle?")
    assert turn.clarification is not None and turn.clarification.missing == ["changes"]
    assert turn.reply.startswith(
        "region has no category 'middle'; valid categories are east, north, south and west. What should change?"
    )


async def test_a_group_the_data_cannot_select_is_refused_plainly(demo_host):
    from simxai.backends.router import RouterBackend

    conversation = Agent(demo_host, RouterBackend(), settings=AgentSettings(guard=False)).conversation()
    await conversation.send("what is the model's f1 score?")
    turn = await conversation.send("for women?")
    assert turn.clarification is not None and "cannot be scored on 'women'" in turn.reply
    assert all(c.status != "ok" for c in turn.calls)


async def test_a_step_names_its_feature_and_the_answer_to_how_much_may_name_the_instance(demo_host):
    backend = ScriptedBackend([call("explain_what_if"), "ok"])
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    asked = await conversation.send("what if the bmi was lower?")
    assert asked.reply.startswith("How much lower should bmi be?")
    turn = await conversation.send("patient 12, reduce it by 3 please")
    assert turn.calls[0].arguments == {"changes": {"bmi": "-3"}, "instance": 12}
    assert turn.calls[0].status == "ok"
    backend.assert_complete()


async def test_a_new_request_after_which_instance_is_routed_anew_not_pasted_into_the_slot(demo_host):
    backend = ScriptedBackend([call("get_local_explanation"), call("get_model_performance", metric="accuracy"), "ok"])
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    asked = await conversation.send("why this prediction?")
    assert asked.clarification is not None and asked.clarification.missing == ["instance"]
    turn = await conversation.send("how accurate is the model on patients over 60?")
    assert [c.function for c in turn.calls] == ["get_model_performance"]
    backend.assert_complete()


def test_only_an_answer_is_no_new_request(demo_host):
    schema = demo_host.schema()
    assert not is_new_request("patient 12 please", schema) and not is_new_request("12", schema)
    assert is_new_request("why is patient 4 predicted progressing?", schema)
    assert is_new_request("patient 4, with a bmi 3 lower", schema)


@pytest.mark.parametrize(
    "script",
    [
        # a direct answer with model facts is sent back to use a function; the backend then fails
        ["Patients with bmi over 35 are progressing.", BackendUnavailableError("connection refused")],
        # unreadable output gets a corrective prompt; the backend then fails
        [ToolCallParseError("bad call"), BackendUnavailableError("connection refused")],
    ],
)
async def test_the_fallback_routes_the_users_words_never_the_engines_retry_prompt(demo_host, script):
    from simxai.backends.router import RouterBackend

    primary = ScriptedBackend(script, name="openai:x")
    turn = await Agent(demo_host, primary, fallback=RouterBackend()).run_turn(
        "what does the model predict for patient 7?"
    )
    assert turn.backend == "router" and "connection refused" in turn.fallback
    assert [(c.function, c.arguments.get("instance")) for c in turn.calls] == [("get_prediction", 7)]


async def test_how_to_be_the_predicted_label_says_so_once(demo_host):
    # Patient 41 is predicted stable: asking how it could become stable needs no change, said in one sentence
    # (the rendering used to state the prediction, then the host's note saying the same).
    from simxai.backends.router import RouterBackend

    label = demo_host.predict(demo_host.resolve(41)).label
    turn = await Agent(demo_host, RouterBackend(), settings=CHECKED).run_turn(f"how could patient 41 become {label}?")
    assert [c.function for c in turn.calls] == ["explain_how_to_be_that"]
    assert turn.reply.count(f"predicts {label}") == 1 and "nothing needs to change" in turn.reply
    assert turn.faithfulness.passed


async def test_a_fault_of_the_guard_costs_the_reply_not_the_turn(demo_host, monkeypatch, caplog):
    # the guard raising on a reply (a bug of its own) is logged; the reply counts as unverified, so it is
    # regenerated once and then replaced by SimXAI's rendering of the outputs
    def broken(*args, **kwargs):
        raise ValueError("a reading the guard got wrong")

    monkeypatch.setattr("simxai.agent.check_claims", broken)
    backend = ScriptedBackend([call("get_prediction", instance=12), "It predicts stable.", "Stable, again."])
    with caplog.at_level("ERROR", logger="simxai.agent"):
        turn = await Agent(demo_host, backend).run_turn("predict 12")
    assert turn.reply == turn.calls[0].rendering
    assert turn.faithfulness.fallback_used and not turn.faithfulness.passed
    assert GUARD_FAULT in turn.faithfulness.unsupported
    assert "a reading the guard got wrong" in caplog.text
