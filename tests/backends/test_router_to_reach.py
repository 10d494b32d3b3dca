"""What it would take for one instance to reach a class is the counterfactual search, not its prediction (round 14).

"What would make the model predict applicant 57 as rejected" was answered with applicant 57's prediction: the words
"predict" and an id pull the selector there. A construction that asks what it takes ("what would it take for",
"what would make", "what do I need to do so", "scenarios where") followed by a class asks for changes. Our own
phrasings, on three hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision, outcome_decision
from simxai.backends.router import RouterBackend
from simxai.functions import default_registry

from .routing import DEMO, INSURANCE, LOAN, route

NAMES = {s.name for s in default_registry().specs()}


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "schema", "label"),
    [
        ("what would make the model predict applicant 57 as rejected", LOAN, "rejected"),
        ("What would it take for member 5093 to end up in the surcharge group?", INSURANCE, "surcharge"),
        ("two scenarios where patient 12 is progressing", DEMO, "progressing"),
        ("I'm applicant 44, what do I need to do so it says approved", LOAN, "approved"),
    ],
)
def test_what_it_takes_to_reach_a_class_is_the_counterfactual(router, text, schema, label):
    read = outcome_decision(Decision("get_prediction", 0.95, True), text, schema, NAMES)
    assert read is not None and read.function == "explain_how_to_be_that"
    _, called = route(router, text, schema)
    assert [(name, arguments.get("target_label")) for name, arguments in called] == [("explain_how_to_be_that", label)]


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("what does the model predict for applicant 57?", LOAN),  # no construction of what it takes
        ("what would make the model's prediction for patient 12 more reliable", DEMO),  # no class to reach
        ("what would it take for the model to be approved by the regulator", LOAN),  # no instance named
    ],
)
def test_other_prediction_questions_stay(text, schema):
    read = outcome_decision(Decision("get_prediction", 0.95, True), text, schema, NAMES)
    assert read is None or read.function != "explain_how_to_be_that"
