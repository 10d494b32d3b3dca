"""The guard's claims-34 work (helper guard35), on an invented host of this file's own: a choir's auditions
(classes `selected` / `deferred`, features pitch_error_cents, range_semitones and sight_score, instance noun
"singer").

- a pair after "more A than B" read in the names' order ("a few more selected than deferred, 62 % to 38 %") and a
  comparison with two words before "higher" ("precision is a bit higher than recall (0.91 vs 0.88)";
  `simxai.guard._respective`);
- features chained by ">" as a ranked list (`simxai.guard._chain_order`);
- recorded labels: "the record shows 12 was deferred", "the log confirms it was selected", "logged as deferred", and
  a class's noun, "the recorded outcome was a deferral" (`_predictions._RECORD_SAYS`, `_cues`, `_record_forms`);
- a class's row of the confusion matrix said from its total ("of the 40 singers truly selected, 31 were caught";
  `simxai.guard._caught_of`);
- a difference said beside its own ends ("(12 → 30), 8 points more" of 18; `simxai.guard._own_ends`), and "the 0.36
  rise" read as a move of the output, not a feature's value (`_segment_own.SLACK`);
- which of two subjects the model is surer about, said after the comparison with no "than" (`_surer`).
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._caught_of import caught_of_claims
from simxai.guard._chain_order import chained_orders
from simxai.guard._own_ends import own_ends_gap
from simxai.guard._reading import numbers
from tests.guard.helpers import local_explanation, passes, row_subject

CHOIR = Vocabulary(
    labels=["selected", "deferred"],
    features=["pitch_error_cents", "range_semitones", "sight_score"],
    aliases={"pitch_error_cents": ["pitch error"], "range_semitones": ["range"], "sight_score": ["sight reading"]},
    instance_noun="singer",
)
_VALUES = {"pitch_error_cents": 12.0, "range_semitones": 19.0, "sight_score": 7.5}


def _subject(ident: int) -> dict:
    return row_subject("singer", ident, _VALUES)


def _prediction(ident: int, label: str, share: float, recorded: str | None = None) -> dict:
    other = "deferred" if label == "selected" else "selected"
    return {
        "kind": "prediction",
        "subject": _subject(ident),
        "label": label,
        "probabilities": {label: share, other: round(1 - share, 4)},
        "label_counts": None,
        "true_label": recorded,
    }


def _local(contributions: dict[str, float], base: float, output: float) -> dict:
    return local_explanation(_subject(21), "selected", _VALUES, contributions, base, output)


#: 60 held-out auditions: 40 truly selected (31 caught, 9 deferred), 20 truly deferred (6 selected, 14 right).
PERFORMANCE = {
    "kind": "performance",
    "metric": "all",
    "value": None,
    "metrics": {"accuracy": 0.75, "precision": 0.91, "recall": 0.88, "f1": 0.895, "roc_auc": 0.8},
    "labels": ["selected", "deferred"],
    "confusion_matrix": [[31, 9], [6, 14]],
    "split": "held-out split",
    "n": 60,
    "group": None,
    "nouns": "singers",
    "label": None,
}


def _passes(reply: str, *outputs: dict) -> bool:
    return passes(reply, outputs, CHOIR)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Singer 21: a few more selected than deferred, 62 % to 38 %."),
        (False, "Singer 21: a few more deferred than selected, 62 % to 38 %."),
        (True, "Singer 21 is selected: more selected than deferred (62 % vs 38 %)."),
        (False, "Singer 21 is selected: more deferred than selected (62 % vs 38 %)."),
    ],
)
def test_a_pair_after_more_than_in_the_names_order(faithful: bool, reply: str) -> None:
    assert _passes(reply, _prediction(21, "selected", 0.62)) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Precision is a bit higher than recall (0.91 vs 0.88)."),
        (False, "Recall is a bit higher than precision (0.91 vs 0.88)."),
    ],
)
def test_two_words_before_the_comparative(faithful: bool, reply: str) -> None:
    assert _passes(reply, PERFORMANCE) == faithful, reply


LOCAL = _local({"pitch_error_cents": 0.21, "range_semitones": 0.12, "sight_score": -0.03}, 0.5, 0.8)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Singer 21 — pitch error > range > sight reading."),
        (False, "Singer 21 — range > pitch error > sight reading."),
        (True, "For 21: pitch error > range (for) > sight reading (against)."),
    ],
)
def test_features_chained_by_greater_than(faithful: bool, reply: str) -> None:
    assert _passes(reply, LOCAL) == faithful, reply


def test_a_chain_needs_three_items_led_by_words() -> None:
    assert chained_orders("keep it when score > 0.5 and a > b") == "keep it when score > 0.5 and a > b"
    assert chained_orders("x > y > 3") == "x > y > 3"  # a number ends it: a threshold, no ranking
    assert chained_orders("a > b > c").startswith("in order, a, then b, then c")


@pytest.mark.parametrize(
    ("faithful", "reply", "recorded"),
    [
        (True, "Singer 12 is selected at 70 %, and the record shows it was indeed selected.", "selected"),
        (False, "Singer 12 is selected at 70 %, and the record shows it was indeed selected.", "deferred"),
        (False, "Singer 12 is selected at 70 %, though the record shows 12 was deferred.", "selected"),
        (True, "Singer 12: selected, 70 %; the log confirms it was selected.", "selected"),
        (False, "Singer 12: selected, 70 %; the log confirms it was selected.", "deferred"),
        (True, "Singer 12 is selected (70 %), though it was logged as deferred.", "deferred"),
        (False, "Singer 12 is selected (70 %), though it was logged as deferred.", "selected"),
        (True, "Singer 12 is selected at 70 %, although the recorded outcome was a deferral.", "deferred"),
        (False, "Singer 12 is selected at 70 %, although the recorded outcome was a deferral.", "selected"),
        (True, "Singer 12 is selected at 70 %; the recorded outcome was a selection too.", "selected"),
    ],
)
def test_recorded_labels(faithful: bool, reply: str, recorded: str) -> None:
    assert _passes(reply, _prediction(12, "selected", 0.7, recorded)) == faithful, reply


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Of the 40 singers truly selected, 31 were caught."),
        (False, "Of the 20 singers truly selected, 14 were caught."),
        (True, "Of 40 selected singers it caught 31 and missed 9; of 20 deferred it wrongly called 6 selected."),
        (False, "Of 40 selected singers it caught 31 and missed 9; of 20 deferred it wrongly called 9 selected."),
        (True, "Of 20 singers that really were deferred, the model caught 14."),
        (False, "Of 20 singers that really were selected, the model caught 14."),
        (True, "It found 14 of the 20 deferred."),
        (False, "It found 14 of the 40 deferred."),
    ],
)
def test_a_row_of_the_confusion_matrix_from_its_total(faithful: bool, reply: str) -> None:
    assert _passes(reply, PERFORMANCE) == faithful, reply


def test_caught_of_reads_no_column_and_no_calling_verb() -> None:
    confusion = (("selected", "deferred"), ((31.0, 9.0), (6.0, 14.0)), "selected")
    # "of the 37 it calls selected": a column (precision), not a row: nothing read here
    assert list(caught_of_claims("Of the 37 it calls selected, 31 really are.", [confusion])) == []
    # "flags" is no right call: which class it flags is not said
    assert list(caught_of_claims("Of the 20 really deferred, it flags 6.", [confusion])) == []


def _ends(sentence: str, said: str) -> tuple[float, bool] | None:
    claim = next(c for c in numbers(sentence) if c.raw.strip() == said)
    return own_ends_gap(claim, sentence)


def test_a_difference_beside_its_own_ends() -> None:
    assert _ends("range 12 → 30, 18 points more", "18") == (18.0, True)
    assert _ends("range 12 → 30, 8 points more", "8") == (18.0, False)
    assert _ends("a share of 0.41 to 0.62, 21 points up", "21") is not None
    assert _ends("a share of 0.41 to 0.62, 21 points up", "21")[1]  # points of a pair of shares
    assert _ends("21 points, with 12 → 30 and 5 → 9", "21") is None  # two pairs: which is not said
    assert _ends("raise it from 12 to 30 and lower the rest from 9 to 5", "30") is None  # an end, no difference


def test_a_rise_is_a_move_of_the_output() -> None:
    reply = "Two features push it up, together about 0.33, and sight reading takes back 0.03, leaving a 0.30 rise."
    said = check_claims(reply, [LOCAL], vocabulary=CHOIR)
    assert "number 0.30 (a difference)" in said.claims, said.claims
    assert said.passed, said.unsupported
    # a rise the outputs do not give is not compared, never bound to a feature
    wrong = check_claims(reply.replace("0.30 rise", "0.45 rise"), [LOCAL], vocabulary=CHOIR)
    assert not any(c.startswith("number 0.45") for c in wrong.claims), wrong.claims


TWO = (_prediction(31, "selected", 0.66), _prediction(48, "deferred", 0.83))


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Two calls: 31 selected, 48 deferred. Of the two, the model is more confident about 48."),
        (False, "Two calls: 31 selected, 48 deferred. Of the two, the model is more confident about 31."),
        (True, "31 selected (66 %), 48 deferred (83 %); the model is a little surer on 48."),
        (False, "31 selected (66 %), 48 deferred (83 %); the model is a little surer on 31."),
        (True, "31 selected (66 %), 48 deferred (83 %); it is less sure about 31."),
    ],
)
def test_the_surer_subject_named_after_the_comparison_alone(faithful: bool, reply: str) -> None:
    assert _passes(reply, *TWO) == faithful, reply
