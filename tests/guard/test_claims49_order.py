"""claims-49 (helper grec42): an order the reply states that its own numbers deny (`_own_order`), on an invented
host of this file's own: a beekeeping co-op's hives (classes `thriving` / `failing`; features "Frame Count",
mites_per_100, queen_age_months, forage_km; instance noun "hive", ids 149101-149400). Each form is tested both
ways: with the numbers in the order said the reply passes, with them the other way it is flagged, and a frame that
states no order (a sequence of steps, a bare integer in brackets, a denied order) claims nothing.
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary
from simxai.guard._own_order import own_order_claims
from tests.guard.helpers import local_explanation, passes, row_subject

HIVES = Vocabulary(
    labels=["thriving", "failing"],
    features=["Frame Count", "mites_per_100", "queen_age_months", "forage_km"],
    aliases={"Frame Count": ["frames"], "mites_per_100": ["mites"], "queen_age_months": ["queen age"]},
    instance_noun="hive",
    # the data card's words: a reply may name a feature in them, which the guard does not bind to it
    cards="Hives of a beekeeping co-op: the comb size of each hive, the parasite load on its bees, the age of its "
    "old queen and how far the bees forage.",
)
VALUES = {"Frame Count": 9.0, "mites_per_100": 4.0, "queen_age_months": 30.0, "forage_km": 2.5}
#: mites first by size, then the queen's age, frames and forage
CONTRIBUTIONS = {"mites_per_100": 0.214, "queen_age_months": -0.137, "Frame Count": 0.061, "forage_km": 0.018}


def _explanation() -> list[dict[str, object]]:
    subject = row_subject("hive", 149207, VALUES)
    return [local_explanation(subject, "failing", VALUES, CONTRIBUTIONS, 0.41, 0.66)]


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        # the names are paraphrases the guard does not bind: only the reply's own numbers order them
        ("For hive 149207 the parasite load leads (+0.214), ahead of the comb size (+0.061).", True),
        ("For hive 149207 the comb size leads (+0.061), ahead of the parasite load (+0.214).", False),
        ("The parasite load adds the most toward failing (+0.214), then the comb size (+0.061).", True),
        ("The comb size adds the most toward failing (+0.061), then the parasite load (+0.214).", False),
        ("The old queen matters more than the comb size (-0.137 vs +0.061).", True),
        ("The comb size matters more than the old queen (+0.061 vs -0.137).", False),
        ("The comb size matters most here (+0.061), more than the old queen (-0.137).", False),
    ],
)
def test_an_order_is_checked_against_the_replys_own_numbers(reply: str, ok: bool) -> None:
    assert passes(reply, _explanation(), HIVES) is ok


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        ("The east yard is the surer call (0.81 thriving) than the west yard (0.64 failing).", True),
        ("The west yard is the surer call (0.64 failing) than the east yard (0.81 thriving).", False),
        ("Clover hives have the fewest mites on average (2.1 %), then heather hives (3.4 %).", True),
        ("Clover hives have the fewest mites on average (3.4 %), then heather hives (2.1 %).", False),
        ("The comb size weighs less than the parasite load (+0.06 vs +0.21).", True),
        ("The comb size weighs less than the parasite load (+0.21 vs +0.06).", False),
    ],
)
def test_each_order_word_goes_its_own_way(sentence: str, holds: bool) -> None:
    claims = list(own_order_claims(sentence))
    assert claims and all(ok is holds for _, ok in claims)


@pytest.mark.parametrize(
    "sentence",
    [
        # steps in time, not an order of size: "then" with no superlative before it
        "Add two frames (+0.06), then treat for mites (+0.21).",
        # bare integers in brackets are values or ids, not items
        "The queen age leads (30), ahead of the frames (9).",
        # a denied order states none
        "The comb size is not ahead of the parasite load (+0.06 against +0.21).",
        # a comparison with a threshold, not with another item
        "The parasite load is the largest push (+0.21), more than 0.5 of the rest.",
    ],
)
def test_a_frame_that_states_no_order_claims_nothing(sentence: str) -> None:
    assert list(own_order_claims(sentence)) == []
