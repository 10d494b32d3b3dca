"""The names a dataset's features go by in people's words, and finding them in an utterance's words.

A feature is named by its grammar name (``bloodpressure``) or its written words (``blood pressure``), singular
or plural, by a run of its name's last words that no other feature's name ends in ("amount" for ``loanamount``),
by the initials of its name written out ("body mass index" for ``bmi``), by its verb in another form ("own a
house" for ``ownshouse``), or misspelt by one edit. Everything is derived from the vocabulary given; the word
lists are `ttm_lexicon`'s general English.
"""

from __future__ import annotations

import functools
import re

from simxai.integrations.ttm_grammar import TTMVocabulary
from simxai.integrations.ttm_lexicon import (
    AGENT_NOUNS,
    DETERMINERS,
    IRREGULAR_PLURALS,
    OBJECT_SYNONYMS,
    UNSPECIFIC_HEADS,
    VERB_FORMS,
)
from simxai.normalize import _one_edit

__all__ = ["feature_at", "feature_names", "is_tail", "verb_feature_at", "verb_names", "whole_words"]

# A misspelt feature name is read as the feature when it is one edit (a letter added, dropped, changed or two
# swapped) from exactly one of its names, the first letter kept, six letters or more, and the span holds a
# word the embedding's tokenizer does not know whole ("glucoes", not "lender" for "gender").
_MIN_TYPO = 6
# marks the names that are a tail of a feature's name, in the name table (no word of an utterance holds a space)
_TAIL = "tail "
# words that cannot open a name's tail: "than 200", "with", "from"
_FUNCTION_WORDS = frozenset({"than", "with", "from", "into", "over", "under", "less", "more", "greater", "equal"})


def feature_names(vocabulary: TTMVocabulary) -> dict[str, str]:
    """Compact forms of each feature's names -> feature: the grammar name, the written words, their plurals
    ("women" for ``woman``), "aged" for ``age``, and each shorter run of the written name's last words that ends
    in a specific word and no other feature's name ends in ("amount", "prior crimes", "jail").
    """
    names: dict[str, str] = {}
    for feature in vocabulary.features:
        written = vocabulary.written(feature).lower().split()
        for form in (feature, re.sub(r"[^a-z0-9]", "", "".join(written))):
            for plural in _plurals(form, written[-1] if written else form):
                names.setdefault(plural, feature)
    if "age" in vocabulary.numeric:
        names.setdefault("aged", "age")
    tails: dict[str, set[str]] = {}
    for feature in vocabulary.features:
        written = vocabulary.written(feature).lower().split()
        last = written[-1] if written else ""
        if len(written) < 2 or not last.isalpha() or len(last) < 3:
            continue
        # a tail of one word needs four letters or more; of two words, three ("new car"); a tail ending in a
        # common word needs two words or more, the first a specific one ("pedigree function", not "function")
        for start in range(1, len(written) - (len(last) < 4 or last in UNSPECIFIC_HEADS)):
            if last in UNSPECIFIC_HEADS and not _specific(written[start]):
                continue
            tail = "".join(written[start:])
            for plural in _plurals(tail, last):
                tails.setdefault(plural, set()).add(feature)
    for tail, features in sorted(tails.items()):
        if len(features) == 1 and tail not in names:
            names[tail] = features.pop()
            names[_TAIL + tail] = names[tail]
    return names


def is_tail(span: list[str], names: dict[str, str], feature: str) -> bool:
    """Whether `span` names `feature` by a tail of its name only ("workers" for foreign worker)."""
    return names.get(_TAIL + "".join(span).replace("'", "")) == feature


def _specific(word: str) -> bool:
    """Whether a word of a feature's name can open a tail ending in a common word: a content word of four letters
    or more ("pedigree", not "of", "at" or "other").
    """
    return word.isalpha() and len(word) >= 4 and word not in UNSPECIFIC_HEADS and word not in _FUNCTION_WORDS


