"""The features the learned TalkToModel parser's classifiers see, all computed on the masked utterance.

Four views of a `Reading`:

- the *sentence* (which program shape it asks for): masked word n-grams, character n-grams of the words
  (robust to typos and unseen inflections) and how many mentions of each kind it has;
- a *mention* (the role of a feature, number or class mention): the words around it, by offset and as a bag,
  the kinds of the neighbouring mentions, and the sentence's words as weak context;
- a *pair* of a feature mention and its value's number (the comparison, the what-if update, the categorical
  value): the words between them and around them;
- a *gap* between two consecutive filters (``and`` or ``or``): the words between them.
"""

from __future__ import annotations

import functools
from collections import Counter

from simxai.integrations.ttm_grammar import (
    EXPLANATIONS,
    MISTAKE_KINDS,
    SINGLE_WORD_OPERATIONS,
    WHATIF_UPDATES,
)
from simxai.integrations.ttm_linear import Features
from simxai.integrations.ttm_reader import Reading

__all__ = ["gap_features", "grammar_words", "mention_features", "pair_features", "sentence_features"]

_START, _END = "<s>", "</s>"
#: The scale of the sentence embedding against the sparse features (0: not used).
EMBEDDING_WEIGHT = 2.0
# masks as plain words, which the embedding model knows
_PLAIN = {"<fnum>": "feature", "<fcat>": "feature", "<num>": "number", "<cls>": "class", "<metric>": "metric"}
# the sentence's words are context for a mention's role, weaker than its own neighbourhood
_GLOBAL_WEIGHT = 0.5
# The grammar's own words: a word sharing its first letters with one ("definition", "interactions",
# "likely") also fires a feature for that grammar word, so a form the templates never show still points to
# the operation the training forms of that word taught.
_GRAMMAR_WORDS = tuple(
    sorted(
        {
            *SINGLE_WORD_OPERATIONS,
            *MISTAKE_KINDS,
            *EXPLANATIONS,
            *WHATIF_UPDATES,
            "filter",
            "change",
            "explain",
            "important",
            "score",
            "mistake",
            "statistic",
            "define",
            "followup",
            "previous",
        }
    )
)


def grammar_words(word: str) -> list[str]:
    """The grammar words `word` shares its first letters with (five, or the whole of a shorter word)."""
    if len(word) < 4 or word.startswith("<"):
        return []
    found = []
    for target in _GRAMMAR_WORDS:
        size = min(5, len(target), len(word))
        if size >= 4 and word[:size] == target[:size]:
            found.append(target)
    return found


def _word(words: tuple[str, ...], i: int) -> str:
    if i < 0:
        return _START
    return words[i] if i < len(words) else _END


def sentence_features(reading: Reading) -> Features:
    """Features of the whole utterance, for the program shape and its context."""
    words = [w for w in reading.words if w not in "?.!,;"]
    padded = [_START, *words, _END]
    features: dict[str, float] = {}
    for n in (1, 2, 3):
        for i in range(len(padded) - n + 1):
            features["n=" + " ".join(padded[i : i + n])] = 1.0
    for word in words:
        if word.startswith("<"):
            continue
        marked = f"^{word}$"
        for n in (3, 4, 5):
            for i in range(len(marked) - n + 1):
                features["c=" + marked[i : i + n]] = 0.5
    for word in words:
        for target in grammar_words(word):
            features["op=" + target] = 1.0
    kinds = Counter(m.kind for m in reading.mentions)
    for kind, count in kinds.items():
        features[f"count:{kind}={min(count, 4)}"] = 1.0
    if EMBEDDING_WEIGHT:
        for k, value in enumerate(_embedding(" ".join(_PLAIN.get(w, w) for w in words))):
            features[f"e{k}"] = value * EMBEDDING_WEIGHT
    return features


@functools.lru_cache(maxsize=4096)
def _embedding(text: str) -> tuple[float, ...]:
    """The unit-length mean of the text's WordLlama token embeddings (the model ships in the `wordllama` wheel)."""
    from simxai.backends.router_model import wordllama_model

    return tuple(round(float(v), 4) for v in wordllama_model().embed([text], norm=True)[0])


