"""Round 41 (ux41), on two invented hosts in our own wording: a credit union's e-scooter loans (approved / declined)
and a plant nursery's cuttings (sell / compost). Single-turn readings by the host's schema: a number after a feature,
"were" and an adverb is the feature's value, never an id; "60+" is a bound, "or more"; a count of a category value
counts that group's rows, and a count names no metric and, with no class, no prediction; a feature named only inside
one of its own categories ("the north bench" of `bench`) is the group; "more than 8 on height" bounds the feature;
"tell me something about it" after a turn about one instance is
about that instance; "what keeps 20 from being approved" wants approval; "skip the X" leaves X; "why not just sell
it instead of composting" expects sell; "the first one, why?" after a list asks that one's explanation; "expl" and
"conf matrix" are written out; "stops being called X" keeps X; "with 30 mm of root", "at minus 7" and "every mat"
(the largest count) are values of a what-if; an adverb before an amount names no missing feature.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes, extract_group, extract_ids
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import after, route, what_if_history

SCOOTERS = HostSchema(
    name="e-scooter loans",
    kind="tabular",
    instance_noun="applicant",
    class_names=["approved", "declined"],
    features=[
        FeatureSchema(name="age", type="numeric", min=18, max=85),
        FeatureSchema(name="debt_to_income", type="numeric", min=0, max=60),
        FeatureSchema(name="monthly_income_k", type="numeric", min=1, max=12),
        FeatureSchema(name="employment", type="categorical", categories=["salaried", "self-employed", "student"]),
        FeatureSchema(name="previous_defaults", type="numeric", min=0, max=5),
    ],
    id_range=(1, 400),  # the ids overlap the ages: 70 could be either
)
CUTTINGS = HostSchema(
    name="nursery cuttings",
    kind="tabular",
    instance_noun="cutting",
    class_names=["sell", "compost"],
    features=[
        FeatureSchema(name="substrate", type="categorical", categories=["sand", "loam", "coir"]),
        FeatureSchema(name="bench", type="categorical", categories=["north bench", "south bench", "mist bench"]),
        FeatureSchema(name="height_cm", type="numeric", min=1, max=40),
        FeatureSchema(name="root length (mm)", type="numeric", min=0, max=90),
        FeatureSchema(name="night_temp_c", type="numeric", min=-10, max=15),
        FeatureSchema(name="MistingsPerDay", type="numeric", min=0, max=12),
        FeatureSchema(name="HeatMatsOn", type="numeric", min=0, max=4),
    ],
    id_range=(7001, 7400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _listed(*ids: int) -> list[Message]:
    """A turn that predicted several applicants at once, and the engine's reply."""
    called = [ToolCall(id=f"call_{i}", name="get_prediction", arguments={"instance": n}) for i, n in enumerate(ids)]
    return [
        Message.user("predict a few applicants"),
        Message.assistant("", called),
        *[Message.tool(call, '{"result": {}}') for call in called],
        Message.assistant("Done."),
    ]


# --- a number after a feature, "were" and an adverb ------------------------------------------------------------------


@pytest.mark.parametrize("text", ["and if his age were also 70?", "and if her age was still 70 too?"])
def test_a_value_after_a_feature_and_an_adverb_is_no_id(router: RouterBackend, text: str) -> None:
    history = what_if_history("what if applicant 12 owed less", {"debt_to_income": 20}, None, 12)
    question, called = route(router, text, SCOOTERS, history)
    assert question == "" and [name for name, _ in called] == ["explain_what_if"]
    assert called[0][1].get("instance") != 70 and called[0][1]["changes"]["age"] == 70


# --- "N+" is a bound -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("accuracy for applicants 60+", "age >= 60"),
        ("accuracy for 60+ applicants", "age >= 60"),
        ("recall on applicants with 2+ previous defaults", "previous_defaults >= 2"),
    ],
)
def test_a_number_with_a_plus_is_an_open_bound(text: str, group: str) -> None:
    assert extract_group(text, SCOOTERS) == group


def test_a_number_with_a_plus_is_no_id(router: RouterBackend) -> None:
    assert extract_ids("predictions for applicants 60+", SCOOTERS) == []
    _, called = route(router, "predictions for applicants 60+", SCOOTERS)
    assert called == [("get_prediction", {"instance": "age >= 60"})]


def test_a_plus_before_a_number_is_still_a_step() -> None:
    assert extract_changes("what if applicant 3 had previous_defaults +2", SCOOTERS) == {"previous_defaults": "+2"}


# --- counts of a group -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how many cuttings are on sand?", "substrate = sand"),
        ("how many cuttings are in loam", "substrate = loam"),
        ("how many cuttings on the north bench", "bench = north bench"),
        ("how many cuttings had more than 8 on height", "height_cm > 8"),
    ],
)
def test_a_count_of_a_group_counts_its_rows(router: RouterBackend, text: str, group: str) -> None:
    question, called = route(router, text, CUTTINGS)
    assert question == "" and called == [("get_data_information", {"group": group})]


