"""A request among remarks is answered: the one sentence that asks, when the remarks beside it would make the
selector read the whole turn as asking nothing ("what's driving the call on 214? hope you're having a good day").
A sentence that names something of the host or supposes something is no mere remark; remarks alone still get the
plain reply. Our own wordings, on the loan and insurance hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend

from .routing import INSURANCE, LOAN, route

ROUTER = RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "function", "n"),
    [
        (LOAN, "what's driving the call on 214? hope you're having a good day", "get_local_explanation", 214),
        (INSURANCE, "what's driving the call on 5120? hope you're having a good day", "get_local_explanation", 5120),
        (LOAN, "what's driving the call on 214? she's our favourite girl, bless her", "get_local_explanation", 214),
        (INSURANCE, "what's driving the call on 5120? our favourite girl, bless her", "get_local_explanation", 5120),
    ],
)
def test_the_one_sentence_that_asks_is_answered(schema, text, function, n):
    question, calls = route(ROUTER, text, schema)
    assert question == ""
    assert calls == [(function, {"instance": n})]


@pytest.mark.parametrize("schema", [LOAN, INSURANCE])
@pytest.mark.parametrize("text", ["Lovely weather today. Thanks for the help!", "Cheers. That was useful."])
def test_remarks_alone_ask_for_nothing(schema, text):
    question, calls = route(ROUTER, text, schema)
    assert calls == [] and question == ""


def test_a_sentence_that_supposes_is_no_mere_remark():
    _, calls = route(ROUTER, "Suppose applicant 214 earned 20 more. What would it predict then?", LOAN)
    assert [name for name, _ in calls] == ["explain_what_if"]
