"""The guard's claims-48 readings (helper gfa41), on an invented host of this file's own: a ferry company's
crossings (classes `sails` / `cancelled`; features "Wave Height (m)", gust_kt, "Crew On Duty", hull_age_years,
drills_per_week and "Departure Pier" with three piers; instance noun "crossing", ids 148101-148400). Each reading
is tested both ways: the faithful reply passes, the same reply with one fact changed is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from tests.guard.helpers import local_explanation, passes, row_subject

PIERS = ["north pier", "south pier", "old harbour"]
FERRY = Vocabulary(
    labels=["sails", "cancelled"],
    features=["Wave Height (m)", "gust_kt", "Crew On Duty", "hull_age_years", "drills_per_week", "Departure Pier"],
    aliases={
        "Wave Height (m)": ["wave height"],
        "gust_kt": ["gusts"],
        "Crew On Duty": ["crew"],
        "hull_age_years": ["hull age"],
        "drills_per_week": ["drills"],
        "Departure Pier": ["pier"],
    },
    instance_noun="crossing",
    categories={"Departure Pier": PIERS},
)
VALUES = {
    "Wave Height (m)": 2.4,
    "gust_kt": 20.0,
    "Crew On Duty": 4.0,
    "hull_age_years": 8.0,
    "drills_per_week": 1.0,
    "Departure Pier": "north pier",
}


def _counterfactual(feature: str, old: float, new: float) -> dict[str, Any]:
    return {
        "kind": "counterfactual",
        "question": "why_not",
        "subject": row_subject("crossing", 148130, VALUES),
        "current_label": "cancelled",
        "target_label": "sails",
        "counterfactuals": [
            {"changes": [{"feature": feature, "old": old, "new": new}], "label": "sails", "probability": 0.57}
        ],
        "method": "nearest rows the model gives the target label",
        "note": None,
    }


def test_the_version_names_this_round_or_a_later_one() -> None:
    assert GUARD_VERSION in (
        "claims-48",
        "claims-49",
        "claims-50",
        "claims-51",
        "claims-52",
        "claims-53",
        "claims-54",
        "claims-55",
        "claims-56",
    )


@pytest.mark.parametrize(
    ("reply", "feature", "old", "new", "ok"),
    [
        ("With six crew instead of four it would sail, at 57 %.", "Crew On Duty", 4.0, 6.0, True),
        ("With four crew instead of six it would sail, at 57 %.", "Crew On Duty", 4.0, 6.0, False),
        ("Drilling twice a week instead of once would let it sail.", "drills_per_week", 1.0, 2.0, True),
        ("Drilling once a week instead of twice would let it sail.", "drills_per_week", 1.0, 2.0, False),
    ],
)
def test_a_changes_ends_said_in_words_are_read_as_digits(
    reply: str, feature: str, old: float, new: float, ok: bool
) -> None:
    assert passes(reply, [_counterfactual(feature, old, new)], FERRY) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Two more years on the hull (8 → 10) would let crossing 148130 sail.", True),
        ("Two fewer years on the hull (8 → 6) would let crossing 148130 sail.", False),
        ("With only three crew instead of four it would sail.", False),
    ],
)
def test_a_move_from_todays_value_the_way_no_change_goes_is_unsupported(reply: str, ok: bool) -> None:
    outputs = [_counterfactual("hull_age_years", 8.0, 10.0), _counterfactual("Crew On Duty", 4.0, 5.0)]
    assert passes(reply, outputs[:1] if "hull" in reply else outputs[1:], FERRY) is ok


def _global(importances: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "global_explanation",
        "label": "cancelled",
        "method": "SHAP KernelExplainer",
        "n_samples": 50,
        "importances": [{"feature": f, "importance": v, "mean_contribution": v / 2} for f, v in importances.items()],
    }


IMPORTANCE = _global({"gust_kt": 0.40, "Wave Height (m)": 0.20, "hull_age_years": 0.05})


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        # "the wind" names no feature: the pair's first number is its, the second the wave height's
        ("The wind weighs about twice as much as the wave height (0.40 vs 0.20).", True),
        ("The wind weighs about twice as much as the wave height (0.40 vs 0.25).", False),
        ("The wind weighs about twice as much as the wave height (0.20 vs 0.40).", True),  # either may be its
        ("The wind weighs about twice as much as the wave height (0.55 vs 0.45).", False),
    ],
)
def test_a_pair_set_against_a_feature_named_alone_binds_one_number_to_it(reply: str, ok: bool) -> None:
    assert passes(reply, [IMPORTANCE], FERRY) is ok


def test_the_unbound_number_of_a_pair_is_listed_as_unchecked() -> None:
    reply = "The wind weighs about twice as much as the wave height (0.40 vs 0.20)."
    report = check_claims(reply, [IMPORTANCE], vocabulary=FERRY)
    assert any("0.40" in u and "not named" in u for u in report.unchecked)


def _what_if(gust_new: float) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": row_subject("crossing", 148140, VALUES),
        "changes": [{"feature": "gust_kt", "old": 20.0, "new": gust_new}],
        "old_label": "sails",
        "new_label": "sails",
        "old_probabilities": {"sails": 0.70, "cancelled": 0.30},
        "new_probabilities": {"sails": 0.73, "cancelled": 0.27},
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


@pytest.mark.parametrize(
    ("reply", "gust_new", "ok"),
    [
        ("Oddly, the cancellation risk drops a little with the stronger gusts: 0.30 → 0.27.", 25.0, True),
        ("Oddly, the cancellation risk drops a little with gusts raised to 25.", 25.0, True),
        ("Oddly, the cancellation risk drops a little with gusts lowered to 15.", 25.0, False),
    ],
)
def test_a_risk_that_falls_is_no_change_of_the_feature_named_with_it(reply: str, gust_new: float, ok: bool) -> None:
    assert passes(reply, [_what_if(gust_new)], FERRY) is ok


def _local(pier: float) -> dict[str, Any]:
    contributions = {"Wave Height (m)": 0.12, "Crew On Duty": 0.02, "Departure Pier": pier, "gust_kt": 0.01}
    values = {k: VALUES[k] for k in contributions}
    return local_explanation(row_subject("crossing", 148150, VALUES), "cancelled", values, contributions, 0.4, 0.5)


@pytest.mark.parametrize(
    ("reply", "pier", "ok"),
    [
        ("The waves add about 12 points, the crew 2. Only the north pier argues against a cancellation.", -0.05, True),
        ("The waves add about 12 points, the crew 2. Only the north pier argues against a cancellation.", 0.05, False),
    ],
)
def test_a_direction_is_said_of_the_names_in_its_own_sentence(reply: str, pier: float, ok: bool) -> None:
    assert passes(reply, [_local(pier)], FERRY) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Wave height (+0.12), crew (+0.02) and gusts (+0.01) push toward cancelled.", True),
        ("Wave height (+0.12), crew (+0.02) and the captain's mood (+0.01) push toward cancelled.", False),
        ("The wave height and the crew argue for a cancellation.", True),
        ("The wave height and the ferry's paint colour argue for a cancellation.", False),
    ],
)
def test_each_item_of_a_list_that_pushes_must_be_a_feature(reply: str, ok: bool) -> None:
    assert passes(reply, [_local(-0.05)], FERRY) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Ranking for cancelled: 1 gusts · 2 wave height · 3 hull age.", True),
        ("Ranking for cancelled: 1 gusts · 2 wave height · 3 fog density.", False),
    ],
)
def test_each_place_of_a_dotted_ranking_must_be_a_feature(reply: str, ok: bool) -> None:
    assert passes(reply, [IMPORTANCE], FERRY) is ok


PERFORMANCE = {
    "kind": "performance",
    "metric": "all",
    "labels": ["sails", "cancelled"],
    "confusion_matrix": [[40, 10], [5, 45]],  # rows true, columns predicted: true 50 / 50, predicted 45 / 55
    "metrics": {"accuracy": 0.85},
    "n": 100,
    "nouns": "crossings",
    "split": "held-out split",
    "group": None,
    "label": None,
    "value": None,
}


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("It called 45 crossings sails and 55 cancelled.", True),
        ("It called 50 crossings sails and 50 cancelled.", False),  # the true totals said as its calls
        ("The model cancelled 55 of the 100.", True),
        ("The model cancelled 50 of the 100.", False),
        ("Of the 50 crossings that really were cancelled, it caught 45.", True),
        ("Of the 55 crossings that really were cancelled, it caught 45.", False),
        ("It calls 5 cancelled crossings sails.", True),  # a cell, not a total of sails
    ],
)
def test_a_class_total_said_with_its_side_is_that_sides_total(reply: str, ok: bool) -> None:
    assert passes(reply, [PERFORMANCE], FERRY) is ok


@pytest.mark.parametrize(
    ("reply", "pier", "ok"),
    [
        ("Wave height adds about 12 points; the north pier pulls it back by 0.05.", -0.05, True),
        ("Wave height adds about 12 points; the north pier pulls it back by 0.05.", 0.05, False),
        ("Wave height adds about 12 points, while the north pier takes about 5 off.", -0.05, True),
        ("Wave height adds about 12 points, while the north pier takes about 5 off.", 0.05, False),
    ],
)
def test_a_push_said_as_pulled_back_or_taken_off_is_against_the_explained_class(
    reply: str, pier: float, ok: bool
) -> None:
    assert passes(reply, [_local(pier)], FERRY) is ok


def _output_information(meaning: str) -> dict[str, Any]:
    return {
        "kind": "output_information",
        "labels": [
            {"name": "sails", "meaning": "the ferry leaves on time"},
            {"name": "cancelled", "meaning": "the crossing is called off"},
        ],
        "probability_meaning": meaning,
    }


VOTES = _output_information("The share of the forest's trees' votes for each outcome; the two sum to 1.")
ISOTONIC = _output_information("Calibrated probabilities (isotonic regression) for each outcome; the two sum to 1.")


@pytest.mark.parametrize(
    ("reply", "output", "ok"),
    [
        ("The two numbers are the share of the trees' votes for sails and for cancelled.", VOTES, True),
        ("The two numbers are calibrated probabilities for sails and for cancelled.", VOTES, False),
        ("The model gives each crossing two numbers, log-odds for sails and cancelled.", VOTES, False),
        ("The two numbers are calibrated probabilities for sails and for cancelled.", ISOTONIC, True),
        ("The numbers are not calibrated; they are the trees' votes.", VOTES, True),
    ],
)
def test_what_the_scores_are_is_what_the_outputs_meaning_says(reply: str, output: dict[str, Any], ok: bool) -> None:
    assert passes(reply, [output], FERRY) is ok


def _prediction(label: str, recorded: str) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": row_subject("crossing", 148160, VALUES),
        "label": label,
        "probabilities": {"sails": 0.72, "cancelled": 0.28} if label == "sails" else {"sails": 0.3, "cancelled": 0.7},
        "label_counts": None,
        "true_label": recorded,
    }


@pytest.mark.parametrize(
    ("reply", "recorded", "ok"),
    [
        ("Crossing 148160 is predicted to sail at 0.72, which the harbour log confirmed.", "sails", True),
        ("Crossing 148160 is predicted to sail at 0.72, which the harbour log confirmed.", "cancelled", False),
        ("Crossing 148160 is called sails at 0.72, matching what the harbour master found.", "cancelled", False),
        ("Crossing 148160 is called sails at 0.72, though the harbour master found it cancelled.", "cancelled", True),
        ("Crossing 148160 is called sails at 0.72, though the harbour master found it cancelled.", "sails", False),
        ("Crossing 148160 is called sails at 0.72, and the harbour master found it sails.", "cancelled", False),
        ("Crossing 148160 is called sails at 0.72; the log did not confirm it.", "cancelled", True),
    ],
)
def test_a_partys_finding_is_checked_against_the_recorded_class(reply: str, recorded: str, ok: bool) -> None:
    assert passes(reply, [_prediction("sails", recorded)], FERRY) is ok


def _global_means(label: str) -> dict[str, Any]:
    rows = {"gust_kt": (0.40, 0.12), "Wave Height (m)": (0.20, -0.05), "hull_age_years": (0.05, 0.05)}
    return {
        "kind": "global_explanation",
        "label": label,
        "method": "SHAP KernelExplainer",
        "n_samples": 50,
        "importances": [{"feature": f, "importance": i, "mean_contribution": m} for f, (i, m) in rows.items()],
    }


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("For cancelled, the gusts have an importance of 0.40.", True),
        ("For cancelled, the gusts have an importance of 0.12.", False),  # the mean contribution
        ("For cancelled, the importance of the wave height is 0.20.", True),
        ("For cancelled, the wave height has an importance of −0.05.", False),
        ("For cancelled, the hull age has an importance of 0.05.", True),  # importance and mean are one number
    ],
)
def test_a_number_said_as_an_importance_is_no_mean_contribution(reply: str, ok: bool) -> None:
    assert passes(reply, [_global_means("cancelled")], FERRY) is ok
