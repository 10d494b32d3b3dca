"""After a what-if, "also patient 14" or "same for 14 too" names another instance to run it on, not a value to add:
the engine asked "Which feature should be 14, besides bmi 30?". A number after the host's instance noun, "#", "id" or
"no.", or after "same for", is an id; a value said with "too" and no such word is still added or asked about. On the
demo and loan hosts; our own phrasings.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.hosts.base import Host


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(text) for text in texts]


def _ran(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


@pytest.mark.parametrize(
    "follow_up",
    ["also what about patient 14?", "also patient 14", "same for 14 too", "do the same for #14 too", "and id 14 too?"],
)
async def test_another_patient_after_a_what_if_reruns_it_there(demo_host: Host, follow_up: str) -> None:
    _, turn = await _turns(demo_host, "what if patient 12 had a bmi of 30?", follow_up)
    assert _ran(turn) == [("explain_what_if", {"instance": 14, "changes": {"bmi": 30}})]
    assert turn.clarification is None


async def test_another_applicant_after_a_what_if_reruns_it_there(loan_host: Host) -> None:
    _, turn = await _turns(loan_host, "what if applicant 40 had an income of 90?", "also applicant 41 too")
    assert _ran(turn) == [("explain_what_if", {"instance": 41, "changes": {"income": 90}})]


async def test_a_value_said_with_too_is_still_a_value(demo_host: Host) -> None:
    _, turn = await _turns(demo_host, "what if patient 12 had a bmi of 30?", "and 95 too")
    assert turn.calls == [] or all(c.status != "ok" for c in turn.calls)
    assert turn.clarification is not None and "95" in turn.clarification.question
