"""The guard's claims-52 reading (helper guard45), on an invented host of this file's own: a leisure centre's pool
filter pumps (classes `cleared` / `rejected` at the yearly inspection; features filter_age_weeks, "Bather Load",
"chlorine ppm", pump_kw; instance noun "pump", ids 152501-152600). Each reading is tested both ways: the faithful
reply passes, the same reply with counts of the other side (numbers the outputs hold, so the pool of all their
numbers holds each) is flagged.

A count said as the model's calls must be a count of its calls: on a data card (recorded classes only) no output
counts them; against a confusion matrix, a class's noun form ("rejections") is the class. The round's four other
readings (an "average effect" against the importance, a statistic of an unnamed feature, a kept bound past its
range, a direction of a zero push) gained nothing on the writers nobody read and were dropped, with their tests
(branch `guard45-fitted`; docs/guard.md, "claims-52 (guard45)").
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


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION in ("claims-52", "claims-53", "claims-54", "claims-55", "claims-56")
