"""A why-question about the class that was given is the instance's explanation, not the why-not (round 14).

"Why is policyholder 5005 paying a surcharge? He doesn't even smoke." was routed to the why-not of 'surcharge': the
negation in the second sentence is the user's objection, not the question. A why-not needs its own question to deny
a class or the turn to set another outcome against it; the phrasings are our own, on three hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision, outcome_decision
from simxai.backends.router import RouterBackend
from simxai.functions import default_registry

from .routing import DEMO, INSURANCE, LOAN, REVIEWS, route

NAMES = {s.name for s in default_registry().specs()}


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("Why is member 5012 on the surcharge tier? She has never made a claim.", INSURANCE),
        ("applicant 77, why the rejection?", LOAN),
        ("why did review 31 come out negative? it doesn't sound angry to me", REVIEWS),
    ],
)
def test_a_why_question_about_the_class_given_is_the_explanation(text, schema):
    read = outcome_decision(Decision("explain_why_not", 0.9, True), text, schema, NAMES)
    assert read is not None and read.function == "get_local_explanation"


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("why isn't applicant 77 approved?", LOAN),  # denied in the question
        ("member 5012 - why no standard tier?", INSURANCE),  # "no" denies too
        ("so why did applicant 77 miss out on approved?", LOAN),  # a verb that denies
        ("why does the model refuse to call review 31 positive", REVIEWS),
        ("why is patient 8 stable rather than progressing?", DEMO),  # another outcome set against it
        ("why is applicant 12 rejected? I expected approval", LOAN),  # an expectation, in any sentence
        ("not approved for applicant 12, why?", LOAN),  # the negation leads into the question
        ("why is it not stable?", DEMO),  # no one instance named
    ],
)
def test_a_why_not_stays_a_why_not(text, schema):
    read = outcome_decision(Decision("explain_why_not", 0.9, True), text, schema, NAMES)
    assert read is None or read.function == "explain_why_not"


def test_through_the_router(router):
    _, called = route(router, "Why is policyholder 5005 paying a surcharge? He doesn't even smoke.", INSURANCE)
    assert called == [("get_local_explanation", {"instance": 5005, "prediction_label": "surcharge"})]
    _, called = route(router, "why is patient 5 not progressing?", DEMO)
    assert [name for name, _ in called] == ["explain_why_not"]
