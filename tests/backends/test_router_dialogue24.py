"""Dialogue turns and arguments that were asked about needlessly (round 24, lead24), on an invented host, in our own
wording: an addition whose marker ends the turn ("and the room two degrees warmer on top"), a count said with "on"
("on 6 cooks"), a correction that names the feature after the number ("sorry, I meant 4 cooks"), a bound in degrees
said before its value ("under 18 degrees"), an id in two groups whose groups only overlap a feature's values, "give
<id> two more ...", a number taken back at the end of a sentence, and the confidence before a what-if's change.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai._self_repair import self_corrected
from simxai._unsure_change import unsure_change
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes, extract_ids
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from simxai.normalize import normalize
from tests.backends.routing import after, route

KITCHENS = HostSchema(
    name="restaurant services",
    kind="tabular",
    instance_noun="service",
    class_names=["smooth", "chaotic"],
    features=[
        FeatureSchema(name="cooks", type="numeric", min=1, max=8),
        FeatureSchema(name="covers", type="numeric", min=20, max=350),
        FeatureSchema(name="room_temp_c", type="numeric", min=12, max=30),
        FeatureSchema(name="prep_hours", type="numeric", min=0, max=10),
        FeatureSchema(name="menu", type="categorical", categories=["set", "a_la_carte"]),
    ],
    id_range=(305001, 305600),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _what_if(changes: dict[str, Any]) -> list:
    return after("explain_what_if", "what if service 305010 had more cooks?", instance=305010, changes=changes)


@pytest.mark.parametrize(
    ("text", "added"),
    [
        ("And the room two degrees warmer on top.", {"room_temp_c": "+2"}),
        ("and one fewer cook as well", {"cooks": "-1"}),
        ("and 40 more covers too", {"covers": "+40"}),
    ],
)
def test_an_addition_marked_at_the_end_keeps_the_earlier_change(router: RouterBackend, text: str, added: dict) -> None:
    # the router leaves the instance in focus to the engine
    question, calls = route(router, text, KITCHENS, _what_if({"prep_hours": "+2"}))
    assert calls == [("explain_what_if", {"changes": {"prep_hours": "+2", **added}})], question


def test_another_instance_with_too_is_no_added_change(router: RouterBackend) -> None:
    # "and for 305012 too?": the what-if for another service (as "and for 305012?", whose changes the engine keeps),
    # never the question which feature should be 305012
    question, calls = route(router, "and for 305012 too?", KITCHENS, _what_if({"prep_hours": "+2"}))
    assert (question, calls) == route(router, "and for 305012?", KITCHENS, _what_if({"prep_hours": "+2"}))
    assert calls == [("explain_what_if", {"instance": 305012})], question


@pytest.mark.parametrize(
    ("text", "cooks"),
    [
        ("service 305010 on 6 cooks instead of 4?", 6),
        ("what if 305010 were on 3 cooks?", 3),
        ("305010 on five cooks. Any different?", 5),
    ],
)
def test_a_count_said_with_on_is_the_new_value(router: RouterBackend, text: str, cooks: int) -> None:
    expected = [("explain_what_if", {"instance": 305010, "changes": {"cooks": cooks}})]
    assert route(router, text, KITCHENS) == ("", expected)


def test_on_with_nothing_supposed_is_no_change() -> None:
    assert extract_changes("how accurate is it on services of 6 cooks", KITCHENS) is None


@pytest.mark.parametrize("text", ["Sorry, I meant four cooks.", "no, I meant 4 cooks"])
def test_a_correction_naming_the_changed_feature(router: RouterBackend, text: str) -> None:
    history = after("explain_what_if", "what if 305010 were on 6 cooks?", instance=305010, changes={"cooks": 6})
    assert route(router, text, KITCHENS, history) == (
        "",
        [("explain_what_if", {"instance": 305010, "changes": {"cooks": 4}})],
    )


def test_a_correction_naming_another_feature_is_no_number_correction(router: RouterBackend) -> None:
    # "4 covers" corrects no number of the last turn's change of cooks: never cooks = 4
    history = after("explain_what_if", "what if 305010 were on 6 cooks?", instance=305010, changes={"cooks": 6})
    _, calls = route(router, "sorry, I meant 4 covers", KITCHENS, history)
    assert ("explain_what_if", {"instance": 305010, "changes": {"cooks": 4}}) not in calls


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("services below 18 degrees", "room_temp_c < 18"),
        ("accuracy when it is colder than 15 degrees", "room_temp_c < 15"),
        ("accuracy for rooms over 25 degrees", "room_temp_c > 25"),
        ("services at least 20 degrees", "room_temp_c >= 20"),
    ],
)
def test_a_bound_in_degrees_said_before_the_value(text: str, group: str) -> None:
    assert extract_argument("group", text, KITCHENS) == group


def test_an_answer_in_degrees_fills_the_group_question() -> None:
    # the answer to "which services do you mean?" is read with the host's noun before it (`_pending_answer`)
    assert extract_argument("group", "services Below 18 degrees.", KITCHENS) == "room_temp_c < 18"


def test_an_id_in_two_groups_that_only_overlap_a_features_values() -> None:
    # covers run 20-350: 305-412 is no range of covers (412 is past them), so it is service 305412
    assert normalize("Prediction. Service 305-412. Go.", KITCHENS) == "Prediction. Service 305412. Go."
    assert normalize("covers 305-340", KITCHENS) == "covers 305-340"  # both within covers: a range


@pytest.mark.parametrize(
    ("text", "changes"),
    [("Give 305010 two more cooks.", {"cooks": "+2"}), ("give 305010 3 more prep hours", {"prep_hours": "+3"})],
)
def test_give_an_id_an_amount(router: RouterBackend, text: str, changes: dict) -> None:
    assert route(router, text, KITCHENS) == ("", [("explain_what_if", {"instance": 305010, "changes": changes})])


def test_the_id_given_an_amount_is_read_and_a_count_is_no_id() -> None:
    assert extract_ids("give 305010 5 more cooks", KITCHENS) == [305010]
    assert extract_ids("give 5 examples", KITCHENS) == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what if it had 7 cooks - no, scratch that, 5.", "what if it had 5 cooks."),
        ("what if it had 7 cooks - no, 5.", "what if it had 5 cooks."),
        ("what if covers were 30 - no, 32.5.", "what if covers were 32.5."),
    ],
)
def test_a_number_taken_back_at_the_end_of_a_sentence(text: str, said: str) -> None:
    assert self_corrected(text) == said


def test_the_offered_change_is_the_number_said_last() -> None:
    text = "what if 305010's kitchen had 9 hours - no, scratch that, 7."
    assert unsure_change(text, "prep_hours", KITCHENS) == 7


@pytest.mark.parametrize(
    ("text", "instance"),
    [
        ("How sure was it originally?", 305010),
        ("how confident was it before the change?", 305010),
        ("How sure was it about 305012 before the change?", 305012),
    ],
)
def test_confidence_before_the_change_is_the_prediction(router: RouterBackend, text: str, instance: int) -> None:
    expected = [("get_prediction", {"instance": instance})]
    assert route(router, text, KITCHENS, _what_if({"cooks": "+2"})) == ("", expected)


def test_an_instance_answering_the_group_question_routes_the_question_before(router: RouterBackend) -> None:
    # "Which long busy service do you mean?" -> "It was 305020.": the why asked before, about service 305020 (was the
    # instance's prediction: an instance alone with nothing before it)
    first = "Why did the long busy service go chaotic?"
    question, calls = route(router, first, KITCHENS)
    assert calls == [] and question.startswith("Which long busy service do you mean?")
    history = [Message.user(first), Message.assistant(question)]
    assert route(router, "It was 305020.", KITCHENS, history) == (
        "",
        [("get_local_explanation", {"instance": 305020, "prediction_label": "chaotic"})],
    )
    assert route(router, "what does it predict for 305020", KITCHENS, history)[1] == [
        ("get_prediction", {"instance": 305020})
    ]


@pytest.mark.parametrize(
    ("text", "said"),
    [("305010 w/ 3 cooks", "305010 with 3 cooks"), ("w/o the set menu", "without the set menu"), ("w/e", "w/e")],
)
def test_the_chat_shorthands_of_with_and_without(text: str, said: str) -> None:
    assert normalize(text, KITCHENS) == said


SLOPES = HostSchema(
    name="ski slopes",
    kind="tabular",
    instance_noun="run",
    class_names=["open", "closed"],
    features=[FeatureSchema(name="slope_angle_deg", type="numeric", min=5, max=50)],
    id_range=(9001, 9400),
)


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("accuracy on runs gentler than 30 degrees", "slope_angle_deg < 30"),
        ("accuracy on runs flatter than 20 degrees", "slope_angle_deg < 20"),
        ("accuracy on runs steeper than 30 degrees", "slope_angle_deg > 30"),
    ],
)
def test_a_downward_comparative_before_a_unit_is_an_upper_bound(text: str, group: str) -> None:
    # "gentler than 30 degrees" was read as "> 30": only some downward comparatives were known to the unit bound
    assert extract_argument("group", text, SLOPES) == group
