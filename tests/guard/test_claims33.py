"""The guard's claims-33 work (helper guard34), on an invented host of this file's own: a pottery kiln's firings
(classes `sound` / `cracked`, features kiln_temp, glaze_mm and dwell_min, instance noun "firing").

- which of two subjects the model is surer about, said with the subject right after the comparison and the other
  after "than" ("less sure about 31 than about 48"; `simxai.guard._surer`);
- a verdict on the prediction said with "matching" or "agreeing" ("..., matching the record"), or as an agreement
  with someone's recorded label ("agrees with the potter's recorded label"; `simxai.guard._cues.CORRECT`,
  `VERDICT`);
- "the kiln book says sound": a book is a keeper of records, the label after it the recorded one
  (`simxai.guard._predictions`).
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._surer import surer_claims
from tests.guard.helpers import passes, row_subject

KILN = Vocabulary(
    labels=["sound", "cracked"],
    features=["kiln_temp", "glaze_mm", "dwell_min"],
    aliases={"kiln_temp": ["kiln temperature"]},
    instance_noun="firing",
)


def _prediction(ident: int, label: str, share: float, recorded: str | None = None) -> dict:
    other = "cracked" if label == "sound" else "sound"
    return {
        "kind": "prediction",
        "subject": row_subject("firing", ident, {"kiln_temp": 1180.0, "glaze_mm": 0.9, "dwell_min": 25.0}),
        "label": label,
        "probabilities": {label: share, other: round(1 - share, 4)},
        "label_counts": None,
        "true_label": recorded,
    }


TWO = (_prediction(31, "sound", 0.66), _prediction(48, "cracked", 0.83))


def _passes(reply: str, *outputs: dict) -> bool:
    return passes(reply, outputs, KILN)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Two calls: 31 sound, 48 cracked. The model is less sure about 31 than about 48."),
        (False, "Two calls: 31 sound, 48 cracked. The model is less sure about 48 than about 31."),
        (True, "It is far more confident on firing 48 than on firing 31."),
        (False, "It is far more confident on firing 31 than on firing 48."),
        (True, "The model is more certain in calling 48 cracked than in calling 31 sound."),
        (False, "Both are fine calls, the model being surer of 31 than of 48."),
    ],
)
def test_the_surer_subject_named_after_the_comparison(faithful: bool, reply: str) -> None:
    assert _passes(reply, *TWO) == faithful, reply


def test_surer_claims_after_the_comparison() -> None:
    facts_free = list(surer_claims("The model is less sure about 31 than about 48.", []))
    assert facts_free == []  # no two subjects in the outputs: no claim
    # a comparison "than" a third number is not read as one of the two subjects
    assert not _passes("It is surer about 31 than 48.", *TWO)
    said = check_claims("It is surer about 48 than in 2019.", list(TWO), vocabulary=KILN)
    assert not any(c.startswith("surer") for c in said.claims), said.claims


@pytest.mark.parametrize(
    ("faithful", "reply", "recorded"),
    [
        (True, "Firing 31 is predicted sound at 66 %, matching the record.", "sound"),
        (False, "Firing 31 is predicted sound at 66 %, matching the record.", "cracked"),
        (True, "Firing 31 comes out sound (0.66), agreeing with the kiln log's recorded outcome.", "sound"),
        (False, "Firing 31 comes out sound (0.66). The model agrees with the potter's recorded label.", "cracked"),
        (True, "Firing 31 comes out sound (0.66). The model agrees with the potter's recorded label.", "sound"),
        (False, "Firing 31 is sound at 0.66, and it matches the label it was recorded with.", "cracked"),
    ],
)
def test_a_verdict_said_as_matching_the_record(faithful: bool, reply: str, recorded: str) -> None:
    assert _passes(reply, _prediction(31, "sound", 0.66, recorded)) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "recorded"),
    [(True, "sound"), (False, "cracked")],
)
def test_a_book_says_the_recorded_label(faithful: bool, recorded: str) -> None:
    reply = "Firing 31 is sound at 0.66, and the kiln book says sound."
    assert _passes(reply, _prediction(31, "sound", 0.66, recorded)) == faithful, reply
