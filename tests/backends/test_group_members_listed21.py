"""A group picked by its prediction or label names a few of its ids, which the function output holds (round 21, cw21).

"show me some patients predicted progressing" got the group's counts only: the question asked for examples and the
answer gave none, without saying so. The reply now lists the first ids of the group (the output's `subject.ids`), and
passes the guard; a group picked by a feature only ("patients over 60") lists none, since its members are not all of
one predicted class. Our own wording, on the demo and sentiment hosts.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.demo import load_demo_host
from tests.backends.routing import talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    "text", ["show me a few patients the model predicts progressing", "list some patients labelled stable"]
)
def test_a_group_of_one_class_lists_some_of_its_ids(router: RouterBackend, text: str) -> None:
    turn = asyncio.run(talk(load_demo_host(), router, text))[0]
    members = turn.calls[0].output["subject"]["ids"]
    listed = re.search(r"Among them: patients ([\d, and]+)", turn.reply)
    assert listed is not None and turn.faithfulness.passed
    assert [int(i) for i in re.findall(r"\d+", listed.group(1))] == members[: len(re.findall(r"\d+", listed.group(1)))]


def test_a_group_by_a_feature_lists_no_ids(router: RouterBackend) -> None:
    turn = asyncio.run(talk(load_demo_host(), router, "what does the model predict for patients over 60?"))[0]
    assert turn.calls and "Among them" not in turn.reply
