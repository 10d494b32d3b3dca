"""Misspelt words of an utterance read as the training words they are one edit from, at parse time.

People type fast ("modle", "predicton", "importnat"): a word the learned parser never saw in training and that
WordLlama's tokenizer does not know whole is replaced by the one word of the training text within one edit of it
(a letter added, dropped, changed or two swapped, the first letter kept, four letters or more). The training
words are the word unigrams the shape classifier has weights for, so nothing here names a word of any dataset
or template; features were already read (and their typos) by the reader, so only plain words are touched.
"""

from __future__ import annotations

from simxai.integrations.ttm_linear import LinearClassifier
from simxai.integrations.ttm_names import whole_words
from simxai.integrations.ttm_reader import Reading
from simxai.normalize import _one_edit

__all__ = ["MIN_LETTERS", "correct_typos", "training_words"]

#: Words shorter than this are left alone ("teh" is one edit from too many words).
MIN_LETTERS = 4
_UNIGRAM = "n="


def training_words(shape: LinearClassifier) -> dict[str, frozenset[str]]:
    """The plain words the shape classifier has a unigram weight for, grouped by first letter."""
    found: dict[str, list[str]] = {}
    for name in shape.weights:
        word = name[len(_UNIGRAM) :]
        if name.startswith(_UNIGRAM) and word.isalpha() and len(word) >= MIN_LETTERS - 1:
            found.setdefault(word[0], []).append(word)
    return {letter: frozenset(words) for letter, words in found.items()}


def correct_typos(reading: Reading, known: dict[str, frozenset[str]]) -> Reading:
    """`reading` with each unknown plain word replaced by the one training word within one edit of it, if any."""
    words = list(reading.words)
    changed = False
    for k, word in enumerate(words):
        if len(word) < MIN_LETTERS or not word.isalpha() or word in known.get(word[0], ()) or word in whole_words():
            continue
        near = sorted(w for w in known.get(word[0], ()) if _one_edit(word, w))
        if len(near) == 1:
            words[k] = near[0]
            changed = True
    return Reading(reading.text, tuple(words), reading.mentions) if changed else reading
