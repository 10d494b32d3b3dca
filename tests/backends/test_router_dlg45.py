"""Round 45 (dlg45), dialogue state on an invented ferry line (crossings that sail or go for a refit), in our own
wording: a group narrowed by "just" and a category with no "the"; a narrowed group widened back to the bound of a
feature the turn names, with the label a per-class metric names; one more quoted swap on a text host that goes on
with "and"; the letter "y" alone after an answer that offered nothing; "twice that" answering our offer of a value;
a step that goes on from a value set outright; "N fewer times too" (no feature named by "time"; asked which, the
amount and the scenario kept).
"""

from __future__ import annotations

import json

import pytest

from simxai._call_questions import Asked, relative_change
from simxai._pending_answer import answered_arguments
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from simxai.state import DialogueState, PendingCall
from tests.backends.routing import FUNCTIONS, REVIEWS, route

FERRIES = HostSchema(
    name="ferry line",
    kind="tabular",
    instance_noun="crossing",
    class_names=["sail", "refit"],
    features=[
        FeatureSchema(name="route", type="categorical", categories=["harbour loop", "island run", "north pier"]),
        FeatureSchema(name="operator", type="categorical", categories=["council", "private"]),
        FeatureSchema(name="wind_kmh", type="numeric", min=0, max=80, aliases=["wind"]),
        FeatureSchema(name="days_since_refit", type="numeric", min=0, max=400),
    ],
    id_range=(1, 900),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _ran(name: str, arguments: dict[str, object], output: dict[str, object], said: str, reply: str) -> list[Message]:
    """A user's turn, one call of `name` with `arguments` whose result is `output`, and our reply `reply`."""
    call = ToolCall(id="call_0", name=name, arguments=arguments)
    return [
        Message.user(said),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"result": output})),
        Message.assistant(reply),
    ]


# --- "just" and a group with no "the" ------------------------------------------------------------------------------

_WINDY = _ran(
    "get_prediction",
    {"instance": "wind_kmh > 40"},
    {"counts": {"sail": 12, "refit": 30}},
    "how many crossings with wind above 40 does it send for a refit",
    "For the 42 crossings with wind_kmh > 40 the model predicts 12 sail, 30 refit.",
)


@pytest.mark.parametrize(
    ("text", "added"),
    [
        ("just island run", "route = island run"),
        ("only private", "operator = private"),
        ("and just council", "operator = council"),
    ],
)
def test_just_and_a_category_narrows_the_group_in_focus(router: RouterBackend, text: str, added: str) -> None:
    _, calls = route(router, text, FERRIES, _WINDY)
    assert calls == [("get_prediction", {"instance": f"wind_kmh > 40 and {added}"})]


def test_just_and_words_that_name_no_condition_narrow_nothing(router: RouterBackend) -> None:
    _, calls = route(router, "just curious", FERRIES, _WINDY)
    assert ("get_prediction", {"instance": "wind_kmh > 40 and curious"}) not in calls
    assert all("wind_kmh > 40 and" not in str(arguments) for _, arguments in calls)


# --- back to a bound named by its feature, and a per-class metric's label -------------------------------------------

_WINDY_ISLAND = _ran(
    "get_data_information",
    {"feature": "days_since_refit", "group": "wind_kmh > 40 and route = island run"},
    {"feature": "days_since_refit", "mean": 120.5},
    "their average days since the refit",
    "Among the 11 crossings with wind_kmh > 40 and route = island run, days_since_refit has mean 120.5.",
)


def test_back_to_the_bound_of_a_feature_named_with_a_metric_and_its_label(router: RouterBackend) -> None:
    _, calls = route(router, "back to all the high wind ones, recall for refit", FERRIES, _WINDY_ISLAND)
    assert calls == [("get_model_performance", {"metric": "recall", "group": "wind_kmh > 40", "label": "refit"})]


