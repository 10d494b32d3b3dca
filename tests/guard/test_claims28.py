"""The guard's claims-28 readings (helper guard29), on an invented host of this file's own: a bakery's starters
(classes `thrived` / `collapsed`, features acidity_pct, feeds_per_week and starter_age_years), and a text host for
the kept edits.

Each reading answers a binding that flagged faithful replies of writers on their first runs (g15-g21, scored at the
commit before each was read; `docs/guard.md`, claims-28):

- a number that is one of the outputs' subject ids, where no subject noun leads it ("Both 4411 and 4502 are ..."),
  names the subject: it is no value of no named field;
- quoted words after "except" in a list of removals that keep the label are the removals that do not keep it;
- a share bound to the predicted class only because the reply names no class at all, which is another class's
  probability, is unchecked (the reply may name that class in words the readers miss); a reply that names a class
  in any form the readers know keeps the check.
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._bare_ids import is_subject_id
from simxai.guard._binding import names_a_class
from simxai.guard._reading import numbers
from tests.guard.helpers import passes

STARTERS = Vocabulary(
    labels=["thrived", "collapsed"],
    features=["acidity_pct", "feeds_per_week", "starter_age_years"],
    aliases={"acidity_pct": ["acidity"], "feeds_per_week": ["feeds"], "starter_age_years": ["starter age"]},
    instance_noun="starter",
)


def _prediction(starter: int, collapsed: float, recorded: str = "collapsed") -> dict:
    values = {"acidity_pct": 3.1, "feeds_per_week": 6.0, "starter_age_years": 4.0}
    return {
        "kind": "prediction",
        "subject": {"kind": "row", "description": f"starter {starter}", "id": starter, "values": values, "size": 1},
        "label": "collapsed" if collapsed > 0.5 else "thrived",
        "probabilities": {"thrived": round(1 - collapsed, 4), "collapsed": collapsed},
        "label_counts": None,
        "true_label": recorded,
    }


def _passes(reply: str, *outputs: dict) -> bool:
    return passes(reply, outputs, STARTERS)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Both are expected to collapse - 4411 at 81 %, 4502 at 64 % - and only 4411 really did."),
        (True, "Which one do I check, 4411 or 4502? 4502 is collapsed, sixty-four percent."),
        # an id that is no subject of the outputs is still a number no field holds
        (False, "Both are expected to collapse - 4411 at 81 %, 4502 at 64 % - and only 4777 really did."),
        # a share still bound by its class keeps its check
        (False, "Which one do I check, 4411 or 4502? 4502 is collapsed, ninety-one percent."),
    ],
)
def test_a_subject_named_by_its_id_alone(faithful, reply):
    assert _passes(reply, _prediction(4411, 0.81), _prediction(4502, 0.64)) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Memo: four-twenty and five-sixty are opposite ends, and the model is sure of both."),
        (False, "Memo: four-twenty and five-ninety are opposite ends, and the model is sure of both."),
    ],
)
def test_a_subject_named_by_the_last_digits_of_its_id(faithful, reply):
    assert _passes(reply, _prediction(104420, 0.97), _prediction(104560, 0.02)) == faithful, reply


def test_what_counts_as_a_subject_id():
    (whole,) = numbers("starter 4411")
    (share,) = numbers("4411 %")
    (small,) = numbers("7")
    assert is_subject_id(whole, {4411, 4502})
    assert not is_subject_id(whole, {4502})
    assert not is_subject_id(share, {4411})
    assert not is_subject_id(small, {7})  # one digit: as likely a count as an id
    # the last digits of exactly one id ("four-eleven" of starter 104411) name it too; of two ids, neither
    (tail,) = numbers("starter 411")
    assert is_subject_id(tail, {104411, 104502})
    assert not is_subject_id(tail, {104411, 204411})


def _still_this(kept: list[tuple[str, str]], tried: int) -> dict:
    return {
        "kind": "still_this",
        "subject": {"kind": "text", "description": "the bread review", "id": None, "text": "Crusty rye loaf, lovely"},
        "label": "positive",
        "probability": 0.91,
        "kept_edits": [{"old": old, "new": new} for old, new in kept],
        "samples_checked": tried,
        "samples_kept": len(kept),
    }


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "The bread review stays positive whatever single word you remove, except 'lovely'."),
        (True, "It stays positive if you drop any one word other than 'lovely'."),
        (False, "It stays positive if you remove 'lovely'."),
    ],
)
def test_the_words_after_except_are_no_kept_edits(faithful, reply):
    kept = [("Crusty", "(removed)"), ("rye", "(removed)"), ("loaf", "(removed)")]
    assert check_claims(reply, [_still_this(kept, 4)], vocabulary=Vocabulary()).passed == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # no class named at all: "a 19 % chance of making it through" is the other class's share, said in words
        (True, "The model gives starter 4411 only a 19 % chance of making it through the week."),
        # a class named anywhere in the reply keeps the binding sure
        (False, "Starter 4411: thrived. Chance 19 %."),
        (False, "The model thinks starter 4411 thrives, with a probability of 19 %."),
        # a share no class holds is wrong under any binding
        (False, "The model gives starter 4411 only a 27 % chance of making it through the week."),
    ],
)
def test_a_share_bound_by_default_that_another_class_holds(faithful, reply):
    assert _passes(reply, _prediction(4411, 0.81)) == faithful, reply


def test_a_class_named_in_a_form_the_readers_miss():
    assert names_a_class("the starter thrives", ["thrived", "collapsed"])
    assert names_a_class("a collapse is likely", ["thrived", "collapsed"])
    assert not names_a_class("it makes it through the week", ["thrived", "collapsed"])
    assert names_a_class("still fit, now at 4.7 %", ["fit_to_travel", "not_fit"])
    assert not names_a_class("a chance of being unfit", ["fit_to_travel", "not_fit"])


def test_a_weight_in_kilograms_is_the_kilogram_features():
    loaves = Vocabulary(
        labels=["sold", "left"], features=["crumb_pct", "dough_kg", "proof_hours"], instance_noun="batch"
    )
    values = {"crumb_pct": 61.0, "dough_kg": 12.5, "proof_hours": 3.0}
    output = {
        "kind": "prediction",
        "subject": {"kind": "row", "description": "batch 88", "id": 88, "values": values, "size": 1},
        "label": "sold",
        "probabilities": {"sold": 0.7, "left": 0.3},
        "label_counts": None,
        "true_label": "sold",
    }
    for faithful, reply in (
        (True, "Batch 88: crumb 61 % · 12.5 kg of dough · sold, 70 %."),
        (False, "Batch 88: crumb 61 % · 14.5 kg of dough · sold, 70 %."),
        (False, "Batch 88 is a 3 kg batch with a crumb of 61 %, sold at 70 %."),
    ):
        assert check_claims(reply, [output], vocabulary=loaves).passed == faithful, reply
