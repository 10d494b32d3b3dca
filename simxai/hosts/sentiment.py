"""A real sentiment host that needs no download: VADER's lexicon rules over a hand-written review set.

VADER (Hutto & Gilbert, 2014; the `vaderSentiment` package, whose lexicon ships inside its wheel) scores a
text with a compound value in [-1, 1]. This host turns it into p(positive) = (compound + 1) / 2, clipped to
[0, 1]: monotone in the compound and 0.5 for a text without sentiment words. The label is the more probable
class, and a tie (a compound of exactly 0) goes to "negative", the first class; so "negative" means a
compound of 0 or below.

The labelled reviews (``data/sentiment_reviews.csv``) were written for SimXAI by its developers. VADER was
not trained on them, so all of them serve as the held-out set on which performance is measured.
"""

from __future__ import annotations

import csv
import functools
import importlib.metadata
import importlib.resources
import io
from collections.abc import Sequence
from typing import Any

import numpy as np

from simxai.exceptions import HostError
from simxai.hosts.text import TextDataCard, TextHost, TextModelCard, TextOutputCard

__all__ = [
    "CLASS_NAMES",
    "load_reviews",
    "load_sentiment_host",
    "sentiment_substitutes",
    "vader_predict_proba",
]

CLASS_NAMES = ("negative", "positive")

# Word pairs of opposite valence in VADER's lexicon (both ends are rated, with opposite signs), and
# negated verb forms with their plain form. Counterfactual search tries these replacements first.
_OPPOSITES = (
    ("good", "bad"),
    ("great", "terrible"),
    ("superb", "awful"),
    ("excellent", "awful"),
    ("wonderful", "horrible"),
    ("amazing", "disappointing"),
    ("brilliant", "stupid"),
    ("perfect", "flawed"),
    ("beautiful", "ugly"),
    ("gorgeous", "ugly"),
    ("love", "hate"),
    ("loved", "hated"),
    ("like", "dislike"),
    ("liked", "disliked"),
    ("enjoy", "hate"),
    ("enjoyed", "hated"),
    ("best", "worst"),
    ("better", "worse"),
    ("happy", "unhappy"),
    ("fun", "boring"),
    ("funny", "boring"),
    ("interesting", "boring"),
    ("exciting", "dull"),
    ("nice", "nasty"),
    ("pleasant", "unpleasant"),
    ("lovely", "horrible"),
    ("charming", "annoying"),
    ("satisfying", "frustrating"),
    ("delight", "disappointment"),
    ("masterpiece", "disaster"),
    ("triumph", "mess"),
    ("strong", "weak"),
    ("clever", "dumb"),
    ("smart", "stupid"),
    ("comfortable", "uncomfortable"),
    ("useful", "useless"),
    ("recommend", "avoid"),
    ("succeeds", "fails"),
    ("succeeded", "failed"),
    ("win", "lose"),
    ("won", "lost"),
    ("happily", "sadly"),
    ("wonderfully", "painfully"),
    ("careful", "careless"),
    ("is", "isn't"),
    ("was", "wasn't"),
    ("do", "don't"),
    ("does", "doesn't"),
    ("did", "didn't"),
    ("can", "can't"),
    ("will", "won't"),
    ("always", "never"),
)


@functools.cache
def _opposites() -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for a, b in _OPPOSITES:
        table.setdefault(a, []).append(b)
        table.setdefault(b, []).append(a)
    return {word: tuple(words) for word, words in table.items()}


@functools.cache
def _analyzer() -> Any:
    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

    return SentimentIntensityAnalyzer()


def vader_predict_proba(texts: Sequence[str]) -> np.ndarray:
    """Probabilities (negative, positive) of `texts`, with p(positive) = (compound + 1) / 2, clipped."""
    analyzer = _analyzer()
    compound = np.array([analyzer.polarity_scores(str(t))["compound"] for t in texts], dtype=float)
    positive = np.clip((compound + 1.0) / 2.0, 0.0, 1.0)
    return np.column_stack([1.0 - positive, positive]).reshape(len(compound), 2)


def sentiment_substitutes(word: str) -> list[str]:
    """Replacement words of opposite sentiment for `word`.

    Its listed opposites; else, for another word VADER rates at least 1 in magnitude, plain words of the
    other sign ("bad", "terrible" or "good", "great").
    """
    word = word.lower()
    if word in _opposites():
        return list(_opposites()[word])
    valence = _analyzer().lexicon.get(word)
    if valence is None or abs(valence) < 1.0:
        return []
    return ["bad", "terrible"] if valence > 0 else ["good", "great"]


