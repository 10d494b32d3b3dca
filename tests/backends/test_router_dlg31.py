"""Round 31 (dlg31), dialogue follow-ups on an invented host of a community orchard's apple trees, in our own
wording: a bare "why?" after a turn that named one tree and was answered without it explains that tree; "how sure
was it on the real tree?" after a what-if is the unchanged tree's prediction; "watered it twice as long" is a
multiple of the feature, not a count of two; a follow-up what-if that left the tree to the engine still has
that tree in focus for "why is it ... in the first place".
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_focus_reference import settled_by_reference
from simxai.backends._router_original import original_prediction
from simxai.backends._router_why_named import why_of_the_one_named
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import FUNCTIONS, after, route

TREES = HostSchema(
    name="community orchard apple trees",
    kind="tabular",
    instance_noun="tree",
    class_names=["heavy_crop", "light_crop"],
    features=[
        FeatureSchema(name="watering_hours", type="numeric", min=0, max=40, aliases=["watering"]),
        FeatureSchema(name="tree_age_years", type="numeric", min=1, max=80, aliases=["tree age"]),
        FeatureSchema(name="rootstock", type="categorical", categories=["dwarf", "semi", "vigorous"]),
    ],
    id_range=(40001, 40400),
)
NAMES = {s.name for s in FUNCTIONS}


def _request(text: str, history: list[Message]) -> CompletionRequest:
    return CompletionRequest(messages=[*history, Message.user(text)], host=TREES, functions=FUNCTIONS)


def _why(text: str, history: list[Message]) -> object:
    decision = why_of_the_one_named(text, history, _request(text, history))
    return None if decision is None else (decision.function, decision.confident, decision.arguments)


@pytest.mark.parametrize("text", ["why?", "Why", "and why?", "how come?", "why so?"])
def test_why_after_an_answer_that_left_the_named_tree_out(text: str) -> None:
    history = after("get_output_information", "tree 40017 this autumn - verdict?")
    assert _why(text, history) == ("get_local_explanation", True, {"instance": 40017})


@pytest.mark.parametrize(
    ("text", "history"),
    [
        # the call was about the tree: the usual follow-up reading takes it
        ("why?", after("get_prediction", "tree 40017 this autumn - verdict?", instance=40017)),
        # two trees named: which one is not known
        ("why?", after("get_output_information", "trees 40017 and 40018, verdicts?")),
        # no tree named in the turn answered: an earlier one may be stale
        ("why?", after("get_model_performance", "how accurate is it on the dwarf trees?", metric="accuracy")),
        # not a bare why
        ("why is the accuracy so low?", after("get_output_information", "tree 40017 this autumn - verdict?")),
        # nothing answered yet
        ("why?", []),
    ],
)
def test_why_left_as_it_was(text: str, history: list[Message]) -> None:
    assert _why(text, history) is None


def test_why_after_a_question_instead_of_a_call() -> None:
    history = [Message.user("tree 40017, verdict?"), Message.assistant("Do you mean (1) or (2)?")]
    assert _why("why?", history) is None


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def test_the_router_explains_the_named_tree(router: RouterBackend) -> None:
    history = after("get_output_information", "tree 40017 this autumn - verdict?")
    question, calls = route(router, "Why?", TREES, history)
    assert question == ""
    assert calls == [("get_local_explanation", {"instance": 40017})]


def _what_if(instance: int) -> list[Message]:
    call = ToolCall(
        id="call_0", name="explain_what_if", arguments={"instance": instance, "changes": {"watering_hours": "+5"}}
    )
    return [
        Message.user(f"what if {instance} got five more hours of watering"),
        Message.assistant("", [call]),
        Message.tool(call, '{"result": {}}'),
        Message.assistant("Done."),
    ]


@pytest.mark.parametrize(
    "text",
    ["how sure was it on the real tree?", "and how confident is it about the actual one?", "odds for the real trees"],
)
def test_the_real_tree_after_a_what_if_is_its_prediction(text: str) -> None:
    decision = original_prediction(text, _what_if(40123), TREES, NAMES)
    assert decision is not None and decision.function == "get_prediction"
    assert decision.arguments == {"instance": 40123}


@pytest.mark.parametrize(
    ("text", "history"),
    [
        # "real" of something else than the tree
        ("how sure is it on real data?", _what_if(40123)),
        # no what-if before: nothing was changed
        ("how sure was it on the real tree?", after("get_prediction", "tree 40123?", instance=40123)),
        # no question of confidence or of the prediction
        ("what about the real tree's rootstock?", _what_if(40123)),
    ],
)
def test_the_real_tree_left_as_it_was(text: str, history: list[Message]) -> None:
    assert original_prediction(text, history, TREES, NAMES) is None


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if 40123 had been watered twice as long", {"watering_hours": "*2"}),
        ("what if 40123 was watered 3 times as long", {"watering_hours": "*3"}),
        ("what if 40123 had been watered twice", {"watering_hours": 2}),  # a count, as before
    ],
)
def test_a_multiple_said_after_the_verb(text: str, changes: dict[str, object]) -> None:
    assert extract_changes(text, TREES) == changes


def test_the_tree_a_follow_up_what_if_ran_on_is_in_focus() -> None:
    # "and with ten hours instead" leaves the tree to the engine: the call holds only the changes, its output the id
    call = ToolCall(id="call_0", name="explain_what_if", arguments={"changes": {"watering_hours": "+10"}})
    output = '{"result": {"kind": "what_if", "subject": {"kind": "row", "id": 40123, "size": 1}}}'
    history = [
        *_what_if(40123),
        Message.user("and with ten hours instead"),
        Message.assistant("", [call]),
        Message.tool(call, output),
        Message.assistant("Done."),
    ]
    text = "why is it a light crop in the first place"
    torn = Decision("get_local_explanation", 0.85, False, runner_up="get_model_information")
    settled = settled_by_reference(torn, text, history, _request(text, history))
    assert settled is not None and settled.function == "get_local_explanation" and settled.confident
    # a group in focus stays a question
    group_call = ToolCall(id="call_0", name="get_prediction", arguments={})
    grouped = [
        Message.user("the dwarf ones?"),
        Message.assistant("", [group_call]),
        Message.tool(group_call, '{"result": {"subject": {"kind": "group", "id": null, "size": 40}}}'),
        Message.assistant("Done."),
    ]
    assert settled_by_reference(torn, text, grouped, _request(text, grouped)) is None
