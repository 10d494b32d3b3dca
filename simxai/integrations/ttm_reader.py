"""An utterance as the learned TalkToModel parser sees it: words, with the dataset's values masked.

Masking is what lets one model trained on TalkToModel's templates serve any dataset: each feature mention
becomes ``<fnum>`` or ``<fcat>`` (numeric or categorical feature), each number ``<num>`` and each class name
``<cls>``, and the mention keeps what it stands for (the feature's grammar name, the number as written, the
class value). Everything is derived from the dataset's vocabulary: a feature is recognised by its grammar
name (``bloodpressure``) or by its words (``blood pressure``), singular or plural, or misspelt by one edit; in
people's wording also by shorthand ("bp"), by the last words of its name when no other feature ends so ("amount"
for ``loanamount``), or by its verb in another form ("own a house" for ``ownshouse``); see `ttm_lexicon`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from simxai.integrations.ttm_grammar import SCORE_METRICS, TTMVocabulary
from simxai.integrations.ttm_lexicon import (
    ABBREVIATIONS,
    AGE_LIMIT,
    AGENT_NOUNS,
    AMOUNT_NOUNS,
    ASKING_VERBS,
    DETERMINERS,
    EVERYONE,
    EXCLUDING,
    IRREGULAR_PLURALS,
    OBJECT_SYNONYMS,
    PERSON_NOUNS,
    TIME_UNITS,
    UNSPECIFIC_HEADS,
    VERB_FORMS,
    rewrite_shorthand,
)
from simxai.integrations.ttm_spans import NUMBER, asked_quantity, is_range, join_number_words
from simxai.normalize import _one_edit

__all__ = ["MASKS", "Mention", "Reading", "read_utterance"]

#: The mask word of each kind of mention.
MASKS = {"fnum": "<fnum>", "fcat": "<fcat>", "num": "<num>", "cls": "<cls>", "metric": "<metric>"}
# a metric the grammar names is a value like a feature: "what's the npv" and "what's the recall" differ in it only
_METRICS = {m: m for m in SCORE_METRICS if m != "default"}

_TOKEN = re.compile(
    r"\x00[^\x00]+\x00|(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[a-z][a-z0-9]*(?:'[a-z]+)?|"
    r"[<>!]=|[<>=%#]|[?,;.!]"
)
_CONTRACTED = {"can't": "can", "won't": "will", "shan't": "shall"}
# Comparatives that name the quantity they compare: "people older than 30" compares an age. When the dataset
# has that numeric feature and no feature is named right before, the comparative reads as the feature and a
# plain comparative ("older than 30" -> <fnum:age> greater than 30).
# The quantity is the numeric feature of that grammar name, else the one feature whose name ends so
# ("longer than 36" -> a loan's duration).
_IMPLIED: dict[str, tuple[tuple[str, ...], str]] = {
    "older": (("age",), "greater"),
    "younger": (("age",), "less"),
    "elder": (("age",), "greater"),
    "heavier": (("weight",), "greater"),
    "lighter": (("weight",), "less"),
    "taller": (("height",), "greater"),
    "shorter": (("height", "duration", "length"), "less"),
    "longer": (("duration", "length"), "greater"),
}
# Comparison words that, after a noun for people and before a number, compare their age ("patients over 60").
_AGE_COMPARISONS = frozenset({"over", "under", "above", "below", "past"})
# Verbs a number of money may follow directly ("borrowed 1000 less"); after a noun it may be an id ("loan 5").
_BORROW_VERBS = frozenset({"borrow", "borrows", "borrowed", "borrowing", "owe", "owes"})
# Words that open a comparison of an amount ("loans of more than 5000").
_AMOUNT_COMPARISONS = frozenset(
    {*_AGE_COMPARISONS, "more", "less", "greater", "fewer", "than", "at", "least", "most", "exceeding", "of"}
)
# A common slip: "than" written "that" or "then" after a comparative, before a number ("less that 5").
_COMPARATIVES = frozenset(
    {"less", "greater", "more", "fewer", "higher", "lower", "larger", "smaller", "bigger", *_IMPLIED}
)
# A misspelt feature name is read as the feature when it is one edit (a letter added, dropped, changed or two
# swapped) from exactly one of its names, the first letter kept, six letters or more, and the span holds a
# word the embedding's tokenizer does not know whole ("glucoes", not "lender" for "gender").
_MIN_TYPO = 6
# marks the names that are a tail of a feature's name, in the name table (no word of an utterance holds a space)
_TAIL = "tail "
# words that cannot open a name's tail: "than 200", "with", "from"
_FUNCTION_WORDS = frozenset({"than", "with", "from", "into", "over", "under", "less", "more", "greater", "equal"})


@dataclass(frozen=True)
class Mention:
    """A masked span of the utterance.

    Attributes:
        kind: ``fnum``, ``fcat``, ``num`` or ``cls``.
        value: the feature's grammar name, the number as TalkToModel copies it, or the class value.
        position: the index of its mask in `Reading.words`.
    """

    kind: str
    value: str
    position: int


@dataclass(frozen=True)
class Reading:
    """An utterance's words with its mentions masked, and the mentions in order."""

    text: str
    words: tuple[str, ...]
    mentions: tuple[Mention, ...]

    @property
    def numbers(self) -> set[str]:
        """The numbers a program for this utterance may contain."""
        return {m.value for m in self.mentions if m.kind == "num"}

    def mention_at(self, position: int) -> Mention | None:
        """The mention masked at word `position`, or None when that word is not a mention."""
        for mention in self.mentions:
            if mention.position == position:
                return mention
        return None