def _plurals(form: str, last: str) -> tuple[str, ...]:
    """A compact name and its plurals, `last` being its last word."""
    irregular = IRREGULAR_PLURALS.get(last)
    if irregular is not None:
        return form, form[: len(form) - len(last)] + irregular
    return (form, form + "es") if form.endswith(("s", "x", "z", "ch", "sh")) else (form, form + "s")


def verb_names(vocabulary: TTMVocabulary) -> dict[str, list[tuple[str, str]]]:
    """Names that open with a verb ("owns house"): each form of the verb -> [(the compact rest, feature)]."""
    found: dict[str, list[tuple[str, str]]] = {}
    for feature in vocabulary.features:
        written = vocabulary.written(feature).lower().split()
        if len(written) >= 2 and written[0] in VERB_FORMS:
            for form in VERB_FORMS[written[0]]:
                found.setdefault(form, []).append(("".join(written[1:]), feature))
    return found


def verb_feature_at(words: list[str], i: int, verbs: dict[str, list[tuple[str, str]]]) -> tuple[str, int] | None:
    """The feature whose name opens with a verb, written with another form of it and maybe a determiner
    ("owned their house" for ``ownshouse``), at `i`: (feature, words spanned).
    """
    agent = AGENT_NOUNS.get(words[i])
    if agent is not None and len(verbs.get(agent, ())) == 1:  # "renters"
        return verbs[agent][0][1], 1
    if words[i] not in verbs:
        return None
    j = i + 1 + (i + 1 < len(words) and words[i + 1] in DETERMINERS)
    for rest, feature in verbs[words[i]]:
        for width in range(1, 4):
            said = "".join(OBJECT_SYNONYMS.get(w, w) for w in words[j : j + width])
            if said in (rest, rest + "s", rest + "es"):
                return feature, j + width - i
    # the verb alone, as the verb of a relative clause ("people who rent", "who do not own"), when it opens one
    # feature's name only
    k = i - 1 - 2 * (i >= 3 and words[i - 1] == "not" and words[i - 2] in ("do", "does", "did"))
    if len(verbs[words[i]]) == 1 and k >= 0 and words[k] in ("who", "that"):
        return verbs[words[i]][0][1], 1
    return None


def feature_at(
    words: list[str], plain: list[bool], i: int, names: dict[str, str], longest: int
) -> tuple[str, int] | None:
    """The feature named by the longest run of words starting at `i` (one more word for a plural)."""
    size = 0
    while size < longest + 1 and i + size < len(words) and plain[i + size]:
        size += 1
    for width in range(size, 0, -1):
        key = "".join(words[i : i + width]).replace("'", "")
        if key in names:
            return names[key], width
    for width in range(min(size, 5), 2, -1):  # an acronym written out: "body mass index" for bmi
        span = words[i : i + width]
        initials = "".join(w[0] for w in span)
        if names.get(initials) == initials and initials not in whole_words():
            if all(w.isalpha() and len(w) >= 3 for w in span):
                return initials, width
    if size == 0 or all(w in whole_words() or not w.isalpha() for w in words[i : i + size]):
        return None  # every word is one the embedding knows whole: no typo to read
    for width in range(size, 0, -1):
        span = words[i : i + width]
        key = "".join(span).replace("'", "")
        if len(key) < _MIN_TYPO or all(w in whole_words() for w in span):
            continue
        near = {f for name, f in names.items() if name[0] == key[0] and " " not in name and _one_edit(key, name)}
        if len(near) == 1:  # one feature within one edit: a typo of it ("glucoes", "blood presure")
            return near.pop(), width
    return None


@functools.lru_cache(maxsize=1)
def whole_words() -> frozenset[str]:
    """The words WordLlama's tokenizer has as whole-word tokens (the parser's features load the same model)."""
    from simxai.backends.router_model import wordllama_model

    vocabulary = wordllama_model().tokenizer.get_vocab()
    return frozenset(token[1:].lower() for token in vocabulary if token.startswith("\u2581"))