def load_reviews() -> list[tuple[str, str]]:
    """The hand-written review set as `(text, label)` pairs, in id order.

    Raises:
        HostError: the packaged file is missing or malformed.
    """
    resource = importlib.resources.files("simxai.hosts").joinpath("data/sentiment_reviews.csv")
    try:
        content = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HostError("the packaged review set data/sentiment_reviews.csv is missing") from None
    rows = list(csv.DictReader(io.StringIO(content)))
    if not rows or set(rows[0]) != {"id", "text", "label"}:
        raise HostError("sentiment_reviews.csv must have the columns id, text, label")
    if [row["id"] for row in rows] != [str(i) for i in range(len(rows))]:
        raise HostError("sentiment_reviews.csv ids must run 0, 1, 2, ... in order")
    bad = sorted({row["label"] for row in rows} - set(CLASS_NAMES))
    if bad:
        raise HostError(f"sentiment_reviews.csv has unknown labels {bad}; valid: {', '.join(CLASS_NAMES)}")
    return [(row["text"], row["label"]) for row in rows]


@functools.cache
def load_sentiment_host() -> TextHost:
    """The VADER sentiment host over the hand-written review set (one per process)."""
    reviews = load_reviews()
    data_card = TextDataCard(
        name="SimXAI hand-written reviews",
        description=(
            f"{len(reviews)} short movie and product review sentences, written and labelled positive or "
            "negative by the SimXAI developers for demonstrations and tests. It is small and not a standard "
            "benchmark, so performance measured on it is a rough indication only."
        ),
        target="sentiment",
        text_description="the review sentence, the model's only input",
    )
    model_card = TextModelCard(
        model_type="lexicon- and rule-based sentiment model (VADER)",
        description=(
            "VADER (Hutto & Gilbert, 2014) looks up each word in a lexicon of human-rated sentiment words "
            "and applies rules for negation, intensifiers such as 'very', contrast with 'but', capital "
            "letters and exclamation marks, giving a compound score between -1 and 1. This host reports "
            "p(positive) = (compound + 1) / 2."
        ),
        hyperparameters={
            "package": "vaderSentiment",
            "version": importlib.metadata.version("vaderSentiment"),
            "lexicon_size": len(_analyzer().lexicon),
            "probability": "(compound + 1) / 2, clipped to [0, 1]",
            "tie_rule": "a compound of exactly 0 is labelled negative",
        },
        training=(
            "Not trained on data: the lexicon was rated by people and the rules were written by VADER's "
            "authors. The review set was not used to build it and serves only to measure performance."
        ),
        strengths=[
            "transparent: every score comes from listed words and rules",
            "fast and deterministic, with no download and no GPU",
            "handles negation, intensifiers, contrast and emphasis",
        ],
        limitations=[
            "knows only the words in its lexicon: a review without sentiment words gets 50% and is labelled negative",
            "misses sarcasm, context and domain meaning (for example 'cheap' or 'stopped working')",
            "English only",
            "its probability is a rescaled score, not a calibrated probability",
        ],
    )
    output_card = TextOutputCard(
        label_meanings={
            "negative": "the review is judged negative or without sentiment (VADER's compound score is 0 or below)",
            "positive": "the review is judged positive (VADER's compound score is above 0)",
        },
        probability_meaning=(
            "The probability of positive is (compound + 1) / 2, a monotone rescaling of VADER's compound "
            "score (-1 most negative, +1 most positive), not a calibrated probability; the probability of "
            "negative is one minus it."
        ),
    )
    return TextHost(
        vader_predict_proba,
        CLASS_NAMES,
        name="VADER review sentiment",
        instance_noun="review",
        dataset=reviews,
        data_card=data_card,
        model_card=model_card,
        output_card=output_card,
        substitutes=sentiment_substitutes,
        insertions=("not",),
        # VADER is cheap (about 0.1 ms a text), so exact Shapley values stay affordable up to 12 words (4096
        # calls), which covers every review of the set and spares the first global explanation shap's
        # one-off numba compilation of its partition explainer.
        exact_max_words=12,
    )
