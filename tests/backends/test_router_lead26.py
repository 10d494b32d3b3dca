"""Dialogue turns of round 26 (lead26), on an invented host in our own wording: a dialogue turn that reads something
of the host is asked about, never answered with the plain reply; a category asked alone, the whole data named by a
phrase, "before I started ...", "nah, make it N", a doubt with a remark after it; an alias's head before a phrase of
place, one unit before a direction, and a class written as one word.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_unanswered import unanswered
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.extraction._class_names import class_mentions
from simxai.extraction._features import feature_mentions
from simxai.followup_context import asks_overall
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import FUNCTIONS, after, route

KILNS = HostSchema(
    name="kiln firings",
    kind="tabular",
    instance_noun="firing",
    class_names=["sound", "blown_out"],
    features=[
        FeatureSchema(name="kiln_temp_c", type="numeric", min=900, max=1300),
        FeatureSchema(name="soak_hours", type="numeric", min=1, max=30, aliases=["hours in the kiln", "soak"]),
        FeatureSchema(name="clay_kg", type="numeric", min=1, max=40),
        FeatureSchema(name="glaze", type="categorical", categories=["ash", "celadon", "tenmoku"]),
    ],
    id_range=(501001, 501400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def test_a_category_asked_alone_moves_the_group(router: RouterBackend) -> None:
    history = after("get_model_performance", metric="accuracy", group="glaze = ash")
    question, calls = route(router, "celadon?", KILNS, history)
    assert calls == [("get_model_performance", {"metric": "accuracy", "group": "glaze = celadon"})], question


@pytest.mark.parametrize("text", ["and for the whole studio", "everything now, all firings.", "every record then"])
def test_the_whole_data_named_by_a_phrase_drops_the_group(router: RouterBackend, text: str) -> None:
    assert asks_overall(text, KILNS.instance_noun)
    history = after("get_model_performance", metric="recall", group="glaze = ash", label="sound")
    question, calls = route(router, text, KILNS, history)
    assert calls == [("get_model_performance", {"metric": "recall", "label": "sound"})], question


def test_all_of_a_category_is_no_whole_data() -> None:
    assert not asks_overall("and all the celadon ones?", KILNS.instance_noun)


def test_the_confidence_before_the_users_own_changes(router: RouterBackend) -> None:
    history = after("explain_what_if", instance=501020, changes={"clay_kg": "+2"})
    question, calls = route(router, "how sure was it before i started messing about", KILNS, history)
    assert calls == [("get_prediction", {"instance": 501020})], question


def test_nah_make_it_corrects_the_value_just_tried(router: RouterBackend) -> None:
    history = after(
        "explain_what_if", "what if 501030 was fired at 1200", instance=501030, changes={"kiln_temp_c": 1200}
    )
    question, calls = route(router, "nah make it 1250", KILNS, history)
    assert calls == [("explain_what_if", {"instance": 501030, "changes": {"kiln_temp_c": 1250}})], question


@pytest.mark.parametrize(
    "text",
    ["is that right? it came out of the kiln looking fine", "are you sure? show me", "was it right about that one?"],
)
def test_a_doubt_about_the_last_answer_is_its_prediction(router: RouterBackend, text: str) -> None:
    question, calls = route(router, text, KILNS, after("get_local_explanation", instance=501040))
    assert calls == [("get_prediction", {"instance": 501040})], question


def test_a_doubt_followed_by_another_id_is_no_doubt_about_the_last(router: RouterBackend) -> None:
    _, calls = route(router, "is that right? and 501041", KILNS, after("get_prediction", instance=501040))
    assert calls != [("get_prediction", {"instance": 501040})]


def _request(text: str, history: list[Message]) -> CompletionRequest:
    return CompletionRequest(messages=[*history, Message.user(text)], host=KILNS, functions=FUNCTIONS)


@pytest.mark.parametrize("text", ["hmm the tenmoku lot", "like 1200 then", "soak?", "fire it a fifth shorter."])
def test_a_dialogue_turn_reading_the_host_is_asked_about_not_refused(router: RouterBackend, text: str) -> None:
    history = after("get_prediction", instance=501050)
    decided = unanswered(Decision(None, 0.9, True), text, history, _request(text, history), router.selector)
    assert decided.function is not None and not decided.confident and decided.runner_up is not None
    assert decided.function != decided.runner_up


@pytest.mark.parametrize("text", ["ta", "lovely, cheers", "what's for lunch?"])
def test_a_turn_with_nothing_of_the_host_keeps_the_plain_reply(router: RouterBackend, text: str) -> None:
    history = after("get_prediction", instance=501050)
    decided = unanswered(Decision(None, 0.9, True), text, history, _request(text, history), router.selector)
    assert decided.function is None


def test_a_first_turn_keeps_the_plain_reply(router: RouterBackend) -> None:
    decided = unanswered(
        Decision(None, 0.9, True), "the tenmoku lot", [], _request("the tenmoku lot", []), router.selector
    )
    assert decided.function is None


def test_an_alias_names_its_noun_not_the_place_after_it() -> None:
    assert [m.feature.name for m in feature_mentions("the hours in the kiln", KILNS)] == ["soak_hours"]
    assert not any(m.feature.name == "soak_hours" for m in feature_mentions("the kiln 2 degrees cooler", KILNS))
    assert extract_changes("what if 501060 had the kiln 2 degrees cooler", KILNS) == {"kiln_temp_c": "-2"}
    # the alias's own phrase of place still names it
    assert extract_changes("what if 501060 sat a quarter longer in the kiln", KILNS) == {"soak_hours": "+25%"}


@pytest.mark.parametrize(("text", "step"), [("the kiln a degree cooler", "-1"), ("one degree warmer", "+1")])
def test_one_unit_before_a_direction_is_a_step_of_one(text: str, step: str) -> None:
    assert extract_changes(f"what if 501060 had {text}", KILNS) == {"kiln_temp_c": step}


@pytest.mark.parametrize("said", ["blownout", "blown-out", "blown out"])
def test_a_class_written_as_one_word_is_that_class(said: str) -> None:
    assert [name for _, _, name in class_mentions(f"why not {said} for 501070", KILNS)] == ["blown_out"]


def test_an_id_read_out_in_two_groups_is_one_id(router: RouterBackend) -> None:
    question, calls = route(router, "how sure is it on 501 033", KILNS)
    assert calls == [("get_prediction", {"instance": 501033})], question


def test_two_groups_that_are_ids_stay_two() -> None:
    from simxai.normalize import _joined_ids

    assert _joined_ids("rows 12 130", (100, 200000)) == "rows 12 130"
    assert _joined_ids("hive 110 030", (110001, 110300)) == "hive 110030"


def test_a_temperature_after_a_comma_in_an_added_change() -> None:
    assert extract_changes("plus a hotter firing, 1250 degrees", KILNS) == {"kiln_temp_c": 1250}
