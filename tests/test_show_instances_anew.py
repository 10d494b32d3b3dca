"""Showing "patients 88 and 203" after a what-if or an explanation is a new request for those instances (their
predictions), never the earlier question repeated on them: the bmi = 30 of a what-if about patient 12 silently ran on
patients 88 and 203. One instance ("show me patient 20") was read so already. On the demo and loan hosts; the
phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.hosts.base import Host


async def _last_calls(host: Host, *texts: str) -> list[tuple[str, dict[str, object]]]:
    conversation = Agent(host, RouterBackend()).conversation()
    for text in texts:
        turn = await conversation.send(text)
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


@pytest.mark.parametrize(
    ("fixture", "earlier", "text", "ids"),
    [
        ("demo_host", "what if patient 12's bmi were 30?", "show me patients 88 and 203", (88, 203)),
        ("demo_host", "why is patient 12 stable?", "now show me patients 41, 7 and 19", (41, 7, 19)),
        ("loan_host", "what if applicant 57 earned 10k more?", "show me applicants 905 and 777", (905, 777)),
        ("loan_host", "why was applicant 57 approved?", "can you pull up applicants 140 & 12", (140, 12)),
    ],
)
async def test_showing_a_few_instances_is_their_prediction_anew(
    fixture: str, earlier: str, text: str, ids: tuple[int, ...], request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(fixture)
    assert await _last_calls(host, earlier, text) == [("get_prediction", {"instance": i}) for i in ids]


@pytest.mark.parametrize(
    ("fixture", "earlier", "text", "function"),
    [
        # the earlier question named again for the new instances stays that question
        ("demo_host", "why is patient 12 stable?", "show me the same for patients 88 and 203", "get_local_explanation"),
        ("loan_host", "what if applicant 57 earned 10k more?", "and for applicants 905 and 777?", "explain_what_if"),
    ],
)
async def test_the_same_question_for_a_few_instances_still_repeats_it(
    fixture: str, earlier: str, text: str, function: str, request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(fixture)
    assert {name for name, _ in await _last_calls(host, earlier, text)} == {function}