def read_utterance(text: str, vocabulary: TTMVocabulary, class_names: tuple[str, ...] = ()) -> Reading:
    """Mask an utterance's features, numbers and class names with the dataset's vocabulary.

    Args:
        text: the user's words.
        vocabulary: the dataset's grammar vocabulary.
        class_names: the label name of each target value, in the order of `vocabulary.classes`.
    """
    lower = " ".join(text.lower().replace("’", "'").replace("“", '"').replace("”", '"').split())
    lower = rewrite_shorthand(lower)
    # class names first: they are several words and must not be read as features or numbers
    for value, name in sorted(zip(vocabulary.classes, class_names, strict=False), key=lambda vn: -len(vn[1])):
        pattern = r"(?<![\w-])" + r"\s+".join(map(re.escape, name.lower().split())) + r"(?![\w-])"
        lower = re.sub(pattern, f" \x00{value}\x00 ", lower)
    names = _feature_names(vocabulary)
    verbs = _verb_names(vocabulary)
    tokens = _fix_than(join_number_words(_expand(_split_negations(_TOKEN.findall(lower)), names)))
    longest = max([12, *(len(vocabulary.written(f).split()) for f in vocabulary.features)])
    plain = [re.fullmatch(r"[a-z0-9][a-z0-9.']*", w) is not None for w in tokens]
    numeric = set(vocabulary.numeric)
    words: list[str] = []
    mentions: list[Mention] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.startswith("\x00"):
            mentions.append(Mention("cls", token.strip("\x00"), len(words)))
            words.append(MASKS["cls"])
            i += 1
            continue
        if token == "without":  # "without a telephone": not, and the feature "with" opens
            hit = _verb_feature_at([*tokens[:i], "with", *tokens[i + 1 :]], i, verbs)
            if hit is not None:
                words.append("not")
        else:
            hit = _verb_feature_at(tokens, i, verbs) or _feature_at(tokens, plain, i, names, longest)
            after_feature = bool(mentions) and mentions[-1].position == len(words) - 1
            after_feature = after_feature and mentions[-1].kind in ("fnum", "fcat")
            if hit is not None and after_feature and _is_tail(tokens[i : i + hit[1]], names, hit[0]):
                hit = None  # "skilled workers": the noun the feature before it describes, not "foreign worker"
        if hit is not None:
            feature, size = hit
            kind = "fnum" if feature in numeric else "fcat"
            if kind == "fcat" and words[-1:] != ["not"] and _excluded(words):
                words.append("not")  # "everyone except the men", "women without a felony"
            mentions.append(Mention(kind, feature, len(words)))
            words.append(MASKS[kind])
            i += size
            continue
        implied = _implied_feature(token, numeric)
        after_feature = bool(mentions) and mentions[-1].position == len(words) - 1
        if implied is not None and not after_feature:
            if i + 1 < len(tokens) and (tokens[i + 1] == "than" or NUMBER.fullmatch(tokens[i + 1])):
                mentions.append(Mention("fnum", implied[0], len(words)))
                words.extend((MASKS["fnum"], implied[1]))
                i += 1
                continue
        asked = asked_quantity(tokens, i, numeric)
        if asked is not None:  # "how old is 7149": the age
            mentions.append(Mention("fnum", asked, len(words)))
            words.append(MASKS["fnum"])
            i += 1
            continue
        if token == "no" and i + 1 < len(tokens):  # "no prior crimes": zero of them
            following = _feature_at(tokens, plain, i + 1, names, longest)
            if following is not None and following[0] in numeric:
                mentions.append(Mention("num", "0", len(words)))
                words.append(MASKS["num"])
                i += 1
                continue
        if after_feature and mentions[-1].kind == "fnum" and is_range(tokens, i):
            # "aged between 30 and 40": the feature greater than the first number and less than the second
            feature, low, high = mentions[-1].value, tokens[i + 1], tokens[i + 3]
            words.extend(("greater", "than"))
            mentions.append(Mention("num", low.replace(",", ""), len(words)))
            words.extend((MASKS["num"], "and"))
            mentions.append(Mention("fnum", feature, len(words)))
            words.extend((MASKS["fnum"], "less", "than"))
            mentions.append(Mention("num", high.replace(",", ""), len(words)))
            words.append(MASKS["num"])
            i += 4
            continue
        implied_by = _implied_by_noun(tokens, plain, i, names, longest, numeric)
        if implied_by is not None:  # "patients over 60", "loans over 10000": the feature, then the word as usual
            mentions.append(Mention("fnum", implied_by, len(words)))
            words.append(MASKS["fnum"])
        if token in _METRICS:
            mentions.append(Mention("metric", _METRICS[token], len(words)))
            words.append(MASKS["metric"])
        elif NUMBER.fullmatch(token):
            mentions.append(Mention("num", token.replace(",", ""), len(words)))
            words.append(MASKS["num"])
        else:
            words.append(token)
        i += 1
    return Reading(text, tuple(words), tuple(mentions))


