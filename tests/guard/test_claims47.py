"""The guard's claims-47 readings (helper gfa40), on two invented hosts of this file's own: a rowing club's
membership applications (classes `accepted` / `refused`; features "Swim Test (m)", years_rowing, "Home Club" with
three clubs, boat_share; instance noun "applicant", ids 147101-147400) and a hedge nursery's saplings (classes
`thriving` / `wilting`). Each reading is tested both ways: the faithful reply passes, the same reply with one fact
changed is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary
from tests.guard.helpers import local_explanation, passes, row_subject

CLUBS = ["river club", "lake club", "harbour club"]
ROWING = Vocabulary(
    labels=["accepted", "refused"],
    features=["Swim Test (m)", "years_rowing", "Home Club", "boat_share"],
    aliases={"Swim Test (m)": ["swim test"], "years_rowing": ["years rowing"], "boat_share": ["boat share"]},
    instance_noun="applicant",
    categories={"Home Club": CLUBS},
)
VALUES = {"Swim Test (m)": 400.0, "years_rowing": 3.0, "Home Club": "lake club", "boat_share": 0.25}


def _prediction(ident: int, label: str, shares: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": row_subject("applicant", ident, VALUES),
        "label": label,
        "probabilities": shares,
        "label_counts": None,
        "true_label": label,
    }


ACCEPTED = _prediction(147120, "accepted", {"accepted": 0.83, "refused": 0.17})
REFUSED = _prediction(147130, "refused", {"accepted": 0.35, "refused": 0.65})
FIRM = _prediction(147140, "accepted", {"accepted": 0.91, "refused": 0.09})
LOOSE = _prediction(147150, "accepted", {"accepted": 0.58, "refused": 0.42})


def _counterfactual(feature: str, old: Any, new: Any) -> dict[str, Any]:
    return {
        "kind": "counterfactual",
        "question": "why_not",
        "subject": row_subject("applicant", 147130, VALUES),
        "current_label": "refused",
        "target_label": "accepted",
        "counterfactuals": [
            {"changes": [{"feature": feature, "old": old, "new": new}], "label": "accepted", "probability": 0.56}
        ],
        "method": "nearest rows the model gives the target label",
        "note": None,
    }


def _what_if(feature: str, old: Any, new: Any) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": row_subject("applicant", 147130, VALUES),
        "changes": [{"feature": feature, "old": old, "new": new}],
        "old_label": "refused",
        "new_label": "accepted",
        "old_probabilities": {"accepted": 0.35, "refused": 0.65},
        "new_probabilities": {"accepted": 0.61, "refused": 0.39},
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Applicant 147130 is likely declined, about 65 %.", True),
        ("Applicant 147130 is likely granted, about 65 %.", False),
        ("Club note, applicant 147130: decline (0.65); grant 0.35.", True),
        ("Club note, applicant 147130: grant (0.65); decline 0.35.", False),
        ("A no for 147130, roughly two chances in three.", True),
        ("A yes for 147130, roughly two chances in three.", False),
        ("Applicant 147130: a refusal is about 65 %, an acceptance 35 %.", True),
        ("Applicant 147130: a refusal is about 35 %.", False),
        # no verdict: a move, an object after the verb
        ("The chance of being accepted declined to 35 % for applicant 147130.", True),
        ("Applicant 147130: refused at 65 %; the club declined to say more.", True),
    ],
)
def test_a_verdict_said_in_another_verb_of_the_decision_is_that_class(reply: str, ok: bool) -> None:
    assert passes(reply, [REFUSED], ROWING) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Two hundred metres off the swim test and applicant 147130 is granted, just (56 %).", True),
        ("Two hundred metres off the swim test and applicant 147130 is turned down, just (56 %).", False),
    ],
)
def test_a_verdict_after_an_amount_taken_off_is_the_changes_outcome(reply: str, ok: bool) -> None:
    assert passes(reply, [_counterfactual("Swim Test (m)", 400.0, 200.0)], ROWING) is ok


def test_verdict_words_are_read_only_on_a_host_whose_classes_are_a_decision() -> None:
    other = Vocabulary(labels=["calm", "stormy"], features=["wind"], instance_noun="day")
    day = {**REFUSED, "label": "stormy", "probabilities": {"calm": 0.35, "stormy": 0.65}, "true_label": "stormy"}
    assert passes("A no for 147130, roughly two chances in three.", [day], other)


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Both are accepted, 147140 more firmly (91 %) than 147150 (58 %).", True),
        ("Both are accepted, 147140 more firmly (58 %) than 147150 (91 %).", False),
        # "147140 less clearly (91 %) than 147150 (58 %)" was listed here as faithful: its own numbers deny its
        # "less", which claims-49 reads (`_own_order`); the ids still name each number's subject
        ("Both are accepted, applicant 147150 less clearly (58 %) than applicant 147140 (91 %).", True),
        ("Both accepted: the lake-club 147140 at 91 %, the steady 147150 at 58 %.", True),
        ("Both accepted: the lake-club 147140 at 58 %, the steady 147150 at 91 %.", False),
    ],
)
def test_an_id_before_a_comparison_or_after_its_attributes_names_its_subject(reply: str, ok: bool) -> None:
    assert passes(reply, [FIRM, LOOSE], ROWING) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Applicant 147130 would be accepted with a swim test of 600 m instead of 400.", True),
        ("Applicant 147130 would be accepted with a swim test of 400 m instead of 600.", False),
        ("If the swim test were 600 rather than 400, applicant 147130 would be accepted.", True),
        ("If the swim test were 400 rather than 600, applicant 147130 would be accepted.", False),
        # today's value set against the one needed: no supposed change
        ("Applicant 147130 swam 400 instead of the 600 needed, so it is refused.", True),
    ],
)
def test_a_number_instead_of_another_in_a_supposed_change_is_its_new_end(reply: str, ok: bool) -> None:
    assert passes(reply, [_counterfactual("Swim Test (m)", 400.0, 600.0)], ROWING) is ok


@pytest.mark.parametrize(
    ("reply", "outputs", "ok"),
    [
        ("Had 147130 rowed for the river club instead of the lake club, it would be accepted.", "what_if", True),
        ("Had 147130 rowed for the lake club instead of the river club, it would be accepted.", "what_if", False),
        ("Had 147130 rowed for the harbour club instead of the lake club, it would be accepted.", "what_if", False),
        ("Moving applicant 147130 from the lake club to the river club makes it accepted.", "what_if", True),
        ("Moving applicant 147130 from the river club to the lake club makes it accepted.", "what_if", False),
        ("To get 147130 accepted, join the river club instead of the lake club.", "why_not", True),
        ("To get 147130 accepted, join the harbour club instead of the lake club.", "why_not", False),
        # no supposed change: a preference, not the change's ends
        ("Applicant 147130 likes the harbour club rather than the river club.", "why_not", True),
    ],
)
def test_a_categorical_change_said_by_its_two_ends(reply: str, outputs: str, ok: bool) -> None:
    make = _what_if if outputs == "what_if" else _counterfactual
    assert passes(reply, [make("Home Club", "lake club", "river club")], ROWING) is ok


def test_a_categorical_pair_the_user_said_is_theirs() -> None:
    from simxai.guard import check_claims

    reply = "Had 147130 rowed for the lake club instead of the river club, it would be accepted."
    output = _what_if("Home Club", "lake club", "river club")
    assert not check_claims(reply, [output], vocabulary=ROWING).passed
    heard = "what if it were the lake club rather than the river club?"
    assert check_claims(reply, [output], vocabulary=ROWING, context=heard).passed


EXPLAINED = local_explanation(
    row_subject("applicant", 147120, VALUES),
    "accepted",
    VALUES,
    {"Swim Test (m)": 0.21, "years_rowing": 0.12, "Home Club": 0.05, "boat_share": -0.02},
    0.45,
    0.83,
)


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("The model leans on swim test, years rowing, home club and boat share.", True),
        ("The model leans on swim test, years rowing, home club and boat colour.", False),
        ("The model leans on swim test, years rowing, home club and the coach's rating.", False),
    ],
)
def test_a_listed_name_whose_head_word_is_unknown_is_invented(reply: str, ok: bool) -> None:
    assert passes(reply, [EXPLAINED], ROWING) is ok


NURSERY = Vocabulary(labels=["thriving", "wilting"], features=["root_depth", "shade_hours"], instance_noun="sapling")
SAPLING = {
    "kind": "prediction",
    "subject": row_subject("sapling", 147310, {"root_depth": 31.0, "shade_hours": 2.0}),
    "label": "thriving",
    "probabilities": {"thriving": 0.77, "wilting": 0.23},
    "label_counts": None,
    "true_label": "thriving",
}


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Sapling 147310 is expected to thrive, about 77 %.", True),
        ("Sapling 147310 is expected to wilt, about 77 %.", False),
        ("The model says sapling 147310 will thrive, at 77 %.", True),
        ("The model says sapling 147310 will wilt, at 77 %.", False),
    ],
)
def test_a_class_that_is_a_gerund_said_as_its_verb(reply: str, ok: bool) -> None:
    assert passes(reply, [SAPLING], NURSERY) is ok
