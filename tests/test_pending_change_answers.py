"""Answers to the engine's own what-if questions, found trying a gym-membership model of my own (the lead, nineteenth
round): a change by a factor with no feature ("and if he visited twice as often?") is asked as a factor and the answer
that names the feature runs it; a question of its own that names a metric ("how accurate is it on monthly
contracts?") is a new request, not the value the what-if waits for. On the demo and loan hosts; our own phrasings.
"""

from __future__ import annotations

from typing import Any

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.hosts.base import Host


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(text) for text in texts]


def _ran(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


async def test_a_factor_asked_for_its_feature_runs_on_the_feature_named(demo_host: Host) -> None:
    _, asked, answered = await _turns(
        demo_host, "why is patient 12 predicted that?", "and if it were twice as high?", "glucose"
    )
    assert asked.clarification is not None and "2 times as high" in asked.clarification.question
    # glucose 81 doubled is 162, above the data's 58-124 but within a range's width of it: a step said outright,
    # run unasked (ask28; questioned first before)
    assert _ran(answered) == [("explain_what_if", {"instance": 12, "changes": {"glucose": "*2"}})]
    assert "range" not in answered.reply


async def test_a_factor_far_past_the_range_is_questioned_and_yes_runs_it(demo_host: Host) -> None:
    _, asked, answered, confirmed = await _turns(
        demo_host, "why is patient 12 predicted that?", "and if it were three times as high?", "glucose", "yes"
    )
    assert asked.clarification is not None and "3 times as high" in asked.clarification.question
    # glucose 81 tripled is 243, more than a range's width above the data's 58-124: questioned, "yes" runs it
    assert _ran(answered) == [] and "above the data's range" in answered.reply
    assert _ran(confirmed) == [("explain_what_if", {"instance": 12, "changes": {"glucose": "*3"}})]


async def test_a_metric_question_after_a_change_question_is_a_new_request(loan_host: Host) -> None:
    # "renting" is also a value the what-if could take (home_ownership = rent): asked with a metric, it is a group
    _, asked, turn = await _turns(
        loan_host,
        "why was applicant 40 predicted that?",
        "what if the income were different?",
        "how accurate is it on applicants who are renting?",
    )
    assert asked.clarification is not None
    assert [name for name, _ in _ran(turn)] == ["get_model_performance"]


async def test_a_change_in_a_question_of_its_own_still_answers_the_change_question(demo_host: Host) -> None:
    _, asked, turn = await _turns(
        demo_host,
        "why is patient 12 predicted that?",
        "what if her bmi were different?",
        "what would it say if her bmi were 30?",
    )
    assert asked.clarification is not None
    assert _ran(turn) == [("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})]