def mention_features(reading: Reading, index: int) -> Features:
    """Features of the `index`-th mention, for its role."""
    words = reading.words
    mention = reading.mentions[index]
    p = mention.position
    kind = mention.kind
    features: dict[str, float] = {f"kind={kind}": 1.0}
    for offset in (-3, -2, -1, 1, 2, 3):
        word = _word(words, p + offset)
        features[f"w{offset}={word}"] = 1.0
        if abs(offset) == 1:
            features[f"{kind}:w{offset}={word}"] = 1.0
    features[f"b-={_word(words, p - 2)} {_word(words, p - 1)}"] = 1.0
    features[f"b+={_word(words, p + 1)} {_word(words, p + 2)}"] = 1.0
    for word in words[max(0, p - 6) : p]:
        features["L=" + word] = 1.0
    for word in words[p + 1 : p + 7]:
        features["R=" + word] = 1.0
    previous = reading.mentions[index - 1].kind if index > 0 else _START
    following = reading.mentions[index + 1].kind if index + 1 < len(reading.mentions) else _END
    features[f"prev={previous}"] = 1.0
    features[f"next={following}"] = 1.0
    features[f"{kind}:prev={previous}:next={following}"] = 1.0
    features[f"ordinal={min(sum(m.kind == kind for m in reading.mentions[:index]), 3)}"] = 1.0
    for word in set(words):
        features.setdefault("g=" + word, _GLOBAL_WEIGHT)
        for target in grammar_words(word):
            features["gop=" + target] = _GLOBAL_WEIGHT
    return features


def pair_features(reading: Reading, feature_at: int, number_at: int | None, role: str) -> Features:
    """Features of a feature mention and its value's number (None: a value without a number)."""
    words = reading.words
    features: dict[str, float] = {f"role={role}": 1.0}
    if number_at is None:
        lo = hi = feature_at
        features["order=none"] = 1.0
        # a yes/no value is said after its feature ("woman equal to false", "smoker is not true")
        for word in words[feature_at + 1 : feature_at + 4]:
            features["V=" + word] = 1.0
    else:
        lo, hi = sorted((feature_at, number_at))
        features["order=" + ("fn" if feature_at < number_at else "nf")] = 1.0
    between = list(words[lo + 1 : hi])
    for word in between:
        features["B=" + word] = 1.0
        if len(word) > 4 and not word.startswith("<"):
            # a word's stem: an unseen form ("exceeds") shares it with a seen one ("exceeding")
            features["S=" + word[:5]] = 1.0
    for a, b in zip(between, between[1:], strict=False):
        features[f"BB={a} {b}"] = 1.0
    if len(between) <= 6:
        features["Bseq=" + " ".join(between)] = 1.0
    for offset in (1, 2):
        features[f"l{offset}={_word(words, lo - offset)}"] = 1.0
        features[f"r{offset}={_word(words, hi + offset)}"] = 1.0
    features[f"l12={_word(words, lo - 2)} {_word(words, lo - 1)}"] = 1.0
    features[f"r12={_word(words, hi + 1)} {_word(words, hi + 2)}"] = 1.0
    return features


def gap_features(reading: Reading, left: int, right: int) -> Features:
    """Features of the words between two consecutive filters' anchors (positions in `reading.words`)."""
    words = reading.words
    between = list(words[left + 1 : right])
    features: dict[str, float] = {"bias": 1.0}
    for word in between:
        features["B=" + word] = 1.0
    for a, b in zip(between, between[1:], strict=False):
        features[f"BB={a} {b}"] = 1.0
    if not {"and", "or", "but"} & set(between):
        # a list ("a, b and c"): the coordinator that ends it joins every pair in it
        k = right + 1
        while k < len(words) and (words[k] == "," or words[k].startswith("<")):
            k += 1
        features["list=" + (words[k] if k < len(words) and words[k] in ("and", "or") else "none")] = 1.0
    features[f"before={_word(words, right - 1)}"] = 1.0
    features[f"before2={_word(words, right - 2)} {_word(words, right - 1)}"] = 1.0
    for word in words[max(0, left - 4) : left]:
        features["L=" + word] = 0.5
    return features
