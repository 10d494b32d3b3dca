"""Instances discussed one turn at a time are a list too: "the first one", "the one predicted X" (round 14).

"start with 39045, will it be late?" - "and 39051?" - "why is the first one late": the first one is 39045, though no
single answer listed both. Only a turn that called a function on several instances counted as a list, so "the first
one" fell to the instance in focus (the last one). "the one that's predicted to drop" is the one of them the answers
predicted so. Our own dialogues, on the demo, loan and insurance hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend

from .routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("host", "first", "second", "instance"),
    [
        ("demo", "what does it predict for patient 30?", "and patient 31?", 30),
        ("loan", "will applicant 200 be approved?", "and 201?", 200),
    ],
)
async def test_the_first_one_of_instances_asked_one_at_a_time(hosts, router, host, first, second, instance):
    *_, turn = await talk(hosts[host], router, first, second, "why did the first one get that result?")
    assert [(name, arguments.get("instance")) for name, arguments in calls(turn)] == [
        ("get_local_explanation", instance)
    ]


async def test_the_one_predicted_a_class_of_instances_asked_one_at_a_time(hosts, router):
    # patient 3 is predicted progressing and patient 4 stable on the demo host
    *_, turn = await talk(
        hosts["demo"], router, "predict patient 3", "and patient 4?", "why is the one that's progressing predicted so?"
    )
    assert [(name, arguments.get("instance")) for name, arguments in calls(turn)] == [("get_local_explanation", 3)]
    *_, turn = await talk(
        hosts["demo"], router, "predict patient 3", "and patient 4?", "why is the one predicted stable stable?"
    )
    assert [(name, arguments.get("instance")) for name, arguments in calls(turn)] == [("get_local_explanation", 4)]


async def test_one_instance_in_focus_is_no_list(hosts, router):
    # a single instance asked twice is no pair: "the first one" has nothing to pick, the focus stays
    *_, turn = await talk(hosts["insurance"], router, "predict policyholder 5010", "why?")
    assert [(name, arguments.get("instance")) for name, arguments in calls(turn)] == [("get_local_explanation", 5010)]
