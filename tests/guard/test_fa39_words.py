"""False alarms of ordinary wording on unseen hosts (gfb39, issue 13), on an invented host of this file's own: an
orchard's fruit crates (classes `ripe` / `green`, features sun_hours, "Crate Weight (kg)", "picker visits",
"grower enquiries", instance noun "crate", ids 141401-141700).

Each reading is tested both ways: the faithful reply passes (it was flagged before), the same reply with one fact
wrong is flagged.

- a change's amount said by "adding" ("adding 30 hours of sun"): an amount of change, not the feature's value;
- a fraction said with an ordinal ("about a third as important"): no rank;
- a feature's plural in "-ies" said in the singular ("the single enquiry" of grower enquiries);
- a word of an output's field name ("all 120 samples" of samples_checked): no invented feature.
"""

from __future__ import annotations

from typing import Any

from simxai.guard import Vocabulary, check_claims

ORCHARD = Vocabulary(
    labels=["ripe", "green"],
    features=["sun_hours", "Crate Weight (kg)", "picker visits", "grower enquiries"],
    aliases={"sun_hours": ["sun"], "grower enquiries": ["enquiries"], "Crate Weight (kg)": ["weight"]},
    instance_noun="crate",
)
SUBJECT: dict[str, Any] = {
    "kind": "row",
    "id": 141520,
    "ids": None,
    "description": "crate 141520",
    "size": 1,
    "condition": None,
    "nouns": None,
    "text": None,
    "values": {"sun_hours": 40, "Crate Weight (kg)": 12.5, "picker visits": 3, "grower enquiries": 1},
}
WHAT_IF: dict[str, Any] = {
    "kind": "what_if",
    "changes": [{"decimals": 0, "feature": "sun_hours", "new": 70.0, "old": 40.0}],
    "new_label": "ripe",
    "new_label_counts": None,
    "new_probabilities": {"ripe": 0.81, "green": 0.19},
    "note": None,
    "old_label": "green",
    "old_label_counts": None,
    "old_probabilities": {"ripe": 0.42, "green": 0.58},
    "subject": SUBJECT,
}
LOCAL: dict[str, Any] = {
    "kind": "local_explanation",
    "attributions": [
        {"feature": "sun_hours", "value": 40, "contribution": -0.31},
        {"feature": "grower enquiries", "value": 1, "contribution": -0.12},
        {"feature": "picker visits", "value": 3, "contribution": 0.05},
        {"feature": "Crate Weight (kg)", "value": 12.5, "contribution": 0.02},
    ],
    "base_value": 0.5,
    "label": "green",
    "predicted_label": "green",
    "method": "SHAP",
    "output": 0.58,
    "output_space": "probability",
    "probability": 0.58,
    "subject": SUBJECT,
    "recorded_label": None,
}
GLOBAL: dict[str, Any] = {
    "kind": "global_explanation",
    "label": "ripe",
    "method": "SHAP",
    "n_samples": 200,
    "importances": [
        {"feature": "sun_hours", "importance": 0.15, "mean_contribution": 0.01},
        {"feature": "grower enquiries", "importance": 0.12, "mean_contribution": 0.0},
        {"feature": "picker visits", "importance": 0.05, "mean_contribution": 0.0},
        {"feature": "Crate Weight (kg)", "importance": 0.046, "mean_contribution": 0.0},
    ],
}
STILL: dict[str, Any] = {
    "kind": "still_this",
    "kept_edits": [],
    "kept_label": None,
    "label": "green",
    "method": "one feature at a time on a grid",
    "probability": 0.58,
    "ranges": [
        {"categories": None, "current": 40.0, "feature": "sun_hours", "high": 55.0, "low": 10.0},
        {"categories": None, "current": 3.0, "feature": "picker visits", "high": 9.0, "low": 0.0},
    ],
    "samples_checked": 120,
    "samples_kept": 120,
    "subject": SUBJECT,
}


def unsupported(reply: str, output: dict[str, Any]) -> list[str]:
    return check_claims(reply, [output], vocabulary=ORCHARD).unsupported


def test_an_amount_said_by_adding_is_the_change() -> None:
    assert unsupported("Adding 30 hours of sun turns crate 141520 ripe: 42 % → 81 %.", WHAT_IF) == []
    assert unsupported("Adding 25 hours of sun turns crate 141520 ripe: 42 % → 81 %.", WHAT_IF) == [
        "number 25 (sun_hours)"
    ]


def test_a_fraction_said_with_an_ordinal_is_no_rank() -> None:
    fraction = (
        "Sun matters most (0.15), enquiries next (0.12); picker visits and weight are about a third as important."
    )
    assert unsupported(fraction, GLOBAL) == []
    assert unsupported("Sun matters most (0.15); weight is third most important.", GLOBAL) == [
        "rank crate weight (kg) = 3"
    ]


def test_a_plural_in_ies_said_in_the_singular_is_the_feature() -> None:
    assert (
        unsupported("Mostly the short sun (−0.31) and the single enquiry (−0.12) keep crate 141520 green.", LOCAL) == []
    )
    assert "feature complaint" in unsupported(
        "Mostly the short sun (−0.31) and the single complaint (−0.12) keep crate 141520 green.", LOCAL
    )


def test_a_word_of_an_output_field_is_no_invented_feature() -> None:
    assert unsupported("Green holds everywhere: sun 10–55, picker visits 0–9, all 120 samples.", STILL) == []
    assert unsupported("Green holds everywhere: sun 10–55, picker visits 0–9, all 120 pallets.", STILL) == [
        "feature pallets"
    ]
