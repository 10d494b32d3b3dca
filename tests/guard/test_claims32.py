"""The guard's claims-32 work (helper guard33), on an invented host of this file's own: a glasshouse's tomato
trusses (classes `firm` / `soft`, features age, brix, vine_days and truss_weight_g, instance noun "truss").

- a list of the classes with an item that is none of them names an invented class, whatever the outputs
  (`simxai.guard._label_sets`);
- a number of a feature named before its segment is another thing's when its own segment says so: an age said
  with "y", a bare key that is a word of one other feature's name, the instance noun after it (a count of
  subjects), "per" before it (a rate's denominator); and "N of slack" is a difference (`simxai.guard._segment_own`);
- a list after "top ... are" or "order:" is said in rank order (`_influence._ORDER_CUE`);
- two metrics compared when the outputs give them the same value: neither is above the other, and a value may
  stand between a metric's name and the comparison (`simxai.guard._metric_order`);
- a rule the outputs state with its class ("... is labelled soft"), said by the reply with another class
  (`simxai.guard._rule_labels`).
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._label_sets import label_set_claims
from simxai.guard._rule_labels import rule_label_claims
from simxai.guard._segment_own import key_feature, subject_count
from tests.guard.helpers import passes, row_subject

TRUSS = Vocabulary(
    labels=["firm", "soft"],
    features=["age", "brix", "vine_days", "truss_weight_g"],
    aliases={"vine_days": ["days on the vine"]},
    instance_noun="truss",
)
_ROW = row_subject("truss", 12, {"age": 3.0, "brix": 5.8, "vine_days": 41.0, "truss_weight_g": 380.0})
PREDICTION = {
    "kind": "prediction",
    "subject": _ROW,
    "label": "firm",
    "probabilities": {"firm": 0.71, "soft": 0.29},
    "label_counts": None,
    "true_label": None,
}


def _feature(name: str, low: float, high: float, mean: float) -> dict:
    return {
        "name": name,
        "type": "numeric",
        "description": None,
        "min": low,
        "max": high,
        "mean": mean,
        "std": 1.0,
        "categories": None,
        "mean_by_label": None,
        "histogram_by_label": None,
        "counts_by_label": None,
    }


DATA = {
    "kind": "data_information",
    "name": "glasshouse trusses",
    "description": "Tomato trusses of an invented glasshouse, one row per truss.",
    "n_rows": 75,
    "target": "texture",
    "class_balance": {"firm": 40, "soft": 35},
    "features": [_feature("brix", 4.2, 7.9, 5.9), _feature("age", 1.0, 9.0, 4.1)],
}
GLOBAL = {
    "kind": "global_explanation",
    "label": "soft",
    "method": "SHAP",
    "n_samples": 50,
    "importances": [
        {"feature": "brix", "importance": 0.31, "mean_contribution": 0.02},
        {"feature": "vine_days", "importance": 0.22, "mean_contribution": 0.01},
        {"feature": "truss_weight_g", "importance": 0.09, "mean_contribution": -0.01},
        {"feature": "age", "importance": 0.02, "mean_contribution": 0.0},
    ],
}


def _performance(precision: float, recall: float) -> dict:
    return {
        "kind": "performance",
        "metric": "recall",
        "value": recall,
        "metrics": {"accuracy": 0.78, "precision": precision, "recall": recall, "f1": 0.77, "roc_auc": 0.85},
        "labels": ["firm", "soft"],
        "confusion_matrix": None,
        "split": "held-out split",
        "n": 40,
        "group": None,
        "nouns": "trusses",
        "label": "soft",
    }


def _passes(reply: str, *outputs: dict) -> bool:
    return passes(reply, outputs, TRUSS)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "The 75 trusses are labelled firm, soft or split."),
        (False, "Texture classes: bruised, firm and soft."),
        (False, "Outcomes: firm / soft / overripe."),
        (True, "The 75 trusses are labelled firm or soft; 40 firm and 35 soft."),
        (True, "There are two outcomes, **firm** and **soft**, told apart by the grader."),
        (True, "Both firm and soft trusses are in the data, and the rest of the columns are numbers."),
    ],
)
def test_a_list_of_the_classes_names_no_other(faithful: bool, reply: str) -> None:
    assert _passes(reply, DATA) == faithful, reply


def test_label_set_items() -> None:
    said = list(label_set_claims("It can say firm, soft or split open.", ["firm", "soft"], set()))
    assert said == [("label 'split open' (in a list of the classes)", False)]
    assert not list(label_set_claims("firm, soft and all the others", ["firm", "soft"], set()))
    assert not list(label_set_claims("It answers firm or soft, and nothing else.", ["firm", "soft"], set()))
    assert not list(label_set_claims("firm and soft, apart at 6 brix", ["firm", "soft"], set()))


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # an age said with "y" after another feature's number
        (True, "Truss 12 (brix 5.8, 3 y) is firm at 0.71."),
        (False, "Truss 12 (brix 5.8, 7 y) is firm at 0.71."),
        # a bare key of one other feature's words
        (True, "Truss 12: brix 5.8, weight 380. Model: firm (0.71)."),
        (False, "Truss 12: brix 5.8, weight 410. Model: firm (0.71)."),
        # a rate's denominator
        (True, "Truss 12 reads brix 5.8, roughly 5.8 parts per 100."),
        (False, "Truss 12 reads brix 6.8, roughly 6.8 parts per 100."),
    ],
)
def test_a_segment_says_whose_number_it_is(faithful: bool, reply: str) -> None:
    assert _passes(reply, PREDICTION) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Brix runs from 4.2 to 7.9 (75 trusses)."),
        (False, "Brix runs from 4.2 to 7.9 (80 trusses)."),
    ],
)
def test_a_count_of_subjects_is_no_feature_value(faithful: bool, reply: str) -> None:
    assert _passes(reply, DATA) == faithful, reply


def test_segment_readers() -> None:
    assert key_feature(", weight ", ["brix", "truss_weight_g"], {}) == "truss_weight_g"
    assert key_feature(" the heavy weight ", ["brix", "truss_weight_g"], {}) is None  # no bare key
    assert key_feature(", value ", ["brix", "value_eur"], {}) is None  # a word of measure
    assert subject_count(" trusses)", "truss") and not subject_count(" grams", "truss")


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Top three: brix, vine_days, truss_weight_g."),
        (False, "Top three: vine_days, brix, truss_weight_g."),
        (True, "The top three features overall are brix, vine_days and then truss_weight_g."),
        (False, "The top three features overall are brix, truss_weight_g and then vine_days."),
        (False, "Global order: brix, truss_weight_g, vine_days, age."),
    ],
)
def test_a_top_list_is_in_rank_order(faithful: bool, reply: str) -> None:
    assert _passes(reply, GLOBAL) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "precision", "recall", "reply"),
    [
        (False, 0.75, 0.75, "Precision is clearly higher than recall for this model."),
        (False, 0.75, 0.75, "Recall (0.75) sits well above precision."),
        (True, 0.75, 0.75, "Precision and recall are both 0.75."),
        (True, 0.70, 0.75, "Recall 0.75 - higher than its precision."),
        (False, 0.80, 0.75, "Recall 0.75 - higher than its precision."),
        (False, 0.80, 0.75, "Precision is 0.80, a little lower than recall."),
    ],
)
def test_two_equal_metrics_are_not_ordered(faithful: bool, precision: float, recall: float, reply: str) -> None:
    assert _passes(reply, _performance(precision, recall)) == faithful, reply


STILL = {
    "kind": "still_this",
    "subject": _ROW,
    "label": "firm",
    "probability": 0.71,
    "ranges": [{"feature": "vine_days", "current": 41.0, "low": 35.0, "high": 60.0, "categories": None}],
}


def test_slack_is_a_difference() -> None:
    reply = "Its days on the vine may not fall below 35 (it has 41), so there are only {} days of slack."
    assert _passes(reply.format(6), STILL)
    report = check_claims(reply.format(9), [STILL], vocabulary=TRUSS)  # a difference the outputs do not give
    assert report.passed and any("difference" in c for c in report.unchecked)


MODEL = {
    "kind": "model_information",
    "name": "glasshouse trusses",
    "model_type": "decision tree",
    "description": "A shallow decision tree on the truss measurements.",
    "hyperparameters": {"max_depth": 3, "missing_rule": "a truss with no brix reading is labelled soft"},
    "training": "Fitted on last season's trusses.",
    "strengths": ["quick to read"],
    "limitations": ["a truss picked before day 20 gets 50 % and is labelled firm"],
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "A truss without any brix reading is labelled soft."),
        (False, "A truss without any brix reading is labelled firm."),
        (True, "Trusses picked before day 20 get 50 % and are labelled firm."),
        (False, "Trusses picked before day 20 get 50 % and are labelled soft."),
    ],
)
def test_a_rule_of_the_model_gives_its_own_class(faithful: bool, reply: str) -> None:
    assert _passes(reply, MODEL) == faithful, reply


def test_a_case_no_rule_shares_is_not_read() -> None:
    text = "a truss with no brix reading is labelled soft"
    assert list(rule_label_claims("Truss 12 gets 0.71 and is labelled firm.", text, ["firm", "soft"])) == []
