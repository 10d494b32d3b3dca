"""Round 44 (dlg44), dialogue follow-ups on an invented packing shed of fruit crates (ship / hold), in our own
wording: a category of several words named by the one word of it no other value holds, or its plural ("the plum
crates" for victoria plum); a word two values share is bound to neither; a narrowed group widened back with a
metric after a question that was no metric.
"""

from __future__ import annotations

import json

import pytest

from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_group
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import FUNCTIONS, REVIEWS, route

CRATES = HostSchema(
    name="packing shed",
    kind="tabular",
    instance_noun="crate",
    class_names=["ship", "hold"],
    features=[
        FeatureSchema(
            name="fruit", type="categorical", categories=["bramley apple", "conference pear", "victoria plum"]
        ),
        FeatureSchema(name="bay", type="categorical", categories=["north shed", "south shed", "cold store"]),
        FeatureSchema(name="weight_kg", type="numeric", min=5, max=25, aliases=["weight"]),
        FeatureSchema(name="bruising (%)", type="numeric", min=0, max=40, aliases=["bruising"]),
    ],
    id_range=(1, 500),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _ran(name: str, arguments: dict[str, object], output: dict[str, object], said: str) -> list[Message]:
    """A user's turn and one call of `name` with `arguments` whose result is `output`."""
    call = ToolCall(id="call_0", name=name, arguments=arguments)
    return [
        Message.user(said),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"result": output})),
        Message.assistant("Done."),
    ]


# --- a category named by one of its words ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("accuracy on the plum crates", "fruit = victoria plum"),
        ("how well does it do on the pears", "fruit = conference pear"),
        ("average weight for the apples", "fruit = bramley apple"),
        ("recall in the cold ones", "bay = cold store"),
        ("precision for the victoria plums", "fruit = victoria plum"),
    ],
)
def test_a_category_named_by_its_one_distinct_word_or_plural(text: str, group: str) -> None:
    assert extract_group(text, CRATES) == group


@pytest.mark.parametrize("text", ["accuracy on the shed crates", "how well does it do on the sheds"])
def test_a_word_two_categories_share_names_neither(text: str) -> None:
    assert "north shed" not in str(extract_group(text, CRATES))
    assert "south shed" not in str(extract_group(text, CRATES))


def test_a_word_of_a_feature_name_is_no_value() -> None:
    # "weight" is the feature, whatever value holds a word like it
    assert extract_group("average weight on the pears", CRATES) == "fruit = conference pear"


@pytest.mark.parametrize("text", ["how many plum crates does it hold", "how many of the plums does it hold back"])
def test_a_count_of_predictions_on_a_group_named_by_one_word(router: RouterBackend, text: str) -> None:
    _, calls = route(router, text, CRATES)
    assert calls == [("get_prediction", {"instance": "fruit = victoria plum"})]


# --- a narrowed group widened back, with a metric, after a question that was no metric --------------------------------

_PEAR_WEIGHTS = _ran(
    "get_data_information",
    {"feature": "weight_kg", "group": "fruit = conference pear and bruising (%) > 10"},
    {"feature": "weight_kg", "mean": 14.2},
    "mean weight of the pears with over 10 bruising",
)


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("back to all the pears, recall this time", "recall"),
        ("ok, the whole pear lot again: how accurate is it", "accuracy"),
    ],
)
def test_a_widening_that_names_a_metric_scores_the_widened_group(router: RouterBackend, text: str, metric: str) -> None:
    _, calls = route(router, text, CRATES, _PEAR_WEIGHTS)
    assert calls == [("get_model_performance", {"metric": metric, "group": "fruit = conference pear"})]


def test_a_widening_with_no_metric_asks_the_last_question_again(router: RouterBackend) -> None:
    _, calls = route(router, "back to all the pears", CRATES, _PEAR_WEIGHTS)
    assert calls == [("get_data_information", {"feature": "weight_kg", "group": "fruit = conference pear"})]


# --- "forget that" and then a request of its own --------------------------------------------------------------------

_HEAVIER = _ran(
    "explain_what_if",
    {"instance": 42, "changes": {"weight_kg": 20}},
    {"instance": 42, "changes": [{"feature": "weight_kg", "old": 12, "new": 20}]},
    "what if crate 42 weighed 20",
)


@pytest.mark.parametrize(
    ("text", "function"),
    [
        ("ok forget that, what would it take to get it shipped", "explain_how_to_be_that"),
        ("scrap that - which features matter most overall?", "get_global_explanation"),
    ],
)
def test_an_undo_then_a_request_of_its_own_is_that_request(router: RouterBackend, text: str, function: str) -> None:
    question, calls = route(router, text, CRATES, _HEAVIER)
    assert question == ""
    assert [name for name, _ in calls] == [function]


