"""Round 37 (lead37), on an invented surf shop's boards (fast / stable / sluggish) and an orchard's pear crates, in
our own wording: what-if chains and group chains in a dialogue. A value added bare after "and also" is read by its
unit or word ("and also 38 cm", "plus a 120 mm fin"); "wider" / "narrower" are steps of a unit; "double it" after a
step doubles the step; "only the organic ones", "narrow that to ..." narrow the group of the last call on a group;
a bound in a larger unit is no converted bound of a feature in a smaller one when a feature is kept in that unit.
"""

from __future__ import annotations

import pytest

from simxai.backends._dialogue_narrowing import narrowed_group
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, route

BOARDS = HostSchema(
    name="surfboards",
    kind="tabular",
    instance_noun="board",
    class_names=["fast", "stable", "sluggish"],
    features=[
        FeatureSchema(name="glassing", type="categorical", categories=["epoxy", "polyester"]),
        FeatureSchema(name="fin depth (mm)", type="numeric", min=90, max=130, aliases=["fin depth", "fin"]),
        FeatureSchema(name="tail width (cm)", type="numeric", min=30, max=45, aliases=["tail width", "tail"]),
        FeatureSchema(name="volume_l", type="numeric", min=20, max=60, aliases=["volume"]),
        FeatureSchema(name="rocker", type="numeric", min=5, max=15),
    ],
    id_range=(135801, 136000),
)
# the same shop before it measured its tails: one length, in millimetres
FINS_ONLY = HostSchema(
    name="surfboard fins",
    kind="tabular",
    instance_noun="board",
    class_names=["fast", "stable", "sluggish"],
    features=[
        FeatureSchema(name="fin depth (mm)", type="numeric", min=90, max=130, aliases=["fin depth", "fin"]),
        FeatureSchema(name="rocker", type="numeric", min=5, max=15),
    ],
    id_range=(135801, 136000),
)
CRATES = HostSchema(
    name="pear crates",
    kind="tabular",
    instance_noun="crate",
    class_names=["export", "local", "juice"],
    features=[
        FeatureSchema(name="variety", type="categorical", categories=["conference", "williams", "comice"]),
        FeatureSchema(name="organic", type="categorical", categories=["False", "True"], aliases=["organic"]),
        FeatureSchema(name="firmness (kg)", type="numeric", min=3, max=9, aliases=["firmness"]),
        FeatureSchema(name="days in store", type="numeric", min=1, max=120, aliases=["days stored", "storage"]),
    ],
    id_range=(136001, 136100),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a value added to a what-if, named by its unit ------------------------------------------------------------------


def _fin_what_if() -> list:
    return after(
        "explain_what_if", "what if board 135850 had a 110 mm fin", instance=135850, changes={"fin depth (mm)": 110}
    )


@pytest.mark.parametrize(
    ("text", "added"),
    [("and also 38 cm across", {"tail width (cm)": 38}), ("plus 40 litres", {"volume_l": 40})],
)
def test_a_value_added_bare_is_read_by_its_unit(router: RouterBackend, text: str, added: dict) -> None:
    question, called = route(router, text, BOARDS, _fin_what_if())
    # (the engine fills the instance in focus when the router leaves it out)
    assert question == "" and [name for name, _ in called] == ["explain_what_if"]
    assert called[0][1]["changes"] == {"fin depth (mm)": 110, **added}


def test_a_value_added_without_a_unit_or_name_is_still_asked_about(router: RouterBackend) -> None:
    question, called = route(router, "and also 12", BOARDS, _fin_what_if())
    assert called == [] and "Which feature should be 12" in question


def test_wider_and_narrower_are_steps_of_the_one_feature_in_that_unit() -> None:
    assert extract_changes("what if board 135850 were 2 cm wider", BOARDS) == {"tail width (cm)": "+2"}
    assert extract_changes("what if board 135850 were 5 mm narrower", BOARDS) == {"fin depth (mm)": "-5"}
    # a step in a unit no feature is kept in stays unread (asked), never another feature's
    assert extract_changes("what if board 135850 were 2 inches wider", BOARDS) is None
    # a width of something else, said as the subject, is no change of the board
    assert extract_changes("what if the rack was 2 cm wider for board 135850", BOARDS) is None


# --- "double it" after a step ---------------------------------------------------------------------------------------


def test_double_it_after_a_step_doubles_the_step(router: RouterBackend) -> None:
    history = after(
        "explain_what_if", "crate 136020 30 days longer in store", instance=136020, changes={"days in store": "+30"}
    )
    question, called = route(router, "double it", CRATES, history)
    assert question == "" and called[0][0] == "explain_what_if"
    assert called[0][1]["changes"] == {"days in store": "+60"}


def test_double_it_after_a_value_doubles_that_value(router: RouterBackend) -> None:
    # (dlg48: "double it" after a value said outright doubles that value, as "twice that" does; it doubled the
    # recorded feature before, which no people/ or gate author read it as)
    history = after("explain_what_if", "crate 136020 stored 40 days", instance=136020, changes={"days in store": 40})
    question, called = route(router, "double it", CRATES, history)
    assert question == "" and called[0][0] == "explain_what_if"
    assert called[0][1]["changes"] == {"days in store": 80}
    question, called = route(router, "double it instead", CRATES, history)
    assert question == "" and called[0][1]["changes"] == {"days in store": "*2"}


# --- a group narrowed ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["get_model_performance", "get_data_information"])
def test_only_the_ones_narrows_the_group_of_the_last_call(name: str) -> None:
    history = after(name, "how does it do on comice", group="variety = comice", metric="accuracy")
    narrowed = narrowed_group("only the organic ones among them", history, CRATES)
    assert narrowed is not None and narrowed["group"] == "variety = comice and organic = True"


def test_narrow_that_narrows_a_groups_predictions(router: RouterBackend) -> None:
    history = after("get_prediction", "predictions for the comice crates", instance="variety = comice")
    expected = ("", [("get_prediction", {"instance": "variety = comice and firmness (kg) > 6"})])
    assert route(router, "narrow that to the crates firmer than 6 kg", CRATES, history) == expected


def test_a_category_already_fixed_takes_the_new_value() -> None:
    history = after("get_model_performance", "accuracy on comice", group="variety = comice", metric="accuracy")
    narrowed = narrowed_group("only the williams crates", history, CRATES)
    assert narrowed is not None and narrowed["group"] == "variety = williams"


def test_no_narrowing_without_a_group_in_focus() -> None:
    overall = after("get_model_performance", "how accurate is it", metric="accuracy")
    one = after("get_prediction", "crate 136020?", instance=136020)
    assert narrowed_group("only the organic ones", overall, CRATES) is None
    assert narrowed_group("only the organic ones", one, CRATES) is None
    assert (
        narrowed_group("only the accuracy please", after("get_data_information", "x", group="organic = True"), CRATES)
        is None
    )


# --- a bound in a larger unit ---------------------------------------------------------------------------------------


def test_a_bound_in_the_unit_a_feature_is_kept_in_bounds_that_feature_alone() -> None:
    assert extract_argument("group", "the boards under 40 cm", BOARDS) == "tail width (cm) < 40"


def test_a_bound_in_a_larger_unit_converts_when_no_feature_is_kept_in_it() -> None:
    assert extract_argument("group", "the boards under 11 cm", FINS_ONLY) == "fin depth (mm) < 110"


# --- a metric of one class, asked on all the data --------------------------------------------------------------------


def _recall_of_fast_on_epoxy() -> list:
    return after(
        "get_model_performance", "recall for fast on epoxy", metric="recall", group="glassing = epoxy", label="fast"
    )


def test_the_same_on_all_the_data_keeps_the_class(router: RouterBackend) -> None:
    expected = ("", [("get_model_performance", {"metric": "recall", "label": "fast"})])
    assert route(router, "same on all boards", BOARDS, _recall_of_fast_on_epoxy()) == expected
    # a group named after "same on" is that group, never all the data
    question, called = route(router, "same on the polyester ones", BOARDS, _recall_of_fast_on_epoxy())
    assert called and called[0][1].get("group") == "glassing = polyester"
