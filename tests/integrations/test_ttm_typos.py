"""Misspelt plain words read as the training words one edit from them, at parse time (`ttm_typos`)."""

from __future__ import annotations

from simxai.integrations.ttm_linear import LinearClassifier
from simxai.integrations.ttm_reader import Reading
from simxai.integrations.ttm_typos import correct_typos, training_words

SHAPE = LinearClassifier(
    classes=("a", "b"),
    intercept=(0.0, 0.0),
    weights={
        "n=define": (1.0, 0.0),
        "n=definition": (1.0, 0.0),
        "n=prediction": (0.0, 1.0),
        "n=predictions": (0.0, 1.0),
        "n=model": (0.0, 1.0),
        "n=the model": (0.0, 1.0),  # a bigram is no word
        "c=^mo": (0.5, 0.0),  # nor a character n-gram
    },
)


def corrected(*words: str) -> tuple[str, ...]:
    return correct_typos(Reading(" ".join(words), words, ()), training_words(SHAPE)).words


def test_training_words_are_the_shape_classifiers_plain_unigrams():
    known = training_words(SHAPE)
    assert set().union(*known.values()) == {"define", "definition", "prediction", "predictions", "model"}


def test_an_unknown_word_one_edit_from_one_training_word_reads_as_it():
    assert corrected("the", "modle") == ("the", "model")
    assert corrected("definiton", "of", "<fnum>") == ("definition", "of", "<fnum>")


def test_a_word_one_edit_from_two_training_words_or_a_known_english_word_is_left_alone():
    assert corrected("predictiond") == ("predictiond",)  # "prediction" and "predictions" both one edit away
    assert corrected("mode") == ("mode",)  # an English word the embedding knows whole
    assert corrected("teh") == ("teh",)  # too short to tell
    assert corrected("nodel") == ("nodel",)  # the first letter is kept
