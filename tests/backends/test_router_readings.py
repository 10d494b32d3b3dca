"""Readings of a turn that do not hang on the selector's second decimal (issue 12; the static MiniLM view).

A rebuilt selector moves the probabilities of short or unusual turns; what a turn asks is sometimes plain from
its construction, and these readings decide it, with the selector's choice as the input. The phrasings are our
own, on the built-in hosts.
"""

from __future__ import annotations

import re

import pytest

from simxai.backends._router_attributes import answered_attribute
from simxai.backends._router_decision import (
    Decision,
    instance_counterpart,
    kept_clear_of,
    metric_named,
    outcome_decision,
)
from simxai.backends._router_text_requests import is_content
from simxai.functions import default_registry

from .routing import DEMO, INSURANCE, LOAN

NAMES = {s.name for s in default_registry().specs()}
_NEVER = re.compile(r"(?!x)x")


# --- the model's performance asked of one instance -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how well does the model do on applicant 9?", "get_prediction"),  # performance in general, of one
        ("what's the loyalty score of customer 31", "get_prediction"),
        ("what is the precision for applicant 9?", None),  # a metric named: a performance question
        ("is there any way applicant 9 gets the loan?", None),  # no word of performance: the reading is in doubt
    ],
)
def test_performance_of_one_instance_is_its_prediction(text, expected):
    assert instance_counterpart("get_model_performance", text, NAMES) == expected


def test_the_global_explanation_of_one_instance_is_its_own():
    assert instance_counterpart("get_global_explanation", "top factors for applicant 9", NAMES) == (
        "get_local_explanation"
    )
    assert instance_counterpart("get_global_explanation", "top factors for applicant 9", {"get_prediction"}) is None


# --- torn between the prediction and the performance; a metric where the data has none -------------------------


def test_a_prediction_asked_with_no_word_of_its_quality_is_the_prediction():
    torn = Decision("get_model_performance", 0.5, False, runner_up="get_prediction")
    assert metric_named(torn, "and then her prediction please").function == "get_prediction"
    assert metric_named(torn, "and then her prediction please").confident
    for kept in ("are its predictions right?", "how good are the predictions", "what about the recall"):
        assert metric_named(torn, kept).function != "get_prediction" or not metric_named(torn, kept).confident
    # no prediction named: the selector's doubt stands and the router asks
    assert metric_named(torn, "is there any way she gets the money?") == torn


def test_a_named_metric_is_no_question_for_the_data():
    data = Decision("get_data_information", 0.7, True, runner_up="get_model_performance")
    assert metric_named(data, "the recall among renters?").function == "get_model_performance"
    assert metric_named(data, "how many renters are there?") == data
    sure = Decision("get_prediction", 0.7, True, runner_up="get_model_performance")
    assert metric_named(sure, "the recall among renters?") == sure  # no host to tell an instance by: it stands


@pytest.mark.parametrize(
    ("text", "schema", "performance"),
    [
        ("show me every metric for applicants in the north", LOAN, True),
        ("the recall among renters?", LOAN, True),
        ("what's the f1 for patients over 60?", DEMO, True),
        ("all the metrics, women only", DEMO, True),
        ("the recall for applicant 12?", LOAN, False),  # one instance named: the selector's reading stands
        ("show me the reasons for applicants in the north", LOAN, False),  # no metric
        ("why is patient 7 progressing, f1 aside?", DEMO, False),
    ],
)
def test_a_metric_asked_of_no_instance_overrules_a_sure_instance_function(text, schema, performance):
    for function in ("get_prediction", "get_local_explanation"):
        sure = Decision(function, 0.9, True, runner_up="get_data_information")
        decided = metric_named(sure, text, schema)
        assert (decided.function == "get_model_performance" and decided.confident) is performance, (function, text)
        assert decided == sure or performance


# --- keeping clear of a class -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "schema", "label"),
    [
        ("what could applicant 20 change without being rejected?", LOAN, "rejected"),
        ("which of her values can move without ending up with a surcharge", INSURANCE, "surcharge"),
        ("how could patient 4 change habits without becoming progressing?", DEMO, "progressing"),
        ("what would it take for member 5030 to be without the surcharge?", INSURANCE, None),  # leaving it
        ("what can applicant 20 change without changing income?", LOAN, None),
    ],
)
def test_the_class_a_turn_keeps_clear_of(text, schema, label):
    assert kept_clear_of(text, schema) == label


def test_keeping_clear_of_a_class_keeps_the_outcome():
    chosen = Decision("explain_how_to_be_that", 0.8, True)
    kept = outcome_decision(chosen, "what could applicant 20 change without being rejected?", LOAN, NAMES)
    assert kept is not None and kept.function == "explain_how_to_still_be_this"
    # a class wanted before it: reaching that class is asked
    wanted = "how could applicant 20 get approved without being rejected again?"
    assert outcome_decision(chosen, wanted, LOAN, NAMES) is None


# --- what the model decided ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("applicant 12 is my neighbour, what did the bank's model decide?", "get_prediction"),
        ("what would the model say about applicant 12?", "get_prediction"),
        ("what did the model decide for applicant 12, and why?", None),
        ("what did it decide based on, for applicant 12?", None),
    ],
)
def test_what_the_model_decided_is_its_prediction(text, expected):
    chosen = Decision("get_local_explanation", 0.7, True)
    decided = outcome_decision(chosen, text, LOAN, NAMES)
    assert (decided.function if decided is not None else None) == expected


# --- the prediction offered by the attribute question -------------------------------------------------------------


def test_picking_the_offered_prediction_asks_for_it():
    asked = (
        "The data records no 'eye colour' for patient 8, and none of the model's features (age, bmi) looks like it. "
        "Do you want one of those, or the model's prediction for patient 8?"
    )
    for answer in ("the prediction then", "yes, just the model's prediction please", "prediction"):
        assert answered_attribute(answer, asked, DEMO) == "what does the model predict for patient 8"
    assert answered_attribute("how accurate are the predictions overall?", asked, DEMO) is None
    assert answered_attribute("the prediction", "Which metric would you like?", DEMO) is None


# --- a turn that supposes a change talks with the system ------------------------------------------------------------


def test_a_supposed_change_is_no_text_to_classify():
    assert not is_content("what if the battery had lasted longer", _NEVER)
    assert not is_content("suppose the screen was brighter and the case sturdier", _NEVER)
    assert is_content("the battery lasted far longer than the old one did", _NEVER)
