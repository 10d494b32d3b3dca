"""The guard's claims-49 bindings with a competitor (helper gfa42), on an invented host of this file's own: a
bakery's sourdough starters (classes `lively` / `sluggish`; features "Starter Age (days)", proof_temp_c,
"feedings per day", "Flour Protein (%)"; instance noun "starter", ids 149101-149400). Each reading is tested both
ways: the faithful reply passes, the same reply with one fact changed is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._attributes import attribute_names, said_as_attribute
from tests.guard.helpers import local_explanation, passes, row_subject

BAKERY = Vocabulary(
    labels=["lively", "sluggish"],
    features=["Starter Age (days)", "proof_temp_c", "feedings per day", "Flour Protein (%)"],
    aliases={
        "Starter Age (days)": ["starter age"],
        "proof_temp_c": ["proof temperature", "proofing heat"],
        "feedings per day": ["feedings"],
        "Flour Protein (%)": ["protein"],
    },
    instance_noun="starter",
)
VALUES = {"Starter Age (days)": 40.0, "proof_temp_c": 24.5, "feedings per day": 2.0, "Flour Protein (%)": 12.5}


def _prediction() -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": row_subject("starter", 149120, VALUES),
        "label": "sluggish",
        "probabilities": {"lively": 0.19, "sluggish": 0.81},
        "label_counts": None,
        "true_label": "sluggish",
    }


def _local() -> dict[str, Any]:
    contributions = {"proof_temp_c": 0.30, "Starter Age (days)": 0.12, "feedings per day": 0.05}
    return local_explanation(row_subject("starter", 149130, VALUES), "lively", VALUES, contributions, 0.2, 0.67)


def _global(label: str) -> dict[str, Any]:
    rows = {"Starter Age (days)": 0.31, "proof_temp_c": 0.22, "feedings per day": 0.04}
    return {
        "kind": "global_explanation",
        "label": label,
        "method": "SHAP KernelExplainer",
        "n_samples": 60,
        "importances": [{"feature": f, "importance": v, "mean_contribution": v / 3} for f, v in rows.items()],
    }


def _counterfactual() -> dict[str, Any]:
    return {
        "kind": "counterfactual",
        "question": "why_not",
        "subject": row_subject("starter", 149140, VALUES),
        "current_label": "sluggish",
        "target_label": "lively",
        "counterfactuals": [
            {
                "changes": [{"feature": "feedings per day", "old": 2.0, "new": 3.0}],
                "label": "lively",
                "probability": 0.6,
            }
        ],
        "method": "nearest rows the model gives the target label",
        "note": None,
    }


@pytest.mark.parametrize(
    ("after", "expected"),
    [
        ("-day-old starter with two feedings", ("day", "starter")),
        (" °C proof room", ("°c", "proof")),
        ("-year-old jar", ("year", "jar")),
        (" days in the jar", None),  # a preposition after the unit: no attribute
        (" years old", None),
        (" mm of rain", None),
        (" %", None),
    ],
)
def test_a_number_said_as_an_attribute(after: str, expected: tuple[str, str] | None) -> None:
    assert said_as_attribute(after) == expected


def test_an_attribute_names_a_feature_by_its_unit_its_noun_or_an_age() -> None:
    assert attribute_names("day", "starter", ["Starter Age (days)"])
    assert attribute_names("°c", "room", ["proof_temp_c"])
    assert attribute_names("year", "jar", ["sheetAgeYears"])
    assert not attribute_names("day", "starter", ["feedings per day", "feedings"])  # a rate: "per day" is no unit
    assert not attribute_names("year", "jar", ["feedings per day", "feedings"])


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        # 40 is the starter's age (its attribute), not the feedings' number named after it
        ("The 40-day-old starter with two feedings a day is sluggish, roughly four chances in five.", True),
        # a number no field holds is wrong under any binding
        ("The 55-day-old starter with two feedings a day is sluggish, roughly four chances in five.", False),
    ],
)
def test_an_attribute_number_is_not_bound_to_a_feature_named_apart_from_it(reply: str, ok: bool) -> None:
    assert passes(reply, [_prediction()], BAKERY) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        # 40 is the jar's age (its attribute), not the proof temperature's named before it
        ("The proof temperature adds 0.30 and the 40-day jar 0.12.", True),
        ("The proof temperature adds 0.30 and the 55-day jar 0.12.", False),
    ],
)
def test_an_attribute_number_after_another_feature_is_not_that_features(reply: str, ok: bool) -> None:
    assert passes(reply, [_local()], BAKERY) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Starter age and proof temperature lead for lively, as they do for sluggish.", True),
        ("For lively the importances are the same as for sluggish: starter age first.", True),
        ("Starter age and proof temperature lead for sluggish.", False),
        ("As for sluggish, starter age leads.", False),  # "as for X" names the class explained
    ],
)
def test_a_class_compared_with_is_not_the_class_explained(reply: str, ok: bool) -> None:
    assert passes(reply, [_global("lively")], BAKERY) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("One more feeding a day is enough for a lively verdict.", True),
        ("One more feeding a day is enough for a sluggish verdict.", False),
    ],
)
def test_what_a_change_is_enough_for_is_its_outcome(reply: str, ok: bool) -> None:
    report = check_claims(reply, [_counterfactual()], vocabulary=BAKERY)
    assert report.passed is ok, report.unsupported


def _data() -> dict[str, Any]:
    proof = {
        "name": "proof_temp_c",
        "type": "numeric",
        "description": None,
        "min": 18.0,
        "max": 31.0,
        "mean": 24.2,
        "std": 2.9,
        "median": 24.0,
        "q1": 22.5,
        "q3": 26.0,
        "categories": None,
        "mean_by_label": None,
        "histogram_by_label": None,
        "counts_by_label": None,
    }
    return {
        "kind": "data_information",
        "name": "starter log",
        "description": "300 invented starters of one bakery",
        "target": "outcome",
        "class_balance": {"lively": 170, "sluggish": 130},
        "features": [proof],
        "feature": None,
        "group": None,
        "n_total": None,
        "nouns": None,
        "n_rows": 300,
        "group_fields": None,
    }


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        # "half" is what a quartile range holds by definition; its ends are the claim
        ("The middle half of the starters proof between 22.5 and 26.0 °C.", True),
        ("Half of the starters proof between 22.5 and 26.0 °C.", True),
        ("The middle half of the starters proof between 20.5 and 26.0 °C.", False),
    ],
)
def test_half_before_a_range_is_the_quartile_range(reply: str, ok: bool) -> None:
    report = check_claims(reply, [_data()], vocabulary=BAKERY)
    assert report.passed is ok, report.unsupported


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION in (
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
    ("reply", "ok"),
    [
        # base 0.2 and the proof temperature's push 0.30: where it alone takes the score
        ("From a 0.2 baseline, the proof temperature alone lifts it to 0.50.", True),
        ("From a 0.2 baseline, the proof temperature alone lifts it to 0.58.", False),
    ],
)
def test_where_one_push_alone_takes_the_base_is_that_features_number(reply: str, ok: bool) -> None:
    report = check_claims(reply, [_local()], vocabulary=BAKERY)
    assert report.passed is ok, report.unsupported