@pytest.mark.parametrize(
    "text",
    ["the sand cuttings. how many of each class does it give.", "of the cuttings on loam how many does it reckon sell"],
)
def test_a_count_of_what_the_model_gives_stays_a_prediction(router: RouterBackend, text: str) -> None:
    _, called = route(router, text, CUTTINGS)
    assert [name for name, _ in called] == ["get_prediction"]


def test_a_feature_named_only_inside_its_category_is_the_group(router: RouterBackend) -> None:
    _, called = route(router, "slug stats for the north bench", CUTTINGS)
    assert called == [("get_data_information", {"group": "bench = north bench"})]


def test_the_values_of_a_feature_asked_for_are_still_its_card(router: RouterBackend) -> None:
    _, called = route(router, "which substrates are in the data", CUTTINGS)
    assert called == [("get_data_information", {"feature": "substrate"})]


# --- "it" after a turn about one instance -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "function"),
    [
        ("tell me something about it", "get_prediction"),
        ("what can you tell me about that one?", "get_prediction"),
        ("tell me more about it", "get_local_explanation"),
    ],
)
def test_told_about_it_after_one_instance_is_that_instance(router: RouterBackend, text: str, function: str) -> None:
    history = after("get_prediction", "what does it say for applicant 40?", instance=40)
    question, called = route(router, text, SCOOTERS, history)
    assert question == "" and called == [(function, {"instance": 40})]


# --- classes wanted, left and kept -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["what keeps 20 from being approved?", "what's stopping applicant 20 from getting approved?"]
)
def test_an_obstacle_to_a_class_wants_that_class(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, SCOOTERS)
    assert question == "" and len(called) == 1
    name, arguments = called[0]
    assert arguments["instance"] == 20
    assert (name, arguments.get("expected_label") or arguments.get("target_label")) in {
        ("explain_why_not", "approved"),
        ("explain_how_to_be_that", "approved"),
    }


@pytest.mark.parametrize(
    "text", ["what would keep 20 from being declined?", "what changes would let applicant 20 skip the decline?"]
)
def test_a_class_to_avoid_is_left(router: RouterBackend, text: str) -> None:
    _, called = route(router, text, SCOOTERS)
    assert called == [("explain_how_to_be_that", {"instance": 20, "target_label": "approved"})]


def test_why_not_x_instead_of_y_expects_x(router: RouterBackend) -> None:
    _, called = route(router, "7010 - why not just sell it instead of composting", CUTTINGS)
    assert called == [("explain_why_not", {"instance": 7010, "expected_label": "sell"})]


def test_stops_being_called_a_class_keeps_it() -> None:
    text = "how much could cutting 7012 change before it stops being called sell?"
    assert extract_argument("kept_label", text, CUTTINGS) == "sell"


# --- a place in a list, and words cut short ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "instance"), [("ok the first one, why?", 5), ("the second one - how come?", 9)])
def test_a_bare_why_after_a_place_in_a_list_explains_that_one(router: RouterBackend, text: str, instance: int) -> None:
    question, called = route(router, text, SCOOTERS, _listed(5, 9, 14))
    assert question == "" and called == [("get_local_explanation", {"instance": instance})]


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("expl 7030", ("get_local_explanation", {"instance": 7030})),
        ("conf matrix", ("get_model_performance", {"metric": "confusion_matrix"})),
    ],
)
def test_request_words_cut_short_are_read(router: RouterBackend, text: str, call: tuple[str, dict[str, Any]]) -> None:
    question, called = route(router, text, CUTTINGS)
    assert question == "" and called == [call]


# --- values of a what-if ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what would the call on cutting 7020 be with 30 mm of root?", {"root length (mm)": 30}),
        ("7020 at minus seven", {"night_temp_c": -7}),
    ],
)
def test_a_value_by_its_unit_or_below_zero_is_a_what_if(
    router: RouterBackend, text: str, changes: dict[str, Any]
) -> None:
    question, called = route(router, text, CUTTINGS)
    assert question == "" and called == [("explain_what_if", {"instance": 7020, "changes": changes})]


def test_a_value_above_zero_with_no_unit_is_no_temperature() -> None:
    assert "night_temp_c" not in (extract_changes("what if 7020 sat at 7", CUTTINGS) or {})


def test_an_adverb_before_an_amount_names_no_missing_feature(router: RouterBackend) -> None:
    question, _ = route(router, "what if 7020 had only 3 helpers, would it sell?", CUTTINGS)
    assert "'only'" not in question


@pytest.mark.parametrize("text", ["what if every mat were on for 7020", "what if 7020 had all mats on"])
def test_a_count_said_whole_is_its_largest_count(text: str) -> None:
    assert extract_changes(text, CUTTINGS) == {"HeatMatsOn": 4}


def test_all_of_a_quantity_is_no_count() -> None:
    assert "root length (mm)" not in (extract_changes("what if all the root length of 7020 were gone", CUTTINGS) or {})
