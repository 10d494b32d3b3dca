"""A whole new question after the engine asked for an argument is routed anew; a short answer still answers.

After "how does it do on women?" the engine says it cannot read the group and asks which one is meant. A next turn
that asks something of its own ("how many patients are predicted progressing?") is no group for the waiting call:
it used to become `get_model_performance` on `prediction = progressing`. Answers ("the ones with bmi above 30",
"over 50") and turns that refer back to the waiting question ("can you do it for those over 60?") still fill it.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.followup_context import asks_its_own_question, is_new_request_for

from .backends.routing import DEMO, LOAN, calls, route, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("host", "unreadable", "question", "label"),
    [
        ("demo", "how does it do on women?", "how many patients are predicted progressing?", "progressing"),
        ("loan", "how does it do on women?", "ok and how many applicants are predicted rejected?", "rejected"),
        (
            "loan",
            "how accurate is it for the richer applicants?",
            "how many applicants are predicted rejected?",
            "rejected",
        ),
        (
            "insurance",
            "how accurate is it for the older policyholders?",
            "so how many policyholders are predicted surcharge?",
            "surcharge",
        ),
    ],
)
async def test_a_question_of_its_own_is_no_answer_to_the_group_asked_for(
    hosts, router, host, unreadable, question, label
):
    asked, new = await talk(hosts[host], router, unreadable, question)
    assert [c.status for c in asked.calls] == ["rejected"]  # the engine asked which group is meant
    assert calls(new) == [("get_prediction", {"instance": f"prediction = {label}"})]


@pytest.mark.parametrize(
    ("host", "unreadable", "answer", "group"),
    [
        ("demo", "how does it do on women?", "the ones with bmi above 30", "bmi > 30"),
        ("demo", "how does it do on women?", "can you do it for patients older than 60", "age > 60"),
        ("insurance", "how accurate is it for the older policyholders?", "over 50", "age > 50"),
        ("loan", "how does it do on women?", "the ones with income above 100", "income > 100"),
    ],
)
async def test_a_short_answer_still_answers_the_group_asked_for(hosts, router, host, unreadable, answer, group):
    _, answered = await talk(hosts[host], router, unreadable, answer)
    assert [(name, arguments.get("group")) for name, arguments in calls(answered)] == [("get_model_performance", group)]


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("how many patients are predicted progressing?", True),
        ("okay, and what does the model say about applicant 12?", True),
        ("is it any good on the older patients?", True),
        ("show me the data for everyone over 60", True),
        ("over 60", False),
        ("41028", False),
        ("1", False),
        ("the ones with bmi above 30", False),
        ("what about those over 60?", False),
        ("what if her bmi were 30 instead", False),
        ("could you try the same on the applicants from the north", False),
        ("what's the f1 score", False),  # too short to be more than the metric asked for
    ],
)
def test_a_question_of_its_own_is_read_by_its_form(text, own):
    assert asks_its_own_question(text) is own


def test_a_change_stays_the_answer_to_what_should_change():
    # "what should change?" -> "can you set her bmi to 30": the answer, in the form of a request
    assert not is_new_request_for("can you set her bmi to 30 please", DEMO, "changes", 4)
    assert is_new_request_for("how many applicants are predicted rejected?", LOAN, "group", None)


@pytest.mark.parametrize(
    ("schema", "text", "group"),
    [
        (DEMO, "give me every metric you've got", None),
        (LOAN, "show me every metric for applicants in the north", "region = north"),
        (DEMO, "all the metrics for patients over 60 please", "age > 60"),
    ],
)
def test_the_metrics_asked_for_are_the_performance(router, schema, text, group):
    # "every metric", "all the metrics": no other function reports one, however unsure the selector is
    question, called = route(router, text, schema)
    assert not question and [name for name, _ in called] == ["get_model_performance"]
    assert called[0][1].get("metric") == "all" and called[0][1].get("group") == group


@pytest.mark.parametrize(
    ("host", "unreadable", "answer", "group"),
    [
        ("demo", "what's the recall on the young ones?", "under 40 I mean", "age < 40"),
        ("insurance", "how accurate is it for the young ones?", "under 30 please", "age < 30"),
    ],
)
async def test_a_bare_bound_answers_the_group_asked_for(hosts, router, host, unreadable, answer, group):
    # no feature named: a bound said of the host's instances ("patients under 40") is read as such
    _, answered = await talk(hosts[host], router, unreadable, answer)
    assert [(name, arguments.get("group")) for name, arguments in calls(answered)] == [("get_model_performance", group)]
