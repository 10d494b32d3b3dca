"""What the guard reads on the live path: every reply an LLM wrote, and the router's own rendering of the outputs
only with `guard_renderings` on (`SIMXAI_GUARD_RENDERINGS=1`); off (the default), such a turn's report says
`rendered` and lists no claim, and the guard is not run on it at all.

On the demo host (patients 0-441) with the offline router and scripted LLMs.
"""

from __future__ import annotations

from typing import Any

import pytest

import simxai.agent as agent_module
from simxai.agent import Agent, AgentSettings, Turn
from simxai.backends.router import RouterBackend
from simxai.backends.testing import ScriptedBackend, call
from simxai.exceptions import BackendUnavailableError
from simxai.guard import GuardReport, check_claims
from simxai.settings import Settings, agent_settings, read_settings

QUESTION = "what does the model predict for patient 12?"


class _Reads:
    """Counts the texts the engine hands the guard's `check_claims`."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, text: str, *args: Any, **kwargs: Any) -> GuardReport:
        self.texts.append(text)
        return check_claims(text, *args, **kwargs)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> _Reads:
    counter = _Reads()
    monkeypatch.setattr(agent_module, "check_claims", counter)
    return counter


def own_report(agent: Agent, turn: Turn) -> GuardReport:
    """The guard's report on exactly `turn.reply` against the turn's outputs and the user's words."""
    outputs = [c.output for c in turn.calls if c.status == "ok"]
    return check_claims(turn.reply, outputs, vocabulary=agent.vocabulary, context=turn.user)


def prediction_of(demo_host: Any, instance: int) -> str:
    return str(demo_host.predict(demo_host.resolve(instance)).label)


async def test_off_by_default_the_routers_rendering_is_not_re_read_and_says_so(demo_host, reads):
    agent = Agent(demo_host, RouterBackend())
    assert agent.settings.guard_renderings is False
    turn = await agent.run_turn(QUESTION)
    assert turn.reply == turn.calls[0].rendering and f"predicts {prediction_of(demo_host, 12)}" in turn.reply
    assert turn.faithfulness == GuardReport(rendered=True), turn.faithfulness
    assert reads.texts == [] and "guard" not in turn.timings, turn.timings
    # The rendering still passes the guard when it is read (the tests' gate, `tests/backends/routing.CHECKED`).
    read = own_report(agent, turn)
    assert read.passed and f"prediction {prediction_of(demo_host, 12)}" in read.claims, read


async def test_on_the_report_is_the_guards_on_the_rendering(demo_host, reads):
    agent = Agent(demo_host, RouterBackend(), settings=AgentSettings(guard_renderings=True))
    turn = await agent.run_turn(QUESTION)
    assert turn.faithfulness == own_report(agent, turn) and not turn.faithfulness.rendered
    assert turn.faithfulness.passed and f"prediction {prediction_of(demo_host, 12)}" in turn.faithfulness.claims
    assert reads.texts == [turn.reply]


async def test_the_guard_off_reports_nothing_either_way(demo_host, reads):
    for renderings in (False, True):
        settings = AgentSettings(guard=False, guard_renderings=renderings)
        turn = await Agent(demo_host, RouterBackend(), settings=settings).run_turn(QUESTION)
        assert turn.faithfulness == GuardReport() and reads.texts == []


async def test_a_reply_an_llm_wrote_is_read_with_the_setting_off(demo_host, reads):
    label = prediction_of(demo_host, 12)
    other = next(c for c in demo_host.schema().class_names if c != label)
    written = f"The model predicts {label} for patient 12."
    llm = ScriptedBackend([call("get_prediction", instance=12), written], name="openai:x")
    turn = await Agent(demo_host, llm).run_turn(QUESTION)
    assert turn.reply == written and reads.texts == [written] and "guard" in turn.timings
    assert turn.faithfulness.passed and f"prediction {label}" in turn.faithfulness.claims
    assert not turn.faithfulness.rendered
    # An unfaithful one is sent back, and its regeneration read too.
    wrong = f"The model predicts {other} for patient 12."
    llm = ScriptedBackend([call("get_prediction", instance=12), wrong, written], name="openai:x")
    turn = await Agent(demo_host, llm).run_turn(QUESTION)
    assert turn.reply == written and reads.texts[1:] == [wrong, written]
    assert turn.faithfulness.regenerated and turn.faithfulness.passed and not turn.faithfulness.rendered


async def test_a_written_reply_the_rendering_replaced_keeps_its_report(demo_host):
    label = prediction_of(demo_host, 12)
    other = next(c for c in demo_host.schema().class_names if c != label)
    wrong = f"The model predicts {other} for patient 12."
    llm = ScriptedBackend([call("get_prediction", instance=12), wrong, wrong], name="openai:x")
    turn = await Agent(demo_host, llm).run_turn(QUESTION)
    assert turn.reply == turn.calls[0].rendering
    report = turn.faithfulness
    assert report.fallback_used and not report.passed and report.unsupported == [f"prediction {other}"], report
    assert not report.rendered


async def test_a_rendering_in_place_of_a_written_non_answer_is_read(demo_host, reads):
    llm = ScriptedBackend([call("get_prediction", instance=12), "", ""], name="openai:x")
    turn = await Agent(demo_host, llm).run_turn(QUESTION)
    assert turn.reply == turn.calls[0].rendering and reads.texts == [turn.reply]
    report = turn.faithfulness
    assert report.fallback_used and report.regenerated and report.passed and report.claims and not report.rendered


async def test_the_router_answering_for_a_failed_llm_is_a_rendering(demo_host, reads):
    llm = ScriptedBackend([BackendUnavailableError("connection refused")], name="openai:x")
    turn = await Agent(demo_host, llm, fallback=RouterBackend()).run_turn(QUESTION)
    assert turn.fallback is not None and turn.reply == turn.calls[0].rendering
    assert turn.faithfulness == GuardReport(rendered=True) and reads.texts == []


def test_the_setting_from_the_environment(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("SIMXAI_GUARD_RENDERINGS", raising=False)
    assert agent_settings(read_settings(Settings, {})).guard_renderings is False
    monkeypatch.setenv("SIMXAI_GUARD_RENDERINGS", "1")
    assert agent_settings(read_settings(Settings, {})).guard_renderings is True
