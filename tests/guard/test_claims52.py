"""The guard's claims-52 readings (helper guard45), on an invented host of this file's own: a leisure centre's pool
filter pumps (classes `cleared` / `rejected` at the yearly inspection; features filter_age_weeks, "Bather Load",
"chlorine ppm", pump_kw; instance noun "pump", ids 152501-152600). Each reading is tested both ways: the faithful
reply passes, the same reply with the numbers of another field (numbers the outputs hold, so the pool of all their
numbers holds each) is flagged.

- a count said as the model's calls must be a count of its calls: on a data card (recorded classes only) no
  output counts them; against a confusion matrix, a class's noun form ("rejections") is the class;
- a global explanation's "average effect" is the mean contribution, its "importance for <class>" the importance;
- a statistic said by name of a feature the sentence does not name ("Pumps: median 9, mean 11.5") must not be
  another statistic of the card's feature.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from tests.guard.helpers import passes

PUMPS = Vocabulary(
    labels=["cleared", "rejected"],
    features=["filter_age_weeks", "Bather Load", "chlorine ppm", "pump_kw"],
    aliases={"filter_age_weeks": ["filter age"]},
    instance_noun="pump",
)


def _feature(name: str, **stats: Any) -> dict[str, Any]:
    base = dict.fromkeys(
        ("min", "max", "mean", "std", "median", "q1", "q3", "categories", "mean_by_label", "histogram_by_label"),
    )
    return {"name": name, "type": "numeric", "description": f"the {name} of a pump", **base, **stats}


CARD: dict[str, Any] = {
    "kind": "data_information",
    "name": "pool filter pumps",
    "description": "Filter pumps of an invented leisure centre, one row per pump, with the inspector's verdict.",
    "n_rows": 100,
    "target": "verdict",
    "class_balance": {"cleared": 58, "rejected": 42},
    "features": [
        _feature("filter_age_weeks", min=1.0, max=40.0, mean=11.5, std=6.2),
        _feature("Bather Load", min=20.0, max=900.0, mean=310.0, std=120.0),
    ],
    "feature": _feature(
        "filter_age_weeks",
        min=1.0,
        max=40.0,
        mean=11.5,
        std=6.2,
        median=9.0,
        q1=5.0,
        q3=16.0,
        mean_by_label={"cleared": 8.25, "rejected": 15.75},
    ),
    "group": None,
    "n_total": None,
    "nouns": None,
    "group_fields": None,
}
# rows are the recorded classes, columns the model's calls: 61 really rejected, 55 called rejected
PERFORMANCE: dict[str, Any] = {
    "kind": "performance",
    "metric": "all",
    "value": None,
    "metrics": {"accuracy": 0.86, "precision": 0.9091, "recall": 0.8197, "f1": 0.8621},
    "labels": ["cleared", "rejected"],
    "confusion_matrix": [[36, 5], [11, 50]],
    "split": "held-out split",
    "n": 102,
    "group": None,
    "nouns": "pumps",
    "label": None,
}
GLOBAL: dict[str, Any] = {
    "kind": "global_explanation",
    "label": "rejected",
    "method": "exact TreeSHAP on a random forest",
    "n_samples": 100,
    "importances": [
        {"feature": "Bather Load", "importance": 0.214, "mean_contribution": 0.047},
        {"feature": "filter_age_weeks", "importance": 0.133, "mean_contribution": -0.021},
        {"feature": "chlorine ppm", "importance": 0.052, "mean_contribution": 0.008},
    ],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The inspectors rejected 42 of the 100 pumps and cleared 58.", True),
        ("Of the 100 pumps, 58 were cleared and 42 rejected at the inspection.", True),
        ("The model predicts 58 pumps cleared and 42 rejected.", False),
        ("The model predicts 58 of the 100 pumps cleared and 42 rejected.", False),
        ("100 pumps: 58 cleared and 42 rejected, as the model predicts them.", False),
    ],
)
def test_counts_said_as_the_models_calls_on_a_data_card(reply: str, faithful: bool) -> None:
    # the card counts the inspectors' verdicts; no output counts what the model calls
    assert passes(reply, [CARD], PUMPS) is faithful


def test_a_data_cards_counts_said_as_predicted_name_why() -> None:
    report = check_claims("The model predicts 58 pumps cleared and 42 rejected.", [CARD], vocabulary=PUMPS)
    assert "predicted total of cleared 58 (the recorded count; the outputs count no prediction)" in report.unsupported


def test_a_group_prediction_counts_the_calls() -> None:
    # a group's prediction counts the model's calls: the card reading stays silent (the count checks read them)
    group = {
        "kind": "prediction",
        "subject": {"kind": "group", "description": "pumps with filter_age_weeks > 20", "id": None, "size": 30},
        "label": "rejected",
        "probabilities": None,
        "label_counts": {"cleared": 9, "rejected": 21},
        "true_label": None,
    }
    assert passes("The model predicts 21 of them rejected and 9 cleared.", [group, CARD], PUMPS)
    report = check_claims("The model predicts 42 of them rejected and 58 cleared.", [group, CARD], vocabulary=PUMPS)
    assert not any("count no prediction" in c for c in report.claims)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("It predicted 55 rejections and 47 clearances.", True),
        ("It predicted 61 rejections on the held-out pumps.", False),
        ("The model predicted 50 rejections correctly.", True),  # right calls: a cell, not the total
    ],
)
def test_a_class_said_by_its_noun_against_a_confusion_matrix(reply: str, faithful: bool) -> None:
    assert passes(reply, [PERFORMANCE], PUMPS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Bather Load's importance for a rejected pump is 0.214.", True),
        ("Bather Load's importance for a rejected pump is 0.047.", False),
        ("Bather Load has an average effect of 0.047 toward rejection.", True),
        ("Bather Load has an average effect of 0.214 toward rejection.", False),
        ("For rejection, filter age has a mean effect of -0.021.", True),
        ("For rejection, filter age has a mean effect of 0.133.", False),
        ("filter age's mean contribution is -0.021.", True),
        ("filter age's mean contribution is -0.133.", False),
    ],
)
def test_a_global_average_effect_and_an_importance_keep_to_their_fields(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], PUMPS) is faithful


def test_a_mean_absolute_effect_is_no_average_effect() -> None:
    # "mean absolute effect" is the importance, read as before
    assert passes("Bather Load leads with a mean absolute effect of 0.214.", [GLOBAL], PUMPS)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("How long filters have run: median 9 weeks, mean 11.5.", True),
        ("How long filters have run: median 11.5 weeks, mean 9.", False),
        ("Weeks in service run from 1 to 40, mean 11.5 and upper quartile 16.", True),
        ("Weeks in service run from 1 to 40, mean 16 and upper quartile 11.5.", False),
        ("Rejected pumps' mean is 15.75 weeks against 8.25 for cleared ones.", True),
    ],
)
def test_a_named_statistic_of_an_unnamed_feature(reply: str, faithful: bool) -> None:
    assert passes(reply, [CARD], PUMPS) is faithful


def test_a_statistic_of_no_feature_is_no_claim_of_this_reading() -> None:
    # "a median of 310" is the Bather Load's mean: with no feature named the reading cannot tell which is meant
    report = check_claims("Typical loads: a median of 310 bathers.", [CARD], vocabulary=PUMPS)
    assert not any(c.startswith("median 310") for c in report.claims)


STILL: dict[str, Any] = {
    "kind": "still_this",
    "subject": {
        "kind": "row",
        "description": "pump 152544",
        "id": 152544,
        "values": {"filter_age_weeks": 12.0, "Bather Load": 400.0, "chlorine ppm": 1.6, "pump_kw": 2.2},
        "text": None,
        "condition": None,
        "size": 1,
        "ids": None,
        "nouns": None,
    },
    "label": "cleared",
    "probability": 0.81,
    "ranges": [
        {"feature": "filter_age_weeks", "current": 12.0, "low": 1.0, "high": 19.0, "categories": None},
        {"feature": "chlorine ppm", "current": 1.6, "low": 0.9, "high": 3.0, "categories": None},
    ],
    "kept_edits": [],
    "samples_checked": 102,
    "samples_kept": 102,
    "method": "one feature at a time on a grid over its observed range",
    "kept_label": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Pump 152544 stays cleared while its filter age is at most 19 weeks.", True),
        ("Pump 152544 stays cleared while its filter age is at most 26 weeks.", False),  # past the high end
        ("Pump 152544 would still be cleared with a filter age of up to 19 weeks.", True),
        ("Pump 152544 would still be cleared with a filter age of up to 26 weeks.", False),
        ("Pump 152544 stays cleared while its chlorine ppm is at least 0.9.", True),
        ("Pump 152544 stays cleared while its chlorine ppm is at least 0.5.", False),  # below the low end
        # a bound between the pump's own value and the range's end, said as the only way to keep the label
        # (its own value, a number of the outputs)
        ("Pump 152544 stays cleared only with a chlorine ppm of at least 1.6.", False),
        ("Pump 152544 stays cleared only while its filter age is at most 12 weeks.", False),
        ("Pump 152544 stays cleared while its filter age is at most 12 weeks, and further up to 19.", True),
    ],
)
def test_a_kept_bound_past_the_range_or_said_as_the_only_way(reply: str, faithful: bool) -> None:
    assert passes(reply, [STILL], PUMPS) is faithful


LOCAL: dict[str, Any] = {
    "kind": "local_explanation",
    "subject": STILL["subject"],
    "label": "rejected",
    "predicted_label": "rejected",
    "probability": 0.64,
    "base_value": 0.42,
    "output": 0.64,
    "output_space": "probability",
    "method": "exact TreeSHAP on a random forest",
    "attributions": [
        {"feature": "Bather Load", "value": 400.0, "contribution": 0.25},
        {"feature": "filter_age_weeks", "value": 12.0, "contribution": -0.03},
        {"feature": "chlorine ppm", "value": 1.6, "contribution": 0.0},
    ],
    "recorded_label": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("For pump 152544, Bather Load pushes toward rejected.", True),
        ("For pump 152544, filter age pushes away from rejected.", True),
        ("For pump 152544, chlorine ppm pushes toward rejected.", False),  # a push of exactly 0
        ("For pump 152544, chlorine ppm pushes away from rejected.", False),
    ],
)
def test_a_push_of_zero_pushes_no_way(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], PUMPS) is faithful


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION == "claims-52"


def test_a_bound_of_another_quantity_after_a_kept_feature_is_not_its() -> None:
    # "the load at most 400": a quantity the host does not name, past the last named kept feature: no claim on it
    reply = "Pump 152544 stays cleared while its filter age is at most 19 weeks and the load at most about 400."
    report = check_claims(reply, [STILL], vocabulary=PUMPS)
    assert not any("not where the kept range ends" in c for c in report.claims)
