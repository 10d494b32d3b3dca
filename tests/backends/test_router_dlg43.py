"""Round 43 (dlg43), dialogue follow-ups on an invented store of hay bales (sound / mouldy), in our own wording: a
value said after any comparative of a change ("damper still, 24"); a bare id correcting a turn that named its bale by
reference; "try that on bale 9"; a narrowing with its bound said in any order ("only those with over 200 in
weight"); a narrowed group widened back ("back to all the wrapped ones"); a per-class metric after a one-label
metric; an amount in a unit after a what-if ("and 10 kg heavier?") that is no id; "that decision" after one bale's
prediction; and one more word swap, or one taken back, on a text host.
"""

from __future__ import annotations

import json

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_ids
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import REVIEWS, route

BALES = HostSchema(
    name="hay bale store",
    kind="tabular",
    instance_noun="bale",
    class_names=["sound", "mouldy"],
    features=[
        FeatureSchema(name="weight_kg", type="numeric", min=150, max=400, aliases=["weight"]),
        FeatureSchema(name="damp (%)", type="numeric", min=8, max=30, aliases=["damp", "dampness"]),
        FeatureSchema(name="stack", type="categorical", categories=["barn", "open yard", "lean-to"]),
        FeatureSchema(name="cover", type="categorical", categories=["wrapped", "loose"]),
        FeatureSchema(name="DaysStored", type="numeric", min=0, max=300, aliases=["days stored"]),
    ],
    id_range=(1, 400),
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


def _what_if(instance: int, feature: str, old: float, new: float, said: str) -> list[Message]:
    output = {"instance": instance, "changes": [{"feature": feature, "old": old, "new": new}]}
    return _ran("explain_what_if", {"instance": instance, "changes": {feature: new}}, output, said)


# --- a value after a comparative of a change ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [("damper still, 24", 24), ("drier still, 10", 10), ("and damper still, 26", 26), ("lower still, 12", 12)],
)
def test_a_value_after_any_comparative_sets_the_feature_tried(router: RouterBackend, text: str, value: int) -> None:
    history = _what_if(12, "damp (%)", 18, 21 if value > 21 else 14, "what if bale 12 were at 21 damp")
    _, calls = route(router, text, BALES, history)
    assert calls == [("explain_what_if", {"changes": {"damp (%)": value}})]


def test_a_comparative_whose_way_the_value_contradicts_is_not_read_as_that_value(router: RouterBackend) -> None:
    history = _what_if(12, "weight_kg", 240, 260, "what if bale 12 weighed 260")
    _, calls = route(router, "heavier still, 200", BALES, history)
    assert ("explain_what_if", {"changes": {"weight_kg": 200}}) not in calls


# --- a bare id correcting a turn that named its bale by reference ---------------------------------------------------


def test_a_bare_id_corrects_the_bale_a_turn_named_by_reference(router: RouterBackend) -> None:
    history = [
        *_ran("get_prediction", {"instance": 31}, {"instance": 31, "prediction": "mouldy"}, "bale 31?"),
        *_ran("get_prediction", {"instance": 47}, {"instance": 47, "prediction": "sound"}, "and 47"),
        *_ran("get_local_explanation", {"instance": 31}, {"instance": 31}, "why is the first one mouldy"),
    ]
    _, calls = route(router, "sorry, I meant 32", BALES, history)
    assert [(name, args.get("instance")) for name, args in calls] == [("get_local_explanation", 32)]


def test_a_bare_number_after_a_turn_that_said_its_bale_and_a_value_is_asked_about(router: RouterBackend) -> None:
    history = _what_if(31, "damp (%)", 18, 20, "what if the damp of bale 31 were 20")
    question, calls = route(router, "sorry, I meant 22", BALES, history)
    assert question and not calls  # bale 22, or a damp of 22: the turn that said both is asked about


# --- the last question on another bale ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["try that on bale 9", "now run it for bale 9", "apply the same to bale 9"])
def test_the_last_what_if_tried_on_another_bale(router: RouterBackend, text: str) -> None:
    history = _what_if(12, "damp (%)", 18, 22, "what if bale 12 were at 22 damp")
    _, calls = route(router, text, BALES, history)
    assert calls == [("explain_what_if", {"instance": 9, "changes": {"damp (%)": 22}})]


# --- narrowing and widening a group ---------------------------------------------------------------------------------

_BARN_COUNT = _ran("get_prediction", {"instance": "stack = barn"}, {"group": "stack = barn"}, "how many in the barn")


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("only those with over 200 in weight", "weight_kg > 200"),
        ("just the ones with under 90 in days stored", "DaysStored < 90"),
    ],
)
def test_a_narrowing_with_its_bound_in_any_order(router: RouterBackend, text: str, bound: str) -> None:
    _, calls = route(router, text, BALES, _BARN_COUNT)
    assert calls == [("get_prediction", {"instance": f"stack = barn and {bound}"})]


