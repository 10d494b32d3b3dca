"""The group a get_prediction turn counts or picks rows of is read once (`rows_group`), round 21 (cw21).

The branch of `calls_for` for rows picked by a category checked `not extract_ids(...)` and read the group a second
time; both were redundant: the branch runs only when `instances` found nothing, and `instances` returns any id the
turn names (shown below on turns that name ids). A group said in a word no feature codes ("which women are ...") is
passed on as said, so that the function asks about it, never runs on the instance in focus. Our own wording.
"""

from __future__ import annotations

import asyncio

import pytest

from simxai.backends._router_arguments import instances, rows_group
from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from simxai.hosts.demo import load_demo_host
from tests.backends.routing import DEMO, LOAN, calls, talk


@pytest.mark.parametrize(
    ("schema", "text", "group"),
    [
        (LOAN, "which renters are predicted rejected?", "home_ownership = rent"),
        (LOAN, "out of the renters, how many does it predict rejected?", "home_ownership = rent"),
        (DEMO, "which patients over 70 are predicted progressing?", "age > 70"),
        (DEMO, "how many patients are over 70?", None),  # the data's count: no predictions
    ],
)
def test_the_group_of_the_rows_picked_or_counted(schema: HostSchema, text: str, group: str | None) -> None:
    assert rows_group(text, schema) == group


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "which of applicants 12 and 14 are predicted rejected?"),
        (LOAN, "show me applicant 31, is it predicted approved"),
        (DEMO, "how many times is patient 8 predicted progressing"),
        (DEMO, "list patient 40's prediction"),
    ],
)
def test_a_turn_naming_ids_never_reaches_the_group_branch(schema: HostSchema, text: str) -> None:
    assert instances(text, [], schema, None)  # so `not extract_ids` in the branch was always true there


def test_picking_the_groups_option_never_runs_on_the_instance_in_focus() -> None:
    router = RouterBackend()
    turns = asyncio.run(
        talk(load_demo_host(), router, "why is patient 20 predicted stable?", "which women are predicted stable?", "1")
    )
    ran = [args.get("instance") for turn in turns[1:] for _name, args in calls(turn)]
    assert 20 not in ran
