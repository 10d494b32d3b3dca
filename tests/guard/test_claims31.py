"""The guard's claims-31 work (helper guard32), on invented hosts of this file's own: a mill's grain batches
(classes `sound` / `spoiled`, features moisture_pct, storage_days and bin_temp_c), tea-room comments (a text model,
classes `pleased` / `annoyed`) and a ferry's crossings (features with spaces in their names).

- a label said after a change the reply states (a rewritten input it quotes, a change as the verb's subject, a flip
  an earlier clause states, a move joined by "and", a change's new value in a sentence before a word of outcome) is
  the change's outcome: checked against the counterfactual's or what-if's label, not today's prediction; a label of
  today's state is still checked against the prediction (`simxai.guard._outcome_said`).
- a group card ties its row count to each field its condition tests, as parsed (`group_fields`, or
  `simxai.instances.condition_fields`), not to the condition's first word: "Wave Height > 5" keeps its spaces.
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._outputs import read_outputs
from simxai.instances import condition_fields
from tests.guard.helpers import row_subject

GRAIN = Vocabulary(
    labels=["sound", "spoiled"],
    features=["moisture_pct", "storage_days", "bin_temp_c"],
    aliases={"moisture_pct": ["moisture"], "storage_days": ["storage"], "bin_temp_c": ["bin temperature"]},
    instance_noun="batch",
)
_BATCH = row_subject("batch", 412, {"moisture_pct": 16.5, "storage_days": 40.0, "bin_temp_c": 22.0})
COUNTERFACTUAL = {
    "kind": "counterfactual",
    "question": "how_to_be_that",
    "subject": _BATCH,
    "current_label": "spoiled",
    "target_label": "sound",
    "counterfactuals": [
        {"changes": [{"feature": "moisture_pct", "old": 16.5, "new": 13.0}], "label": "sound", "probability": 0.57}
    ],
    "method": "nearest rows",
    "note": None,
}
WHAT_IF = {
    "kind": "what_if",
    "subject": _BATCH,
    "changes": [{"feature": "storage_days", "old": 40.0, "new": 95.0}],
    "old_label": "sound",
    "old_probabilities": {"sound": 0.64, "spoiled": 0.36},
    "new_label": "spoiled",
    "new_probabilities": {"sound": 0.29, "spoiled": 0.71},
    "note": None,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # a change as the subject of the verb
        (True, "A very small change moves batch 412 to sound: moisture from 16.5 to 13.0, and sound then gets 57 %."),
        (True, "That single edit gets a sound verdict, 0.57."),
        (False, "That single edit gets a spoiled verdict, 0.57."),
        # a change's new value in the sentence before a word of outcome
        (True, "Single change: moisture 13.0. Outcome: sound, by a whisker."),
        (True, "Step 1: take batch 412. Step 2: dry it to 13.0 % moisture. Step 3: the model now says sound."),
        (False, "Single change: moisture 13.0. Outcome: spoiled, by a whisker."),
        # today's state after the change's sentence is still the prediction
        (False, "Single change: moisture 13.0. As it stands the model says sound."),
        (True, "Single change: moisture 13.0. As it stands the model says spoiled."),
        # a sentence of no change before the word of outcome: the prediction
        (False, "Batch 412 is stored at 22 degrees. Outcome: sound."),
        (True, "Batch 412 is stored at 22 degrees. Outcome: spoiled."),
        # a move joined by "and"
        (True, "Work the moisture down from 16.5 and batch 412 is sound, a bit over half."),
        (False, "Work the moisture down from 16.5 and batch 412 is spoiled, a bit over half."),
        # today's label before the change: a swap of it is still caught
        (True, "Batch 412 is spoiled today; a small change moves it to sound (moisture 13.0)."),
        (False, "Batch 412 is sound today; a small change moves it to sound (moisture 13.0)."),
    ],
)
def test_a_counterfactuals_outcome_said_as_a_prediction(faithful: bool, reply: str) -> None:
    report = check_claims(reply, [COUNTERFACTUAL], vocabulary=GRAIN)
    assert report.passed is faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Yes, it changes the outcome: spoiled at about 71 %."),
        (False, "Yes, it changes the outcome: sound at about 71 %."),
        # a denied flip: the label is today's, and today's is sound
        (False, "No, it does not change the outcome: spoiled."),
        (True, "No flip at first glance? Wrong: it changes the outcome, spoiled at 71 %."),
    ],
)
def test_a_what_ifs_outcome_after_a_flip_said_before_it(faithful: bool, reply: str) -> None:
    report = check_claims(reply, [WHAT_IF], vocabulary=GRAIN)
    assert report.passed is faithful, report


TEA = Vocabulary(labels=["pleased", "annoyed"], instance_noun="comment")
_SAID = "The scones were stale and the tea was cold."
_REWRITTEN = "The scones were fresh and the tea was cold."
TEA_COUNTERFACTUAL = {
    "kind": "counterfactual",
    "question": "why_not",
    "subject": {"kind": "text", "description": f'the comment "{_SAID}"', "id": None, "text": _SAID, "size": 1},
    "current_label": "annoyed",
    "target_label": "pleased",
    "counterfactuals": [
        {
            "changes": [{"feature": "stale", "old": "stale", "new": "fresh"}],
            "label": "pleased",
            "probability": 0.68,
            "text": _REWRITTEN,
        }
    ],
    "method": "word edits",
    "note": None,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "It is annoyed because of 'stale'; with 'fresh' in its place the model says pleased, 0.68."),
        (False, "It is annoyed because of 'stale'; with 'fresh' in its place the model says annoyed, 0.68."),
        # today's label said by a verb before the change is still the prediction ("It is X" alone is read by no
        # reader: it was caught before only through the outcome read as the prediction)
        (False, "The model says pleased because of 'stale'; with 'fresh' in its place it says pleased, 0.68."),
        # a quotation of the rewrite: what the model makes of it is the outcome
        (True, '"...the scones were fresh and the tea was cold." — the model reads it as pleased (0.68).'),
        (False, '"...the scones were fresh and the tea was cold." — the model reads it as annoyed (0.68).'),
        # a quotation of the comment as written: today's label
        (False, f'"{_SAID}" — the model reads it as pleased.'),
        (True, f'"{_SAID}" — the model reads it as annoyed.'),
    ],
)
def test_a_text_models_outcome_after_a_rewrite(faithful: bool, reply: str) -> None:
    report = check_claims(reply, [TEA_COUNTERFACTUAL], vocabulary=TEA)
    assert report.passed is faithful, report


FERRY = Vocabulary(labels=["late", "on time"], features=["Wave Height", "Load (t)"], instance_noun="crossing")
_FEATURES = [
    {"name": "Wave Height", "type": "numeric", "min": 0.4, "max": 6.2, "mean": 2.7, "std": 1.3},
    {"name": "Load (t)", "type": "numeric", "min": 11.0, "max": 78.0, "mean": 46.0, "std": 19.0},
]


def _card(group: str, rows: int, fields: list[str] | None = None) -> dict:
    card = {
        "kind": "data_information",
        "name": "ferry",
        "description": "Ferry crossings.",
        "n_rows": rows,
        "target": "Outcome",
        "class_balance": {"late": rows, "on time": 0},
        "features": _FEATURES,
        "group": group,
        "n_total": 120,
        "nouns": "crossings",
    }
    return card if fields is None else {**card, "group_fields": fields}


def test_a_groups_size_is_tied_to_its_fields_as_parsed() -> None:
    assert condition_fields("Wave Height > 5 and Load (t) < 40") == ["Wave Height", "Load (t)"]
    assert condition_fields("label = late, Mites/100 >= 2") == ["label", "Mites/100"]
    assert condition_fields("all") == []
    (facts,) = read_outputs([_card("Wave Height > 5 and Load (t) < 40", 14)])
    assert 14.0 in facts.feature_numbers["wave height"] and 14.0 in facts.feature_numbers["load (t)"]
    assert "wave" not in facts.feature_numbers
    (empty,) = read_outputs([_card("Wave Height > 9", 0, ["Wave Height"])])
    assert 0.0 in empty.feature_numbers["wave height"] and "wave" not in empty.feature_numbers
    context = "crossings with Wave Height over 5"
    for faithful, reply in (
        (True, "14 crossings have a Wave Height over 5."),
        (False, "17 crossings have a Wave Height over 5."),
    ):
        report = check_claims(reply, [_card("Wave Height > 5", 14)], vocabulary=FERRY, context=context)
        assert report.passed is faithful, report
