"""The guard's claims-50 readings (helper guard43), mechanisms that failed on g39 and on two read writers or more,
on an invented host of this file's own: a ski resort's gondola cabins (classes `clear` / `service` / `retire`;
features cable_wear_pct, "door cycles", "Cabin Age (years)"; instance noun "gondola", ids 150201-150400). Each
reading is tested both ways: the faithful reply passes, the same reply with one fact changed is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from tests.guard.helpers import passes, row_subject

CABINS = Vocabulary(
    labels=["clear", "service", "retire"],
    features=["cable_wear_pct", "door cycles", "Cabin Age (years)"],
    aliases={"cable_wear_pct": ["cable wear"], "Cabin Age (years)": ["cabin age"]},
    instance_noun="gondola",
)
VALUES = {"cable_wear_pct": 12.5, "door cycles": 41000.0, "Cabin Age (years)": 9.0}


def _prediction(probabilities: dict[str, float] | None = None) -> dict[str, Any]:
    shares = probabilities or {"clear": 0.55, "service": 0.30, "retire": 0.15}
    return {
        "kind": "prediction",
        "subject": row_subject("gondola", 150210, VALUES),
        "label": max(shares, key=lambda k: shares[k]),
        "probabilities": shares,
        "label_counts": None,
        "true_label": "clear",
    }


def _performance(label: str | None, metric: str, metrics: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "performance",
        "label": label,
        "labels": ["clear", "service", "retire"],
        "metric": metric,
        "metrics": metrics,
        "value": metrics.get(metric),
        "n": 48,
        "nouns": "gondolas",
        "split": "held-out split",
        "group": None,
        "confusion_matrix": None,
    }


SERVICE = _performance("service", "recall", {"accuracy": 0.69, "precision": 0.71, "recall": 0.62, "f1": 0.66})


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("For cabins sent to service, the hit rate is 0.62.", True),
        ("For cabins sent to service, the hit rate is 0.71.", False),
        ("The positive predictive value for service is 0.71.", True),
        ("The positive predictive value for service is 0.62.", False),
    ],
)
def test_a_metric_said_by_its_other_name_is_that_metric(reply: str, faithful: bool) -> None:
    # "hit rate" is the recall (true positive rate) and "positive predictive value" the precision, on any host
    assert passes(reply, [SERVICE], CABINS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Gondola 150210: clear at 0.55, then service, then retire.", True),
        ("Gondola 150210: clear at 0.55, then retire, then service.", False),
        ("Gondola 150210 is clear (55 %), and then service and then retire.", True),
        ("Gondola 150210 is clear (55 %), and then retire and then service.", False),
        ("## 150210\n- predicted: clear (0.55)\n- runner-up: service\n- last: retire", True),
        ("## 150210\n- predicted: clear (0.55)\n- runner-up: retire\n- last: service", False),
        ('For 150210 the model ranks "service" second and "retire" last.', True),
        ('For 150210 the model ranks "retire" second and "service" last.', False),
    ],
)
def test_classes_placed_in_a_sequence_a_list_or_quotes_are_checked(reply: str, faithful: bool) -> None:
    assert passes(reply, [_prediction()], CABINS) is faithful


def test_a_course_with_no_number_at_its_head_is_no_ranking() -> None:
    # "stays clear, then service" tells what happens in turn, not which class is surer
    report = check_claims("It stays clear for a season, then service.", [_prediction()], vocabulary=CABINS)
    assert not any(c.startswith("class place") for c in report.claims)


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION in ("claims-50", "claims-51", "claims-52", "claims-53", "claims-54", "claims-55", "claims-56")