def _excluded(words: list[str]) -> bool:
    """Whether the words read so far end in one that excludes what follows, maybe with a determiner after it:
    "except (for) the", "without a", "everyone but the".
    """
    k = len(words) - 1
    if k >= 0 and words[k] in DETERMINERS:
        k -= 1
    if k >= 1 and words[k] == "for" and words[k - 1] == "except":
        k -= 1
    if k < 0:
        return False
    return words[k] in EXCLUDING or (words[k] == "but" and k >= 1 and words[k - 1] in EVERYONE)


def _implied_feature(token: str, numeric: set[str]) -> tuple[str, str] | None:
    """The feature and comparison a comparative implies ("older" -> age, greater), when the dataset has it."""
    if token not in _IMPLIED:
        return None
    quantities, comparison = _IMPLIED[token]
    for quantity in quantities:
        found = [f for f in sorted(numeric) if f == quantity] or [f for f in sorted(numeric) if f.endswith(quantity)]
        if len(found) == 1:
            return found[0], comparison
    return None


def _implied_by_noun(
    tokens: list[str], plain: list[bool], i: int, names: dict[str, str], longest: int, numeric: set[str]
) -> str | None:
    """The numeric feature that `tokens[i]` starts comparing after a noun that implies it, or None.

    After a noun for people, a comparison with a plausible age compares their age ("patients over 60"); after a
    noun or verb of borrowing (or "asking for"), a comparison or a number is the loan's amount ("loans over
    10000", "borrowed 1000 less"), or its duration when a time unit follows the number ("loans over 24 months").
    Never when a feature name follows the number ("defendants over 10 prior crimes" compares the crimes).
    """
    if i == 0:
        return None
    before = tokens[i - 1]
    # "patients over 60", also "patients who are under 25"
    named = i > 2 and before in ("are", "is") and tokens[i - 2] in ("who", "which", "that")
    person = (before in PERSON_NOUNS or (named and tokens[i - 3] in PERSON_NOUNS)) and tokens[i] in _AGE_COMPARISONS
    borrowing = before in AMOUNT_NOUNS or (before == "for" and i > 1 and tokens[i - 2] in ASKING_VERBS)
    if not (person or borrowing):
        return None
    at = i if NUMBER.fullmatch(tokens[i]) and before in _BORROW_VERBS else i + 1
    if borrowing and at > i:
        while at < min(len(tokens), i + 3) and tokens[at] in _AMOUNT_COMPARISONS:
            at += 1  # "more than", "at least", "over"
        if at == i + 1 and tokens[i] not in _AMOUNT_COMPARISONS:
            return None
    if at >= len(tokens) or not NUMBER.fullmatch(tokens[at]):
        return None
    if at + 1 < len(tokens) and _feature_at(tokens, plain, at + 1, names, longest) is not None:
        return None
    if person:
        return "age" if "age" in numeric and float(tokens[at].replace(",", "")) <= AGE_LIMIT else None
    unit = at + 1 < len(tokens) and tokens[at + 1] in TIME_UNITS
    found = [f for f in sorted(numeric) if f.endswith("duration" if unit else "amount")]
    return found[0] if len(found) == 1 else None


