"""A turn that narrows the group in focus keeps it and adds its own condition; a turn naming a new group does not.

"what does the model predict for patients older than 60?" -> "and how many of them are predicted progressing?"
had run on the whole data (every patient predicted progressing), silently dropping "them". The forms: "of them",
"of those", "of these", "among them", "which of them", "how many of the ones ...", "those of them that ...", after a
prediction, a data card and a metric on a group. On the demo host.
"""

from __future__ import annotations

import pytest

from simxai import Host
from simxai.backends._router_narrowed import narrowed, narrows, unread_narrowing
from simxai.hosts.demo import load_demo_host
from simxai.messages import Message, ToolCall
from tests.test_name_words import _run

PREDICTED = "what does the model predict for patients older than 60?"
COUNTED = "how many patients are older than 60?"
SCORED = "how accurate is it for patients over 60?"


@pytest.fixture(scope="module")
def demo() -> Host:
    return load_demo_host()


def _clauses(call: tuple[str, dict[str, object]]) -> set[str]:
    """The clauses of the group a call runs on (get_prediction's instance, or the group)."""
    name, arguments = call
    group = arguments.get("instance" if name == "get_prediction" else "group")
    assert isinstance(group, str), call
    return {c.strip() for c in group.split(" and ")}


@pytest.mark.parametrize("first", [PREDICTED, COUNTED, SCORED])
def test_how_many_of_them_are_predicted_counts_the_group_in_focus(demo: Host, first: str) -> None:
    _, (ran, question) = _run(demo, [first, "and how many of them are predicted progressing?"])
    # the same call as the question with the group stated in full: the group's predictions, whose reply counts
    # the progressing among them; never the whole data's `prediction = progressing`
    ((stated, _),) = _run(demo, ["how many patients over 60 are predicted progressing?"])
    assert question is None and ran == stated
    assert ran[0][0] == "get_prediction" and _clauses(ran[0]) == {"age > 60"}


@pytest.mark.parametrize(
    ("first", "turn", "function", "clauses"),
    [
        (PREDICTED, "how many of those have bmi over 30?", None, {"age > 60", "bmi > 30"}),
        (COUNTED, "how many of these have glucose above 100?", None, {"age > 60", "glucose > 100"}),
        (PREDICTED, "among them, how many have bmi above 30?", None, {"age > 60", "bmi > 30"}),
        # the forty-third round's selector (e34a17e0b8bf0c8f) asked here between describing the data and predicting
        # the group (a strict xfail for two rounds); the forty-fifth round's (825fa8baa2a1a963) carries the function
        (PREDICTED, "which of them have bmi above 30?", None, {"age > 60", "bmi > 30"}),
        (
            PREDICTED,
            "how many of the ones with bmi above 30 are predicted progressing?",
            "get_prediction",
            {"age > 60", "bmi > 30"},
        ),
        (
            PREDICTED,
            "those of them that have bmi above 30, what does it predict?",
            "get_prediction",
            {"age > 60", "bmi > 30"},
        ),
        (
            SCORED,
            "and how accurate is it for those of them with bmi above 30?",
            "get_model_performance",
            {"age > 60", "bmi > 30"},
        ),
        (
            SCORED,
            "what about recall among them with glucose over 100?",
            "get_model_performance",
            {"age > 60", "glucose > 100"},
        ),
    ],
)
def test_a_narrowing_turn_keeps_the_group_in_focus_and_adds_its_own(
    demo: Host, first: str, turn: str, function: str | None, clauses: set[str]
) -> None:
    _, (ran, question) = _run(demo, [first, turn])
    assert question is None and len(ran) == 1
    assert function is None or ran[0][0] == function
    assert _clauses(ran[0]) == clauses


@pytest.mark.parametrize("first", [PREDICTED, SCORED])
def test_a_new_group_named_without_referring_back_inherits_nothing(demo: Host, first: str) -> None:
    _, (ran, question) = _run(demo, [first, "how many patients over 50 are predicted progressing?"])
    assert question is None and ran[0][0] == "get_prediction" and _clauses(ran[0]) == {"age > 50"}


def test_an_added_condition_no_feature_reads_is_asked_about_and_quoted(demo: Host) -> None:
    _, (ran, question) = _run(demo, [COUNTED, "how many of them are vegetarian?"])
    assert ran == [] and question is not None
    assert "age > 60" in question and "'vegetarian'" in question


def test_a_narrowing_with_nothing_added_keeps_the_group_in_focus(demo: Host) -> None:
    _, (ran, question) = _run(demo, [PREDICTED, "how many of them are there?"])
    assert question is None and [_clauses(c) for c in ran] == [{"age > 60"}]


@pytest.mark.parametrize(
    "text",
    [
        "how many of them are smokers?",
        "which of those are predicted stable?",
        "what share of these are over 70?",
        "among them, who is predicted stable?",
        "out of them, how many are over 70?",
        "how many of the ones with bmi above 30 are stable?",
        "those of them that smoke",
        "how many of those patients are over 70?",
    ],
)
def test_narrowing_forms(text: str) -> None:
    assert narrows(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "how many patients over 50 are predicted progressing?",
        "are most of them predicted progressing?",
        "what about the rest of them?",
        "which of these features matter most?",
        "among those who rent, how many are approved?",
        "out of those with bmi above 30, how many are predicted progressing?",
        "what does it predict for them?",
    ],
)
def test_turns_that_narrow_nothing(text: str) -> None:
    assert narrows(text) is None


def test_no_one_group_in_focus_after_a_call_per_group(demo: Host) -> None:
    calls = [
        ToolCall(id=f"call_{i}", name="get_model_performance", arguments={"group": g})
        for i, g in enumerate(["sex = 1", "sex = 2"])
    ]
    history = [
        Message(role="user", content="accuracy for sex 1 and sex 2"),
        Message(role="assistant", content="", tool_calls=calls),
        *[Message(role="tool", content='{"result": {}}', tool_call_id=c.id, name=c.name) for c in calls],
    ]
    asked = [ToolCall(id="call_0", name="get_prediction", arguments={"instance": "bmi > 30"})]
    # "them" is either group: neither is taken (the turn's own group stands)
    assert narrowed(asked, "how many of them have bmi over 30?", history, demo.schema()) == asked


def test_only_a_group_in_focus_kept_is_checked_for_unread_words(demo: Host) -> None:
    schema = demo.schema()
    kept = [ToolCall(id="call_0", name="get_data_information", arguments={"group": "age > 60"})]
    assert unread_narrowing("how many of them are vegetarian?", kept, schema) == ("age > 60", "vegetarian")
    # the turn's own group, with no group in focus ("them" are the turn's own patients): left to the other checks
    own = [ToolCall(id="call_0", name="get_data_information", arguments={"group": "age > 70"})]
    assert unread_narrowing("and how many of them are over 70 in this dataset overall?", own, schema) is None


def test_them_after_a_group_the_turn_names_is_that_group(demo: Host) -> None:
    _, (ran, _) = _run(demo, [PREDICTED, "how many patients have bmi over 30, and how many of them are under 40?"])
    assert ran and all("age > 60" not in _clauses(call) for call in ran)
