"""The guard's claims-55 false-alarm fixes (helper gfa48), on an invented host of this file's own: a beekeepers'
club's hive inspections (classes `thriving` / `weak` / `queenless`; features FrameCount, "Main Forage" (a category),
mite_drop_per_day, hiveAgeYrs, is_requeened, "Check Gap Days" (alias "days between checks"); instance noun "hive",
ids 8801-8899).

Each reading is tested both ways where the form has a wrong version the guard can read: the faithful reply passes,
the same form with a wrong figure, class, way or order is flagged.

- a rank's word inside a feature's name ("Main Forage") ranks nothing (`_rank_checks`);
- a side named by a noun of hindrance or help: "Biggest hindrance: X" is first among the features pushing that way
  (`_cues.SIDE`);
- a class said by a party other than the model ("the inspector disagrees and calls it X") is that party's record
  (`_party_verbs`);
- a slot's words glossed by a class in brackets ("Prediction: in trouble (weak)", "Predicted: struggling (weak)")
  are that class (`_slots`, `_invented`);
- a negation with a perfect between it and the name ("not having been requeened") is the feature's value, not a
  negated push (`_influence`);
- "A, B and the like" closes a list: "the like" is no item (`_invented`);
- "what keeps it from X": a class some way off, not today's (`_predictions`);
- a change fronted as the sentence's condition ("Four frames more, the model says X") makes X the outcome
  (`_predictions`);
- "A, by a hair over B (x vs y)": the pair in the names' order (`_respective`, `_class_order`);
- a group total with an item in the writer's words ("A and no B add about N"), and the total of every push of one
  way ("about +0.40 for weak against about -0.28") (`_group_totals`);
- a card's word for a class that is a form of a feature's word ("chilled" beside "last chill") names no class
  (`_card_labels`);
- a word of grammar in a feature's alias ("days between checks") is no clipped name before a figure (`_clipped`);
- a share in words of a number said after it ("two thirds of the 0.72 rise") is a ratio (`_number_exits`);
- a bracket after the names a change noun is of ("drops in both A (about 6) and B (about 2)") holds the change's
  amounts (`_number_exits`);
- "A, B and C are all close (0.60-0.76)": a range several things lie in, not compared (`_number_cues`);
- a name's word with an ending of its own ("yearly checking" of "Check Gap Days") is known (`_invented`).
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._clipped_names import clipped_names
from tests.guard.helpers import local_explanation, passes, row_subject

FEATURES = ["FrameCount", "Main Forage", "mite_drop_per_day", "hiveAgeYrs", "is_requeened", "Check Gap Days"]
HIVES = Vocabulary(
    labels=["thriving", "weak", "queenless"],
    features=FEATURES,
    aliases={
        "FrameCount": ["frames", "frame count"],
        "Main Forage": ["forage"],
        "mite_drop_per_day": ["mite drop", "mites"],
        "hiveAgeYrs": ["hive age", "years"],
        "is_requeened": ["requeened"],
        "Check Gap Days": ["days between checks", "check gap"],
    },
    instance_noun="hive",
    meanings={
        "thriving": "the colony was found strong",
        "weak": "the brood was found chilled",
        "queenless": "no queen was found",
    },
)
FEATURES_WITH_CHILL = [*FEATURES, "days_since_chill"]
CHILLY = Vocabulary(
    labels=HIVES.labels,
    features=FEATURES_WITH_CHILL,
    aliases={**HIVES.aliases, "days_since_chill": ["last chill", "days since a chill"]},
    instance_noun="hive",
    meanings=HIVES.meanings,
)

VALUES = {
    "FrameCount": 6.0,
    "Main Forage": "clover",
    "mite_drop_per_day": 14.0,
    "hiveAgeYrs": 3.0,
    "is_requeened": "False",
    "Check Gap Days": 9.0,
}
SUBJECT = row_subject("hive", 8842, VALUES)
PUSHES = {
    "mite_drop_per_day": 0.31,
    "FrameCount": 0.22,
    "Main Forage": -0.17,
    "is_requeened": 0.09,
    "hiveAgeYrs": -0.08,
    "Check Gap Days": -0.03,
}
LOCAL = local_explanation(SUBJECT, "weak", VALUES, PUSHES, base=0.30, output=0.64)


def _prediction(probabilities: dict[str, float], recorded: str) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": SUBJECT,
        "label": max(probabilities, key=probabilities.__getitem__),
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": recorded,
    }


def _what_if(new_label: str) -> dict[str, Any]:
    other = "thriving" if new_label == "thriving" else "queenless"
    return {
        "kind": "what_if",
        "subject": SUBJECT,
        "changes": [{"feature": "FrameCount", "old": 6.0, "new": 10.0, "decimals": 0}],
        "old_label": "weak",
        "old_probabilities": {"thriving": 0.21, "weak": 0.64, "queenless": 0.15},
        "new_label": new_label,
        "new_probabilities": {new_label: 0.58, "weak": 0.30, other: 0.12},
        "old_label_counts": None,
        "new_label_counts": None,
    }


def _counterfactual(changes: list[tuple[str, float, float]], label: str = "thriving") -> dict[str, Any]:
    return {
        "kind": "counterfactual",
        "question": "why_not",
        "subject": SUBJECT,
        "current_label": "weak",
        "target_label": label,
        "counterfactuals": [
            {
                "changes": [{"feature": f, "old": old, "new": new} for f, old, new in changes],
                "label": label,
                "probability": 0.52,
                "text": None,
            }
        ],
        "method": "nearest rows the model gives the target label",
        "note": None,
    }


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("For weak: mites +0.31, frames +0.22, requeened +0.09. Against: Main Forage −0.17, hive age −0.08.", True),
        ("| feature | push |\n|---|---|\n| mite drop | +0.31 |\n| Main Forage | −0.17 |", True),
        ("Main Forage matters most here.", False),
        ("The mite drop matters most here.", True),
    ],
)
def test_a_rank_word_inside_a_name_ranks_nothing(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Biggest helps: mites and frames. Biggest hindrance: the forage.", True),
        ("Biggest helps: mites and frames. Biggest hindrance: the hive age.", False),
        ("Mites lead; the forage is the main counterweight.", True),
        ("Mites lead; the hive age is the main counterweight.", False),
        ("Its main drawback is the forage.", True),
        ("Its main drawback is the hive age.", False),
        ("The biggest headwind: forage.", True),
    ],
)
def test_a_side_named_by_a_noun_ranks_on_that_side(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply


WEAK = {"thriving": 0.21, "weak": 0.64, "queenless": 0.15}


@pytest.mark.parametrize(
    ("reply", "recorded", "faithful"),
    [
        ("The model calls hive 8842 weak (64 %); the inspector disagrees and calls it thriving.", "thriving", True),
        ("The model calls hive 8842 weak (64 %); the inspector disagrees and calls it queenless.", "thriving", False),
        ("Weak at 0.64. The logbook says thriving.", "thriving", True),
        ("Weak at 0.64. The logbook says queenless.", "thriving", False),
        ("Weak at 0.64. The model says thriving.", "thriving", False),
    ],
)
def test_a_class_said_by_another_party_is_its_record(reply: str, recorded: str, faithful: bool) -> None:
    assert passes(reply, [_prediction(WEAK, recorded)], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Prediction: in trouble (weak), 0.64.", True),
        ("Prediction: in trouble (thriving), 0.64.", False),
        ("Prediction: in trouble, 0.64.", False),
        ("Predicted: struggling (weak), 64 %.", True),
        ("Predicted: struggling (thriving), 64 %.", False),
        ("Predicted: struggling, 64 %.", False),
    ],
)
def test_slot_words_glossed_by_a_class_are_that_class(reply: str, faithful: bool) -> None:
    assert passes(reply, [_prediction(WEAK, "weak")], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The hive not having been requeened adds about 0.09 toward weak.", True),
        ("The hive not having been requeened pushes away from weak.", False),
        ("Not being requeened pushes toward weak.", True),
    ],
)
def test_a_negation_with_a_perfect_before_the_name_is_its_value(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The main drivers are mites, frames and the like.", True),
        ("The main drivers are mites, frames and so on.", True),
        ("The main drivers are mites, frames and pollen stores.", False),
    ],
)
def test_a_lists_closer_is_no_item(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("The heavy mite drop is what keeps it from thriving: cut it to 5 and it flips.", True),
        ("The heavy mite drop is what stops the hive from being thriving.", True),
        ("The model predicts thriving for this hive.", False),
    ],
)
def test_what_keeps_it_from_a_class_is_no_prediction(reply: str, faithful: bool) -> None:
    cf = _counterfactual([("mite_drop_per_day", 14.0, 5.0)])
    assert passes(reply, [cf], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "new_label", "faithful"),
    [
        ("Four frames more, the model says thriving.", "thriving", True),
        ("Four frames more, the model says queenless.", "thriving", False),
        ("With 4 more frames, it says thriving.", "thriving", True),
        ("The model says thriving for this hive today.", "thriving", False),
    ],
)
def test_a_fronted_change_makes_the_outcome(reply: str, new_label: str, faithful: bool) -> None:
    assert passes(reply, [_what_if(new_label)], HIVES) is faithful, reply


CLOSE = {"thriving": 0.398, "weak": 0.410, "queenless": 0.192}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Weak — by a hair over thriving (41.0% vs 39.8%), queenless at 19.2%.", True),
        ("Weak — by a hair over thriving (39.8% vs 41.0%).", False),
        ("Thriving — by a hair over weak (41.0% vs 39.8%).", False),
        ("Weak, narrowly ahead of thriving: 41 % to 40 %.", True),
    ],
)
def test_a_pair_after_one_class_set_over_another(reply: str, faithful: bool) -> None:
    assert passes(reply, [_prediction(CLOSE, "weak")], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Mites and no requeening add about +0.40 toward weak.", True),
        ("Mites and no requeening add about +0.55 toward weak.", False),
        ("The pushes: about +0.62 for weak against about −0.28.", True),
        ("The pushes: about +0.62 for weak against about −0.35.", False),
    ],
)
def test_totals_of_a_loose_group_and_of_one_side(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply


def test_a_card_form_that_is_a_features_verb_names_no_class() -> None:
    values = {**VALUES, "days_since_chill": 12.0}
    prediction = {**_prediction(WEAK, "weak"), "subject": row_subject("hive", 8842, values)}
    assert passes("Weak at 0.64; the brood was chilled 12 days ago.", [prediction], CHILLY)
    report = check_claims("Weak at 0.64; the brood was chilled 12 days ago.", [prediction], vocabulary=CHILLY)
    assert not any("(weak)" in c and "12" in c for c in report.claims), report.claims


def test_a_word_of_grammar_is_no_clipped_name() -> None:
    aliases = {name: list(HIVES.aliases.get(name, [])) for name in FEATURES}
    said = clipped_names("Gaps lie between 8 and 10.", FEATURES, aliases, HIVES.labels, "hive", [8842], [])
    assert said == "Gaps lie between 8 and 10."
    clipped = clipped_names("Checks 9, frames 6.", FEATURES, aliases, HIVES.labels, "hive", [8842], [])
    assert clipped != "Checks 9, frames 6."  # a clipped word of a name is still written out


def test_a_share_of_a_number_said_is_a_ratio() -> None:
    faithful = "Mites alone give about two fifths of the 0.78 rise."  # 0.31 of 0.78
    assert passes(faithful, [LOCAL], HIVES)
    report = check_claims("Mites alone give about two fifths of the 0.78 rise.", [LOCAL], vocabulary=HIVES)
    assert any("a share of 0.78" in c for c in report.claims), report.claims
    drifted = check_claims("Mites alone give about a quarter of the 0.78 rise.", [LOCAL], vocabulary=HIVES)
    assert not any("a share of 0.78" in c for c in drifted.claims)  # not read as holding: listed as unchecked
    assert any("not compared" in c for c in drifted.unchecked), drifted.unchecked


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("It takes drops in both mite drop (about 9 a day) and hive age (about 2 years).", True),
        ("It takes drops in both mite drop (about 9 a day) and hive age (about 3.5 years).", False),
    ],
)
def test_change_amounts_in_brackets_after_a_change_noun(reply: str, faithful: bool) -> None:
    cf = _counterfactual([("mite_drop_per_day", 14.0, 5.0), ("hiveAgeYrs", 3.0, 1.0)])
    assert passes(reply, [cf], HIVES) is faithful, reply


GLOBAL = {
    "kind": "global_explanation",
    "label": "weak",
    "method": "SHAP TreeExplainer",
    "n_samples": 120,
    "importances": [
        {"feature": "mite_drop_per_day", "importance": 0.76, "mean_contribution": 0.02},
        {"feature": "FrameCount", "importance": 0.66, "mean_contribution": -0.01},
        {"feature": "is_requeened", "importance": 0.60, "mean_contribution": 0.0},
        {"feature": "Main Forage", "importance": 0.21, "mean_contribution": 0.0},
        {"feature": "hiveAgeYrs", "importance": 0.12, "mean_contribution": 0.0},
        {"feature": "Check Gap Days", "importance": 0.05, "mean_contribution": 0.0},
    ],
}


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("Mites, frames and requeening are all close (0.60–0.76); the rest trail.", True),
        ("Frames are at 0.60–0.76.", False),
    ],
)
def test_a_range_several_things_lie_in(reply: str, faithful: bool) -> None:
    assert passes(reply, [GLOBAL], HIVES) is faithful, reply


@pytest.mark.parametrize(
    ("reply", "faithful"),
    [
        ("For weak: mites (+0.31), frames (+0.22) and yearly checking (−0.03).", True),
        ("For weak: mites (+0.31), frames (+0.22) and monthly mowing (−0.03).", False),
    ],
)
def test_a_name_word_with_an_ending_of_its_own_is_known(reply: str, faithful: bool) -> None:
    assert passes(reply, [LOCAL], HIVES) is faithful, reply
