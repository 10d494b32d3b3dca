"""Round 40 (dlg40), on an invented fish hatchery's tank inspections (healthy / stressed / quarantine), in our own
wording: follow-ups that say which one before its id ("and the other kelp one, 240133?"), point at the one meant by
its place ("what holds the other one at healthy"), keep the group under discussion ("their mean salinity", "how many
aquariums is that", "recall, same tank", "back to all the crowded ones"), set the feature in focus of a scenario built
up change by change ("and 30?", "lower still, 10"), step on from the value tried ("another 3 on top of that"), answer
"which one?" with a description ("the kelp one, 240150"), and the spellings of chat ("n 30?", "& nitrate 20", "y?").
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai._chat_spellings import spelled_out
from simxai.backends._router_going_back import with_reference_as_pronoun
from simxai.backends._router_score import with_class_as_verb
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.followup_context import is_new_request, referred_group
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import after, route, what_if_history

TANKS = HostSchema(
    name="hatchery tank inspections",
    kind="tabular",
    instance_noun="tank",
    class_names=["healthy", "stressed", "quarantine"],
    features=[
        FeatureSchema(name="setup", type="categorical", categories=["reef", "kelp", "lagoon"]),
        FeatureSchema(name="salinity (ppt)", type="numeric", min=25, max=40),
        FeatureSchema(name="NitrateLevel", type="numeric", min=0, max=80),
        FeatureSchema(name="fish_count", type="numeric", min=0, max=60),
        FeatureSchema(name="days since cleaned", type="numeric", min=0, max=30),
        FeatureSchema(name="FilterAge", type="numeric", min=0, max=10),
    ],
    id_range=(240001, 240400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _what_if(
    said: str, changes: dict[str, Any], tried: dict[str, tuple[Any, Any]] | None = None, instance: int = 240120
) -> list[Message]:
    return what_if_history(said, changes, tried, instance)


def _on_group(name: str, group: str, **arguments: object) -> list[Message]:
    history = after(name, "a question about some tanks", **arguments)
    history[1].tool_calls[0].arguments["instance" if name == "get_prediction" else "group"] = group
    return history


# --- "the other [X] one, <id>": which one, then its id ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["and the other one, 240112?", "the other stressed one, 240112", "and the other one: 240112"]
)
def test_the_other_one_with_its_id_repeats_the_question_on_it(router: RouterBackend, text: str) -> None:
    history = after("explain_how_to_be_that", "what gets 240120 to healthy", instance=240120, target_label="healthy")
    question, called = route(router, text, TANKS, history)
    assert question == "" and called == [("explain_how_to_be_that", {"instance": 240112, "target_label": "healthy"})]


def test_the_other_kelp_one_moves_the_scenario_to_that_tank(router: RouterBackend) -> None:
    # the instance alone, as for "and for 240133?": the engine keeps the what-if's changes; "kelp" is no change
    history = _what_if("what if 240120 had 5 fewer fish", {"fish_count": "-5"})
    question, called = route(router, "and the other kelp one, 240133?", TANKS, history)
    assert question == "" and called == [("explain_what_if", {"instance": 240133})]


# --- "the other one" inside a question is "it" to the selector --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("what holds the other one at healthy", "what holds it at healthy"),
        ("why is the first one stressed", "why is it stressed"),
        ("why not the other one?", "why not the other one?"),  # the other class
        ("make it the other one", "make it the other one"),
        ("and the other one?", "and the other one?"),  # nothing after it: the readers of positions read it
    ],
)
def test_a_reference_inside_a_question_is_a_pronoun(text: str, read: str) -> None:
    assert with_reference_as_pronoun(text) == read


@pytest.mark.parametrize(
    ("text", "function"),
    [
        ("what keeps the other one healthy", "explain_how_to_still_be_this"),
        ("why is the other one healthy", "get_local_explanation"),
    ],
)
def test_a_question_about_the_other_one_asks_it_of_that_tank(router: RouterBackend, text: str, function: str) -> None:
    history = after("get_prediction", "240140?", instance=240140) + after(
        "get_prediction", "and 240141", instance=240141
    )
    question, called = route(router, text, TANKS, history)
    assert question == "" and [(name, arguments.get("instance")) for name, arguments in called] == [(function, 240140)]


# --- a change said as a loss of some units ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if it lost 4 ppt of salinity", {"salinity (ppt)": "-4"}),
        ("what if the tank gained 2 ppt of salinity", {"salinity (ppt)": "+2"}),
    ],
)
def test_a_loss_or_gain_of_units_of_a_feature_is_a_step(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, TANKS) == changes


# --- the group under discussion ---------------------------------------------------------------------------------------

_NARROW = "setup = reef and NitrateLevel > 40"


@pytest.mark.parametrize("text", ["how many aquariums are in that group", "how many people is that"])
def test_how_many_of_any_plural_is_that_sizes_the_group(router: RouterBackend, text: str) -> None:
    history = _on_group("get_model_performance", _NARROW, metric="f1")
    question, called = route(router, text, TANKS, history)
    assert question == "" and called == [("get_data_information", {"group": _NARROW})]


@pytest.mark.parametrize("text", ["what's their mean salinity", "and what are their average salinity levels"])
def test_their_feature_after_a_group_is_that_feature_over_the_group(router: RouterBackend, text: str) -> None:
    history = _on_group("get_model_performance", _NARROW, metric="f1")
    question, called = route(router, text, TANKS, history)
    assert question == "" and called == [("get_data_information", {"feature": "salinity (ppt)", "group": _NARROW})]


def test_their_after_one_tank_names_no_group(router: RouterBackend) -> None:
    _, called = route(router, "their mean salinity", TANKS, after("get_prediction", "240120?", instance=240120))
    assert all("group" not in arguments for _, arguments in called)


def test_same_and_the_feature_of_the_group_keeps_the_group(router: RouterBackend) -> None:
    history = _on_group("get_model_performance", "setup = kelp", metric="accuracy")
    question, called = route(router, "recall, same setup", TANKS, history)
    assert question == "" and called == [("get_model_performance", {"metric": "recall", "group": "setup = kelp"})]


@pytest.mark.parametrize(("text", "kept"), [("recall, same setup", True), ("recall, same salinity", False)])
def test_same_names_the_group_only_by_the_feature_it_was_drawn_on(text: str, kept: bool) -> None:
    history = _on_group("get_model_performance", "setup = kelp", metric="accuracy")
    assert (referred_group(text, history, TANKS) == "setup = kelp") is kept


def test_back_to_all_the_ones_is_the_group_before_it_was_narrowed(router: RouterBackend) -> None:
    history = _on_group("get_prediction", "NitrateLevel > 40") + _on_group(
        "get_model_performance", _NARROW, metric="f1"
    )
    question, called = route(router, "back to all the crowded ones, accuracy", TANKS, history)
    assert question == "" and called == [
        ("get_model_performance", {"metric": "accuracy", "group": "NitrateLevel > 40"})
    ]


@pytest.mark.parametrize(
    "text", ["how many reef tanks does it keep stressed", "how many kelp tanks will it keep in quarantine"]
)
def test_a_count_over_a_group_is_its_predictions(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, TANKS)
    assert question == "" and [name for name, _ in called] == ["get_prediction"]


# --- the feature in focus of a scenario built up change by change -----------------------------------------------------

_BUILT = _what_if("what if 240120 had salinity 35", {"salinity (ppt)": 35}) + _what_if(
    "and nitrate down to 20", {"salinity (ppt)": 35, "NitrateLevel": 20}
)


@pytest.mark.parametrize(("text", "value"), [("and 30?", 30), ("lower still, 10", 10), ("n 12?", 12)])
def test_a_value_sets_the_change_just_added_and_keeps_the_rest(router: RouterBackend, text: str, value: int) -> None:
    question, called = route(router, text, TANKS, _BUILT)
    assert question == "" and called == [
        ("explain_what_if", {"changes": {"salinity (ppt)": 35, "NitrateLevel": value}})
    ]


def test_a_direction_that_disagrees_with_the_value_is_not_read(router: RouterBackend) -> None:
    _, called = route(router, "higher still, 10", TANKS, _BUILT)
    assert ("explain_what_if", {"changes": {"salinity (ppt)": 35, "NitrateLevel": 10}}) not in called


def test_two_changes_said_at_once_have_no_one_in_focus(router: RouterBackend) -> None:
    history = _what_if("240120 with salinity 35 and nitrate 20", {"salinity (ppt)": 35, "NitrateLevel": 20})
    _, called = route(router, "and 30?", TANKS, history)
    assert ("explain_what_if", {"changes": {"salinity (ppt)": 35, "NitrateLevel": 30}}) not in called


@pytest.mark.parametrize("text", ["another 3 on top of that", "another 3"])
def test_another_step_on_top_starts_from_the_value_tried(router: RouterBackend, text: str) -> None:
    history = _what_if("what if 240120 had 5 more fish", {"fish_count": "+5"}, {"fish_count": (20, 25)})
    question, called = route(router, text, TANKS, history)
    assert question == "" and called == [("explain_what_if", {"changes": {"fish_count": 28}})]


# --- "which tank?" answered with a description of the one meant -------------------------------------------------------


@pytest.mark.parametrize("text", ["the kelp one, 240150", "240150, the kelp one", "240150"])
def test_a_described_id_answers_which_one(text: str) -> None:
    assert not is_new_request(text, TANKS)


def test_an_id_with_a_change_is_a_request_of_its_own() -> None:
    assert is_new_request("240150 with 3 more fish", TANKS)


# --- a class said as a verb, and the spellings of chat ----------------------------------------------------------------


def test_what_would_label_it_asks_for_that_class(router: RouterBackend) -> None:
    assert with_class_as_verb("what would quarantine it", TANKS) == "what would make it quarantine"
    question, called = route(
        router, "what would quarantine it", TANKS, after("get_prediction", "240120", instance=240120)
    )
    assert question == "" and [name for name, _ in called] == ["explain_how_to_be_that"]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("n 30?", "and 30?"),
        ("& nitrate 20", "and nitrate 20"),
        ("salinity & nitrate", "salinity and nitrate"),
        ("y?", "why?"),
        ("y is 240120 stressed", "why is 240120 stressed"),
        ("N 5", "N 5"),  # a capital N may be "number"
        ("and the fish cut back to one", "and the fish cut back to 1"),
        ("go back to one of them", "go back to one of them"),
    ],
)
def test_chat_letters_and_a_value_of_one_are_written_out(text: str, read: str) -> None:
    assert spelled_out(text, TANKS) == read


def test_a_host_letter_stays_as_written() -> None:
    lettered = TANKS.model_copy(
        update={"features": [*TANKS.features, FeatureSchema(name="y", type="numeric", min=0, max=9)]}
    )
    assert spelled_out("y?", lettered) == "y?"