def test_back_to_a_feature_with_a_bound_of_its_own_is_that_bound_not_the_old_one(router: RouterBackend) -> None:
    _, calls = route(router, "back to all the ones with wind over 60", FERRIES, _WINDY_ISLAND)
    assert all(arguments.get("group") != "wind_kmh > 40" for _, arguments in calls)


# --- one more quoted swap on a text host, going on with "and" ------------------------------------------------------

_ONE_SWAP = _ran(
    "explain_what_if",
    {"instance": 3, "changes": {"dull": "lively"}},
    {"subject": {"id": 3, "text": "a dull plot and a slow start"}, "changes": [{"old": "dull", "new": "lively"}]},
    "what if 'dull' was 'lively'",
    "For review 3, changing 'dull' to 'lively': the prediction stays negative.",
)


def test_and_one_more_quoted_swap_adds_to_the_scenario(router: RouterBackend) -> None:
    _, calls = route(router, "and 'slow' turned into 'brisk'", REVIEWS, _ONE_SWAP)
    assert calls == [("explain_what_if", {"changes": {"dull": "lively", "slow": "brisk"}})]


def test_a_quoted_swap_said_instead_replaces_the_scenario(router: RouterBackend) -> None:
    _, calls = route(router, "and 'slow' turned into 'brisk' instead", REVIEWS, _ONE_SWAP)
    assert calls == [("explain_what_if", {"changes": {"slow": "brisk"}})]


# --- the letter "y" alone ------------------------------------------------------------------------------------------

_PREDICTED = _ran(
    "get_prediction",
    {"instance": 512},
    {"prediction": "refit"},
    "crossing 512, what does it say",
    "The model predicts refit for crossing 512 (probabilities: sail 20.0%, refit 80.0%).",
)


@pytest.mark.parametrize("text", ["y", "y?", "Y"])
def test_y_alone_after_an_answer_that_offered_nothing_is_why(router: RouterBackend, text: str) -> None:
    _, calls = route(router, text, FERRIES, _PREDICTED)
    assert [name for name, _ in calls] == ["get_local_explanation"]


def test_yes_after_an_answer_that_offered_nothing_still_says_there_was_no_offer(router: RouterBackend) -> None:
    messages = [Message.system("You explain a model."), *_PREDICTED, Message.user("yes")]
    response = router.route(CompletionRequest(messages=messages, host=FERRIES, functions=FUNCTIONS))
    assert response.tool_calls == []
    assert response.content.startswith("There was no question or offer of mine to say yes to.")


def test_y_after_a_reply_of_ours_that_called_nothing_is_no_why(router: RouterBackend) -> None:
    history = [Message.user("hello there"), Message.assistant("Hello! Ask me about the ferry line model.")]
    _, calls = route(router, "y", FERRIES, history)
    assert calls == []


def test_y_after_our_offer_still_accepts_it(router: RouterBackend) -> None:
    history = _ran(
        "get_local_explanation",
        {"instance": 512},
        {"instance": 512},
        "why crossing 512",
        "The model predicts refit for crossing 512. To see what would have to change, ask why it is not sail.",
    )
    _, calls = route(router, "y", FERRIES, history)
    assert [name for name, _ in calls] == ["explain_why_not"]


# --- a factor of "that" answering our offer of a value ---------------------------------------------------------------


def _offered_wind(questioned: dict[str, object] | None) -> PendingCall:
    """Our question "Change wind_kmh to 30? Say yes for that, ..." about crossing 512 (the value offered or not)."""
    return PendingCall(
        function="explain_what_if",
        arguments={"instance": 512},
        missing="changes",
        feature="wind_kmh",
        questioned=questioned,
    )


@pytest.mark.parametrize(("text", "value"), [("twice that", 60), ("half of that", 15)])
def test_a_factor_of_that_multiplies_the_value_we_offered(text: str, value: int) -> None:
    answered = answered_arguments(_offered_wind({"wind_kmh": 30}), text, FERRIES, default_registry())
    assert answered is not None
    assert answered.arguments == {"instance": 512, "changes": {"wind_kmh": value}}


