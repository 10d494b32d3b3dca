"""The guard's claims-39 recall work (helper guard40), on an invented host of this file's own: a bakery's test
loaves (classes `risen` / `flat`, features proof_minutes, hydration_pct and flour_type, instance noun "loaf"), and
the same bakery with a third class (`burnt`) for lists of the classes.

- one class's group said in the plural with a pair of means ("flats proof longer, 48.2 min vs 39.5");
- a list of the classes joined by commas or middle dots alone, with an item of an article or a known word;
- ids marked "#" in a reply about two subjects ("#5101 flat 0.66 | #5102 risen 0.81");
- a class filed by the model under a word that is none ("files loaf 5101 as borderline");
- the gap in points between two subjects' sureness ("the surer call by about thirty points");
- numbers said aloud: a decimal from its point, hundreds before a teen, a count "of" a number;
- a capitalised key after another field ("Title: rye test bake Class: mixed.").
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._spelled import spelled_numbers

BAKERY = Vocabulary(
    labels=["risen", "flat"],
    features=["proof_minutes", "hydration_pct", "flour_type"],
    aliases={"proof_minutes": ["proof time", "proofing"], "hydration_pct": ["hydration"], "flour_type": ["flour"]},
    instance_noun="loaf",
    descriptions={
        "proof_minutes": "minutes of the final proof",
        "hydration_pct": "water as a share of the flour's weight",
        "flour_type": "the flour, as its code",
    },
)
THREE = Vocabulary(
    labels=["risen", "flat", "burnt"],
    features=["proof_minutes", "hydration_pct", "flour_type"],
    instance_noun="loaf",
)


def _loaf(ident: int) -> dict[str, Any]:
    return {
        "kind": "row",
        "description": f"loaf {ident}",
        "id": ident,
        "values": {"proof_minutes": 45.0, "hydration_pct": 72.0, "flour_type": "rye"},
        "text": None,
        "condition": None,
        "size": 1,
        "ids": None,
        "nouns": None,
    }


def _prediction(ident: int, label: str, share: float) -> dict[str, Any]:
    other = "flat" if label == "risen" else "risen"
    return {
        "kind": "prediction",
        "subject": _loaf(ident),
        "label": label,
        "probabilities": {label: share, other: round(1 - share, 4)},
        "label_counts": None,
        "true_label": label,
    }


TWO_LOAVES = [_prediction(5101, "risen", 0.81), _prediction(5102, "flat", 0.66)]
DATA = {
    "kind": "data_information",
    "name": "test bakes",
    "description": "300 synthetic test loaves",
    "n_rows": 300,
    "target": "outcome",
    "class_balance": {"risen": 170, "flat": 130},
    "features": [
        {
            "name": "proof_minutes",
            "type": "numeric",
            "description": "minutes of the final proof",
            "min": 20.0,
            "max": 90.0,
            "mean": 44.4,
            "std": 9.1,
            "median": None,
            "q1": None,
            "q3": None,
            "categories": None,
            "mean_by_label": {"risen": 48.2, "flat": 39.5},
            "histogram_by_label": None,
            "counts_by_label": None,
        }
    ],
    "feature": None,
    "group": None,
    "n_total": None,
    "nouns": None,
    "group_fields": None,
}
CLASSES = {
    "kind": "output_information",
    "labels": [
        {"name": "risen", "meaning": "rose fully and was sold"},
        {"name": "flat", "meaning": "did not rise and went back to the baker"},
        {"name": "burnt", "meaning": "burnt in the oven"},
    ],
    "probability_meaning": "The model's probability of each outcome; the three sum to 1.",
}


def _flags(reply: str, outputs: list[dict[str, Any]], vocabulary: Vocabulary = BAKERY) -> bool:
    return not check_claims(reply, outputs, vocabulary=vocabulary).passed


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Flats proof longer, 48.2 minutes against 39.5.", True),
        ("Flats proof for less time, 39.5 minutes against 48.2.", False),
        ("Flats proof slightly longer, 48.2 min vs 39.5 for risen loaves.", True),
        ("Flats proof for less time, 39.5 min vs 48.2 for risen loaves.", False),
    ],
)
def test_a_class_in_the_plural_is_its_group(reply: str, flagged: bool) -> None:
    assert _flags(reply, [DATA]) is flagged


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Outcomes — risen · flat · burnt · sent to the bin.", True),
        ("Three buckets — risen, flat, underproofed; the % is the model's.", True),
        ("The model's outcome is risen, returned to the baker, or flat.", True),
        ("Outcomes — risen · flat · burnt.", False),
        ("Three buckets — risen, flat, burnt; the % is the model's.", False),
    ],
)
def test_lists_of_the_classes_joined_by_commas_or_dots(reply: str, flagged: bool) -> None:
    assert _flags(reply, [CLASSES], THREE) is flagged


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Sticky note: #5101 flat 0.66 | #5102 risen 0.81. Both match the bench.", True),
        ("Sticky note: #5101 risen 0.81 | #5102 flat 0.66. Both match the bench.", False),
        ("Oven sheet: #5101 flat .660 / #5102 risen .810 — both right.", True),
        ("Oven sheet: #5101 risen .810 / #5102 flat .660 — both right.", False),
    ],
)
def test_ids_marked_with_a_hash_name_their_subjects(reply: str, flagged: bool) -> None:
    assert _flags(reply, TWO_LOAVES) is flagged


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("The model files loaf 5101 as borderline, 81 %.", True),
        ("The model files loaf 5101 as risen, 81 %.", False),
    ],
)
def test_a_class_the_model_files_under(reply: str, flagged: bool) -> None:
    assert _flags(reply, [_prediction(5101, "risen", 0.81)]) is flagged


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Both loaves checked; 5101 is the surer call by about fifteen points.", False),
        ("Both loaves checked; 5101 is the surer call by about thirty points.", True),
        ("5101's call is about 6 points firmer than 5102's.", True),
        ("5101's call is about 15 points firmer than 5102's.", False),
    ],
)
def test_the_gap_between_two_subjects_sureness(reply: str, flagged: bool) -> None:
    assert _flags(reply, TWO_LOAVES) is flagged


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("held-out accuracy point seven three", "held-out accuracy 0.73"),
        ("a proof of one twelve instead of one forty-one", "a proof of 112 instead of 141"),
        ("wrong on twelve of eighty-nine", "wrong on 12 of 89"),
        ("hydration pulls back, minus point oh two", "hydration pulls back, minus 0.02"),
        ("six-ten", "610"),
        ("to the point one might make", "to the point one might make"),
        ("one of the loaves", "one of the loaves"),
    ],
)
def test_numbers_said_aloud(said: str, read: str) -> None:
    assert spelled_numbers(said) == read


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Oven card. Title: rye test bake Class: mixed. Confidence: .81.", True),
        ("Oven card. Title: rye test bake Class: risen. Confidence: .81.", False),
    ],
)
def test_a_key_after_another_field(reply: str, flagged: bool) -> None:
    assert _flags(reply, [_prediction(5101, "risen", 0.81)]) is flagged
