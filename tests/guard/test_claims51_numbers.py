"""The guard's claims-51 number bindings (helper gfa44), on an invented host of this file's own: a canal's lock
gates (classes `watertight` / `leaking`; features hinge_play_mm, "paint age (years)", "barge passages",
timber_grade; instance noun "gate", ids 152301-152400). Each binding is tested both ways: the faithful reply
passes, the same reply with two numbers swapped is flagged; a total the guard cannot bind is left unchecked.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from tests.guard.helpers import local_explanation, passes, row_subject

GATES = Vocabulary(
    labels=["watertight", "leaking"],
    features=["hinge_play_mm", "paint age (years)", "barge passages", "timber_grade"],
    aliases={"hinge_play_mm": ["hinge play"], "paint age (years)": ["paint age"]},
    instance_noun="gate",
)
VALUES = {"hinge_play_mm": 3.5, "paint age (years)": 7.0, "barge passages": 1200.0, "timber_grade": 2.0}
PUSHES = {"hinge_play_mm": 0.19, "paint age (years)": 0.09, "barge passages": 0.03, "timber_grade": 0.02}
SUBJECT = row_subject("gate", 152310, VALUES)
# a walk from 0.38 (the base) to 0.71 (the output): the pushes sum to 0.33
LOCAL = local_explanation(SUBJECT, "leaking", VALUES, PUSHES, base=0.38, output=0.71)
LOG_ODDS = {**LOCAL, "base_value": 1.2, "output": -0.4, "output_space": "log-odds", "probability": 0.6}


def _global(importances: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "global_explanation",
        "label": None,
        "method": "mean |SHAP| over the held-out gates",
        "n_samples": 100,
        "importances": [
            {"feature": name, "importance": value, "mean_contribution": value / 4} for name, value in importances.items()
        ],
    }


GLOBAL = _global({"hinge_play_mm": 0.20, "paint age (years)": 0.10, "barge passages": 0.06, "timber_grade": 0.04})


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("From a base of 0.38 the features bring leaking to 0.71.", True),
        ("From a base of 0.71 the features bring leaking to 0.38.", False),
        ("For gate 152310, leaking starts at 0.38 and ends at 0.71.", True),
        ("For gate 152310, leaking starts at 0.71 and ends at 0.38.", False),
        ("Gate 152310 ends at 0.71, up from a base of 0.38.", True),
        ("Gate 152310 ends at 0.38, up from a base of 0.71.", False),
    ],
)
def test_a_base_and_an_end_are_checked_against_their_own_fields(reply: str, faithful: bool) -> None:
    # both numbers are the outputs' (so the pool of all their numbers holds each): only the binding tells them apart
    assert passes(reply, [LOCAL], GATES) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("From a base of 1.20 the log-odds of leaking fall to -0.40.", True),
        ("From a base of -0.40 the log-odds of leaking fall to 1.20.", False),
        ("In log-odds the gate starts at 1.20 and ends at -0.40, which is 60 % leaking.", True),
    ],
)
def test_a_log_odds_walk_is_bound_the_same_way(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOG_ODDS], GATES) is faithful


def test_a_sum_of_pushes_is_no_end() -> None:
    # "the pushes add up to about 0.33": the sum of the contributions, not where the walk ends
    reply = "From a base of 0.38 the pushes add up to about 0.33, ending at 0.71."
    report = check_claims(reply, [LOCAL], vocabulary=GATES)
    assert report.passed
    assert not any("0.33" in c and "end" in c for c in report.claims)


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Hinge play and paint age together outweigh the other two features combined (0.30 vs 0.10).", True),
        ("Hinge play and paint age together outweigh the other two features combined (0.10 vs 0.30).", False),
        ("Hinge play and paint age together (0.30) weigh more than the other two features combined (0.10).", True),
        ("Hinge play and paint age together (0.30) weigh more than the other two features combined (0.16).", False),
        ("Hinge play and paint age together (0.30) outweigh everything else combined (0.10).", True),
        ("Hinge play and paint age together (0.26) outweigh everything else combined (0.10).", False),
    ],
)
def test_each_total_is_bound_to_its_own_group(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], GATES) is faithful


def test_a_total_of_features_not_all_named_is_unchecked() -> None:
    # "the weather" is no feature of the host (flagged as such by another reading): which features 0.27 adds up is
    # not sure, so neither total is compared
    reply = "Hinge play and the weather together (0.27) outweigh everything else combined (0.13)."
    report = check_claims(reply, [GLOBAL], vocabulary=GATES)
    assert not any(claim.startswith(("number 0.27", "number 0.13")) for claim in report.unsupported)
    assert any(note.startswith("number 0.27 (a total of features not all named") for note in report.unchecked)


def test_a_pair_of_two_features_is_still_each_features() -> None:
    # no total said: the pair after two features is theirs, in their order (claims-45), as before
    assert passes("Hinge play counts for about twice as much as paint age (0.20 vs 0.10).", [GLOBAL], GATES)
    assert not passes("Hinge play counts for about twice as much as paint age (0.10 vs 0.20).", [GLOBAL], GATES)


def _prediction(shares: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": SUBJECT,
        "label": max(shares, key=lambda k: shares[k]),
        "probabilities": shares,
        "label_counts": None,
        "true_label": "leaking",
    }


CLOSE = _prediction({"watertight": 0.512, "leaking": 0.488})


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("A near tie: watertight edges out leaking by about 0.024.", True),
        ("A near tie: watertight edges out leaking by about 0.12.", False),
        ("Watertight, but only just: ahead by 0.02.", True),
        ("Watertight, but only just: ahead by 0.06.", False),
        ("Gate 152310 is called watertight, which beats leaking by just 0.024.", True),
        ("Gate 152310 is called watertight, which beats leaking by just 0.488.", False),
    ],
)
def test_a_class_margin_is_the_gap_of_the_two_classes(reply: str, faithful: bool) -> None:
    # 0.488 is a number of the outputs (leaking's probability): only the margin's binding flags it
    assert passes(reply, [CLOSE], GATES) is faithful


WHAT_IF = {
    "kind": "what_if",
    "subject": SUBJECT,
    "changes": [{"feature": "hinge_play_mm", "old": 3.5, "new": 1.5}],
    "old_label": "leaking",
    "new_label": "watertight",
    "old_probabilities": {"watertight": 0.29, "leaking": 0.71},
    "new_probabilities": {"watertight": 0.64, "leaking": 0.36},
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Hinge play 3.5 → 1.5 is the only change; watertight then wins (0.64).", True),
        ("Hinge play 3.5 → 1.5 is the only change; watertight then wins (0.46).", False),
        ("With hinge play down to 1.5 the gate turns watertight, though a good third (0.36) still goes to leaking.", True),
        ("With hinge play down to 1.5 the gate turns watertight, though a good third (0.33) still goes to leaking.", False),
    ],
)
def test_a_share_is_the_class_named_nearer_than_the_feature(reply: str, faithful: bool) -> None:
    # the feature named before the share's segment is a guess; the class named between (or right after) is nearer
    assert passes(reply, [WHAT_IF], GATES) is faithful


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION == "claims-51"


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Practically a tie, watertight ahead by about 0.02 (0.512 vs 0.488).", True),
        ("Practically a tie, leaking ahead by about 0.02 (0.512 vs 0.488).", False),
        ("Leaking edges out watertight by 0.024.", False),
    ],
)
def test_the_class_said_to_lead_must_lead(reply: str, faithful: bool) -> None:
    assert passes(reply, [CLOSE], GATES) is faithful
