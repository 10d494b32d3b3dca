"""A figure a writer rounded half up in two stages (helper gfa45, round 45, kept off claims-52; landed in claims-53
by gfa46 when the unread gate g43 showed it: one false alarm fewer, no catch lost; docs/guard.md, "claims-53
(gfa46)"). On an invented host: a ferry's life rafts (classes `serviceable` / `condemned`; instance noun "raft",
ids 7301-7399).
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary
from tests.guard.helpers import passes, row_subject

RAFTS = Vocabulary(
    labels=["serviceable", "condemned"],
    features=["canister_age_yrs", "seal wear", "salt_exposure_days", "inflation_tests", "storage_deck"],
    aliases={"canister_age_yrs": ["canister age"], "salt_exposure_days": ["salt exposure"]},
    instance_noun="raft",
)
VALUES = {"canister_age_yrs": 9.0, "seal wear": 2.0, "salt_exposure_days": 140.0, "inflation_tests": 3.0,
          "storage_deck": 1.0}  # fmt: skip
SUBJECT = row_subject("raft", 7312, VALUES)
PREDICTION = {
    "kind": "prediction",
    "subject": SUBJECT,
    "label": "serviceable",
    "probabilities": {"serviceable": 0.52646, "condemned": 0.47354},
    "label_counts": None,
    "true_label": "condemned",
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Raft 7312 is called serviceable at 0.527, against 0.474 for condemned.", True),
        ("Raft 7312 is called serviceable at 0.528, against 0.474 for condemned.", False),
        ("Serviceable, at 52.7 %; the survey condemned it.", True),
        ("Serviceable, at 52.8 %; the survey condemned it.", False),
        ("Serviceable, at 0.526 (rounded once).", True),
        ("Serviceable, at 0.524.", False),
    ],
)
def test_a_figure_rounded_in_two_stages_is_the_value(reply: str, faithful: bool) -> None:
    assert passes(reply, [PREDICTION], RAFTS) is faithful


def test_an_approximate_figure_keeps_its_own_span() -> None:
    # "about 0.53" stands for its roundness already; the two-stage reach adds nothing to an approximation
    assert passes("Serviceable, at about 0.53.", [PREDICTION], RAFTS)
    assert not passes("Serviceable, at about 0.60.", [PREDICTION], RAFTS)


def test_the_version_names_the_two_stage_rounding() -> None:
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION in ("claims-53", "claims-54", "claims-55", "claims-56")
