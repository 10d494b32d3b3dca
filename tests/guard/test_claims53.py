"""The guard's claims-53 readings (helper guard46), on an invented host of this file's own: a bakery's sourdough
loaves (classes `risen` / `flat` / `burnt`; features proof_hours, "Oven Temp C", starter_age_days, hydration_pct;
instance noun "loaf", ids 880101-880200). Each reading is tested both ways: the faithful reply passes, the same
reply with one fact changed is flagged.

- counts said to make the metric their sentence names ("recall for burnt is 0.75: of 8 burnt loaves it caught 6"):
  the pair's ratio is that metric's value for the class (`_metric_counts`);
- a global "average effect" is the mean contribution, signed ("+0.006") or said as a move on average ("On average
  the oven temp raises the flat score by 0.006"), never the importance (`_importance_said`);
- an agreement with the record said of every subject at once ("both match the baker's log", "the log agrees with
  both", "both were logged as risen") (`_agreement.all_agree_claims`).

Three other readings tried this round gained nothing on the writers nobody read and were dropped with their tests
(branch `guard46-fitted`; docs/guard.md, "claims-53 (guard46)").
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from tests.guard.helpers import passes, row_subject

LOAVES = Vocabulary(
    labels=["risen", "flat", "burnt"],
    features=["proof_hours", "Oven Temp C", "starter_age_days", "hydration_pct"],
    aliases={"proof_hours": ["proof time"], "Oven Temp C": ["oven temp"]},
    instance_noun="loaf",
)
_VALUES = {"proof_hours": 3.5, "Oven Temp C": 245.0, "starter_age_days": 12.0, "hydration_pct": 78.0}


def _performance(metric: str, value: float) -> dict[str, Any]:
    # one class's metrics on 30 held-out loaves: burnt has 8 true cases, 6 caught, 10 calls of burnt (6 right)
    return {
        "kind": "performance",
        "metric": metric,
        "value": value,
        "metrics": {"accuracy": 0.7, "precision": 0.6, "recall": 0.75, "f1": 0.6667},
        "labels": ["risen", "flat", "burnt"],
        "confusion_matrix": None,
        "split": "held-out split",
        "n": 30,
        "group": None,
        "nouns": "loaves",
        "label": "burnt",
    }


@pytest.mark.parametrize(
    ("reply", "metric", "value", "faithful"),
    [
        ("Recall for burnt is 0.75: of 8 burnt loaves it caught 6.", "recall", 0.75, True),
        ("Recall for burnt is 0.75: of 8 burnt loaves it caught 5.", "recall", 0.75, False),
        ("Recall for burnt is 0.75: the model catches 6 of the 8 burnt loaves.", "recall", 0.75, True),
        ("Recall for burnt is 0.75: the model catches 6 of the 10 burnt loaves.", "recall", 0.75, False),
        ("Precision for burnt is 0.60: 6 of its 10 burnt calls were right.", "precision", 0.6, True),
        ("Precision for burnt is 0.60: 6 of its 9 burnt calls were right.", "precision", 0.6, False),
        ("When the model says burnt it is right 6 times in 10: precision 0.6.", "precision", 0.6, True),
        ("When the model says burnt it is right 6 times in 8: precision 0.6.", "precision", 0.6, False),
        ("Precision for burnt is 0.6: of the 10 loaves called burnt, 6 really burnt.", "precision", 0.6, True),
        ("Precision for burnt is 0.6: of the 8 loaves called burnt, 6 really burnt.", "precision", 0.6, False),
    ],
)
def test_counts_said_to_make_the_metric_named(reply: str, metric: str, value: float, faithful: bool) -> None:
    assert passes(reply, [_performance(metric, value)], LOAVES) is faithful


@pytest.mark.parametrize(
    "reply",
    [
        # counts of another share than the one named (right calls beside a recall): not compared
        "Recall for burnt is 0.75; of the 9 loaves it called burnt, 5 were right.",
        # verbs of two shares: which share the pair is cannot be told
        "Recall for burnt is 0.75: it caught 5 of 9 burnt loaves it called right.",
        # a size, no share: no verb of being right or catching
        "Recall for burnt is 0.75 on 30 of the 200 loaves, the held-out part.",
        # accuracy said by counting of a whole that is not the cases measured (20, not the 30): not read (claims-54)
        "Accuracy is 0.70: 15 of every 20 loaves right.",
        # two metrics named: the pair is not bound to either
        "Recall for burnt is 0.75 and precision 0.60: 5 of 9 right.",
    ],
)
def test_counts_not_surely_the_metrics_are_not_compared(reply: str) -> None:
    report = check_claims(reply, [_performance("recall", 0.75)], vocabulary=LOAVES)
    assert not any(c.startswith(("precision said", "recall said", "accuracy said")) for c in report.claims)


GLOBAL: dict[str, Any] = {
    "kind": "global_explanation",
    "label": "flat",
    "method": "exact path-dependent TreeSHAP (numpy) on the RandomForestClassifier",
    "n_samples": 100,
    "importances": [
        {"feature": "proof_hours", "importance": 0.2140, "mean_contribution": -0.0215},
        {"feature": "Oven Temp C", "importance": 0.1370, "mean_contribution": 0.0062},
        {"feature": "starter_age_days", "importance": 0.0480, "mean_contribution": 0.0011},
        {"feature": "hydration_pct", "importance": 0.0190, "mean_contribution": -0.0008},
    ],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        # a global explanation's average effect is the mean contribution, never the importance
        ("For flat, proof time has an average effect of -0.022.", True),
        ("For flat, proof time has an average effect of 0.214.", False),
        ("Over 100 loaves, the oven temp's average effect on a flat loaf is +0.006.", True),
        ("Over 100 loaves, the oven temp's average effect on a flat loaf is +0.137.", False),
        ("On average the oven temp raises the flat score by 0.006.", True),
        ("On average the oven temp raises the flat score by 0.137.", False),
        ("The importance of proof time for flat is 0.214.", True),
        ("Proof time's importance for a flat loaf is 0.022.", False),
    ],
)
def test_an_average_effect_is_the_mean_contribution(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], LOAVES) is faithful


def test_a_move_not_said_on_average_is_not_read_as_the_mean() -> None:
    # "raises ... by N" with no "on average" beside it is no claim of the mean contribution
    report = check_claims("The oven temp raises the flat score by 0.137 at most.", [GLOBAL], vocabulary=LOAVES)
    assert not any(c.startswith("average effect") for c in report.claims)


def _loaf(ident: int, label: str, share: float, recorded: str) -> dict[str, Any]:
    rest = [x for x in LOAVES.labels if x != label]
    probabilities = {label: share, rest[0]: round((1 - share) * 0.7, 4), rest[1]: round((1 - share) * 0.3, 4)}
    subject = row_subject("loaf", ident, _VALUES)
    return {
        "kind": "prediction",
        "subject": subject,
        "label": label,
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": recorded,
    }


# two loaves the model calls right, and a pair of which one call is wrong
BOTH_RIGHT = [_loaf(880111, "risen", 0.82, "risen"), _loaf(880145, "flat", 0.66, "flat")]
ONE_WRONG = [_loaf(880111, "risen", 0.82, "risen"), _loaf(880145, "flat", 0.66, "burnt")]


@pytest.mark.parametrize(
    "reply",
    [
        "Loaf 880111 is risen (0.82) and loaf 880145 flat (0.66); both match the baker's log.",
        "Two different calls, and the log agrees with both.",
        "Risen at 0.82 and flat at 0.66. Both right.",
        "Both calls are as logged: risen for 880111, flat for 880145.",
    ],
)
def test_an_agreement_said_of_every_subject(reply: str) -> None:
    assert passes(reply, BOTH_RIGHT, LOAVES)
    assert not passes(reply, ONE_WRONG, LOAVES)


def test_a_record_said_of_every_subject() -> None:
    both_risen = [_loaf(880111, "risen", 0.82, "risen"), _loaf(880145, "flat", 0.66, "risen")]
    assert passes("One risen, one flat, and both were logged as risen.", both_risen, LOAVES)
    assert not passes("One risen, one flat, and both were logged as risen.", BOTH_RIGHT, LOAVES)


@pytest.mark.parametrize(
    "reply",
    [
        "Both are called by the model, and for 880111 the log agrees.",  # one subject said to agree
        "Only one of the two matches the log.",
        "Neither call matches the log.",
        "Both probabilities sit right at the middle of the range.",
    ],
)
def test_an_agreement_not_said_of_every_subject_is_not_read(reply: str) -> None:
    report = check_claims(reply, ONE_WRONG, vocabulary=LOAVES)
    assert "every prediction matches its record" not in report.claims


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION in ("claims-53", "claims-54", "claims-55", "claims-56")
