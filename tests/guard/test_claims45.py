"""The guard's claims-45 work (helper gfa38), on an invented host of this file's own: a city's passenger lifts
after their yearly inspection (classes `serviced` / `watch` / `sealed`, features "Door Cycles (per day)",
cable_age_yrs, MotorTempC, "rides per hour", instance noun "car", ids 138301-138600). Each reading is tested both
ways: the faithful reply passes, the same reply with one fact changed is flagged.
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary
from tests.guard.helpers import local_explanation, passes, row_subject

LIFTS = Vocabulary(
    labels=["serviced", "watch", "sealed"],
    features=["Door Cycles (per day)", "cable_age_yrs", "MotorTempC", "rides per hour"],
    aliases={
        "Door Cycles (per day)": ["door cycles", "door use"],
        "cable_age_yrs": ["cable age", "hoist cable"],
        "MotorTempC": ["motor temp", "motor temperature"],
        "rides per hour": ["rides", "traffic"],
    },
    instance_noun="car",
)
#: The same host with a feature measured in days: a number of days may be its value.
LIFTS_WITH_DAYS = LIFTS.model_copy(update={"features": [*LIFTS.features, "days since repair"]})

VALUES = {"Door Cycles (per day)": 240.0, "cable_age_yrs": 9.0, "MotorTempC": 41.0, "rides per hour": 18.0}
CAR = row_subject("car", 138310, VALUES)
PREDICTION = {
    "kind": "prediction",
    "subject": CAR,
    "label": "serviced",
    "probabilities": {"serviced": 0.8, "watch": 0.15, "sealed": 0.05},
    "label_counts": None,
    "true_label": "serviced",
}
CLOSE = {
    "kind": "prediction",
    "subject": row_subject("car", 138355, {**VALUES, "cable_age_yrs": 14.0}),
    "label": "serviced",
    "probabilities": {"serviced": 0.55, "watch": 0.45, "sealed": 0.0},
    "label_counts": None,
    "true_label": "serviced",
}
LOCAL = local_explanation(
    CAR,
    "serviced",
    VALUES,
    {"Door Cycles (per day)": -0.3, "MotorTempC": 0.2, "cable_age_yrs": 0.02, "rides per hour": -0.01},
    0.5,
    0.8,
)
GLOBAL = {
    "kind": "global_explanation",
    "label": "serviced",
    "method": "SHAP",
    "n_samples": 120,
    "importances": [
        {"feature": "Door Cycles (per day)", "importance": 0.21, "mean_contribution": 0.01},
        {"feature": "MotorTempC", "importance": 0.09, "mean_contribution": -0.01},
        {"feature": "cable_age_yrs", "importance": 0.019, "mean_contribution": 0.0},
        {"feature": "rides per hour", "importance": 0.012, "mean_contribution": 0.0},
    ],
}
OUTPUT_CARD = {
    "kind": "output_information",
    "labels": [
        {"label": "serviced", "meaning": "running normally after the inspection"},
        {"label": "watch", "meaning": "running, with a check booked"},
        {"label": "sealed", "meaning": "taken out of use"},
    ],
    "probability_meaning": "the forest's vote share for each class",
}


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        (":white_check_mark: Car 138310 is serviced, 80 %.", True),
        (":white_check_mark: Car 138310 is serviced, 60 %.", False),
        ("Shift 06:00 → 14:00. Car 138310: serviced at 80 %.", True),
        ("Shift 06:00 → 14:00. Car 138310: serviced at 70 %.", False),
        ("Car 138310: roughly 8 in 10 that it stays serviced.", True),
        ("Car 138310: roughly 6 in 10 that it stays serviced.", False),
        ("car: 138310\nforecast: serviced\np_serviced: 0.80", True),
        ("car: 138310\nforecast: serviced\np_serviced: 0.15", False),
        ("Car 138310 → serviced 0.80 (actual: serviced ✓).", True),
        ("Car 138310 → serviced 0.80 (actual: sealed ✓).", False),
        ("Car 138310 is close to certain. The call is serviced.", True),
        ("Car 138310 is close to certain. The call is watch.", False),
    ],
)
def test_a_chat_register_keys_and_shares_in_figures(reply: str, ok: bool) -> None:
    assert passes(reply, [PREDICTION], LIFTS) is ok


def test_a_span_of_time_is_checked_only_where_a_feature_is_measured_in_it() -> None:
    reply = "Car 138310 is serviced (80 %), as the 90-day check also found."
    assert passes(reply, [PREDICTION], LIFTS)
    assert not passes(reply, [PREDICTION], LIFTS_WITH_DAYS)
    # a camel-cased name holds its unit too ("RepairMinutes"): minutes may be its value
    minutes = LIFTS.model_copy(update={"features": [*LIFTS.features, "RepairMinutes"]})
    assert passes("Car 138310 is serviced (80 %) after a 45-minute check.", [PREDICTION], LIFTS)
    assert not passes("Car 138310 is serviced (80 %) after a 45-minute check.", [PREDICTION], minutes)
    # a rate's divisor ("Door Cycles (per day)") measures no span
    assert passes("Car 138310 is serviced at 80 % by the 30-day mark.", [PREDICTION], LIFTS)


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Two cars, two outcomes: 138310 serviced (80 %), 138355 serviced (55 %).", True),
        ("The model has two outcomes: serviced (80 %) and watch.", False),
        ("Car 138355 scrapes in at ≈55 % with watch at ≈45 %.", True),
        ("Car 138355 scrapes in at ≈45 % with watch at ≈55 %.", False),
    ],
)
def test_outcomes_of_things_counted_and_a_label_with_its_own_share(reply: str, ok: bool) -> None:
    assert passes(reply, [PREDICTION, CLOSE], LIFTS) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("SHAP toward serviced: door cycles 240 −0.30 · motor temp 41 +0.20; everything else within ±0.03.", True),
        ("SHAP toward serviced: door cycles 240 −0.30 · motor temp 41 +0.40; everything else within ±0.03.", False),
        ("Door cycles pushes toward serviced (−0.30).", False),
    ],
)
def test_signed_items_under_a_key_and_a_tolerance(reply: str, ok: bool) -> None:
    assert passes(reply, [LOCAL], LIFTS) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Door cycles lead (0.21), then motor temp (0.09); cable age and rides all sit between 0.01 and 0.02.", True),
        ("Door cycles lead (0.21), then motor temp (0.09); cable age sits between 0.01 and 0.05.", False),
    ],
)
def test_a_range_several_features_lie_in_is_a_bound(reply: str, ok: bool) -> None:
    assert passes(reply, [GLOBAL], LIFTS) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("serviced = running normally · watch = a check booked · sealed = out of use", True),
        (
            "serviced = running normally · watch = a check booked · sealed = out of use · scrapped = sold for parts",
            False,
        ),
        ("labels:\n  serviced: running normally\n  watch: check booked\n  sealed: out of use", True),
        ("labels:\n  serviced: running normally\n  sealed: out of use\n  derated: runs at half speed", False),
    ],
)
def test_a_glossary_of_the_classes_written_as_keys(reply: str, ok: bool) -> None:
    assert passes(reply, [OUTPUT_CARD], LIFTS) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Car 138310 is serviced at 80 %, partly because its motor temp is low.", True),
        ("Car 138310 is serviced at 80 %, partly because its brake shoe was replaced.", False),
        ("Car 138310 is serviced at 80 %, largely down to the new counterweight fitted last spring.", False),
    ],
)
def test_a_cause_said_by_a_clause_of_its_own(reply: str, ok: bool) -> None:
    assert passes(reply, [LOCAL, PREDICTION], LIFTS) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        # the words of an alias ("cable" of "hoist cable") and a quantifier before them name the feature
        (
            "It stays serviced over 100 variations, all within the data (door cycles 100–300, motor temp 30–50 °C, any "
            "traffic, either cable), and all 100 kept it.",
            True,
        ),
        (
            "It stays serviced over 100 variations, all within the data (door cycles 100–300, motor temp 30–50 °C, any "
            "traffic, either gearbox), and all 100 kept it.",
            False,
        ),
    ],
)
def test_an_alias_word_names_its_feature(reply: str, ok: bool) -> None:
    still = {
        "kind": "still_this",
        "subject": CAR,
        "label": "serviced",
        "probability": 0.8,
        "method": "one feature at a time on a grid over its observed range",
        "kept_edits": [],
        "kept_label": None,
        "samples_checked": 100,
        "samples_kept": 100,
        "ranges": [
            {"feature": "Door Cycles (per day)", "low": 100.0, "current": 240.0, "high": 300.0, "categories": None},
            {"feature": "MotorTempC", "low": 30.0, "current": 41.0, "high": 50.0, "categories": None},
        ],
    }
    assert passes(reply, [still], LIFTS) is ok


PERFORMANCE = {
    "kind": "performance",
    "metric": "all",
    "value": None,
    "metrics": {"accuracy": 0.8, "f1": 0.62, "precision": 0.7, "recall": 0.6, "roc_auc": 0.9},
    "confusion_matrix": [[10, 1, 0], [1, 6, 0], [1, 1, 0]],
    "labels": ["serviced", "watch", "sealed"],
    "n": 20,
    "nouns": "cars",
    "split": "held-out split",
    "group": None,
    "label": None,
}


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("It gets 16 of 20 held-out cars right, an accuracy of 80 %; its F1 is 62 %.", True),
        ("It gets 16 of 20 held-out cars right, an F1 of 80 %.", False),
    ],
)
def test_a_metric_named_right_before_a_share_of_counts_is_that_metric(reply: str, ok: bool) -> None:
    assert passes(reply, [PERFORMANCE], LIFTS) is ok
