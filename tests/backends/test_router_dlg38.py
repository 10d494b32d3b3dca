"""Round 38 (dlg38), on an invented station operator's snack kiosks (restock / repair / fine), in our own wording:
follow-ups that keep the dialogue's subject. A change joined with "and" builds the scenario up; a confidence
question in a learner's word order repeats the what-if; "back to <id>" and "back to the first one" return to an
earlier kiosk; a feature's statistics move to a group; "that <word> group", "do they have" and "their" refer to the
group in focus; "the feature X in the data" is X's statistics after a what-if; a feature whose name is a plural is no
subset; "and for a restock?" names the class; "even lower, say 2" and "and higher?" re-read the step just tried.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_ids
from simxai.followup import continues_added_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import DEMO, after, route

KIOSKS = HostSchema(
    name="station snack kiosks",
    kind="tabular",
    instance_noun="kiosk",
    class_names=["restock", "repair", "fine"],
    features=[
        FeatureSchema(name="location", type="categorical", categories=["platform", "concourse", "footbridge"]),
        FeatureSchema(name="card_reader", type="categorical", categories=["False", "True"], aliases=["card reader"]),
        FeatureSchema(name="coin jams", type="numeric", min=0, max=12),
        FeatureSchema(name="days since service", type="numeric", min=1, max=90, aliases=["service gap"]),
        FeatureSchema(name="chiller temp (C)", type="numeric", min=2, max=11, aliases=["chiller temp", "chiller"]),
        FeatureSchema(name="footfall_k", type="numeric", min=1, max=40, aliases=["footfall"]),
    ],
    id_range=(138001, 138300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _what_if(changes: dict[str, Any], instance: int = 138044) -> list[Message]:
    return after("explain_what_if", "a supposition about a kiosk", instance=instance, changes=changes)


# --- a scenario built up with "and" ---------------------------------------------------------------------------------


def test_and_with_another_feature_adds_to_a_single_change(router: RouterBackend) -> None:
    question, called = route(router, "and 3 fewer coin jams", KIOSKS, _what_if({"days since service": 10}))
    assert question == "" and [name for name, _ in called] == ["explain_what_if"]
    assert called[0][1]["changes"] == {"days since service": 10, "coin jams": "-3"}


@pytest.mark.parametrize(
    ("text", "joins"),
    [
        ("and the chiller at 4", True),
        # a supposition opened anew after one change may be another scenario
        ("and if the chiller were at 4", False),
        # the same feature again replaces
        ("and 20 days since service", False),
    ],
)
def test_which_and_turns_join_a_one_change_scenario(text: str, joins: bool) -> None:
    earlier = {"days since service": 10}
    changes = {"days since service": 20} if "days" in text else {"chiller temp (C)": 4}
    assert continues_added_changes(text, earlier, changes) is joins


# --- confidence after a what-if -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["how much sure it is", "How confident is the model in that?", "how much sure"])
def test_a_confidence_question_after_a_what_if_is_the_what_if_again(router: RouterBackend, text: str) -> None:
    changes = {"coin jams": 0, "footfall_k": 30}
    question, called = route(router, text, KIOSKS, _what_if(changes))
    assert question == "" and called == [("explain_what_if", {"instance": 138044, "changes": changes})]


# --- going back to an earlier kiosk ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("back to 138071 - why fine", [138071]),
        ("Going back to 138071: what keeps it fine?", [138071]),
        ("ok, back to 138071 then", [138071]),
    ],
)
def test_back_to_an_id_names_the_kiosk(text: str, ids: list[int]) -> None:
    assert extract_ids(text, KIOSKS) == ids


def test_a_value_set_back_is_no_id() -> None:
    # a feature moved back to a value: the number is the value, even where it could be a patient's id
    assert extract_ids("what if her bmi went back to 30", DEMO) == []


def test_back_to_the_first_one_is_the_first_kiosk_of_the_dialogue(router: RouterBackend) -> None:
    history = [
        *after("get_prediction", "kiosk 138120?", instance=138120),
        *after("get_prediction", "the one after", instance=138121),
        *after("get_prediction", "and after that", instance=138122),
        *after("get_local_explanation", "why that", instance=138122),
        *after("explain_how_to_still_be_this", "what keeps it so", instance=138122),
    ]
    question, called = route(router, "back to the first one - what would get it to repair?", KIOSKS, history)
    assert question == "" and called == [("explain_how_to_be_that", {"target_label": "repair", "instance": 138120})]


# --- a group carried through the dialogue ---------------------------------------------------------------------------


def test_a_statistic_moves_to_a_group_with_its_feature(router: RouterBackend) -> None:
    history = after("get_data_information", "typical coin jams?", feature="coin jams")
    question, called = route(router, "and among the ones on the footbridge?", KIOSKS, history)
    assert question == "" and called == [
        ("get_data_information", {"feature": "coin jams", "group": "location = footbridge"})
    ]


def test_that_word_group_refers_to_the_group_in_focus(router: RouterBackend) -> None:
    history = after("get_data_information", "jams on busy ones", feature="coin jams", group="footfall_k > 25")
    question, called = route(router, "how accurate is the model for that footfall group?", KIOSKS, history)
    assert question == "" and called == [("get_model_performance", {"metric": "accuracy", "group": "footfall_k > 25"})]


def test_what_they_have_on_average_is_the_feature_within_the_group(router: RouterBackend) -> None:
    history = after("get_data_information", "how many on platforms", group="location = platform")
    question, called = route(router, "and how many coin jams do they have on average?", KIOSKS, history)
    assert question == "" and called == [
        ("get_data_information", {"feature": "coin jams", "group": "location = platform"})
    ]


# --- a feature asked about, not supposed ----------------------------------------------------------------------------


def test_a_feature_in_the_data_after_a_what_if_is_its_statistics(router: RouterBackend) -> None:
    question, called = route(
        router, "what about the feature footfall in the data", KIOSKS, _what_if({"footfall_k": "-10%"})
    )
    assert question == "" and called == [("get_data_information", {"feature": "footfall_k"})]


def test_a_feature_whose_name_is_a_plural_is_no_subset(router: RouterBackend) -> None:
    history = after("get_global_explanation", "what matters for repair", label="repair")
    question, called = route(router, "What about the feature coin jams?", KIOSKS, history)
    assert question == "" and called == [("get_data_information", {"feature": "coin jams"})]


def test_another_class_said_with_an_article(router: RouterBackend) -> None:
    history = after("get_global_explanation", "what matters for repair", label="repair")
    question, called = route(router, "and for a restock?", KIOSKS, history)
    assert question == "" and called == [("get_global_explanation", {"label": "restock"})]


# --- the step just tried, re-read -----------------------------------------------------------------------------------


def test_a_direction_then_a_value_sets_the_feature_in_focus(router: RouterBackend) -> None:
    question, called = route(router, "even lower, say 3", KIOSKS, _what_if({"chiller temp (C)": 5}))
    assert question == "" and called == [("explain_what_if", {"changes": {"chiller temp (C)": 3}})]


@pytest.mark.parametrize(("text", "step"), [("and higher?", "+15%"), ("what about more instead?", "+15%")])
def test_the_other_direction_alone_turns_the_step_round(router: RouterBackend, text: str, step: str) -> None:
    question, called = route(router, text, KIOSKS, _what_if({"footfall_k": "-15%"}))
    assert question == "" and [(name, c["changes"]) for name, c in called] == [
        ("explain_what_if", {"footfall_k": step})
    ]


def test_the_same_direction_alone_is_not_turned_round(router: RouterBackend) -> None:
    question, called = route(router, "and lower?", KIOSKS, _what_if({"footfall_k": "-15%"}))
    assert not any(c.get("changes") == {"footfall_k": "+15%"} for _, c in called)


# --- what the kiosk would come with ---------------------------------------------------------------------------------


def test_with_a_value_alone_after_one_kiosk_is_a_what_if(router: RouterBackend) -> None:
    history = after("get_local_explanation", "why that call for kiosk 138202", instance=138202)
    question, called = route(router, "with a card reader?", KIOSKS, history)
    assert question == "" and [(name, c.get("changes")) for name, c in called] == [
        ("explain_what_if", {"card_reader": "True"})
    ]


def test_with_those_names_a_group_not_a_change(router: RouterBackend) -> None:
    history = after("get_model_performance", "how accurate overall", metric="accuracy")
    question, called = route(router, "and with those on the platform?", KIOSKS, history)
    assert not any(name == "explain_what_if" for name, _ in called)
