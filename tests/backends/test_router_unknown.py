"""A turn that names what the host does not have gets one question naming it and what is valid.

A group value that is no category, a label that is none of the host's, a feature the host lacks: the router
asks instead of answering without it (`simxai.backends._router_unknown`); an id outside the range: the host
refuses it and the engine asks. Each form
on two hosts, and the valid forms still answered. The phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_unknown import unknown_named
from simxai.backends.router import RouterBackend
from simxai.messages import ToolCall

from .routing import DEMO, INSURANCE, LOAN, REVIEWS, route


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "schema", "named", "valid"),
    [
        ("f1 for region = central", LOAN, "central", "east, north, south or west"),
        ("what's the f1 for applicants in the central region?", LOAN, "central", "east, north, south or west"),
        ("accuracy for plan platinum", INSURANCE, "platinum", "basic, silver or gold"),
    ],
)
def test_a_group_value_that_is_no_category_is_asked_about(router, text, schema, named, valid):
    question, calls = route(router, text, schema)
    assert not calls and named in question and valid in question


@pytest.mark.parametrize(
    ("text", "schema", "named", "valid"),
    [
        ("why not remission for patient 4", DEMO, "remission", "stable or progressing"),
        ("counterfactual for patient 17 -> remission", DEMO, "remission", "stable or progressing"),
        ("why not neutral for review 9?", REVIEWS, "neutral", "negative or positive"),
        ("why is review 9 not classified as mixed?", REVIEWS, "mixed", "negative or positive"),
    ],
)
def test_a_label_the_host_lacks_is_asked_about(router, text, schema, named, valid):
    question, calls = route(router, text, schema)
    assert not calls and named in question and valid in question


@pytest.mark.parametrize(
    ("host", "text", "said"),
    [
        ("demo_host", "what would patient 500 be predicted", "There is no patient 500"),
        ("loan_host", "why is applicant 9999 rejected?", "There is no applicant 9999"),
    ],
)
async def test_an_id_outside_the_range_is_asked_about(request, host, text, said):
    from simxai.agent import Agent
    from simxai.backends import load_backend

    tabular = request.getfixturevalue(host)
    turn = await Agent(tabular, load_backend("router")).conversation().send(text)
    low, high = tabular.schema().id_range
    assert turn.clarification is not None and said in turn.reply and f"{low} to {high}" in turn.reply


@pytest.mark.parametrize(
    ("text", "schema"),
    [("what if insulin were 20 for patient 3", DEMO), ("what if applicant 3 had insulin 20", LOAN)],
)
def test_a_feature_the_host_lacks_is_asked_about(router, text, schema):
    question, calls = route(router, text, schema)
    assert not calls and "'insulin'" in question and schema.features[0].name in question


@pytest.mark.parametrize(
    ("text", "schema", "function"),
    [
        ("f1 for people in the north region", LOAN, "get_model_performance"),
        ("accuracy for smokers", INSURANCE, "get_model_performance"),
        ("does region matter for accuracy", LOAN, "get_model_performance"),
        ("why is patient 4 not progressing", DEMO, "explain_why_not"),
        ("why not approved for applicant 5", LOAN, "explain_why_not"),
        ("why is bmi not important for patient 4", DEMO, None),
        ("what if bmi were 30 for patient 3", DEMO, "explain_what_if"),
        ("what if applicant 3 had 2 more employment years", LOAN, "explain_what_if"),
        ("what would patient 441 be predicted", DEMO, "get_prediction"),
        ("what would patient 500 be predicted", DEMO, "get_prediction"),  # the host refuses the id; the engine asks
    ],
)
def test_what_the_host_has_is_answered(router, text, schema, function):
    question, calls = route(router, text, schema)
    assert question == "" and calls
    if function is not None:
        assert calls[0][0] == function


def test_nothing_is_asked_without_calls_or_host():
    call = ToolCall(id="call_0", name="explain_why_not", arguments={"instance": 4})
    assert unknown_named("why not remission for patient 4", [], DEMO) is None
    assert unknown_named("why not remission for patient 4", [call], None) is None
    assert unknown_named("why not remission for patient 4", [call], DEMO) is not None
