"""The guard's report of a turn is on the reply the user gets, checked against that turn's outputs.

Through the real engine on the demo host (patients 0–441) with the offline router, and with a scripted LLM
that falls back to it: after a clarification ("there is no patient 5001"), the answered turn's report is on
its own rendering, not on a text the router made of an internal prompt; a question's report states no claim.
"""

from simxai.agent import Agent, Conversation, Turn
from simxai.backends.router import RouterBackend
from simxai.backends.testing import ScriptedBackend, call
from simxai.exceptions import BackendUnavailableError
from simxai.guard import GuardReport, check_claims
from simxai.prompts import guard_retry, non_answer_retry
from tests.backends.routing import CHECKED

NO_PATIENT = "There is no patient 5001."


def own_report(conversation: Conversation, turn: Turn) -> GuardReport:
    """The guard's report on exactly `turn.reply`, against exactly this turn's outputs and the user's words."""
    said = [m.content for m in conversation.history if m.role == "user"]
    return check_claims(
        turn.reply,
        [c.output for c in turn.calls if c.status == "ok"],
        vocabulary=conversation.agent.vocabulary,
        context="\n".join(said),
    )


def asked(turn: Turn) -> None:
    assert turn.clarification is not None and turn.reply.startswith(NO_PATIENT), turn.reply
    assert turn.faithfulness == GuardReport(), turn.faithfulness  # a question states no claim


def answered(conversation: Conversation, turn: Turn, instance: int) -> None:
    assert [(c.function, c.arguments, c.status) for c in turn.calls] == [
        ("get_prediction", {"instance": instance}, "ok")
    ]
    assert turn.reply == turn.calls[0].rendering
    assert turn.faithfulness == own_report(conversation, turn)
    assert turn.faithfulness.passed and not turn.faithfulness.fallback_used, turn.faithfulness
    assert any(c.startswith("prediction ") for c in turn.faithfulness.claims), turn.faithfulness
    # The router was not handed an instruction meant for a model that writes replies.
    assert [m.role for m in turn.messages] == ["user", "assistant", "tool", "assistant"]


async def test_the_answer_after_a_clarification_reports_on_its_own_rendering(demo_host):
    for answer in ("predict patient 12", "12"):
        conversation = Agent(demo_host, RouterBackend(), settings=CHECKED).conversation()
        asked(await conversation.send("what does the model predict for patient 5001?"))
        answered(conversation, await conversation.send(answer), 12)


async def test_an_id_that_does_not_exist_as_the_answer_is_asked_about_again(demo_host):
    conversation = Agent(demo_host, RouterBackend(), settings=CHECKED).conversation()
    asked(await conversation.send("what does the model predict for patient 5001?"))
    again = await conversation.send("5001")
    asked(again)
    assert again.state.pending is not None and again.state.pending.missing == "instance"
    answered(conversation, await conversation.send("40"), 40)


async def test_the_router_answering_for_a_failed_llm_after_a_clarification_writes_no_reply(demo_host):
    rejected = call("get_prediction", instance=5001)
    llm = ScriptedBackend([rejected, rejected, BackendUnavailableError("connection refused")], name="openai:x")
    conversation = Agent(demo_host, llm, fallback=RouterBackend(), settings=CHECKED).conversation()
    asked(await conversation.send("what does the model predict for patient 5001?"))
    turn = await conversation.send("12")
    llm.assert_complete()
    assert turn.backend == "router" and turn.fallback is not None and "connection refused" in turn.fallback
    answered(conversation, turn, 12)
    assert all(non_answer_retry("the reply is empty") != m.content for m in turn.messages)


async def test_a_regeneration_the_router_answered_keeps_the_report_on_the_written_reply(demo_host):
    unfaithful = "The model predicts progressing for patient 12."
    llm = ScriptedBackend(
        [call("get_prediction", instance=12), unfaithful, BackendUnavailableError("timed out")], name="openai:x"
    )
    turn = await Agent(demo_host, llm, fallback=RouterBackend()).run_turn("what does the model predict for patient 12?")
    llm.assert_complete()
    assert turn.reply == turn.calls[0].rendering and turn.fallback is not None
    # The report names the written reply's unsupported claim, not what the router made of the retry prompt.
    assert turn.faithfulness.unsupported == ["prediction progressing"], turn.faithfulness
    assert turn.faithfulness.fallback_used and not turn.faithfulness.passed
    assert turn.messages[-2].content == guard_retry(["prediction progressing"])


async def test_a_question_asked_again_is_not_checked_as_what_the_llm_wrote_beside_it(demo_host):
    rejected = call("get_prediction", instance=5001)
    beside = "The model predicts progressing for patient 5002."  # not shown: the question stays the reply
    llm = ScriptedBackend([rejected, rejected, beside], name="openai:x")
    conversation = Agent(demo_host, llm).conversation()
    asked(await conversation.send("what does the model predict for patient 5001?"))
    again = await conversation.send("5002")
    llm.assert_complete()  # and no regeneration of a reply nobody sees
    assert again.reply.startswith("There is no patient 5002.") and again.clarification is not None
    assert again.faithfulness == GuardReport()
