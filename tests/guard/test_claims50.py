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


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("A close call: clear edges out service by 0.25.", True),
        ("A close call: clear edges out service by 0.15.", False),
        ("Clear beats retire by about 0.4, and retire trails service by 0.15.", True),
        ("Clear beats retire by about 0.4, and retire trails service by 0.25.", False),
    ],
)
def test_the_margin_one_class_beats_another_by_is_their_gap(reply: str, faithful: bool) -> None:
    # 0.15 is a number of the outputs (retire's probability), but not the gap between clear and service
    assert passes(reply, [_prediction()], CABINS) is faithful


def test_a_margin_over_no_named_class_is_not_read_as_a_gap() -> None:
    report = check_claims("Clear takes the lead by 0.25.", [_prediction()], vocabulary=CABINS)
    assert not any(c.startswith("number 0.25 (gap") for c in report.claims)


def _called(ident: int, label: str, recorded: str) -> dict[str, Any]:
    shares = {"clear": 0.2, "service": 0.2, "retire": 0.2} | {label: 0.6}
    return _prediction(shares) | {"subject": row_subject("gondola", ident, VALUES), "true_label": recorded}


@pytest.mark.parametrize(
    "reply",
    [
        "Gondola 150211 is called clear and gondola 150212 service; the inspection log agrees with both.",
        "Gondolas 150211 and 150212 are called clear and service, and both match the lift crew's checks.",
        "150211 is clear and 150212 service, and the inspector recorded the same grades for both.",
    ],
)
def test_an_agreement_said_of_both_subjects_holds_only_when_both_match(reply: str) -> None:
    right = [_called(150211, "clear", "clear"), _called(150212, "service", "service")]
    one_wrong = [_called(150211, "clear", "clear"), _called(150212, "service", "retire")]
    assert passes(reply, right, CABINS)
    assert not passes(reply, one_wrong, CABINS)


def test_a_denied_agreement_of_both_is_not_read() -> None:
    reply = "Gondola 150211 is called clear and gondola 150212 service; the log does not agree with both."
    outputs = [_called(150211, "clear", "clear"), _called(150212, "service", "retire")]
    report = check_claims(reply, outputs, vocabulary=CABINS)
    assert not any("every subject" in c for c in report.claims)


def _what_if(after: dict[str, float]) -> dict[str, Any]:
    before = {"clear": 0.55, "service": 0.30, "retire": 0.15}
    return {
        "kind": "what_if",
        "subject": row_subject("gondola", 150213, VALUES),
        "changes": [{"feature": "cable_wear_pct", "old": 12.5, "new": 8.0}],
        "old_label": "clear",
        "new_label": max(after, key=lambda k: after[k]),
        "old_probabilities": before,
        "new_probabilities": after,
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Less cable wear (12.5 → 8) keeps gondola 150213 clear and lifts it from 0.55 to 0.70.", True),
        ("Less cable wear (12.5 → 8) keeps gondola 150213 clear and lifts it from 0.55 to 0.80.", False),
        ("The call holds: 150213 stays clear, climbing from 0.55 to 0.70.", True),
        ("The call holds: 150213 stays clear, climbing from 0.55 to 0.80.", False),
    ],
)
def test_a_verb_of_motion_before_from_and_to_is_no_invented_feature(reply: str, faithful: bool) -> None:
    outputs = [_what_if({"clear": 0.70, "service": 0.20, "retire": 0.10})]
    report = check_claims(reply, outputs, vocabulary=CABINS)
    assert not any(c.startswith("feature") and c.split()[1] in ("lifts", "climbing") for c in report.unsupported)
    assert report.passed is faithful


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION == "claims-50"


def _global() -> dict[str, Any]:
    rows = {"cable_wear_pct": 0.30, "Cabin Age (years)": 0.20, "door cycles": 0.10}
    return {
        "kind": "global_explanation",
        "label": "retire",
        "method": "SHAP KernelExplainer",
        "n_samples": 48,
        "importances": [{"feature": f, "importance": v, "mean_contribution": v / 2} for f, v in rows.items()],
    }


def test_a_sum_of_several_fields_is_not_compared_as_one_fields_number() -> None:
    report = check_claims(
        "For retiring, cable wear and cabin age together (0.50) far outweigh door cycles (0.10).",
        [_global()],
        vocabulary=CABINS,
    )
    assert report.passed
    assert any("a sum of several fields" in c for c in report.unchecked)


def test_a_number_beside_one_feature_is_still_checked() -> None:
    assert passes("For retiring, cable wear (0.30) far outweighs door cycles (0.10).", [_global()], CABINS)
    assert not passes("For retiring, cable wear (0.50) far outweighs door cycles (0.10).", [_global()], CABINS)
