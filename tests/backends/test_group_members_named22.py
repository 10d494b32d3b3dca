"""The ids of a group are named by the host's noun, and a group picked by a feature lists a few of them when the
user asks which ones (round 22, lead22).

Before, "Among them: ids 0, 2 ..." spoke of ids where the host speaks of patients, and "which patients over 60 are
...?" or "which ones?" after a group's predictions got the counts only. Our own wording, on the demo host.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.demo import load_demo_host
from tests.backends.routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _listed(reply: str) -> list[int]:
    said = re.search(r"Among them: patients ([\d, and]+)", reply)
    return [int(i) for i in re.findall(r"\d+", said.group(1))] if said else []


def test_the_members_of_a_class_are_named_by_the_hosts_noun(router: RouterBackend) -> None:
    turn = asyncio.run(talk(load_demo_host(), router, "show me a few patients the model predicts progressing"))[0]
    assert "ids" not in turn.reply
    assert _listed(turn.reply) == turn.calls[0].output["subject"]["ids"][:5]


def test_which_ones_after_a_group_by_a_feature_lists_some(router: RouterBackend) -> None:
    first, second = asyncio.run(
        talk(load_demo_host(), router, "what does the model predict for patients over 60?", "which ones?")
    )
    assert "Among them" not in first.reply  # not asked for: the counts only
    assert calls(second) == [("get_prediction", {"instance": "age > 60"})]
    members = second.calls[0].output["subject"]["ids"]
    assert _listed(second.reply) == members[:5] and second.faithfulness.passed


def test_which_patients_of_a_group_lists_some(router: RouterBackend) -> None:
    turn = asyncio.run(talk(load_demo_host(), router, "which patients over 60 does the model predict?"))[0]
    assert turn.calls and turn.calls[0].output["subject"]["kind"] == "group"
    assert _listed(turn.reply) == turn.calls[0].output["subject"]["ids"][:5]