@pytest.mark.parametrize("text", ["undo that, please", "scrap that - keep nothing"])
def test_an_undo_with_only_its_own_words_after_a_break_is_still_an_undo(router: RouterBackend, text: str) -> None:
    _, calls = route(router, text, CRATES, _HEAVIER)
    assert [name for name, _ in calls] == ["get_prediction"]  # the crate as it is: the only what-if taken back


# --- a change said with a bound is no group -------------------------------------------------------------------------


def test_a_change_said_with_a_bound_is_no_group_of_crates(router: RouterBackend) -> None:
    _, calls = route(router, "and bruising up to 5 as well", CRATES, _HEAVIER)
    assert calls == [("explain_what_if", {"changes": {"weight_kg": 20, "bruising (%)": 5}})]  # crate 42, in focus


def test_a_group_bounded_by_another_value_than_the_change_stays_a_group(router: RouterBackend) -> None:
    _, calls = route(router, "what if the crates with bruising over 20 had bruising 10", CRATES, _HEAVIER)
    assert calls == [("explain_what_if", {"instance": "bruising (%) > 20", "changes": {"bruising (%)": 10}})]


# --- one more word swap on a text host, said as a supposition without its "if" --------------------------------------

_SWAPPED = _ran(
    "explain_what_if",
    {"instance": 3, "changes": {"dull": "lively"}},
    {"subject": {"id": 3, "text": "a dull plot and a slow start"}, "changes": [{"old": "dull", "new": "lively"}]},
    "what if dull was lively",
)


@pytest.mark.parametrize("text", ["and slow was brisk too", "also slow were brisk as well"])
def test_one_more_swap_said_as_a_supposition_adds_to_the_last(router: RouterBackend, text: str) -> None:
    _, calls = route(router, text, REVIEWS, _SWAPPED)
    assert calls == [("explain_what_if", {"changes": {"dull": "lively", "slow": "brisk"}})]


def test_a_swap_of_a_word_the_text_does_not_hold_is_no_edit_of_it(router: RouterBackend) -> None:
    _, calls = route(router, "and the ending was brisk too", REVIEWS, _SWAPPED)
    assert ("explain_what_if", {"changes": {"dull": "lively", "the ending": "brisk"}}) not in calls


# --- a group's bound said with its feature after our question for the metric ----------------------------------------


def _metric_asked(group: str, said: str) -> list[Message]:
    """A metric question on a group the turn named by a word; the engine asked which metric."""
    call = ToolCall(id="call_0", name="get_model_performance", arguments={"group": group})
    return [
        Message.user(said),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"error": "get_model_performance needs the argument 'metric'"})),
        Message.assistant(
            "Which metric would you like: accuracy, precision, recall, f1, roc_auc, confusion_matrix, all?"
        ),
    ]


@pytest.mark.parametrize("text", ["over twenty percent bruising", "above 20 percent bruising"])
def test_a_bound_said_before_its_feature_answers_for_the_group(router: RouterBackend, text: str) -> None:
    history = _metric_asked("bruised crates", "how does it do on the bruised crates?")
    _, calls = route(router, text, CRATES, history)
    assert calls == [("get_model_performance", {"group": "bruising (%) > 20", "metric": "all"})]


# --- "yes" to the router's own offer --------------------------------------------------------------------------------


def _offered(reply: str) -> list[Message]:
    """A why-question on crate 42 whose reply ends with `reply`."""
    call = ToolCall(id="call_0", name="get_local_explanation", arguments={"instance": 42, "prediction_label": "hold"})
    return [
        Message.user("why is crate 42 on hold?"),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"result": {"instance": 42}})),
        Message.assistant(reply),
    ]


@pytest.mark.parametrize("text", ["y", "yes please", "sure, go ahead"])
def test_yes_to_our_offer_asks_the_question_offered(router: RouterBackend, text: str) -> None:
    history = _offered(
        "The model predicts ship for crate 42, not hold. To see what would have to change, ask why it does not "
        "predict hold."
    )
    _, calls = route(router, text, CRATES, history)
    assert [name for name, _ in calls] == ["explain_why_not"]
    assert calls[0][1].get("expected_label") == "hold"


def test_yes_to_a_reply_that_offered_nothing_says_what_the_router_does(router: RouterBackend) -> None:
    history = _offered("The model predicts hold for crate 42: bruising pushes it towards hold.")
    # "yes" (the letter "y" alone there is "why": tests/backends/test_router_dlg45.py)
    messages = [Message.system("You explain a model."), *history, Message.user("yes")]
    response = router.route(CompletionRequest(messages=messages, host=CRATES, functions=FUNCTIONS))
    assert response.tool_calls == []
    assert response.content.startswith("There was no question or offer of mine to say yes to.")


def test_a_group_named_by_a_value_the_changes_repeat_stays_the_group(router: RouterBackend) -> None:
    _, calls = route(router, "what if all the victoria plum crates had 5 more bruising", CRATES)
    assert calls == [("explain_what_if", {"instance": "fruit = victoria plum", "changes": {"bruising (%)": "+5"}})]
