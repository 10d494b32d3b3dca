"""Round 39 (dlg39), on an invented library's book repairs (shelve / rebind / withdraw), in our own wording:
follow-ups that take a scenario back or move it, and questions that keep the dialogue's subject. "undo that" is the
scenario before the last what-if (the book as it is when there was none); "scrap the cover change and keep the cracks"
drops only the named change; "same changes for it" moves the last what-if to the book in focus or named; "another 2
more" and "now halve it again" step from the value just tried; "same again but 15 %" is the change with a new amount; a
category said alone after a metric is that metric on its records; "back to how it really was" asks for the book's own
prediction; "I meant the other paper one: 140533" corrects the book of the last question.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.followup import changed_feature_answer
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import after, route, what_if_history

BOOKS = HostSchema(
    name="library book repairs",
    kind="tabular",
    instance_noun="book",
    class_names=["shelve", "rebind", "withdraw"],
    features=[
        FeatureSchema(name="cover", type="categorical", categories=["cloth", "paper", "leather"]),
        FeatureSchema(name="loans per year", type="numeric", min=0, max=40),
        FeatureSchema(name="SpineCracks", type="numeric", min=0, max=10),
        FeatureSchema(name="age (years)", type="numeric", min=1, max=80),
        FeatureSchema(name="torn_pages", type="numeric", min=0, max=30),
        FeatureSchema(name="shelf humidity (%)", type="numeric", min=30, max=80),
    ],
    id_range=(140501, 140800),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _what_if(
    said: str, changes: dict[str, Any], tried: dict[str, tuple[Any, Any]] | None = None, instance: int = 140520
) -> list[Message]:
    return what_if_history(said, changes, tried, instance)


_FIRST = _what_if("book 140520 with 5 more torn pages", {"torn_pages": "+5"}, {"torn_pages": (3, 8)})
_SECOND = _what_if("and 3 more than that", {"torn_pages": 11}, {"torn_pages": (3, 11)})
_TWO = _what_if(
    "140520 in a cloth cover with 2 fewer cracks",
    {"cover": "cloth", "SpineCracks": "-2"},
    {"cover": ("paper", "cloth"), "SpineCracks": (4, 2)},
)


# --- a step of the scenario taken back ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["undo that", "Undo that last change.", "ok scrap that", "take that back please"])
def test_undo_is_the_scenario_before_the_last_what_if(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, BOOKS, _FIRST + _SECOND)
    assert question == "" and called == [("explain_what_if", {"changes": {"torn_pages": "+5"}})]


def test_undo_of_the_only_what_if_is_the_book_as_it_is(router: RouterBackend) -> None:
    question, called = route(router, "undo that", BOOKS, _FIRST)
    assert question == "" and [name for name, _ in called] == ["get_prediction"]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("scrap the cover change and keep the cracks", {"SpineCracks": "-2"}),
        # a word of the name, read among the features the scenario changed
        ("drop the cracks one but leave the cover", {"cover": "cloth"}),
    ],
)
def test_undo_of_a_named_change_keeps_the_others(router: RouterBackend, text: str, kept: dict[str, Any]) -> None:
    question, called = route(router, text, BOOKS, _TWO)
    assert question == "" and called == [("explain_what_if", {"changes": kept})]


def test_a_value_after_drop_is_a_change_not_an_undo(router: RouterBackend) -> None:
    _, called = route(router, "drop the cracks to 1", BOOKS, _TWO)
    assert called and called[0][1].get("changes") != {"cover": "cloth"}


def test_undo_after_another_question_is_not_the_scenario(router: RouterBackend) -> None:
    history = _FIRST + after("get_model_performance", "accuracy?", metric="accuracy")
    _, called = route(router, "undo that", BOOKS, history)
    assert ("explain_what_if", {"changes": {"torn_pages": "+5"}}) not in called


# --- a scenario moved to another book -------------------------------------------------------------------------------


def test_same_changes_for_it_after_a_prediction_is_the_last_what_if(router: RouterBackend) -> None:
    history = _TWO + after("get_prediction", "what about its neighbour, 140530", instance=140530)
    question, called = route(router, "same changes for it", BOOKS, history)
    assert question == "" and called == [("explain_what_if", {"changes": {"cover": "cloth", "SpineCracks": "-2"}})]


def test_same_scenario_for_an_id_runs_on_that_book(router: RouterBackend) -> None:
    history = _FIRST + after("get_prediction", "and 140530?", instance=140530)
    question, called = route(router, "the same scenario on 140541", BOOKS, history)
    assert question == "" and called == [("explain_what_if", {"changes": {"torn_pages": "+5"}, "instance": 140541})]


# --- a step from the value just tried -------------------------------------------------------------------------------


def test_another_step_starts_from_the_value_tried(router: RouterBackend) -> None:
    question, called = route(router, "and another 2 more", BOOKS, _FIRST)
    assert question == "" and called == [("explain_what_if", {"changes": {"torn_pages": 10}})]


def test_halve_that_again_halves_the_value_tried(router: RouterBackend) -> None:
    history = _what_if(
        "140520 at half the loans, 12 instead of 24", {"loans per year": 12}, {"loans per year": (24, 12)}
    )
    question, called = route(router, "now halve it again", BOOKS, history)
    assert question == "" and called == [("explain_what_if", {"changes": {"loans per year": 6}})]


@pytest.mark.parametrize(("text", "change"), [("same again but 15 %", "+15%"), ("the same, only 5 %", "+5%")])
def test_same_but_an_amount_is_the_change_with_that_amount(router: RouterBackend, text: str, change: str) -> None:
    history = _what_if("humidity 10 % higher for 140520", {"shelf humidity (%)": "+10%"})
    question, called = route(router, text, BOOKS, history)
    assert question == "" and called == [("explain_what_if", {"changes": {"shelf humidity (%)": change}})]


# --- a category said alone after a metric ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "group"), [("leather", "cover = leather"), ("cloths only", "cover = cloth")])
def test_a_category_alone_after_a_metric_scores_its_books(router: RouterBackend, text: str, group: str) -> None:
    question, called = route(router, text, BOOKS, after("get_model_performance", "accuracy?", metric="accuracy"))
    assert question == "" and called == [("get_model_performance", {"metric": "accuracy", "group": group})]


def test_another_category_alone_replaces_the_group_and_keeps_the_label(router: RouterBackend) -> None:
    history = after("get_model_performance", "recall withdraw on paper", metric="recall", label="withdraw")
    history[1].tool_calls[0].arguments["group"] = "cover = paper"
    question, called = route(router, "leather", BOOKS, history)
    assert question == "" and called == [
        ("get_model_performance", {"metric": "recall", "label": "withdraw", "group": "cover = leather"})
    ]


def test_a_category_alone_narrows_no_group_of_another_feature(router: RouterBackend) -> None:
    history = after("get_model_performance", "f1 on old books", metric="f1", group="age (years) > 60")
    _, called = route(router, "leather", BOOKS, history)
    assert ("get_model_performance", {"metric": "f1", "group": "cover = leather"}) not in called


# --- back to the book as it is --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["back to how it really was - what does it say", "back to the original, whats the call", "back to the start"],
)
def test_back_to_the_original_is_the_books_own_prediction(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, BOOKS, _TWO)
    assert question == "" and called == [("get_prediction", {"instance": 140520})]


def test_back_to_the_original_with_a_question_of_its_own_is_no_prediction(router: RouterBackend) -> None:
    _, called = route(router, "back to the original: why would it be withdrawn?", BOOKS, _TWO)
    assert [name for name, _ in called] != ["get_prediction"]


# --- a correction that says which one before its id -----------------------------------------------------------------


def test_i_meant_the_other_one_with_its_id_corrects_the_book(router: RouterBackend) -> None:
    history = after("explain_why_not", "why isnt 140531 a rebind", instance=140531, expected_label="rebind")
    question, called = route(router, "sorry no, I meant the other paper one: 140533", BOOKS, history)
    assert question == "" and called == [("explain_why_not", {"instance": 140533, "expected_label": "rebind"})]


# --- nothing to take back or move: one short question ---------------------------------------------------------------


def test_undo_of_a_change_the_scenario_never_made_is_asked(router: RouterBackend) -> None:
    question, called = route(router, "undo the humidity change", BOOKS, _TWO)
    assert called == [] and "cover" in question and "SpineCracks" in question


def test_same_changes_with_no_what_if_run_is_asked(router: RouterBackend) -> None:
    history = after("get_prediction", "what about 140530", instance=140530)
    question, called = route(router, "same changes for it", BOOKS, history)
    assert called == [] and "what-if" in question


# --- the subject of a question said by going back, and a class after a metric word ----------------------------------


@pytest.mark.parametrize(
    "text",
    ["back to the first one: which of its features matter most?", "Back to the first one: which of its parts count?"],
)
def test_back_to_the_first_one_asks_about_that_book_not_the_model(router: RouterBackend, text: str) -> None:
    history = after("get_prediction", "140520?", instance=140520) + after("get_prediction", "140525", instance=140525)
    question, called = route(router, text, BOOKS, history)
    assert question == "" and called == [("get_local_explanation", {"instance": 140520})]


def test_a_class_right_after_a_metric_word_is_its_label(router: RouterBackend) -> None:
    history = after("get_model_performance", "accuracy on leather", metric="accuracy", group="cover = leather")
    question, called = route(router, "recall withdraw", BOOKS, history)
    assert question == "" and called == [
        ("get_model_performance", {"metric": "recall", "group": "cover = leather", "label": "withdraw"})
    ]


@pytest.mark.parametrize(("text", "value"), [("10 years old", 10), ("about 12 years ago", 12)])
def test_an_answer_with_its_unit_and_a_word_after_it_is_the_value(text: str, value: int) -> None:
    assert changed_feature_answer(text, "age (years)", BOOKS) == {"age (years)": value}


@pytest.mark.parametrize("text", ["and drop the cracks by half too", "drop the humidity a bit", "remove 2 torn pages"])
def test_drop_with_an_amount_is_a_change_never_an_undo_or_a_question(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, BOOKS, _TWO)
    assert "take back" not in question and ("explain_what_if", {"changes": {"cover": "cloth"}}) not in called


@pytest.mark.parametrize("opening", ["back to the first one, ", "ok back to the first one - "])
def test_the_question_after_going_back_is_read_alone(router: RouterBackend, opening: str) -> None:
    history = after("explain_why_not", "why isnt 140531 a rebind", instance=140531, expected_label="rebind") + after(
        "get_prediction", "and 140533?", instance=140533
    )
    question, called = route(router, opening + "how does it stay a shelve", BOOKS, history)
    assert question == "" and called == [("explain_how_to_still_be_this", {"kept_label": "shelve", "instance": 140531})]


@pytest.mark.parametrize(("text", "neighbour"), [("ok, the one before", 140529), ("and the book after?", 140531)])
def test_the_one_before_at_the_end_of_a_turn_is_the_neighbour(router: RouterBackend, text: str, neighbour: int) -> None:
    question, called = route(router, text, BOOKS, after("get_prediction", "140530?", instance=140530))
    assert question == "" and called == [("get_prediction", {"instance": neighbour})]
