"""Groups a turn names are carried, never dropped or swapped for the instance in focus (round 21, cw21).

- a bound in money with its period ("on flats under £900 a month") that no feature reads is passed on as said, so
  that the function asks, never scores everyone;
- "there" after a group was named ("and the recall there?") is that group, also when the previous turn's group was
  the instance of a prediction, or the previous turn was asked back; "are there" (how many exist) is no reference;
- the router's question between two functions names the group the turn names, not the instance of an earlier why.
Our own wording, on the demo and loan hosts.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument
from simxai.followup_context import referred_group
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.demo import load_demo_host
from simxai.messages import Message, ToolCall
from tests.backends.routing import DEMO, LOAN, calls, route, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("what is the recall on flats under £900 a month", "under £900 a month"),
        ("how accurate is it for borrowers on more than $45k a year?", "more than $45k a year"),
        ("precision for cabins over €120 per night", "over €120 per night"),
    ],
)
def test_a_bound_in_money_no_feature_reads_is_kept(text: str, bound: str) -> None:
    assert extract_argument("group", text, LOAN, "get_model_performance") == bound


def test_a_metric_on_an_unread_money_bound_is_asked_not_scored_on_everyone(router: RouterBackend) -> None:
    question, found = route(router, "how well does it score on caravans under £70 a night?", LOAN)
    assert found == [] or all(args.get("group") for _name, args in found)


def _call(arguments: dict[str, object]) -> list[Message]:
    call = ToolCall(id="call_0", name="get_prediction", arguments=arguments)
    return [
        Message.user("what does it predict for the over 70s?"),
        Message.assistant("", tool_calls=[call]),
        Message.tool(call, json.dumps({"result": {"kind": "prediction"}, "summary": "For the 12 patients ..."})),
        Message.assistant("For the 12 patients ..."),
    ]


@pytest.mark.parametrize("text", ["and the recall there?", "how precise is it there", "f1 there too?"])
def test_there_is_the_group_named_before(text: str) -> None:
    assert referred_group(text, _call({"instance": "age > 70"})) == "age > 70"


@pytest.mark.parametrize("text", ["how many are there?", "is there a pattern", "there is a mistake, right?"])
def test_there_of_existence_is_no_reference(text: str) -> None:
    assert referred_group(text, _call({"instance": "age > 70"})) is None


def test_there_after_a_turn_asked_back_is_its_group() -> None:
    history = [Message.user("how many of the patients with bmi over 35 are there?"), Message.assistant("Do you mean")]
    assert referred_group("and the accuracy there?", history, DEMO) == "bmi > 35"
    assert referred_group("and the accuracy there?", history) is None


def test_there_after_a_group_prediction_scores_that_group(router: RouterBackend) -> None:
    turns = asyncio.run(talk(load_demo_host(), router, "what does it predict for patients over 65?", "and f1 there?"))
    assert calls(turns[1]) and calls(turns[1])[0][1].get("group") == "age > 65"


def test_the_question_between_functions_names_the_group_of_the_turn(router: RouterBackend) -> None:
    question, found = route(router, "which women are predicted progressing?", DEMO)
    if found == []:
        assert "'women'" in question and "an instance" not in question


CABINS = HostSchema(
    name="lake cabins",
    kind="tabular",
    instance_noun="cabin",
    class_names=["empty", "let"],
    features=[
        FeatureSchema(name="nightly_rate", type="numeric", min=40, max=400, description="price per night in euros"),
        FeatureSchema(name="linen_fee", type="numeric", min=0, max=60, description="one-off linen charge in euros"),
        FeatureSchema(name="minimum_nights", type="numeric", min=1, max=14, description="shortest stay in nights"),
        FeatureSchema(name="lake_view", type="categorical", categories=["yes", "no"]),
    ],
    id_range=(81001, 81500),
)


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("precision on cabins under €150 a night?", "nightly_rate < 150"),
        ("how accurate is it for cabins over €90 per night", "nightly_rate > 90"),
    ],
)
def test_the_period_after_money_picks_the_money_feature(text: str, group: str) -> None:
    assert extract_argument("group", text, CABINS, "get_model_performance") == group
