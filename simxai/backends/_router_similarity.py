"""Similarity of a turn to function specs: how the router selects a host's own registered functions.

The learned selector (`simxai.backends.router_model`) knows the eleven functions; a function a host
registers itself is known only by its spec. Its summary, each quoted "Use for" phrase and each example are
its *documents*; a turn is compared with them by TF-IDF over word 1-2-grams and content-word character
3-5-grams (scikit-learn, fitted on the documents only, imported only when such a function is registered).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from simxai.registry import FunctionSpec

__all__ = ["SIMILARITY_THRESHOLD", "SpecIndex", "for_similarity", "known_words", "spec_documents"]

#: The best spec similarity below which a host's own function is not chosen.
SIMILARITY_THRESHOLD = 0.25

# ---------------------------------------------------------------------------------------------------------
# Scorers: similarity of a query to the spec documents


class _Scorer(Protocol):
    def similarities(self, query: str) -> np.ndarray:
        """Cosine similarity of `query` to every document, shape (n_documents,)."""
        ...


# Function words that every request shares; the question words (why, what, how, if) and the words that
# carry a contrast (not, still, same, other, without) are kept on purpose.
_FUNCTION_WORDS = frozenset(
    "a an the this that these those it its is are was were be been being am do does did to of in on at for "
    "with by from about as into me my you your we our us i he she they them his her their there here "
    "can could would will shall should may might must please some any".split()
)
_WORDS = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def _content(text: str) -> str:
    return " ".join(w for w in _WORDS.findall(text.lower()) if w not in _FUNCTION_WORDS)


class _TfidfPart:
    """One fitted TF-IDF vocabulary, applied to a query in plain Python.

    sklearn's per-call overhead is larger than the whole computation for one short query.
    """

    def __init__(self, vectorizer: Any, texts: Sequence[str]) -> None:
        self.rows = np.asarray(vectorizer.fit_transform(texts).todense())  # l2-normalised, like transform()
        self.analyze = vectorizer.build_analyzer()
        self.vocabulary: dict[str, int] = vectorizer.vocabulary_
        self.idf = np.asarray(vectorizer.idf_)

    def similarities(self, text: str) -> np.ndarray:
        counts: dict[int, int] = {}
        for term in self.analyze(text):
            column = self.vocabulary.get(term)
            if column is not None:
                counts[column] = counts.get(column, 0) + 1
        if not counts:
            return np.zeros(self.rows.shape[0])
        columns = np.fromiter(counts, dtype=int)
        weights = (1.0 + np.log(np.fromiter(counts.values(), dtype=float))) * self.idf[columns]  # sublinear tf
        return self.rows[:, columns] @ (weights / np.linalg.norm(weights))


class _TfidfScorer:
    """TF-IDF over word 1-2-grams and content-word character 3-5-grams, fitted on the spec documents.

    Word n-grams see every word ("why not" is a bigram that matters); character n-grams see only content
    words, so that "about the model" and "about this text" do not look alike. The two parts weigh equally.
    """

    def __init__(self, documents: Sequence[str]) -> None:
        from sklearn.feature_extraction.text import TfidfVectorizer

        self._word = _TfidfPart(
            TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, token_pattern=r"\S+"),
            [_all_words(d) for d in documents],
        )
        self._char = _TfidfPart(
            TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), sublinear_tf=True),
            [_content(d) for d in documents],
        )

    def similarities(self, query: str) -> np.ndarray:
        return (self._word.similarities(_all_words(query)) + self._char.similarities(_content(query))) / 2.0


def _all_words(text: str) -> str:
    return " ".join(_WORDS.findall(text.lower()))


_QUOTED_PHRASE = re.compile(r"\"([^\"]+)\"")


def spec_documents(spec: FunctionSpec) -> list[str]:
    """The short texts a request is compared with: the summary, each "Use for" phrase, each example."""
    documents = [spec.summary]
    for paragraph in spec.description.split("\n\n")[1:]:
        phrases = _QUOTED_PHRASE.findall(paragraph)
        documents += phrases or [paragraph]
    documents += spec.examples
    return [d for d in documents if d.strip()]


def known_words(specs: Sequence[FunctionSpec]) -> frozenset[str]:
    """The words of the functions' specs (five letters or more), which `normalize` never takes for typos."""
    return _spec_words(tuple(tuple(spec_documents(s)) for s in specs))


@functools.lru_cache(maxsize=8)
def _spec_words(key: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    return frozenset(w.lower() for texts in key for text in texts for w in re.findall(r"[A-Za-z]{5,}", text))


@dataclass(frozen=True)
class SpecIndex:
    """The spec documents of one spec set, embedded by one scorer."""

    names: tuple[str, ...]
    owners: np.ndarray  # owners[i] = index into names of document i
    scorer: _Scorer
    spread: float  # the median spread of function scores for a spec document, leaving that document out

    @classmethod
    def build(cls, specs: Sequence[FunctionSpec]) -> SpecIndex:
        documents: list[str] = []
        owners: list[int] = []
        for position, spec in enumerate(specs):
            for document in spec_documents(spec):
                documents.append(for_similarity(document))
                owners.append(position)
        embedder: _Scorer = _TfidfScorer(documents)
        owner_array = np.asarray(owners)
        spreads = []
        for i, document in enumerate(documents):
            similarities = embedder.similarities(document)
            similarities[i] = -1.0  # leave the document itself out
            spreads.append(float(_per_function(similarities, owner_array, len(specs)).std()))
        return cls(tuple(s.name for s in specs), owner_array, embedder, float(np.median(spreads)) if spreads else 0.0)

    def scores(self, query: str) -> np.ndarray:
        """Per function: the mean of its two best document similarities (one lucky n-gram is not enough)."""
        return _per_function(self.scorer.similarities(query), self.owners, len(self.names))


def _per_function(similarities: np.ndarray, owners: np.ndarray, count: int) -> np.ndarray:
    result = np.zeros(count)
    for position in range(count):
        best = np.sort(similarities[owners == position])[-2:]
        result[position] = float(best.mean()) if best.size else 0.0
    return result


# Politeness and request wrappers ("could you please tell me", "I'd like to see") say nothing about which
# function is meant, yet dominate the n-grams of short requests; both sides drop them before comparing.
_WRAPPERS = re.compile(
    r"\b(?:(?:can|could|would|will)\s+(?:you|i|we)\s+(?:please\s+)?(?:kindly\s+)?(?:tell|show|give|let|provide|"
    r"help|get|see|have)?\s*(?:me|us)?(?:\s+know)?|(?:i'd|i\s+would|i'll|we'd|we\s+would)\s+(?:like|love|want)"
    r"(?:\s+to\s+(?:know|see|understand|get|learn|have))?|i\s+(?:want|need|wish)(?:\s+to\s+(?:know|see|"
    r"understand|get|learn))?|(?:please|kindly|just)|(?:tell|show|give|let)\s+(?:me|us)(?:\s+know)?|"
    r"^\W*(?:hey|hi|hello|ok(?:ay)?|so|but|and|well|now|hmm|alright)\b)\W*",
    re.IGNORECASE,
)


def for_similarity(masked: str) -> str:
    # The placeholders mean nothing to the scorers; plain words keep their neighbours' n-grams intact.
    plain = (
        masked.replace("INSTANCE", "this")
        .replace("GROUP", "them")
        .replace("FEATURE", "feature")
        .replace("NUM", "")
        .replace("LABEL", "label")
    )
    return " ".join(_WRAPPERS.sub(" ", plain).split()) or plain
