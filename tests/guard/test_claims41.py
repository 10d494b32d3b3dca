"""The guard's claims-41 recall work (helper guard42), on invented hosts of this file's own: a bakery's proving
loaves (classes `risen` / `flat` / `collapsed`, features proof_minutes, hydration_pct and flour_type, instance noun
"loaf") and a two-class text model of bakery reviews.

- a class placed second as "the runner-up" ("with flat the runner-up", "the runner-up is flat");
- the recorded class after an aside between the record's key and its verb ("the recorded outcome, though, was X");
- a text model's words in a ranking numbered inline from 1 ("1 crusty, 2 soggy, 3 stale"), unquoted;
- a name the model is said to read, without "that", with "also", or in the model's own voice ("a star rating the
  model also reads", "a star rating that I also read").
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary
from simxai.guard._class_ranks import class_rank_claims
from simxai.guard._outputs import read_outputs
from simxai.guard._record_forms import recorded_form_claims
from simxai.guard._words import quote_numbered
from tests.guard.helpers import passes, row_subject

BAKERY = Vocabulary(
    labels=["risen", "flat", "collapsed"],
    features=["proof_minutes", "hydration_pct", "flour_type"],
    aliases={"proof_minutes": ["proof time"], "hydration_pct": ["hydration"], "flour_type": ["flour"]},
    instance_noun="loaf",
)
REVIEWS = Vocabulary(labels=["positive", "negative"], features=["text"], instance_noun="review")

PREDICTION = {
    "kind": "prediction",
    "subject": row_subject("loaf", 318, {"proof_minutes": 75.0, "hydration_pct": 68.0, "flour_type": "rye"}),
    "label": "risen",
    "probabilities": {"risen": 0.58, "flat": 0.29, "collapsed": 0.13},
    "label_counts": None,
    "true_label": "risen",
}
WORDS = {
    "kind": "global_explanation",
    "label": "positive",
    "method": "SHAP",
    "n_samples": 40,
    "importances": [
        {"feature": "crusty", "importance": 0.031, "mean_contribution": 0.031},
        {"feature": "soggy", "importance": 0.022, "mean_contribution": -0.022},
        {"feature": "stale", "importance": 0.012, "mean_contribution": -0.012},
    ],
}
DATA = {
    "kind": "data_information",
    "name": "bakery reviews",
    "description": "80 short bakery review sentences, labelled positive or negative by hand.",
    "n_rows": 80,
    "target": "sentiment",
    "class_balance": {"negative": 40, "positive": 40},
    "features": [{"name": "text", "type": "text", "description": "the review sentence, the model's only input"}],
}


def _flagged(reply: str, outputs: list[dict[str, Any]], vocabulary: Vocabulary = BAKERY) -> bool:
    return not passes(reply, outputs, vocabulary)


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Loaf 318 comes out risen at 58 %, with flat the runner-up.", False),
        ("Loaf 318 comes out risen at 58 %, with collapsed the runner-up.", True),
        ("Loaf 318 comes out risen at 58 %, with flat the runner-up ahead of collapsed.", False),
        ("Loaf 318 comes out risen at 58 %, with collapsed the runner-up ahead of flat.", True),
        ("Loaf 318: risen, 58 %; the runner-up is flat at 29 %.", False),
        ("Loaf 318: risen, 58 %; the runner-up is collapsed.", True),
        ("Loaf 318: risen, 58 %; collapsed is the runner-up.", True),
    ],
)
def test_the_runner_up_is_second(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [PREDICTION]) is flagged


def test_the_runner_up_needs_a_class() -> None:
    facts = read_outputs([PREDICTION])
    # a feature called the runner-up is no class's place
    assert list(class_rank_claims("hydration, the runner-up, weighs half as much", facts, BAKERY.labels)) == []
    # nor is a class whose name runs on ("flat-topped")
    assert list(class_rank_claims("the runner-up is flat-topped", facts, BAKERY.labels)) == []
    said = [ok for _, ok in class_rank_claims("with flat the runner-up", facts, BAKERY.labels)]
    assert said == [True]


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Loaf 318 is predicted risen. The recorded outcome, though, was risen.", False),
        ("Loaf 318 is predicted risen. The recorded outcome, though, was flat.", True),
        ("Loaf 318 is predicted risen. Its actual result, however, is collapsed.", True),
        ("Loaf 318 is predicted risen. The recorded outcome, in fact, was risen too.", False),
    ],
)
def test_recorded_class_after_an_aside(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [PREDICTION]) is flagged


def test_an_aside_reads_only_a_class() -> None:
    labels = BAKERY.labels
    # a word that is no class, after the aside, is no recorded claim here (the invented-label readers judge it)
    assert recorded_form_claims("The recorded outcome, though, was lumpy.", {}, {"risen"}, labels) == []
    # with no recorded label in the outputs nothing is claimed
    assert recorded_form_claims("The recorded outcome, though, was flat.", {}, set(), labels) == []
    said = recorded_form_claims("The recorded outcome, though, was flat.", {}, {"risen"}, labels)
    assert said == [("recorded label flat", False)]


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Overall, for positive: 1 crusty, 2 soggy, 3 stale.", False),
        ("Overall, for positive: 1 soggy, 2 crusty, 3 stale.", True),
        ("Global, label positive. 1 crusty .031, pushing toward positive on average, 2 soggy .022.", False),
        ("Global, label positive. 1 crusty .031, pushing toward negative on average, 2 soggy .022.", True),
    ],
)
def test_text_words_numbered_inline(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [WORDS], REVIEWS) is flagged


def test_numbered_words_need_a_run_from_one() -> None:
    words = ["crusty", "soggy", "stale"]
    assert quote_numbered("1 crusty, 2 soggy", words) == "1 'crusty', 2 'soggy'"
    # one item, or items that do not count up from 1, are no ranking
    assert quote_numbered("over 40 reviews, 2 crusty", words) == "over 40 reviews, 2 crusty"
    assert quote_numbered("2 crusty, 3 soggy", words) == "2 crusty, 3 soggy"
    # a word the outputs do not hold is left as written
    assert quote_numbered("1 crusty, 2 bread", words) == "1 'crusty', 2 bread"


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("The data: 80 review sentences, each with a star rating the model also reads.", True),
        ("Bot: 80 reviews, and each one carries a star rating that I also read.", True),
        ("The data: 80 review sentences; each carries a star rating the model reads.", True),
        ("The data: 80 review sentences, each a short text the model reads.", False),
        ("The data: 80 review sentences, labelled positive or negative by hand.", False),
    ],
)
def test_a_name_the_model_is_said_to_read(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [DATA], REVIEWS) is flagged
