"""The guard's claims-51 readings (helper guard44): a class said in the writer's own words, bound by meaning, and a
change's outcome said in words, on an invented host of this file's own: an apiary's hives over winter (classes
`settled` / `swarmed` / `starved`, each glossed on the host's output card; features "stores_kg", "frames of brood";
instance noun "hive", ids 151301-151500). Each reading is tested both ways: the faithful reply passes, the same reply
with one fact changed is flagged; a phrase not clearly nearer one class is listed as unchecked, not flagged.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from simxai.guard._class_meaning import MARGIN, bind_phrase, label_phrases
from simxai.guard._meaning_checks import outcome_in_words
from tests.guard.helpers import passes, row_subject

HIVES = Vocabulary(
    labels=["settled", "swarmed", "starved"],
    features=["stores_kg", "frames of brood"],
    aliases={"stores_kg": ["stores"]},
    instance_noun="hive",
    meanings={
        "settled": "the colony stays in its hive through winter",
        "swarmed": "the colony leaves the hive to nest elsewhere",
        "starved": "the colony runs out of stores and dies",
    },
)
VALUES = {"stores_kg": 14.0, "frames of brood": 5.0}


def _prediction(label: str) -> dict[str, Any]:
    shares = {"settled": 0.2, "swarmed": 0.2, "starved": 0.2} | {label: 0.6}
    return {
        "kind": "prediction",
        "subject": row_subject("hive", 151310, VALUES),
        "label": label,
        "probabilities": shares,
        "label_counts": None,
        "true_label": None,
    }


def _what_if(new_label: str) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": row_subject("hive", 151310, VALUES),
        "changes": [{"feature": "stores_kg", "old": 14.0, "new": 9.0}],
        "old_label": "settled",
        "new_label": new_label,
        "old_probabilities": {"settled": 0.6, "swarmed": 0.2, "starved": 0.2},
        "new_probabilities": {"settled": 0.45, "swarmed": 0.2, "starved": 0.35}
        if new_label == "settled"
        else {"settled": 0.3, "swarmed": 0.2, "starved": 0.5},
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


def test_the_version_names_this_round() -> None:
    assert GUARD_VERSION == "claims-51"


@pytest.mark.parametrize(
    ("reply", "label", "faithful"),
    [
        ("Hive 151310 is predicted to make it through winter.", "settled", True),
        ("Hive 151310 is predicted to make it through winter.", "starved", False),
        ("The model expects hive 151310 to nest elsewhere by spring.", "swarmed", True),
        ("The model expects hive 151310 to nest elsewhere by spring.", "settled", False),
    ],
)
def test_a_class_said_in_the_writers_words_is_the_class_it_means(reply: str, label: str, faithful: bool) -> None:
    assert passes(reply, [_prediction(label)], HIVES) is faithful


@pytest.mark.parametrize(("label", "faithful"), [("starved", True), ("swarmed", False)])
def test_a_class_said_by_a_word_of_its_gloss_in_a_label_position_is_that_class(label: str, faithful: bool) -> None:
    # "die" is a verb of the starved class's gloss: a form the guard knew, now read after a prediction verb too
    report = check_claims("Hive 151310 is predicted to die before March.", [_prediction(label)], vocabulary=HIVES)
    assert report.passed is faithful
    assert any("as 'die'" in claim for claim in report.claims)


def test_a_phrase_not_clearly_nearer_one_class_is_unchecked() -> None:
    binding = bind_phrase("abscond", HIVES.labels, HIVES.meanings)
    assert binding is not None and binding.margin < MARGIN
    for label in HIVES.labels:
        report = check_claims("Hive 151310 is predicted to abscond.", [_prediction(label)], vocabulary=HIVES)
        assert report.passed
        assert any(item.startswith("label 'abscond'") for item in report.unchecked)


def test_a_class_named_in_its_own_words_is_read_as_before() -> None:
    assert label_phrases("Hive 151310 is predicted settled.", ["settled", "swarmed", "starved"]) == []
    assert passes("Hive 151310 is predicted settled.", [_prediction("settled")], HIVES)
    assert not passes("Hive 151310 is predicted settled.", [_prediction("swarmed")], HIVES)


def test_words_of_no_class_in_a_label_position_are_no_phrase() -> None:
    assert label_phrases("The model says it is the same as before.", HIVES.labels) == []
    assert label_phrases("It is predicted with a share of 0.6.", HIVES.labels) == []


@pytest.mark.parametrize(
    ("reply", "new_label", "faithful"),
    [
        ("Cutting the stores to 9 kg doesn't budge the call.", "settled", True),
        ("Cutting the stores to 9 kg doesn't budge the call.", "starved", False),
        ("With 9 kg of stores the verdict stands.", "settled", True),
        ("With 9 kg of stores the verdict stands.", "starved", False),
        ("Cutting the stores to 9 kg would tip it over.", "starved", True),
        ("Cutting the stores to 9 kg would tip it over.", "settled", False),
        ("With 9 kg of stores the model gives a different call.", "starved", True),
        ("With 9 kg of stores the model gives a different call.", "settled", False),
        ("Cutting the stores to 9 kg is too small a cut to tip it over.", "settled", True),
        ("Cutting the stores to 9 kg is too small a cut to tip it over.", "starved", False),
    ],
)
def test_a_changes_outcome_said_in_words_is_checked(reply: str, new_label: str, faithful: bool) -> None:
    assert passes(reply, [_what_if(new_label)], HIVES) is faithful


@pytest.mark.parametrize(
    ("clause", "changed"),
    [
        ("the call doesn't budge", False),
        ("it would no longer be flagged", True),
        ("it would not be enough to tip it over", False),
        ("the same verdict, and a different call", None),
        ("stores fall by 5 kg", None),
    ],
)
def test_outcome_in_words_reads_changed_unchanged_or_neither(clause: str, changed: bool | None) -> None:
    assert outcome_in_words(clause) is changed


def test_the_embedding_is_loaded_only_for_a_reply_that_needs_it() -> None:
    code = (
        "import sys\n"
        "from simxai.guard import Vocabulary, check_claims\n"
        "v = Vocabulary(labels=['settled', 'swarmed'], features=['stores_kg'], instance_noun='hive')\n"
        "out = {'kind': 'prediction', 'label': 'settled', 'probabilities': {'settled': 0.6, 'swarmed': 0.4}}\n"
        "check_claims('Hive 3 is predicted settled at 60 %.', [out], vocabulary=v)\n"
        "print('wordllama' in sys.modules)\n"
        "check_claims('Hive 3 is predicted to make it through winter.', [out], vocabulary=v)\n"
        "print('wordllama' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