_NARROWED = _ran(
    "get_model_performance",
    {"metric": "precision", "label": "mouldy", "group": "cover = wrapped and damp (%) > 20"},
    {"metric": "precision", "value": 0.7},
    "precision for mouldy on wrapped ones over 20 damp",
)


@pytest.mark.parametrize("text", ["back to all the wrapped ones", "ok, the whole wrapped lot again"])
def test_a_narrowed_group_widened_back_keeps_the_question(router: RouterBackend, text: str) -> None:
    _, calls = route(router, text, BALES, _NARROWED)
    assert calls == [("get_model_performance", {"metric": "precision", "label": "mouldy", "group": "cover = wrapped"})]


def test_a_widened_group_takes_the_metric_the_turn_names(router: RouterBackend) -> None:
    _, calls = route(router, "back to all the wrapped ones, but accuracy this time", BALES, _NARROWED)
    assert calls == [("get_model_performance", {"metric": "accuracy", "group": "cover = wrapped"})]


def test_going_back_with_a_question_of_its_own_is_not_a_widening(router: RouterBackend) -> None:
    _, calls = route(router, "back to all the wrapped ones: what is their average weight?", BALES, _NARROWED)
    assert all(name != "get_model_performance" for name, _ in calls)


# --- a per-class metric after a one-label metric --------------------------------------------------------------------


def test_a_per_class_metric_after_one_label_scores_every_class(router: RouterBackend) -> None:
    history = _ran(
        "get_model_performance",
        {"metric": "precision", "label": "mouldy", "group": "stack = barn"},
        {"metric": "precision", "value": 0.8},
        "precision for mouldy in the barn",
    )
    _, calls = route(router, "and recall per class", BALES, history)
    assert calls == [
        ("get_model_performance", {"metric": "recall", "group": "stack = barn", "label": label})
        for label in ("sound", "mouldy")
    ]


# --- an amount in a unit is no id -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["and 10 kg heavier?", "10 kilos heavier then", "and 3 days longer"])
def test_an_amount_in_a_unit_then_its_way_is_no_bale(text: str) -> None:
    assert extract_ids(text, BALES) == []


@pytest.mark.parametrize("text", ["why is 10 rated lower than 12", "is 10 much heavier than 12"])
def test_a_verb_or_an_adverb_before_the_way_keeps_the_id(text: str) -> None:
    assert 10 in extract_ids(text, BALES)


def test_a_step_in_a_unit_after_a_what_if_stays_on_the_bale_in_focus(router: RouterBackend) -> None:
    history = _what_if(4, "weight_kg", 231, 250, "what if bale 4 weighed 250")
    _, calls = route(router, "and 10 kg heavier?", BALES, history)
    assert [args.get("instance") for _, args in calls] == [None]  # the engine fills bale 4, the one in focus


# --- "that decision" after one bale's prediction --------------------------------------------------------------------


@pytest.mark.parametrize("text", ["which features count most for that decision?", "what weighs most in that verdict"])
def test_that_decision_after_a_prediction_is_the_bale_in_focus(router: RouterBackend, text: str) -> None:
    history = _ran("get_prediction", {"instance": 77}, {"instance": 77, "prediction": "sound"}, "is bale 77 sound?")
    question, calls = route(router, text, BALES, history)
    assert question == ""
    assert [name for name, _ in calls] == ["get_local_explanation"]


# --- word swaps on a text host --------------------------------------------------------------------------------------

_SWAPPED = _ran(
    "explain_what_if",
    {"instance": 3, "changes": {"dull": "lively"}},
    {"subject": {"id": 3, "text": "dull plot and a slow start"}, "changes": [{"old": "dull", "new": "lively"}]},
    "what if dull was swapped for lively",
)


def test_one_more_swap_said_as_the_last_is_added(router: RouterBackend) -> None:
    _, calls = route(router, "and slow for brisk as well", REVIEWS, _SWAPPED)
    assert calls == [("explain_what_if", {"changes": {"dull": "lively", "slow": "brisk"}})]


def test_undoing_one_swap_keeps_the_other(router: RouterBackend) -> None:
    history = _ran(
        "explain_what_if",
        {"instance": 3, "changes": {"dull": "lively", "slow": "brisk"}},
        {"subject": {"id": 3, "text": "dull plot and a slow start"}, "changes": []},
        "and slow for brisk too",
    )
    _, calls = route(router, "undo the slow", REVIEWS, [*_SWAPPED, *history])
    assert calls == [("explain_what_if", {"changes": {"dull": "lively"}})]
