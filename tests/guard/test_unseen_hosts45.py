"""The guard's claims-45 readings for hosts it has never seen (helper gfb38), on an invented host of this file's own:
a heritage steam railway's services (classes `ran` / `delayed` / `cancelled`, a two-class twin `ran` / `cancelled`;
features with spaces, brackets, units and camel case: "Coal Load [kg]", "Firebox Temp (°C)", "Crew Rest (h)",
HeadwindKt, volunteers; instance noun "service", ids 138751-138900). Each reading is tested both ways: the faithful
reply passes, the same reply with one fact changed is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary
from simxai.guard._label_nouns import label_nouns
from simxai.guard._size_pairs import size_pairs
from simxai.guard._unnamed_outcomes import unnamed_outcome
from tests.guard.helpers import local_explanation, passes, row_subject

FEATURES = ["Coal Load [kg]", "Firebox Temp (°C)", "Crew Rest (h)", "HeadwindKt", "volunteers"]
STEAM = Vocabulary(
    labels=["ran", "delayed", "cancelled"],
    features=FEATURES,
    aliases={
        "Coal Load [kg]": ["coal load"],
        "Firebox Temp (°C)": ["firebox temperature"],
        "Crew Rest (h)": ["rest"],
        "HeadwindKt": ["headwind"],
    },
    instance_noun="service",
)
TWO = STEAM.model_copy(update={"labels": ["ran", "cancelled"]})

VALUES = {
    "Coal Load [kg]": 620.0,
    "Firebox Temp (°C)": 940.0,
    "Crew Rest (h)": 9.0,
    "HeadwindKt": 14.0,
    "volunteers": 6,
}
SERVICE = row_subject("service", 138760, VALUES)
PREDICTION = {
    "kind": "prediction",
    "subject": SERVICE,
    "label": "delayed",
    "probabilities": {"ran": 0.31, "delayed": 0.5, "cancelled": 0.19},
    "label_counts": None,
    "true_label": "delayed",
}
CLOSE = {
    "kind": "prediction",
    "subject": row_subject("service", 138811, VALUES),
    "label": "cancelled",
    "probabilities": {"ran": 0.48, "cancelled": 0.52},
    "label_counts": None,
    "true_label": "ran",
}
LOCAL = local_explanation(
    SERVICE,
    "delayed",
    VALUES,
    {"Firebox Temp (°C)": 0.3, "Crew Rest (h)": -0.15, "HeadwindKt": 0.08, "volunteers": 0.01, "Coal Load [kg]": 0.02},
    0.24,
    0.5,
)


def _what_if(feature: str, old: float, new: float, new_label: str, shares: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": SERVICE,
        "changes": [{"feature": feature, "old": old, "new": new}],
        "old_label": "delayed",
        "new_label": new_label,
        "old_probabilities": PREDICTION["probabilities"],
        "new_probabilities": shares,
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


RESTED = _what_if("Crew Rest (h)", 9.0, 11.0, "delayed", {"ran": 0.4, "delayed": 0.52, "cancelled": 0.08})
WINDY = _what_if("HeadwindKt", 14.0, 30.0, "cancelled", {"ran": 0.1, "delayed": 0.3, "cancelled": 0.6})


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Service 138760: coal load 620 kg, firing at 940 °C after 9 h of rest, so it is delayed (50 %).", True),
        ("Service 138760: coal load 620 kg, firing at 980 °C after 9 h of rest, so it is delayed (50 %).", False),
        ("Service 138760: a 14-knot headwind and a 940 °C firebox, so it is delayed (50 %).", True),
        ("Service 138760: a 24-knot headwind and a 940 °C firebox, so it is delayed (50 %).", False),
    ],
)
def test_a_unit_of_a_spaced_bracketed_or_camel_case_name_binds_its_number(reply: str, ok: bool) -> None:
    assert passes(reply, [PREDICTION], STEAM) is ok


def test_irregular_and_doubled_l_pasts_have_their_other_forms() -> None:
    forms = label_nouns(["ran", "cancelled", "flawed", "stalled"])
    assert {forms["runs"], forms["running"]} == {"ran"}
    assert {forms["cancellation"], forms["cancel"]} == {"cancelled"}
    assert forms["flaw"] == "flawed"
    assert "stal" not in forms and forms["stall"] == "stalled"  # a one-syllable verb keeps its ll


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("With a 30-knot headwind 138760 would be cancelled, 60 %; the chance it runs falls to 10 %.", True),
        ("With a 30-knot headwind 138760 would be cancelled, 60 %; the chance it runs falls to 30 %.", False),
        ("Delayed at 50 %; cancellation sits at 19 %.", True),
        ("Delayed at 50 %; cancellation sits at 31 %.", False),
    ],
)
def test_a_class_said_by_its_verb_or_noun_owns_its_share(reply: str, ok: bool) -> None:
    outputs = [WINDY] if "knot" in reply else [PREDICTION]
    assert passes(reply, outputs, STEAM) is ok


def test_two_features_compared_then_their_pair_get_one_number_each() -> None:
    text = "Firebox temperature counts twice as much as rest (0.30 vs 0.15)."
    names = {"firebox temperature": "firebox temp (°c)", "rest": "crew rest (h)"}
    assert size_pairs(text, names, set()) == "Firebox temperature (0.30) counts twice as much as rest (0.15)."
    assert size_pairs("Rest 9 h counts less than firebox temperature (0.30 vs 0.15).", names, set()).endswith(
        "(0.30 vs 0.15)."
    )  # the stretch states a number of its own: left as it is


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Firebox temperature counts about twice as much as rest here (0.30 vs 0.15).", True),
        ("Firebox temperature counts about twice as much as rest here (0.30 vs 0.25).", False),
        ("Firebox temperature counts about twice as much as rest here (0.15 vs 0.30).", False),
    ],
)
def test_a_size_compared_is_an_unsigned_contribution(reply: str, ok: bool) -> None:
    assert passes(reply, [LOCAL], STEAM) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Service 138811 is narrowly scrapped, 52 % to 48 %, though it did run in the end.", True),
        ("Service 138811 is narrowly scrapped, 52 % to 45 %, though it did run in the end.", False),
    ],
)
def test_the_second_of_a_pair_after_no_named_class_is_the_other_class(reply: str, ok: bool) -> None:
    assert passes(reply, [CLOSE], TWO) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Delayed is the call for 138760, with only about 31 % that it leaves to the minute.", True),
        ("Delayed is the call for 138760, with only about 42 % that it leaves to the minute.", False),
    ],
)
def test_a_share_of_an_outcome_in_other_words_is_some_class_share(reply: str, ok: bool) -> None:
    assert passes(reply, [PREDICTION], STEAM) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("The firebox temperature leads (+0.30); rest pulls back, worth about -0.15, the biggest single factor.", True),
        ("Firebox temperature (+0.30) and headwind (+0.08) sit in first and third place.", True),
        ("Firebox temperature (+0.30), tender water (-0.15) and rest (-0.15).", False),
    ],
)
def test_places_worth_and_degree_words_are_no_invented_names(reply: str, ok: bool) -> None:
    assert passes(reply, [LOCAL], STEAM) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Two more hours of rest cuts the cancellation risk by 11 points; it stays delayed (52 %).", True),
        ("Two fewer hours of rest cuts the cancellation risk by 11 points; it stays delayed (52 %).", False),
        ("A 30-knot headwind: likelier to be cancelled than delayed.", True),
        ("A 30-knot headwind: likelier to be delayed than cancelled.", False),
    ],
)
def test_a_class_moved_or_compared_is_no_change_or_outcome_of_its_own(reply: str, ok: bool) -> None:
    assert passes(reply, [RESTED if "rest" in reply else WINDY], STEAM) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Give the service 2 more hours of rest (9 → 11) and it stays delayed (52 %).", True),
        ("Give the service 2 more hours of rest (9 → 13) and it stays delayed (52 %).", False),
    ],
)
def test_a_number_then_more_after_the_instance_noun_is_an_amount_not_an_id(reply: str, ok: bool) -> None:
    assert passes(reply, [RESTED], STEAM) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("The model calls 138811 cancelled (52 %), and it got this one wrong; the service ran.", True),
        ("The model calls 138811 cancelled (52 %), and it got this one wrong; the service was cancelled.", False),
    ],
)
def test_a_class_after_the_call_is_said_wrong_is_the_record(reply: str, ok: bool) -> None:
    assert passes(reply, [CLOSE], TWO) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Delayed, 50 %. Keeping to time is about 31 %, cancellation under a fifth.", True),
        ("Delayed, 50 %. Leaving to the minute is about 42 %, cancellation under a fifth.", False),
    ],
)
def test_a_gerund_outcome_opening_its_clause_has_some_class_share(reply: str, ok: bool) -> None:
    assert passes(reply, [PREDICTION], STEAM) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("The firebox's temperature counts twice as much as rest (0.30 vs 0.15).", True),
        ("The firebox's temperature counts twice as much as rest (0.15 vs 0.30).", False),
    ],
)
def test_an_alias_said_with_its_first_word_as_a_possessive_is_that_feature(reply: str, ok: bool) -> None:
    assert passes(reply, [LOCAL], STEAM) is ok


RUNS = {
    "kind": "prediction",
    "subject": row_subject("service", 138790, VALUES),
    "label": "ran",
    "probabilities": {"ran": 0.7, "delayed": 0.2, "cancelled": 0.1},
    "label_counts": None,
    "true_label": "ran",
}


@pytest.mark.parametrize(
    ("reply", "outputs", "ok"),
    [
        ("Service 138790 is expected to run as timetabled (0.70).", [RUNS], True),
        ("Service 138760 is expected to run as timetabled (0.31).", [PREDICTION], False),
    ],
)
def test_a_past_class_verb_before_as_and_a_participle_states_the_class(
    reply: str, outputs: list[dict[str, Any]], ok: bool
) -> None:
    assert passes(reply, outputs, STEAM) is ok


def test_a_threshold_it_would_need_is_no_share_of_an_outcome() -> None:
    names = ["ran", "delayed", "cancelled"]
    assert not unnamed_outcome("still short of the ", " it would need", names)
    assert unnamed_outcome("only about ", " that it keeps to time", names)
    assert not unnamed_outcome("only about ", " that it is delayed", names)
