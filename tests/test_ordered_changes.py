"""A change given as an order to an instance's own feature ("knock 3 off member 5392's claims. does anything
change?") is a what-if (round 14).

The possessive "member 5392's claims" hid the feature from the change reading, and with no "if" the selector's sure
choice of the counterfactual search ("still ... ?") stood. Our own phrasings, on the insurance, demo and loan hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes

from .backends.routing import DEMO, INSURANCE, LOAN, route


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("knock 2 off member 5300's claims", INSURANCE, {"annual_claims": "-2"}),
        ("take 4 off patient 12's bmi", DEMO, {"bmi": "-4"}),
        ("add 30 to applicant 7's credit score", LOAN, {"credit_score": "+30"}),
    ],
)
def test_a_change_to_an_instances_own_feature_is_read(text, schema, expected):
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("text", "schema", "instance", "changes"),
    [
        ("Knock 2 off member 5300's claims. Does anything change?", INSURANCE, 5300, {"annual_claims": "-2"}),
        ("cut applicant 12's loan amount by 20. still rejected?", LOAN, 12, {"loan_amount": "-20"}),
    ],
)
def test_an_ordered_change_is_a_what_if(router, text, schema, instance, changes):
    question, called = route(router, text, schema)
    assert not question and called == [("explain_what_if", {"instance": instance, "changes": changes})]
