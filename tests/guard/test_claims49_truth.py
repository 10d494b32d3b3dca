"""claims-49 (helper grec42): a subject said to have a yes-or-no feature its row says it has not
(`_truth_values`), on an invented host of this file's own: a kite school's lessons (classes `flown` / `grounded`;
features wind_kt, "Stunt Kite", has_spare_line and "Instructor Years"; instance noun "lesson", ids 149401-149700).
Also a class said by a word only its card meaning uses (`_card_nouns`). Each reading is tested both ways, and the
frames that state no value (a denial, a supposition, the column named as a column, the user's own words) claim
nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from tests.guard.helpers import passes, row_subject

KITES = Vocabulary(
    labels=["flown", "grounded"],
    features=["wind_kt", "Stunt Kite", "has_spare_line", "Instructor Years"],
    aliases={"wind_kt": ["wind"], "Instructor Years": ["instructor experience"]},
    instance_noun="lesson",
)


def _prediction(stunt: str, spare: str, ident: int = 149433) -> dict[str, Any]:
    values = {"wind_kt": 14.0, "Stunt Kite": stunt, "has_spare_line": spare, "Instructor Years": 6.0}
    return {
        "kind": "prediction",
        "subject": row_subject("lesson", ident, values),
        "label": "flown",
        "probabilities": {"flown": 0.83, "grounded": 0.17},
        "true_label": None,
    }


@pytest.mark.parametrize(
    ("reply", "stunt", "spare", "ok"),
    [
        ("Lesson 149433: a stunt kite in 14 knots, flown at 83 %.", "True", "False", True),
        ("Lesson 149433: a stunt kite in 14 knots, flown at 83 %.", "False", "False", False),
        ("A spare line packed, 14 knots of wind: flown, 83 %.", "True", "True", True),
        ("A spare line packed, 14 knots of wind: flown, 83 %.", "True", "False", False),
    ],
)
def test_a_yes_or_no_feature_said_of_the_subject_must_hold(reply: str, stunt: str, spare: str, ok: bool) -> None:
    # every mechanism: the reading's own verdict (the packaged table distrusts it, below)
    report = check_claims(reply, [_prediction(stunt, spare)], vocabulary=KITES, every_mechanism=True)
    assert report.passed is ok


def test_the_packaged_table_lists_a_yes_or_no_claim_as_unchecked() -> None:
    # its precision on the table's writers (g1-g6, p13g, p13i, the generated sets) is below the threshold (claims-49)
    reply = "Lesson 149433: a stunt kite in 14 knots, flown at 83 %."
    report = check_claims(reply, [_prediction("False", "False")], vocabulary=KITES)
    assert report.passed and any("truth value" in c and "truth_value_claims" in c for c in report.unchecked)


@pytest.mark.parametrize(
    "reply",
    [
        "Lesson 149433 has no stunt kite and flies at 83 %.",  # denied
        "Lesson 149433, without a spare line, is flown at 83 %.",  # denied
        "With a stunt kite lesson 149433 would still be flown.",  # supposed
        "The stunt kite flag barely moves lesson 149433: flown at 83 %.",  # the column itself
    ],
)
def test_a_frame_that_states_no_value_is_not_read(reply: str) -> None:
    report = check_claims(reply, [_prediction("False", "False")], vocabulary=KITES)
    assert not any(c.startswith("truth value") for c in report.claims)


def test_the_users_own_words_are_not_the_replys_claim() -> None:
    reply = "Lesson 149433: a stunt kite in 14 knots, flown at 83 %."
    report = check_claims(
        reply, [_prediction("False", "False")], vocabulary=KITES, context="Will my stunt kite lesson fly?"
    )
    assert not any(c.startswith("truth value") for c in report.claims)


# claims-49 (grec42): a class said by a word only its meaning on the output card uses (`_card_nouns`)
MEANINGS = {
    "flown": "the lesson went out on the dunes and the kites were launched",
    "grounded": "the lesson was held in the clubhouse instead",
}
CARDED = KITES.model_copy(
    update={
        "meanings": MEANINGS,
        "cards": "flown: " + MEANINGS["flown"] + "\ngrounded: " + MEANINGS["grounded"] + "\nLessons of a kite school.",
    }
)


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Lesson 149433 will most likely end up in the clubhouse: about 17 %.", True),
        ("Lesson 149433 will most likely end up in the clubhouse: about 83 %.", False),
        ("Lesson 149433 heads for the dunes, about 83 %.", True),
        ("Lesson 149433 heads for the dunes, about 17 %.", False),
        # across a clause break the share may be of what the next clause says in other words: not bound to it
        ("Lesson 149433 is almost sure to head for the dunes; only 17 % that the wind drops.", True),
    ],
)
def test_a_class_said_by_its_card_word_binds_its_share(reply: str, ok: bool) -> None:
    assert passes(reply, [_prediction("True", "True")], CARDED) is ok


def test_a_word_the_cards_use_elsewhere_or_two_meanings_share_names_no_class() -> None:
    from simxai.guard._card_nouns import card_noun_forms

    meanings = {"flown": "launched from the dunes", "grounded": "kept off the dunes, in the clubhouse"}
    forms = card_noun_forms(
        ["flown", "grounded"], meanings, "the clubhouse has a café\n" + "\n".join(meanings.values())
    )
    assert "dunes" not in forms  # both meanings hold it
    assert "clubhouse" not in forms  # the data card speaks of it too
    assert forms.get("launched") == "flown"
