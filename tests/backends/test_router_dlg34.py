"""Round 34 (dlg34), dialogue turns on an invented host of a beekeeping club's hive inspections, in our own wording:
a correction that names the value it takes back ("no, brood 10, not 8") corrects the one change of the last what-if
that holds that value and keeps the others; and a count of the group just discussed ("how many top bar hives are in
the data?" after a question about the top bar hives, "how many of those in the data") is that group's data, not the
card of the whole feature.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends._correction_steps import held_amounts
from simxai.backends._router_focus_count import counted_in_focus
from simxai.backends._router_value_taken_back import taken_back_text
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import after, route

HIVES = HostSchema(
    name="beekeeping club hive inspections",
    kind="tabular",
    instance_noun="hive",
    class_names=["thriving", "failing"],
    features=[
        FeatureSchema(name="frames_of_brood", type="numeric", min=0, max=20, aliases=["brood"]),
        FeatureSchema(name="colony age (months)", type="numeric", min=1, max=60),
        FeatureSchema(name="mite count", type="numeric", min=0, max=80),
        FeatureSchema(name="hive_type", type="categorical", categories=["national", "langstroth", "top_bar"]),
        FeatureSchema(name="varroa_treated", type="categorical", categories=["False", "True"]),
    ],
    id_range=(73001, 73300),
)
TWO_CHANGES = {"frames_of_brood": 8, "colony age (months)": "+6"}


def _what_if(changes: dict[str, Any], instance: int = 73010) -> list[Message]:
    return after("explain_what_if", "and six months older too", instance=instance, changes=changes)


@pytest.mark.parametrize(
    ("text", "rewritten"),
    [
        ("no, brood 10, not 8", "sorry, I said 8, I meant 10"),
        ("sorry - 12 months not 6", "sorry, I said 6, I meant 12"),
        ("nah 9, not 8!", "sorry, I said 8, I meant 9"),
    ],
)
def test_the_value_taken_back_picks_the_change(text: str, rewritten: str) -> None:
    assert taken_back_text(text, _what_if(TWO_CHANGES), HIVES) == rewritten


@pytest.mark.parametrize(
    ("text", "history"),
    [
        ("brood 10, not 8", _what_if(TWO_CHANGES)),  # no correction marker: a what-if of its own words
        ("no, brood 10, not 7", _what_if(TWO_CHANGES)),  # no change holds 7
        ("no, 10, not 8", _what_if({"frames_of_brood": 8, "mite count": 8})),  # two changes hold 8
        ("no, mite count 10, not 8", _what_if(TWO_CHANGES)),  # names another feature than the one holding 8
        ("no, 10 or 12, not 8", _what_if(TWO_CHANGES)),  # two new numbers
        ("no, hive 73011, not 73010", after("get_prediction", "hive 73010?", instance=73010)),  # no what-if
    ],
)
def test_no_change_picked(text: str, history: list[Message]) -> None:
    assert taken_back_text(text, history, HIVES) is None


def test_held_amounts_are_values_and_step_sizes() -> None:
    assert held_amounts({"a": 3, "b": "+2", "c": "-12.5%", "d": "True", "e": True}) == {3.0, 2.0, 12.5}
    assert held_amounts("frames_of_brood = 3") == set()


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("no, brood 10, not 8", {"frames_of_brood": 10, "colony age (months)": "+6"}),
        ("sorry, 12 months, not 6", {"frames_of_brood": 8, "colony age (months)": "+12"}),
    ],
)
def test_the_router_corrects_one_change_and_keeps_the_other(
    router: RouterBackend, text: str, changes: dict[str, Any]
) -> None:
    question, calls = route(router, text, HIVES, _what_if(TWO_CHANGES))
    assert question == ""
    assert calls == [("explain_what_if", {"instance": 73010, "changes": changes})]


TOP_BAR = "hive_type = top_bar"


def _card(**arguments: object) -> list[ToolCall]:
    return [ToolCall(id="call_0", name="get_data_information", arguments=dict(arguments))]


@pytest.mark.parametrize(
    ("text", "calls", "history"),
    [
        (
            "how many top bar hives are in the data?",
            _card(feature="hive_type"),
            after("get_model_performance", "recall on the top bar hives", metric="recall", group=TOP_BAR),
        ),
        ("how many of those in the data", _card(), after("get_prediction", "top bar ones?", instance=TOP_BAR)),
        ("and how many of em are there", _card(), after("get_model_performance", "f1 there?", group=TOP_BAR)),
    ],
)
def test_a_count_of_the_group_in_focus_is_its_data(text: str, calls: list[ToolCall], history: list[Message]) -> None:
    [counted] = counted_in_focus(calls, text, history, HIVES)
    assert counted.arguments == {"group": TOP_BAR}


@pytest.mark.parametrize(
    ("text", "calls", "history"),
    [
        # another value than the one in focus: the whole feature's card, as without a dialogue
        (
            "how many national hives are in the data?",
            _card(feature="hive_type"),
            after("get_data_information", group=TOP_BAR),
        ),
        # no group in focus, or several conditions
        (
            "how many top bar hives are in the data?",
            _card(feature="hive_type"),
            after("get_prediction", instance=73010),
        ),
        (
            "how many of those in the data",
            _card(),
            after("get_model_performance", group="hive_type = top_bar and mite count > 20"),
        ),
        # no count, or a count that describes a group of its own
        (
            "what about the top bar hives in the data?",
            _card(feature="hive_type"),
            after("get_data_information", group=TOP_BAR),
        ),
        ("how many of those have a mite count over 20", _card(), after("get_data_information", group=TOP_BAR)),
        # a group the call already holds
        (
            "how many of them in the data",
            _card(group="varroa_treated = True"),
            after("get_data_information", group=TOP_BAR),
        ),
    ],
)
def test_counts_left_as_read(text: str, calls: list[ToolCall], history: list[Message]) -> None:
    assert counted_in_focus(calls, text, history, HIVES) == calls


def test_the_router_counts_the_group_in_focus(router: RouterBackend) -> None:
    history = after("get_model_performance", "how accurate on the top bar hives?", metric="accuracy", group=TOP_BAR)
    question, calls = route(router, "how many top bar hives are in the data anyway", HIVES, history)
    assert question == ""
    assert calls == [("get_data_information", {"group": TOP_BAR})]