def _expand(words: list[str], names: dict[str, str]) -> list[str]:
    """Shorthand written out ("bp" -> "blood pressure"), unless the dataset names a feature so."""
    out: list[str] = []
    for word in words:
        if word in ABBREVIATIONS and word not in names:
            out.extend(ABBREVIATIONS[word].split())
        else:
            out.append(word)
    return out


def _fix_than(words: list[str]) -> list[str]:
    """Read "than" for "that" or "then" between a comparative and a number ("less that 42" -> "less than 42")."""
    return [
        "than"
        if w in ("that", "then")
        and 0 < i < len(words) - 1
        and words[i - 1] in _COMPARATIVES
        and NUMBER.fullmatch(words[i + 1])
        else w
        for i, w in enumerate(words)
    ]


def _split_negations(words: list[str]) -> list[str]:
    """Contracted negations as two words ("aren't" -> "are not"), so that "not" is one cue however written."""
    out: list[str] = []
    for word in words:
        if word.endswith("n't") and len(word) > 3:
            out.extend((_CONTRACTED.get(word, word[:-3]), "not"))
        else:
            out.append(word)
    return out


def _feature_names(vocabulary: TTMVocabulary) -> dict[str, str]:
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


def _is_tail(span: list[str], names: dict[str, str], feature: str) -> bool:
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


def _verb_names(vocabulary: TTMVocabulary) -> dict[str, list[tuple[str, str]]]:
    """Names that open with a verb ("owns house"): each form of the verb -> [(the compact rest, feature)]."""
    found: dict[str, list[tuple[str, str]]] = {}
    for feature in vocabulary.features:
        written = vocabulary.written(feature).lower().split()
        if len(written) >= 2 and written[0] in VERB_FORMS:
            for form in VERB_FORMS[written[0]]:
                found.setdefault(form, []).append(("".join(written[1:]), feature))
    return found


def _verb_feature_at(words: list[str], i: int, verbs: dict[str, list[tuple[str, str]]]) -> tuple[str, int] | None:
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


def _feature_at(
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
    if size == 0 or all(w in _whole_words() or not w.isalpha() for w in words[i : i + size]):
        return None  # every word is one the embedding knows whole: no typo to read
    for width in range(size, 0, -1):
        span = words[i : i + width]
        key = "".join(span).replace("'", "")
        if len(key) < _MIN_TYPO or all(w in _whole_words() for w in span):
            continue
        near = {f for name, f in names.items() if name[0] == key[0] and " " not in name and _one_edit(key, name)}
        if len(near) == 1:  # one feature within one edit: a typo of it ("glucoes", "blood presure")
            return near.pop(), width
    return None


@functools.lru_cache(maxsize=1)
def _whole_words() -> frozenset[str]:
    """The words WordLlama's tokenizer has as whole-word tokens (the parser's features load the same model)."""
    from simxai.backends.router_model import wordllama_model

    vocabulary = wordllama_model().tokenizer.get_vocab()
    return frozenset(token[1:].lower() for token in vocabulary if token.startswith("\u2581"))
