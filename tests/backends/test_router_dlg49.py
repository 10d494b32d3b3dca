"""Round 49 (dlg49), dialogue state on an invented pottery (kiln firings that come out "sound" or "cracked"), in our
own wording: a step said to go "still" further goes on from the value last tried; "one fewer" alone is a step of 1;
"r u" and "grp"; a group in focus kept by "there", "that grp", "does that cover" and "same ... condition"; a bound
"N or fewer" moved on the feature in focus; the scenario taken back and replaced in one turn; and our own offered
change taken when the next turn adds another "as well".
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai._chat_spellings import spelled_out
from simxai._last_tried import said_from_last_tried
from simxai._number_forms import one_moved_to
from simxai._pending_answer import offer_taken
from simxai.backends._router_narrowed import narrows
from simxai.backends.router import RouterBackend
from simxai.followup_calls import shifted_condition
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from simxai.state import PendingCall
from tests.backends.routing import after, calls, logistic_host, route, talk, what_if_history

POTTERY = HostSchema(
    name="pottery",
    kind="tabular",
    instance_noun="firing",
    class_names=["cracked", "sound"],
    features=[
        FeatureSchema(name="kiln", type="categorical", categories=["east shed", "west shed", "yard"]),
        FeatureSchema(name="peak temp (c)", type="numeric", min=900, max=1300, aliases=["peak temp", "temperature"]),
        FeatureSchema(name="glaze_coats", type="numeric", min=0, max=6, aliases=["glaze coats", "coats"]),
        FeatureSchema(name="DryingDays", type="numeric", min=1, max=20, aliases=["drying days", "drying"]),
        FeatureSchema(name="age", type="numeric", min=18, max=80, aliases=["potter age"]),
    ],
    id_range=(7001, 7200),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _firings() -> pd.DataFrame:
    rng = np.random.default_rng(49)
    n = 200
    frame = pd.DataFrame(
        {
            "firing_no": np.arange(7001, 7001 + n),
            "peak temp (c)": rng.integers(900, 1301, n).astype(float),
            "glaze_coats": rng.integers(0, 7, n).astype(float),
            "DryingDays": rng.integers(1, 21, n).astype(float),
            "kiln": rng.choice(["east shed", "west shed", "yard"], n),
        }
    )
    score = (
        -0.01 * (frame["peak temp (c)"] - 1100)
        - 0.3 * (frame.glaze_coats - 3)
        + 0.2 * (frame.DryingDays - 10)
        + rng.normal(0, 1, n)
    )
    frame["outcome"] = np.where(score > 0, "sound", "cracked")
    return frame


@pytest.fixture(scope="module")
def kilns() -> Any:
    config = {
        "name": "pottery",
        "target": "outcome",
        "instance_noun": "firing",
        "id_column": "firing_no",
        "feature_aliases": {
            "peak temp (c)": ["peak temp", "temperature"],
            "glaze_coats": ["glaze coats", "coats"],
            "DryingDays": ["drying days", "drying"],
        },
    }
    numbers = ["peak temp (c)", "glaze_coats", "DryingDays"]
    return logistic_host(_firings(), numbers, "kiln", "outcome", config)


# --- "still" after a comparative goes on from the value last tried --------------------------------------------------

_COOLED = what_if_history(
    "what if firing 7020 peaked 40 lower", {"peak temp (c)": "-40"}, {"peak temp (c)": (1150, 1110)}, 7020
)


@pytest.mark.parametrize(("text", "value"), [("and 15 lower still", 1095), ("what about 10 lower still?", 1100)])
def test_a_step_said_still_goes_on_from_the_value_tried(router: RouterBackend, text: str, value: int) -> None:
    question, made = route(router, text, POTTERY, _COOLED)
    assert question == "" and made == [("explain_what_if", {"changes": {"peak temp (c)": value}})]


@pytest.mark.parametrize(
    ("text", "still"),
    [
        ("lower still", True),
        ("2 fewer still", True),
        ("what keeps it still sound", False),  # "still" of a class kept, no step
        ("is it still cracked", False),
    ],
)
def test_still_after_a_comparative_only(text: str, still: bool) -> None:
    assert said_from_last_tried(text) is still


def test_one_fewer_still_after_a_value_set_is_one_less(router: RouterBackend) -> None:
    history = after("explain_what_if", "what if firing 7030 had 4 coats", instance=7030, changes={"glaze_coats": 4})
    question, made = route(router, "one fewer still", POTTERY, history)
    assert question == "" and made == [("explain_what_if", {"changes": {"glaze_coats": 3}})]


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("one fewer still", "1 fewer still"),
        ("and one more?", "and 1 more?"),
        ("one more question: why is it cracked", "one more question: why is it cracked"),  # a noun goes on
        ("one more thing about the kiln", "one more thing about the kiln"),
    ],
)
def test_a_lone_one_is_a_step_only_at_the_end(text: str, written: str) -> None:
    assert one_moved_to(text) == written


# --- chat letters: "r u", "grp" -------------------------------------------------------------------------------------


def test_how_sure_r_u_is_the_prediction_in_focus(router: RouterBackend) -> None:
    history = after("get_prediction", "what does it say for firing 7040", instance=7040)
    question, made = route(router, "how sure r u", POTTERY, history)
    assert question == "" and made == [("get_prediction", {"instance": 7040})]


def test_chat_letters_are_left_when_the_host_names_with_them() -> None:
    assert spelled_out("how sure r u", POTTERY) == "how sure are you"
    assert spelled_out("acc on that grp", POTTERY) == "acc on that group"
    lettered = POTTERY.model_copy(update={"features": [*POTTERY.features, FeatureSchema(name="r", type="numeric")]})
    assert spelled_out("how sure r u", lettered) == "how sure r u"


# --- the group in focus: "there", "that grp", "does that cover", "same ... condition" -------------------------------

_YARD_DATA = after("get_data_information", "how about the yard kiln", group="kiln = yard")


def test_that_grp_keeps_the_group_in_focus(router: RouterBackend) -> None:
    history = after("get_data_information", "x", group="kiln = yard and glaze_coats < 2")
    question, made = route(router, "acc on that grp", POTTERY, history)
    assert question == "" and made == [
        ("get_model_performance", {"metric": "accuracy", "group": "kiln = yard and glaze_coats < 2"})
    ]


def test_how_many_there_counts_within_the_group_in_focus(router: RouterBackend) -> None:
    question, made = route(router, "how many firings there with under 2 glaze coats", POTTERY, _YARD_DATA)
    assert question == "" and made == [("get_data_information", {"group": "kiln = yard and glaze_coats < 2"})]


@pytest.mark.parametrize(
    ("text", "there"),
    [
        ("how many firings there with over 3 coats", True),
        ("which ones there came out cracked", True),
        ("how many firings are there with over 3 coats", False),  # "there are": the data as a whole
        ("how many are there", False),
    ],
)
def test_there_refers_only_right_after_what_is_counted(text: str, there: bool) -> None:
    assert (narrows(text) is not None) is there


def test_how_many_does_that_cover_is_the_size_of_the_group(router: RouterBackend) -> None:
    history = after("get_model_performance", "x", metric="accuracy", group="DryingDays > 12")
    question, made = route(router, "How many firings does that cover?", POTTERY, history)
    assert question == "" and made == [("get_data_information", {"group": "DryingDays > 12"})]


def test_a_category_only_with_the_same_condition_narrows(router: RouterBackend) -> None:
    history = after("get_data_information", "x", group="DryingDays > 12")
    question, made = route(router, "Now the west shed only, same drying condition.", POTTERY, history)
    assert question == "" and made == [("get_data_information", {"group": "DryingDays > 12 and kiln = west shed"})]


# --- a bound moved on the feature in focus --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "moved"),
    [
        ("and on the ones drying 3 or fewer", "DryingDays <= 3"),
        ("and 15 or more?", "DryingDays >= 15"),
        ("and at most 4", "DryingDays <= 4"),
        ("and over 5", "DryingDays > 5"),  # as before
    ],
)
def test_a_bound_said_alone_moves_the_feature_in_focus(text: str, moved: str) -> None:
    assert shifted_condition(text, "DryingDays > 3", POTTERY) == moved


def test_a_verb_that_opens_the_features_name_moves_its_bound() -> None:
    assert shifted_condition("and on the ones missing 2 or fewer", "missed_days > 2", POTTERY) == "missed_days <= 2"


@pytest.mark.parametrize("text", ["and the ones aged over 40", "and the ones weighing over 4"])
def test_a_bound_with_a_word_of_another_feature_is_no_move(text: str) -> None:
    assert shifted_condition(text, "DryingDays > 3", POTTERY) is None


def test_a_metric_on_the_other_side_of_the_bound(router: RouterBackend) -> None:
    history = after("get_model_performance", "x", metric="f1", group="glaze_coats > 2")
    question, made = route(router, "and on the ones with 2 or fewer", POTTERY, history)
    assert question == "" and made == [("get_model_performance", {"metric": "f1", "group": "glaze_coats <= 2"})]


# --- the scenario taken back and replaced in one turn ---------------------------------------------------------------

_TWO = after("explain_what_if", "x", instance=7050, changes={"glaze_coats": 1, "DryingDays": 14})
_STEPS = after("explain_what_if", "x", instance=7050, changes={"glaze_coats": 1}) + _TWO


@pytest.mark.parametrize("text", ["scratch both, only drying 6", "scrap all of them - just 6 drying days"])
def test_everything_taken_back_then_only_the_new_change(router: RouterBackend, text: str) -> None:
    question, made = route(router, text, POTTERY, _TWO)
    assert question == "" and made == [("explain_what_if", {"changes": {"DryingDays": 6}})]


def test_the_last_step_taken_back_then_the_new_change_added(router: RouterBackend) -> None:
    question, made = route(router, "scratch that, drying 6", POTTERY, _STEPS)
    assert question == "" and made == [("explain_what_if", {"changes": {"glaze_coats": 1, "DryingDays": 6}})]


def test_a_new_supposition_after_scratch_that_keeps_nothing(router: RouterBackend) -> None:
    question, made = route(router, "nah scrap that, what if the drying went to 6", POTTERY, _STEPS)
    assert question == "" and made == [("explain_what_if", {"changes": {"DryingDays": 6}})]


def test_a_plain_scratch_that_is_an_undo(router: RouterBackend) -> None:
    question, made = route(router, "scratch that", POTTERY, _STEPS)
    assert question == "" and made == [("explain_what_if", {"changes": {"glaze_coats": 1}})]


# --- our offered change taken by a turn that adds another "as well" -------------------------------------------------

_OFFER = PendingCall(
    function="explain_what_if",
    arguments={"instance": 7060},
    missing="changes",
    feature="glaze_coats",
    questioned={"glaze_coats": 2},
    offered=True,
)


def test_an_offer_is_taken_with_the_change_added_as_well() -> None:
    taken = offer_taken(_OFFER, "and if it dried for 9 days as well?", POTTERY)
    assert taken is not None and taken.arguments == {"instance": 7060, "changes": {"glaze_coats": 2, "DryingDays": 9}}
    assert not taken.confirmed


@pytest.mark.parametrize(
    ("pending", "text"),
    [
        (_OFFER, "and if it dried for 9 days?"),  # no "as well": a change of its own
        (_OFFER, "no, but 9 drying days too"),  # the offer refused
        (_OFFER, "and 3 coats as well"),  # the offered feature itself: the answer reads it
        (_OFFER.model_copy(update={"offered": False}), "and 9 drying days as well"),  # values questioned by range
    ],
)
def test_an_offer_is_not_taken_otherwise(pending: PendingCall, text: str) -> None:
    assert offer_taken(pending, text, POTTERY) is None


def test_the_engine_runs_the_offer_with_the_added_change(kilns: Any, router: RouterBackend) -> None:
    conversation = ("what does it say for firing 7070", "what if the potter pulled the coats in by 2")
    turns = asyncio.run(talk(kilns, router, *conversation, "and the drying at 9 days as well?"))
    assert turns[1].clarification is not None and turns[1].clarification.question.startswith("Change glaze_coats to 2?")
    assert calls(turns[2]) == [("explain_what_if", {"instance": 7070, "changes": {"glaze_coats": 2, "DryingDays": 9}})]


def test_the_engine_takes_no_value_questioned_by_its_range(kilns: Any, router: RouterBackend) -> None:
    conversation = ("what does it say for firing 7070", "if the drying lost another 3 days")
    turns = asyncio.run(talk(kilns, router, *conversation, "and 2 glaze coats as well?"))
    assert turns[1].clarification is not None and "below the data's range" in turns[1].clarification.question
    assert all(arguments.get("changes", {}).get("DryingDays") != 0 for _name, arguments in calls(turns[2]))


# --- "it" with the class the answers gave the instance in focus -------------------------------------------------------


def _predicted(instance: int, label: str) -> list[Message]:
    call = ToolCall(id="call_0", name="get_prediction", arguments={"instance": instance})
    result = {"kind": "prediction", "label": label, "subject": {"id": instance}, "label_counts": None}
    return [
        Message.user(f"how sure are you on {instance}"),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"result": result})),
        Message.assistant("Done."),
    ]


def test_it_with_the_class_just_predicted_is_the_instance(router: RouterBackend) -> None:
    question, made = route(router, "what pushes it to sound", POTTERY, _predicted(7090, "sound"))
    assert question == ""
    assert made == [("get_local_explanation", {"prediction_label": "sound"})]  # the engine fills the firing


def test_it_with_another_class_is_still_asked(router: RouterBackend) -> None:
    question, made = route(router, "what pushes it to sound", POTTERY, _predicted(7090, "cracked"))
    assert question.startswith("To answer the right question") and not made
