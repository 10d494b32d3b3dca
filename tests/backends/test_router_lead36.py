"""Round 36 (lead36), on an invented allotment society's plots (flourishing / patchy / neglected) and an ice rink's
skate sharpenings, in our own wording: a pointer to the record next to the one in focus ("and the next one",
"the one before that", a bare "next") is that record's id; a class named in a robustness question is the class kept
("how firm is the patchy verdict", "before it stops being flourishing"), and a class said as a person or thing
that has it ("a sharpener" for sharpen) or with a doubled consonant ("skipped" for skip_...) is that class.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_neighbour import neighbour_pointer, with_neighbour_named
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, route

PLOTS = HostSchema(
    name="allotment plots",
    kind="tabular",
    instance_noun="plot",
    class_names=["flourishing", "patchy", "neglected"],
    features=[
        FeatureSchema(name="weekly visits", type="numeric", min=0, max=14, aliases=["visits"]),
        FeatureSchema(name="water butts", type="numeric", min=0, max=4, aliases=["butts"]),
        FeatureSchema(name="plot size (m2)", type="numeric", min=50, max=250, aliases=["plot size", "size"]),
        FeatureSchema(name="tenant_years", type="numeric", min=0, max=30, aliases=["tenure"]),
        FeatureSchema(name="soil", type="categorical", categories=["clay", "loam", "sand"]),
    ],
    id_range=(133701, 133900),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a pointer to the neighbouring record ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("and the next one?", 1),
        ("next plot please", 1),
        ("the plot right after that", 1),
        ("ok next", 1),
        ("and the previous one", -1),
        ("what about the one just before it", -1),
    ],
)
def test_a_pointer_to_a_neighbour_is_read_with_its_direction(text: str, step: int) -> None:
    pointer = neighbour_pointer(text, PLOTS)
    assert pointer is not None and pointer[1] == step


@pytest.mark.parametrize(
    "text", ["what happens next?", "is the plot next to the shed flourishing", "next time tell me the probability"]
)
def test_next_that_points_at_no_record_is_no_pointer(text: str) -> None:
    assert neighbour_pointer(text, PLOTS) is None


def test_the_next_one_is_the_id_after_the_one_in_focus(router: RouterBackend) -> None:
    history = after("get_prediction", "what does it say for plot 133750", instance=133750)
    assert route(router, "and the next one?", PLOTS, history) == ("", [("get_prediction", {"instance": 133751})])
    assert route(router, "ok next", PLOTS, history) == ("", [("get_prediction", {"instance": 133751})])


def test_the_one_before_that_keeps_the_question_asked(router: RouterBackend) -> None:
    history = after("get_local_explanation", "why plot 133750", instance=133750)
    assert route(router, "and the one before that?", PLOTS, history) == (
        "",
        [("get_local_explanation", {"instance": 133749})],
    )


def test_the_same_change_for_the_next_record_keeps_the_change(router: RouterBackend) -> None:
    history = after(
        "explain_what_if", "plot 133760 with 2 more water butts", instance=133760, changes={"water butts": "+2"}
    )
    assert route(router, "same for the next plot", PLOTS, history) == (
        "",
        [("explain_what_if", {"instance": 133761, "changes": {"water butts": "+2"}})],
    )


def test_no_neighbour_past_the_end_of_the_ids_or_beside_a_group() -> None:
    last = after("get_prediction", "plot 133900?", instance=133900)
    assert with_neighbour_named("and the next one", last, PLOTS) == "and the next one"
    group = after("get_prediction", "clay plots?", instance="soil = clay")
    assert with_neighbour_named("and the next one", group, PLOTS) == "and the next one"
    middle = after("get_prediction", "plot 133800?", instance=133800)
    assert with_neighbour_named("and the next one, plot 133805", middle, PLOTS) == "and the next one, plot 133805"
    assert with_neighbour_named("and the next one", middle, PLOTS) == "and plot 133801"
