"""The guard's claims-51 number binding (helper gfa44): a local explanation's base value and end said as such, each
checked against its own field, on an invented host of this file's own: a canal's lock gates (classes
`watertight` / `leaking`; features hinge_play_mm, "paint age (years)", "barge passages", timber_grade; instance
noun "gate", ids 152301-152400). Each reading is tested both ways: the faithful reply passes, the same reply with
the two numbers swapped (both numbers of the outputs, so the pool of all their numbers holds each) is flagged.
"""

from __future__ import annotations

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


def test_the_version_names_this_round() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION in ("claims-52", "claims-53", "claims-54", "claims-55", "claims-56")


def test_a_feature_named_before_the_number_keeps_it() -> None:
    # "hinge play starts at 3.5": the feature's value (a what-if beside the explanation), not the walk's base
    what_if = {
        "kind": "what_if",
        "subject": SUBJECT,
        "changes": [{"feature": "hinge_play_mm", "old": 3.5, "new": 1.5}],
        "old_label": "leaking",
        "new_label": "watertight",
        "old_probabilities": {"watertight": 0.29, "leaking": 0.71},
        "new_probabilities": {"watertight": 0.64, "leaking": 0.36},
    }
    reply = (
        "From a base of 0.38 the gate ends at 0.71; if hinge play starts at 3.5 and drops to 1.5 it turns watertight."
    )
    assert passes(reply, [LOCAL, what_if], GATES)
