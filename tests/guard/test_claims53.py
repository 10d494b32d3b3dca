"""The guard's claims-53 readings (helper guard46), on an invented host of this file's own: a bakery's sourdough
loaves (classes `risen` / `flat` / `burnt`; features proof_hours, "Oven Temp C", starter_age_days, hydration_pct;
instance noun "loaf", ids 880101-880200). Each reading is tested both ways: the faithful reply passes, the same
reply with one fact changed is flagged.

- the model's call said in the passive, "loaf 880123 is called flat", "Called burnt, ...": a prediction, as
  "is predicted flat" is; a class's name ("a class called flat") is none.
- counts said to make the metric their sentence names ("recall for burnt is 0.75: of 8 burnt loaves it caught 6"):
  the pair's ratio is that metric's value for the class.
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
PREDICTION: dict[str, Any] = {
    "kind": "prediction",
    "subject": row_subject("loaf", 880123, _VALUES),
    "label": "flat",
    "probabilities": {"risen": 0.2875, "flat": 0.6411, "burnt": 0.0714},
    "label_counts": None,
    "true_label": "risen",
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Loaf 880123 is called flat, at 0.641.", True),
        ("Loaf 880123 is called risen, at 0.641.", False),
        ("Called flat, with a probability of 0.641.", True),
        ("Called risen, though not by much.", False),
        ("The loaf that proofed 3.5 hours is called flat; the baker logged it as risen.", True),
        ("The loaf that proofed 3.5 hours is called burnt; the baker logged it as risen.", False),
    ],
)
def test_a_call_said_in_the_passive_is_the_prediction(reply: str, faithful: bool) -> None:
    assert passes(reply, [PREDICTION], LOAVES) is faithful


def test_a_class_called_by_a_name_is_no_prediction() -> None:
    # "a class called risen" names the class; it does not say the model called this loaf risen
    report = check_claims("There is a class called risen, for loaves that rose well.", [PREDICTION], vocabulary=LOAVES)
    assert "prediction risen" not in report.claims
    assert report.passed


def test_a_call_in_the_passive_names_its_reading() -> None:
    report = check_claims("Loaf 880123 is called burnt.", [PREDICTION], vocabulary=LOAVES)
    assert "prediction burnt" in report.unsupported


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
        ("Accuracy is 0.70: 14 of every 20 loaves right.", "accuracy", 0.7, True),
        ("Accuracy is 0.70: 15 of every 20 loaves right.", "accuracy", 0.7, False),
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
        # two metrics named: the pair is not bound to either
        "Recall for burnt is 0.75 and precision 0.60: 5 of 9 right.",
    ],
)
def test_counts_not_surely_the_metrics_are_not_compared(reply: str) -> None:
    report = check_claims(reply, [_performance("recall", 0.75)], vocabulary=LOAVES)
    assert not any("said by counting" in c for c in report.claims)


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


def _column(name: str, **stats: Any) -> dict[str, Any]:
    base = dict.fromkeys(
        ("min", "max", "mean", "std", "median", "q1", "q3", "categories", "mean_by_label", "histogram_by_label"),
    )
    return {"name": name, "type": "numeric", "description": f"the {name} of a loaf", **base, **stats}


CARD: dict[str, Any] = {
    "kind": "data_information",
    "name": "sourdough bake log",
    "description": "Loaves of an invented bakery, one row per loaf, with how each came out of the oven.",
    "n_rows": 200,
    "target": "outcome",
    "class_balance": {"risen": 120, "flat": 55, "burnt": 25},
    "features": [_column("proof_hours", min=1.0, max=9.5, mean=4.3, std=1.6)],
    "feature": _column(
        "proof_hours",
        min=1.0,
        max=9.5,
        mean=4.3,
        std=1.6,
        median=4.0,
        q1=3.25,
        q3=5.5,
        mean_by_label={"risen": 4.7, "flat": 3.6, "burnt": 3.9},
    ),
    "group": None,
    "n_total": None,
    "nouns": None,
    "group_fields": None,
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        # the verb "averaging" names the mean, as "a mean of" does
        ("Proof time runs from 1.0 to 9.5 hours, averaging 4.3.", True),
        ("Proof time runs from 1.0 to 9.5 hours, averaging 4.7.", False),
        ("Proof time averages 4.3 hours, median 4.0.", True),
        ("Proof time averages 3.6 hours, median 4.0.", False),
        # the middle half of the values is the range between the quartiles
        ("Proof time: median 4.0, middle half between 3.25 and 5.5.", True),
        ("Proof time: median 4.0, middle half between 3.25 and 4.7.", False),
        ("Proof time has an interquartile range of 3.25 to 5.5 hours.", True),
        # a class's rows averaging is that class's mean, not the whole data's
        ("Risen loaves proofed longer, averaging 4.7 hours.", True),
    ],
)
def test_a_statistic_said_by_a_verb_or_as_the_middle_half(reply: str, faithful: bool) -> None:
    assert passes(reply, [CARD], LOAVES) is faithful


# a text model of bakery reviews: a quoted "not" is a word of the text, never a negation
REVIEWS = Vocabulary(labels=["negative", "positive"])
_REVIEW = "The crust was stale and the rye tasted sour."
WORDS: dict[str, Any] = {
    "kind": "global_explanation",
    "label": "negative",
    "method": "SHAP",
    "n_samples": 40,
    "importances": [
        {"feature": "lovely", "importance": 0.0210, "mean_contribution": -0.0210},
        {"feature": "not", "importance": 0.0120, "mean_contribution": 0.0030},
        {"feature": "stale", "importance": 0.0090, "mean_contribution": 0.0090},
    ],
}
NO_EDIT: dict[str, Any] = {
    "kind": "counterfactual",
    "question": "why_not",
    "subject": {"kind": "text", "description": "the stale-crust review", "id": None, "text": _REVIEW},
    "current_label": "negative",
    "target_label": "positive",
    "counterfactuals": [],
    "method": "beam search over up to 3 word edits (replacing, deleting, inserting 'not'); every result re-predicted",
    "note": "No edit of up to 3 words that makes the model predict positive was found (90 edited texts checked).",
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ('For negative, "lovely" matters most, ahead of "not".', True),
        ('For negative, "not" matters most, ahead of "lovely".', False),
    ],
)
def test_a_quoted_not_is_ranked_like_any_word(reply: str, faithful: bool) -> None:
    assert passes(reply, [WORDS], REVIEWS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ('No edit of up to 3 words made it positive, not even inserting "not".', True),
        ('Inserting "not" would make the stale-crust review positive.', False),
        ("Replacing 'stale' with 'fresh' would turn the review positive.", False),
    ],
)
def test_one_named_edit_said_to_reach_what_no_edit_reached(reply: str, faithful: bool) -> None:
    assert passes(reply, [NO_EDIT], REVIEWS) is faithful
