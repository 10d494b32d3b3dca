"""The guard's claims-26 readings (helper guard27), on wordings and outputs of this file's own: an invented weld
inspection host (classes `passed` / `failed`, features heat_input_kj, bead_width_mm, gap_to_thickness and
penetration_depth_mm) and an invented kiln host (classes `held` / `broke`):

- a class that is a past verb said as a verb ("would fail", "would make it pass", "still passes") or a noun ("a
  10 % chance of failure", "broken");
- such a class said as another party's act ("the inspector passed it"): the recorded outcome, no prediction; an
  agreement with any party's record ("just as the inspector recorded it");
- two subjects compared, then a pair in their order ("weld 7031 is surer than weld 7094: failed at 90 % versus passed at
  60 %");
- a class that ends a share's clause ("a 10 % chance the model thinks it passed");
- a cause denied ("the gap isn't what makes it failed"), "comes down to" (no way of a change), a noun that starts
  like a verb of change ("settings picked by 5-fold ...");
- a ratio said as its parts ("a gap at 0.4 of the thickness"), a feature by the word that leads its names
  ("penetration 2.1 -> 3.4"), the counts of a histogram's bins below or above an edge.
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary
from simxai.guard._label_verbs import label_verbs, past_label_nouns
from simxai.guard._lead_words import lead_words
from simxai.guard._party_verbs import party_verbs
from tests.guard.helpers import passes

WELDS = Vocabulary(
    labels=["passed", "failed"],
    features=["heat_input_kj", "bead_width_mm", "gap_to_thickness", "penetration_depth_mm"],
    aliases={
        "heat_input_kj": ["heat input"],
        "bead_width_mm": ["bead width"],
        "penetration_depth_mm": ["penetration depth", "penetration reach"],
    },
    instance_noun="weld",
)
VALUES = {"heat_input_kj": 1.2, "bead_width_mm": 6.5, "gap_to_thickness": 0.4, "penetration_depth_mm": 2.1}


def _subject(weld: int) -> dict:
    return {"kind": "row", "description": f"weld {weld}", "id": weld, "values": VALUES, "text": None, "size": 1}


def _prediction(weld: int, failed: float, recorded: str = "failed") -> dict:
    label = "failed" if failed > 0.5 else "passed"
    probabilities = {"passed": round(1 - failed, 4), "failed": failed}
    return {
        "kind": "prediction",
        "subject": _subject(weld),
        "label": label,
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": recorded,
    }


WHAT_IF = {
    "kind": "what_if",
    "subject": _subject(7031),
    "changes": [{"feature": "heat_input_kj", "old": 1.2, "new": 0.8}],
    "old_label": "failed",
    "old_probabilities": {"passed": 0.1, "failed": 0.9},
    "new_label": "passed",
    "new_probabilities": {"passed": 0.64, "failed": 0.36},
    "note": None,
}
COUNTERFACTUAL = {
    "kind": "counterfactual",
    "question": "how_to_be_that",
    "subject": _subject(7031),
    "current_label": "failed",
    "target_label": "passed",
    "counterfactuals": [
        {
            "changes": [{"feature": "penetration_depth_mm", "old": 2.1, "new": 3.4}],
            "label": "passed",
            "probability": 0.58,
        }
    ],
    "method": "nearest rows",
    "note": None,
}


def _passes(reply: str, *outputs: dict) -> bool:
    return passes(reply, outputs, WELDS)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "With the heat input down to 0.8, weld 7031 would pass."),
        (True, "A heat input of 0.8 would make it pass, at 64 %."),
        (False, "With the heat input down to 0.8, weld 7031 would fail."),
        (False, "With the heat input down to 0.8, weld 7031 would still have failed."),
        (False, "A heat input of 0.8 would make it fail."),
    ],
)
def test_a_past_verb_class_said_as_a_verb(faithful, reply):
    assert _passes(reply, WHAT_IF) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Weld 7031: a 90 % chance of failure."),
        (True, "The model puts a failure of weld 7031 at 90 %."),
        (False, "Weld 7031: only a 10 % chance of failure."),
        (False, "The model puts a failure of weld 7031 at 10 %."),
    ],
)
def test_a_past_verb_class_said_as_a_noun(faithful, reply):
    assert _passes(reply, _prediction(7031, 0.9)) == faithful, reply


def test_the_forms_of_past_verb_classes():
    assert past_label_nouns(["passed", "failed"])["failure"] == "failed"
    assert past_label_nouns(["held", "broke"]) == {"broken": "broke"}
    assert past_label_nouns(["stable", "progressing"]) == {}
    text = "It would break at 70 %. It would break the record. Made as a bowl it would hold."
    said = label_verbs(text, ["held", "broke"])
    assert said == "It would be broke at 70 %. It would break the record. Made as a bowl it would be held."
    assert label_verbs("Still passes, and it would not have passed otherwise.", ["passed"]) == (
        "Still passed, and it would not be passed otherwise."
    )


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Weld 7031 fails at 90 %, and the inspector failed it too."),
        (True, "Weld 7031 is failed at 90 %, just as the inspector recorded it."),
        (False, "Weld 7031 is failed at 90 %, though the inspector actually passed it."),
        (False, "Weld 7031 is failed at 90 %; the site engineer passed the weld in the end."),
    ],
)
def test_a_class_said_as_another_party_act(faithful, reply):
    assert _passes(reply, _prediction(7031, 0.9, recorded="failed")) == faithful, reply
    # as the record differs, a likeness with it is a wrong verdict
    if "just as" in reply:
        assert not _passes(reply, _prediction(7031, 0.9, recorded="passed"))


def test_a_party_verb_is_no_machine_and_no_other_verb():
    labels = ["approved", "rejected"]
    assert party_verbs("The model approved her.", labels, "applicant") == "The model approved her."
    assert party_verbs("Her parents approve of it.", labels, "applicant") == "Her parents approve of it."
    assert party_verbs("The applicant rejected the offer.", labels, "applicant") == "The applicant rejected the offer."
    assert party_verbs("The bank approved the loan.", labels, "applicant") == "The bank recorded approved for the loan."


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Weld 7031 looks surer to the model than weld 7094: failed at 90 % versus passed at 60 %."),
        (False, "Weld 7094 looks surer to the model than weld 7031: failed at 90 % versus passed at 60 %."),
    ],
)
def test_two_subjects_compared_then_a_pair(faithful, reply):
    assert _passes(reply, _prediction(7031, 0.9), _prediction(7094, 0.4)) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Weld 7031? Barely a 10 % chance the model thinks it passed."),
        (False, "Weld 7031? Barely a 40 % chance the model thinks it passed."),
        (False, "Weld 7031? The model thinks it passed."),
    ],
)
def test_a_class_ending_a_share_clause(faithful, reply):
    assert _passes(reply, _prediction(7031, 0.9)) == faithful, reply


def test_a_denied_cause_comes_down_to_and_a_noun_of_settings():
    assert _passes("The gap isn't what makes it failed; the heat input is.", _prediction(7031, 0.9))
    assert not _passes("The gap isn't what makes it passed.", _prediction(7031, 0.9))
    said = "It comes down to penetration depth: raise it to 3.4 and weld 7031 passes (0.58)."
    assert _passes(said, COUNTERFACTUAL)
    assert not _passes("Lower the penetration depth to 3.4 and weld 7031 passes (0.58).", COUNTERFACTUAL)
    info = {"kind": "model_information", "name": "welds", "model_type": "LogisticRegression", "description": "x"}
    assert _passes("Settings picked by 5-fold cross-validation.", info)
    assert not _passes("Raising wirefeed by 5 makes it pass.", WHAT_IF)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Weld 7031, with a gap at 0.4 of the thickness, is failed at 90 %."),
        (False, "Weld 7031, with a gap at 0.6 of the thickness, is failed at 90 %."),
    ],
)
def test_a_ratio_said_as_its_parts(faithful, reply):
    assert _passes(reply, _prediction(7031, 0.9)) == faithful, reply


def test_a_feature_by_the_word_leading_its_names():
    said = lead_words(WELDS.features, WELDS.aliases, WELDS.labels, WELDS.instance_noun, set())
    assert said == {"penetration_depth_mm": "penetration"}
    assert _passes("Weld 7031, counterfactual: penetration 2.1 → 3.4 mm → passed (0.58).", COUNTERFACTUAL)
    assert not _passes("Weld 7031, counterfactual: penetration 2.1 → 4.4 mm → passed (0.58).", COUNTERFACTUAL)
    assert lead_words(WELDS.features, WELDS.aliases, WELDS.labels, "penetrant", set()) == {}


def test_counts_below_or_above_an_edge():
    feature = {
        "name": "bead_width_mm",
        "type": "numeric",
        "min": 2.0,
        "max": 10.0,
        "mean": 6.0,
        "histogram_by_label": {
            "edges": [2.0, 4.0, 6.0, 8.0, 10.0],
            "counts": {"passed": [0, 3, 20, 15], "failed": [9, 8, 4, 1]},
        },
    }
    data = {"kind": "data_information", "name": "welds", "n_rows": 60, "features": [feature], "feature": feature}
    assert _passes("Below 6 mm of bead width, 17 failed and only 3 passed.", data)
    assert not _passes("Below 6 mm of bead width, 19 failed and only 3 passed.", data)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Passed welds have the wider beads on average, 7.4 mm against 5.1 mm."),
        (True, "Failed welds run narrower, 5.1 vs 7.4."),
        (False, "Failed welds have the wider beads on average, 7.4 mm against 5.1 mm."),
        (False, "Passed welds run narrower, 5.1 vs 7.4."),
    ],
)
def test_one_class_group_given_a_pair(faithful, reply):
    feature = {
        "name": "bead_width_mm",
        "type": "numeric",
        "min": 2.0,
        "max": 10.0,
        "mean": 6.2,
        "mean_by_label": {"passed": 7.4, "failed": 5.1},
    }
    data = {"kind": "data_information", "name": "welds", "n_rows": 60, "features": [feature], "feature": feature}
    assert _passes(reply, data) == faithful, reply