def test_a_factor_of_it_with_no_value_offered_stays_a_factor_of_the_feature() -> None:
    answered = answered_arguments(_offered_wind(None), "twice that", FERRIES, default_registry())
    assert answered is not None
    assert answered.arguments["changes"] == {"wind_kmh": "*2"}


# --- a step that goes on after a value set outright ------------------------------------------------------------------


def _wind_set(value: object) -> list[Message]:
    """A what-if on crossing 512 that changed wind_kmh to `value` (a number said outright, or a step)."""
    return _ran(
        "explain_what_if",
        {"instance": 512, "changes": {"wind_kmh": value}},
        {"instance": 512, "changes": [{"feature": "wind_kmh", "old": 22, "new": 30}]},
        f"what if crossing 512 had wind {value}",
        "For crossing 512, changing wind_kmh from 22 to 30: the prediction stays sail.",
    )


@pytest.mark.parametrize(("text", "value"), [("and 5 less?", 25), ("then 4 more", 34)])
def test_a_step_that_goes_on_starts_from_the_value_set(router: RouterBackend, text: str, value: int) -> None:
    _, calls = route(router, text, FERRIES, _wind_set(30))
    assert calls == [("explain_what_if", {"changes": {"wind_kmh": value}})]


def test_a_step_after_a_step_stays_a_step_of_the_recorded_value(router: RouterBackend) -> None:
    _, calls = route(router, "and 5 less?", FERRIES, _wind_set("+8"))
    assert calls == [("explain_what_if", {"changes": {"wind_kmh": "-5"}})]


# --- "N fewer times": no feature named by "time", and "too" adds a change of another feature ------------------------

HORNS = HostSchema(
    name="ferry horns",
    kind="tabular",
    instance_noun="crossing",
    class_names=["sail", "refit"],
    features=[
        FeatureSchema(name="turnaround_min", type="numeric", min=5, max=60, aliases=["turnaround time"]),
        FeatureSchema(name="horn_blasts", type="numeric", min=0, max=40, aliases=["blasts", "horn blasts"]),
        FeatureSchema(name="wind_kmh", type="numeric", min=0, max=80, aliases=["wind"]),
    ],
    id_range=(1, 900),
)
_EXPLAIN_WHAT_IF = ToolCall(id="call_0", name="explain_what_if", arguments={"instance": 512})
_IN_FOCUS = DialogueState(instance=512, changes={"wind_kmh": 30}, feature="wind_kmh", last_function="explain_what_if")


def test_a_step_of_n_times_too_asks_which_feature_and_keeps_the_amount_and_the_scenario() -> None:
    asked = relative_change(
        _EXPLAIN_WHAT_IF, ["instance", "changes"], "and sound it 8 fewer times too", _IN_FOCUS, HORNS
    )
    assert isinstance(asked, Asked)
    assert asked.clarification.question.startswith("Which feature should be lower?")
    answered = answered_arguments(asked.pending, "the blasts", HORNS, default_registry())
    assert answered is not None
    assert answered.arguments == {"instance": 512, "changes": {"wind_kmh": 30, "horn_blasts": "-8"}}


def test_a_step_of_n_times_without_too_is_of_the_feature_in_focus() -> None:
    changed = relative_change(_EXPLAIN_WHAT_IF, ["instance", "changes"], "and 8 fewer times", _IN_FOCUS, HORNS)
    assert changed == {"instance": 512, "changes": {"wind_kmh": "-8"}}


def test_the_feature_named_with_its_time_word_is_still_named() -> None:
    said = "and a turnaround time 8 lower"
    changed = relative_change(_EXPLAIN_WHAT_IF, ["instance", "changes"], said, _IN_FOCUS, HORNS)
    assert changed == {"instance": 512, "changes": {"turnaround_min": "-8"}}


# --- "sorry, I meant <number> <another feature>" after a what-if ------------------------------------------------------

