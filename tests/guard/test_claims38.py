"""The guard's claims-38 recall work (helper guard39), on an invented host of this file's own: an orchard grading
apple crates (classes `dessert` / `juice` / `compost`, features sugar_brix, firmness_kg, bruise_count and variety,
instance noun "crate"), and a two-class text model for the grades a sentiment call cannot have.

- classes placed by words in one prediction of three classes ("juice second, compost last");
- a direction word the reply contradicts with its own two numbers ("up from 12.5 to 11.2");
- a text model's class said in a grade it has not ("very positive");
- features placed by ordinals after their names ("sugar 1st, firmness 2nd");
- an invented feature closing a ranked enumeration after a place ("firmness second, then orchard shade") or with
  "of" and a word after it ("then family history of scab.");
- a numbered ranking written inline ("— 1. sugar, 2. firmness") and a chain whose first join holds the cue
  ("sugar matters most for the dessert score, then B and C");
- model facts a card denies: rows said real, a coded category said one-hot, a held-out figure said to be measured
  on the rows the model was trained on.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary
from simxai.guard._class_ranks import class_rank_claims
from simxai.guard._outputs import read_outputs
from simxai.guard._own_directions import own_direction_claims
from tests.guard.helpers import passes, row_subject

ORCHARD = Vocabulary(
    labels=["dessert", "juice", "compost"],
    features=["sugar_brix", "firmness_kg", "bruise_count", "variety"],
    aliases={
        "sugar_brix": ["sugar", "brix"],
        "firmness_kg": ["firmness"],
        "bruise_count": ["bruises"],
        "variety": ["apple variety"],
    },
    instance_noun="crate",
    descriptions={
        "sugar_brix": "sugar content in degrees Brix",
        "firmness_kg": "penetrometer firmness in kg",
        "bruise_count": "bruises counted on ten apples",
        "variety": "the apple variety",
    },
)
REVIEWS = Vocabulary(labels=["positive", "negative"], features=["text"], instance_noun="review")


def _crate(ident: int) -> dict[str, Any]:
    return row_subject("crate", ident, {"sugar_brix": 12.5, "firmness_kg": 7.1, "bruise_count": 2.0, "variety": "cox"})


PREDICTION = {
    "kind": "prediction",
    "subject": _crate(4402),
    "label": "dessert",
    "probabilities": {"dessert": 0.52, "juice": 0.31, "compost": 0.17},
    "label_counts": None,
    "true_label": "dessert",
}
GLOBAL = {
    "kind": "global_explanation",
    "label": "dessert",
    "method": "SHAP",
    "n_samples": 50,
    "importances": [
        {"feature": "sugar_brix", "importance": 0.30, "mean_contribution": 0.04},
        {"feature": "firmness_kg", "importance": 0.21, "mean_contribution": 0.02},
        {"feature": "bruise_count", "importance": 0.08, "mean_contribution": -0.01},
        {"feature": "variety", "importance": 0.01, "mean_contribution": 0.0},
    ],
}
CARD = {
    "kind": "model_information",
    "name": "orchard crates",
    "model_type": "Pipeline(StandardScaler → LogisticRegression)",
    "description": "scikit-learn LogisticRegression on standardized columns; the variety enters as its code.",
    "hyperparameters": {"logisticregression__C": 1.0},
    "training": "Fitted on 240 of the 300 synthetic crates; the other 60 are held out for the performance figures.",
    "strengths": ["held-out accuracy 0.70"],
    "limitations": ["Synthetic crates, invented for testing; not a real orchard's records."],
}
PERFORMANCE = {
    "kind": "performance",
    "metric": "accuracy",
    "value": 0.7,
    "metrics": {"accuracy": 0.7, "f1": 0.69},
    "labels": ["dessert", "juice", "compost"],
    "confusion_matrix": None,
    "split": "held-out split",
    "n": 60,
    "group": None,
    "nouns": "crates",
    "label": None,
}
REVIEW = {
    "kind": "prediction",
    "subject": {"kind": "text", "description": 'the review "Crisp apples, fair price."', "id": None, "values": None,
                "text": "Crisp apples, fair price.", "condition": None, "size": 1, "ids": None, "nouns": None},
    "label": "positive",
    "probabilities": {"negative": 0.24, "positive": 0.76},
    "label_counts": None,
    "true_label": None,
}  # fmt: skip


def _flagged(reply: str, outputs: list[dict[str, Any]], vocabulary: Vocabulary = ORCHARD) -> bool:
    return not passes(reply, outputs, vocabulary)


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Crate 4402 goes to dessert at 52 %, juice second, compost last.", False),
        ("Crate 4402 goes to dessert at 52 %, compost a close second, juice last.", True),
        ("Crate 4402: dessert; compost is the least likely of the three.", False),
        ("Crate 4402: dessert; juice is the least likely of the three.", True),
    ],
)
def test_classes_placed_by_words(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [PREDICTION]) is flagged


def test_class_places_need_one_prediction_of_three_classes() -> None:
    two = {**PREDICTION, "probabilities": {"dessert": 0.7, "juice": 0.3}}
    assert list(class_rank_claims("juice second", [], ORCHARD.labels)) == []
    assert list(class_rank_claims("juice last", read_outputs([two]), ["dessert", "juice"])) == []
    # an ordinal before a noun ranks something else
    assert list(class_rank_claims("juice second-guessed", read_outputs([PREDICTION]), ORCHARD.labels)) == []
    assert [ok for _, ok in class_rank_claims("juice second", read_outputs([PREDICTION]), ORCHARD.labels)] == [True]


@pytest.mark.parametrize(
    ("text", "holds"),
    [
        ("sugar up from 11.2 to 12.5", [True]),
        ("sugar up from 12.5 to 11.2", [False]),
        ("firmness comes down from 6.1 to 7.1 kg", [False]),
        ("7.1 → 6.1 kg, i.e. heavier by 1.0", [False]),
        ("accuracy 0.70 on the held-out split, a bit below its F1 of 0.69", [False]),
        ("accuracy 0.70 — higher than its F1 of 0.69", [True]),
        ("the dessert call is the more confident, 52 % against 61 %", [False]),
        ("3.5 above the mean of 12", []),  # an amount above, not a comparison of two figures
        ("keep the sugar at 12.5 and lower firmness to 6.1", []),  # "lower" as a verb
    ],
)
def test_directions_against_own_numbers(text: str, holds: list[bool]) -> None:
    assert [ok for _, ok in own_direction_claims(text)] == holds


def test_direction_flip_flagged_through_the_guard() -> None:
    what_if = {
        "kind": "what_if",
        "subject": _crate(4402),
        "changes": [{"feature": "sugar_brix", "old": 12.5, "new": 11.2}],
        "old_label": "dessert",
        "new_label": "juice",
        "old_probabilities": {"dessert": 0.52, "juice": 0.31, "compost": 0.17},
        "new_probabilities": {"dessert": 0.30, "juice": 0.55, "compost": 0.15},
    }
    assert _flagged("With sugar down from 12.5 to 11.2, crate 4402 goes to juice.", [what_if]) is False
    assert _flagged("With sugar up from 12.5 to 11.2, crate 4402 goes to juice.", [what_if]) is True


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("The model calls the review positive, at 76 %.", False),
        ("The model calls the review very positive, at 76 %.", True),
        ("It stays mildly positive.", True),
        ("It lands firmly positive (0.76).", False),  # how sure the call is, said by writers of faithful replies
    ],
)
def test_graded_classes_of_a_text_model(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [REVIEW], REVIEWS) is flagged


def test_grades_are_not_read_on_tabular_hosts() -> None:
    assert _flagged("Crate 4402 is very dessert-like: dessert at 52 %.", [PREDICTION]) is False


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("What drives dessert overall — 1. sugar, 2. firmness, 3. bruises.", False),
        ("What drives dessert overall — 1. firmness, 2. sugar, 3. bruises.", True),
        ("Overall: 1 sugar · 2 firmness · 3 bruises.", False),
        ("Overall: 1 sugar · 2 bruises · 3 firmness.", True),
        ("Sugar matters most for the dessert score, then firmness and bruises.", False),
        ("Sugar matters most for the dessert score, then bruises and firmness.", True),
        ("The feature the model leans on most is sugar, then firmness.", False),
        ("The feature the model leans on most is firmness, then sugar.", True),
    ],
)
def test_rankings_said_inline(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [GLOBAL]) is flagged


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("A logistic regression fitted on a real orchard's grading records.", True),
        ("A logistic regression on synthetic crates, invented for testing, not a real orchard's records.", False),
        ("The variety is one-hot encoded before the regression sees it.", True),
        ("The variety enters as its code, as if varieties were ordered.", False),
    ],
)
def test_model_facts_the_card_denies(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [CARD]) is flagged


def test_one_hot_read_only_when_the_card_says_codes() -> None:
    one_hot_card = {**CARD, "description": "scikit-learn LogisticRegression after a one-hot encoding of the variety."}
    assert _flagged("The variety is one-hot encoded.", [one_hot_card]) is False


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("On the 60 crates held out, the model is right 70 % of the time.", False),
        ("On the 60 crates it was trained on, the model is right 70 % of the time.", True),
        ("Measured on 60 crates the model saw during training, accuracy is 0.70.", True),
    ],
)
def test_figures_said_of_the_training_rows(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [PERFORMANCE]) is flagged


LOCAL = {
    "kind": "local_explanation",
    "subject": _crate(4402),
    "label": "dessert",
    "predicted_label": "dessert",
    "probability": 0.52,
    "base_value": 0.33,
    "output": 0.52,
    "output_space": "probability",
    "method": "SHAP",
    "attributions": [
        {"feature": "sugar_brix", "value": 12.5, "contribution": 0.12},
        {"feature": "firmness_kg", "value": 7.1, "contribution": 0.06},
        {"feature": "bruise_count", "value": 2.0, "contribution": -0.02},
        {"feature": "variety", "value": "cox", "contribution": 0.01},
    ],
    "recorded_label": None,
}


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Crate 4402: sugar 1st, firmness 2nd, bruises 3rd, apple variety last.", False),
        ("Crate 4402: firmness 1st, sugar 2nd, bruises 3rd, apple variety last.", True),
        ("Crate 4402: sugar first, firmness a close second, apple variety last.", False),
        ("Crate 4402: sugar first, bruises a close second.", True),
        ("Crate 4402: sugar first, firmness second; bruises and apple variety last.", False),  # a shared last place
        ("Crate 4402: firmness second.", False),  # one place alone is left to the rank readers
    ],
)
def test_ordinals_after_names(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [LOCAL]) is flagged


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Overall: sugar first, firmness second, then bruises.", False),
        ("Overall: sugar first, firmness second, then orchard shade.", True),
        ("Sugar matters most for dessert, then firmness, then family history of scab.", True),
        ("Sugar matters most for dessert, then firmness, then bruises.", False),
        ("What matters most: sugar, well ahead of firmness.", False),  # "X of Y" is an item only after "then"
    ],
)
def test_invented_feature_closing_a_ranked_enumeration(reply: str, flagged: bool) -> None:
    assert _flagged(reply, [GLOBAL]) is flagged
