"""Forms of a turn the router reads before and around the selector: a number taken back within the turn, a new
amount or an added change after a what-if, why the model expects a class, and a move between two classes.

Run on invented hosts built in the test as schemas (`tests/test_said_units.py`'s greenhouse with three classes and
bakery with two) and on the demo and loan schemas; the phrasings are our own.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai._self_repair import self_corrected
from simxai.backends._router_decision import Decision, changes_decision
from simxai.backends._router_masking import mask
from simxai.backends._router_readings import read_function
from simxai.backends._router_unsure import ruled_out
from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import DEMO, LOAN, REVIEWS, after, route
from tests.test_said_units import BAKERY, GREENHOUSE


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a number taken back within the turn ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if the flour were 20 kilos - sorry, I mean 25", "what if the flour were 25 kilos"),
        ("why is 62019, no wait, 62091 flat?", "why is 62091 flat?"),
        ("tray 81044... sorry 81047, why is it struggling", "tray 81047, why is it struggling"),
        ("what if it proofed at 30 degrees, scratch that, 28", "what if it proofed at 28 degrees"),
        ("show 3 or rather 4 examples", "show 4 examples"),
        ("what if bmi were 30, no 2 more", "what if bmi were 30, no 2 more"),  # a step, not a new number
        ("sorry, I meant 14", "sorry, I meant 14"),  # corrects the previous turn: read elsewhere
    ],
)
def test_a_number_taken_back_is_replaced_by_the_one_after_it(text: str, expected: str) -> None:
    assert self_corrected(text) == expected


@pytest.mark.parametrize(
    ("schema", "text", "call"),
    [
        (BAKERY, "what if the flour on 62041 were 20 kilos - sorry, I mean 25", ("explain_what_if", 62041)),
        (GREENHOUSE, "what does it predict for 81019, no wait, 81091?", ("get_prediction", 81091)),
        (DEMO, "what does the model predict for patient 12... sorry, 21", ("get_prediction", 21)),
    ],
)
def test_the_router_reads_the_number_said_last(
    router: RouterBackend, schema: HostSchema, text: str, call: tuple[str, int]
) -> None:
    question, calls = route(router, text, schema)
    assert question == ""
    assert [(name, arguments.get("instance")) for name, arguments in calls] == [call]


def test_a_value_taken_back_is_the_value_changed(router: RouterBackend) -> None:
    _, calls = route(router, "what if patient 12's bmi were 30, scratch that, 32", DEMO)
    assert calls == [("explain_what_if", {"instance": 12, "changes": {"bmi": 32}})]


# --- after a what-if: a new amount ("make that ..."), a change added ("and ...") -----------------------------------


@pytest.mark.parametrize(
    ("schema", "instance", "first", "text", "expected"),
    [
        (BAKERY, 62045, {"proof_temp_c": "-3"}, "make that 5 degrees cooler", {"proof_temp_c": "-5"}),
        (DEMO, 12, {"bmi": "-2"}, "ok make it 4 lower bmi", {"bmi": "-4"}),
    ],
)
def test_make_that_after_a_what_if_is_a_new_amount(
    router: RouterBackend, schema: HostSchema, instance: int, first: dict[str, Any], text: str, expected: Any
) -> None:
    history = after("explain_what_if", f"what if {instance} changed a little", instance=instance, changes=first)
    _, calls = route(router, text, schema, history)
    assert [name for name, _ in calls] == ["explain_what_if"]
    assert calls[0][1]["changes"] == expected


@pytest.mark.parametrize(
    ("schema", "instance", "first", "text", "expected"),
    [
        (BAKERY, 62055, {"hydration": 75}, "and made with rye instead of wheat", {"flour_type": "rye"}),
        (GREENHOUSE, 81055, {"humidity_pct": 60}, "and moved to the south bench", {"bench": "south"}),
    ],
)
def test_a_change_joined_to_a_what_if_is_a_what_if(
    router: RouterBackend, schema: HostSchema, instance: int, first: dict[str, Any], text: str, expected: Any
) -> None:
    history = after("explain_what_if", f"what if {instance} changed a little", instance=instance, changes=first)
    _, calls = route(router, text, schema, history)
    assert [name for name, _ in calls] == ["explain_what_if"]
    assert expected.items() <= calls[0][1]["changes"].items()


# --- why the model expects a class --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("schema", "text", "instance"),
    [
        (DEMO, "why is patient 12 expected to be progressing?", 12),
        (LOAN, "why is applicant 7 predicted to get rejected?", 7),
        (BAKERY, "why's 62055 expected to come out flat?", 62055),
    ],
)
def test_why_the_model_expects_a_class_is_the_instances_explanation(
    router: RouterBackend, schema: HostSchema, text: str, instance: int
) -> None:
    _, calls = route(router, text, schema)
    assert [(name, arguments.get("instance")) for name, arguments in calls] == [("get_local_explanation", instance)]


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (DEMO, "why isn't patient 12 expected to be stable?"),
        (LOAN, "why is applicant 7 not predicted to get approved?"),
    ],
)
def test_a_denied_expectation_stays_a_why_not(router: RouterBackend, schema: HostSchema, text: str) -> None:
    _, calls = route(router, text, schema)
    assert [name for name, _ in calls] == ["explain_why_not"]


# --- a move from one class to another -----------------------------------------------------------------------------

SEARCHES = {"explain_how_to_still_be_this": 0.5, "explain_how_to_be_that": 0.5}


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (GREENHOUSE, "for tray 81037, what care would take it from struggling to thriving?"),
        (DEMO, "what would move patient 9 from progressing to stable"),
    ],
)
def test_a_move_between_classes_keeps_nothing_as_it_is(schema: HostSchema, text: str) -> None:
    assert "explain_how_to_still_be_this" in ruled_out(text, mask(text, schema), schema, SEARCHES)


def test_one_class_named_leaves_both_searches_open() -> None:
    text = "what could change for patient 9 and it still stays stable"
    assert ruled_out(text, mask(text, DEMO), DEMO, SEARCHES) == frozenset()


# --- whether the model was right about one instance, when the selector is unsure; what the model knows of ---------


@pytest.mark.parametrize(
    ("schema", "text", "instance"),
    [
        (GREENHOUSE, "did it call 81072 right? that tray was lost in march, aphids everywhere", 81072),
        (BAKERY, "was the model right about 62031? it came out flat for us, we binned it", 62031),
    ],
)
def test_whether_it_was_right_about_one_instance_is_its_prediction(
    router: RouterBackend, schema: HostSchema, text: str, instance: int
) -> None:
    question, calls = route(router, text, schema)
    assert question == ""
    assert calls == [("get_prediction", {"instance": instance})]


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (GREENHOUSE, "does it know anything about frost?"),
        (BAKERY, "does the model take the oven's age into account"),
        (LOAN, "does it know about my other debts?"),
    ],
)
def test_what_the_model_knows_of_is_its_description(router: RouterBackend, schema: HostSchema, text: str) -> None:
    assert route(router, text, schema) == ("", [("get_model_information", {})])


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (DEMO, "show me the overall feature ranking, I'm curious where glucose ends up"),
        (GREENHOUSE, "across the board, how do the features rank?"),
    ],
)
def test_a_ranking_of_the_whole_model_is_no_instance_and_no_data_description(schema: HostSchema, text: str) -> None:
    options = {"get_data_information": 0.4, "get_local_explanation": 0.3, "get_global_explanation": 0.3}
    unfit = ruled_out(text, mask(text, schema), schema, options)
    assert {"get_data_information", "get_local_explanation"} <= unfit
    assert "get_global_explanation" not in unfit


def test_one_instance_named_keeps_its_explanation_open() -> None:
    text = "overall, why did patient 9 get that label?"
    options = {"get_local_explanation": 0.5, "get_global_explanation": 0.5}
    assert "get_local_explanation" not in ruled_out(text, mask(text, DEMO), DEMO, options)


# --- "the first one" after questions on one instance at a time --------------------------------------------------


def asked_about(*instances: int) -> list[Message]:
    history: list[Message] = []
    for i, instance in enumerate(instances):
        call = ToolCall(id=f"call_{i}", name="get_prediction", arguments={"instance": instance})
        history += [
            Message.user(f"and {instance}?"),
            Message.assistant("", [call]),
            Message.tool(call, '{"result": {}}'),
        ]
    return history


@pytest.mark.parametrize(
    ("schema", "instances", "text", "expected"),
    [
        (DEMO, (40, 71, 71), "ok, the first one - why is that?", 40),
        (BAKERY, (62060, 62071), "what about the second one, why is it flat", 62071),
    ],
)
def test_an_ordinal_names_the_instances_in_the_order_they_came_up(
    router: RouterBackend, schema: HostSchema, instances: tuple[int, ...], text: str, expected: int
) -> None:
    _, calls = route(router, text, schema, asked_about(*instances))
    assert [arguments.get("instance") for _, arguments in calls] == [expected]


def test_whether_it_knows_of_a_feature_is_left_to_the_selector(router: RouterBackend) -> None:
    names = {"get_model_information", "get_global_explanation"}
    assert read_function("get_global_explanation", True, "does the model take bmi into account?", DEMO, names) is None
    assert (
        read_function(None, True, "does the model take sunshine into account?", DEMO, names) == "get_model_information"
    )


def test_a_question_about_what_it_weighs_most_is_no_question_about_what_it_knows() -> None:
    names = {"get_model_information", "get_global_explanation"}
    text = "which words does it know about most, generally"
    assert read_function("get_global_explanation", True, text, REVIEWS, names) is None


# --- a bare change added to a what-if, whatever search the selector is sure of ----------------------------------


@pytest.mark.parametrize(
    ("schema", "instance", "first", "text", "what_if"),
    [
        (GREENHOUSE, 81055, {"humidity_pct": 60}, "and moved to the south bench", True),
        (LOAN, 12, {"income": 50}, "plus renting instead", True),
        (DEMO, 12, {"bmi": 30}, "and a glucose of 90", True),
        # a question of its own, or a class named: the search the selector chose stands
        (GREENHOUSE, 81055, {"humidity_pct": 60}, "and what would keep it thriving on the south bench?", False),
        (LOAN, 12, {"income": 50}, "and north region for approved", False),
    ],
)
def test_a_bare_change_added_to_a_what_if_is_no_search(
    schema: HostSchema, instance: int, first: dict[str, Any], text: str, what_if: bool
) -> None:
    names = {"explain_what_if", "get_prediction", "explain_how_to_be_that", "explain_how_to_still_be_this"}
    sure = Decision("explain_how_to_still_be_this", 0.9, True)
    decided = changes_decision(
        sure,
        text,
        after("explain_what_if", f"what if {instance} changed", instance=instance, changes=first),
        schema,
        names,
    )
    assert (decided is not None and decided.function == "explain_what_if") is what_if
    assert changes_decision(sure, text, [], schema, names) is None  # joined to no what-if: the search stands