_WINDY_WHAT_IF = _ran(
    "explain_what_if",
    {"instance": 512, "changes": {"wind_kmh": 30}},
    {"instance": 512, "changes": [{"feature": "wind_kmh", "old": 22, "new": 30}]},
    "what if crossing 512 had wind of 30",
    "For crossing 512, changing wind_kmh from 22 to 30: the prediction stays sail.",
)


@pytest.mark.parametrize("text", ["sorry i meant 12 blasts", "oops, I meant 12 blasts"])
def test_a_correction_naming_another_feature_moves_the_change_to_it(router: RouterBackend, text: str) -> None:
    _, calls = route(router, text, HORNS, _WINDY_WHAT_IF)
    assert calls == [("explain_what_if", {"instance": 512, "changes": {"horn_blasts": 12}})]


def test_a_correction_whose_number_the_other_feature_cannot_take_is_not_moved(router: RouterBackend) -> None:
    _, calls = route(router, "sorry i meant 90 blasts", HORNS, _WINDY_WHAT_IF)
    assert ("explain_what_if", {"instance": 512, "changes": {"horn_blasts": 90}}) not in calls


# --- "tell me more" after a metric -----------------------------------------------------------------------------------

_ISLAND_PRECISION = _ran(
    "get_model_performance",
    {"metric": "precision", "group": "route = island run", "label": "refit"},
    {"precision": 0.8},
    "precision for refit on the island run",
    "The model's precision for the label refit, only crossings with route = island run, is 0.800.",
)


@pytest.mark.parametrize("text", ["tell me more", "ok, more details please"])
def test_tell_me_more_after_a_metric_scores_every_metric_on_the_same_group(router: RouterBackend, text: str) -> None:
    _, calls = route(router, text, FERRIES, _ISLAND_PRECISION)
    arguments = {"metric": "all", "group": "route = island run", "label": "refit"}
    assert calls == [("get_model_performance", arguments)]


def test_tell_me_more_after_a_prediction_is_no_metric(router: RouterBackend) -> None:
    _, calls = route(router, "tell me more", FERRIES, _PREDICTED)
    assert all(name != "get_model_performance" for name, _ in calls)


# --- a bare bound answering "which metric?" about a group read only by its words --------------------------------------


def _metric_waits(group: str) -> PendingCall:
    """The engine's "Which metric would you like ...?" about `group`, a phrase no group parser read."""
    return PendingCall(function="get_model_performance", arguments={"group": group}, missing="metric")


@pytest.mark.parametrize("answer", ["above 50", "over 50 i mean"])
def test_a_bare_bound_is_of_the_one_feature_the_unread_group_names(answer: str) -> None:
    answered = answered_arguments(_metric_waits("the high wind crossings"), answer, FERRIES, default_registry())
    assert answered is not None
    assert answered.arguments == {"group": "wind_kmh > 50", "metric": "all"}


def test_a_metric_answer_keeps_the_unread_group_for_the_function_to_refuse() -> None:
    answered = answered_arguments(_metric_waits("the high wind crossings"), "accuracy", FERRIES, default_registry())
    assert answered is not None
    assert answered.arguments == {"group": "the high wind crossings", "metric": "accuracy"}


def test_a_bare_bound_after_a_group_naming_two_features_is_not_guessed() -> None:
    phrase = "the high wind crossings long since a refit"
    answered = answered_arguments(_metric_waits(phrase), "above 50", FERRIES, default_registry())
    assert answered is None or answered.arguments.get("group") != "wind_kmh > 50"


def test_y_after_a_question_of_ours_is_no_why(router: RouterBackend) -> None:
    history = _ran(
        "explain_what_if",
        {"instance": 512, "changes": {"wind_kmh": 95}},
        {"error": "out of range"},
        "what if crossing 512 had wind of 95",
        "wind_kmh would go from 22 to 95, above the data's range 0-80; is that intended? Say yes to run it as given.",
    )
    _, calls = route(router, "y", FERRIES, history)
    assert all(name != "get_local_explanation" for name, _ in calls)
