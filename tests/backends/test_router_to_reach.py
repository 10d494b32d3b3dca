"""Readings of round 14 over a sure selector: what it takes to reach a class, how it does on a group, a statistic.

"What would get the model to say applicant 57 is rejected" was answered with applicant 57's prediction: the words
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
        ("what would get the model to say applicant 57 is rejected", LOAN, "rejected"),
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


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("how does it do for renters?", LOAN, "get_model_performance"),
        ("how well does the model do on gold plan members?", INSURANCE, "get_model_performance"),
        ("how does it do for applicant 5?", LOAN, None),  # one instance: its prediction may be meant
        ("how does it do for them?", DEMO, None),  # no group the data selects
    ],
)
def test_how_it_does_on_a_group_is_its_performance(text, schema, expected):
    # the selector sure of a prediction (as for "how does it do for parcelnet?" on a parcel host it never saw)
    read = outcome_decision(Decision("get_prediction", 0.9, True), text, schema, NAMES)
    assert (read.function if read is not None else None) == expected


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("average bmi across all patients?", DEMO, "get_data_information"),
        ("median income over every applicant", LOAN, "get_data_information"),
        ("which features matter most on average?", DEMO, None),  # importance asked
        ("average impact of income across applicants", LOAN, None),
        ("average bmi of patient 12?", DEMO, None),  # one instance named
    ],
)
def test_a_statistic_of_a_feature_is_the_data(text, schema, expected):
    # the selector sure of the global explanation (as for "average quiz score across all learners?" on a new host)
    read = outcome_decision(Decision("get_global_explanation", 0.94, True), text, schema, NAMES)
    assert (read.function if read is not None else None) == expected
