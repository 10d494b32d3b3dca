"""The guard's claims-52 false-alarm fixes (helper gfa45), on an invented host of this file's own: a ferry's life
rafts at their yearly survey (classes `serviceable` / `condemned`; features canister_age_yrs, "seal wear",
salt_exposure_days, inflation_tests, storage_deck; instance noun "raft", ids 7301-7399).

A total of a group of features set against another group ("A alone ... the other four together (0.28)", "A and B
together ... the other three combined (x vs y)") is checked against that group's sum of weights; a group the guard
cannot name surely leaves its total unchecked (`_group_totals`).

Each reading is tested both ways: the faithful reply passes, the same reply with a wrong figure is flagged.
"""

from __future__ import annotations

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from tests.guard.helpers import local_explanation, passes, row_subject

RAFTS = Vocabulary(
    labels=["serviceable", "condemned"],
    features=["canister_age_yrs", "seal wear", "salt_exposure_days", "inflation_tests", "storage_deck"],
    aliases={"canister_age_yrs": ["canister age"], "salt_exposure_days": ["salt exposure"]},
    instance_noun="raft",
)
VALUES = {"canister_age_yrs": 9.0, "seal wear": 2.0, "salt_exposure_days": 140.0, "inflation_tests": 3.0,
          "storage_deck": 1.0}  # fmt: skip
SUBJECT = row_subject("raft", 7312, VALUES)
# importances: canister age 0.30, the other four 0.28; canister age and seal wear 0.42, the other three 0.16
GLOBAL = {
    "kind": "global_explanation",
    "label": "condemned",
    "method": "mean |SHAP| over 200 rafts",
    "n_samples": 200,
    "importances": [
        {"feature": f, "importance": v, "mean_contribution": v / 3}
        for f, v in [
            ("canister_age_yrs", 0.30),
            ("seal wear", 0.12),
            ("salt_exposure_days", 0.08),
            ("inflation_tests", 0.05),
            ("storage_deck", 0.03),
        ]
    ],
}
# contributions: canister age +0.21; the other four sum to 0.07 signed and 0.11 as sizes
PUSHES = {"canister_age_yrs": 0.21, "seal wear": 0.05, "salt_exposure_days": -0.02, "inflation_tests": 0.04,
          "storage_deck": -0.00}  # fmt: skip
LOCAL = local_explanation(SUBJECT, "condemned", VALUES, PUSHES, base=0.25, output=0.53)


def test_the_version_names_this_round() -> None:
    assert GUARD_VERSION in ("claims-52", "claims-53", "claims-54", "claims-55", "claims-56")


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Canister age alone (0.30) nearly matches the other four together (0.28).", True),
        ("Canister age alone (0.30) nearly matches the other four together (0.38).", False),
        ("Canister age and seal wear together (0.42) weigh more than the other three features combined (0.16).", True),
        ("Canister age and seal wear together (0.42) weigh more than the other three features combined (0.26).", False),
        ("Canister age and seal wear together outweigh everything else combined (0.42 vs 0.16).", True),
        ("Canister age and seal wear together outweigh everything else combined (0.42 vs 0.28).", False),
        (
            "Canister age by itself outweighs seal wear, salt exposure and inflation_tests together (0.30 vs 0.25).",
            True,
        ),
        (
            "Canister age by itself outweighs seal wear, salt exposure and inflation_tests together (0.30 vs 0.35).",
            False,
        ),
    ],
)
def test_a_total_of_a_group_is_the_groups_sum(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], RAFTS) is faithful


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("For raft 7312, canister age alone adds more (0.21) than all the other four features together (0.07).", True),
        # the same total said as sizes: the pushes' magnitudes sum to 0.11
        ("For raft 7312, canister age alone adds more (0.21) than all the other four features together (0.11).", True),
        ("For raft 7312, canister age alone adds more (0.21) than all the other four features together (0.16).", False),
    ],
)
def test_a_local_explanations_total_is_signed_or_sizes(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], RAFTS) is faithful


@pytest.mark.parametrize(
    "reply",
    [
        # "the lashings" and "rust" are no feature: which features the total is of is not sure
        "Canister age alone outweighs the lashings, seal wear and rust together (0.30 vs 0.61).",
        # four features are left, not six: the group said is not the rest the outputs weigh
        "Canister age alone (0.30) nearly matches the other six together (0.61).",
    ],
)
def test_a_total_of_a_group_not_named_surely_is_unchecked(reply: str) -> None:
    report = check_claims(reply, [GLOBAL], vocabulary=RAFTS)
    assert not any(c.startswith("number") for c in report.unsupported)  # ("rust", no feature, is flagged as such)
    assert any("0.61" in c and "not sure" in c for c in report.unchecked)


def test_a_share_of_the_rest_in_words_is_a_ratio() -> None:
    # 0.12 / 0.46: a share in words before the rest is what the first total is of the second, not a class's share
    reply = "Seal wear's importance alone is about a quarter of the other four together (0.12 vs 0.46)."
    report = check_claims(reply, [GLOBAL], vocabulary=RAFTS)
    assert report.passed
    assert any("a quarter" in c and "ratio" in c for c in report.unchecked)
