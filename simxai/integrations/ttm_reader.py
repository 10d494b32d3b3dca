"""An utterance as the learned TalkToModel parser sees it: words, with the dataset's values masked.

Masking is what lets one model trained on TalkToModel's templates serve any dataset: each feature mention
becomes ``<fnum>`` or ``<fcat>`` (numeric or categorical feature), each number ``<num>`` and each class name
``<cls>``, and the mention keeps what it stands for (the feature's grammar name, the number as written, the
class value). Everything is derived from the dataset's vocabulary: a feature is recognised by its grammar
name (``bloodpressure``) or by its words (``blood pressure``), singular or plural, or misspelt by one edit; in
people's wording also by shorthand ("bp"), by the last words of its name when no other feature ends so ("amount"
for ``loanamount``), by its initials written out ("body mass index" for ``bmi``) or by its verb in another form
("own a house" for ``ownshouse``); see `ttm_names` and `ttm_lexicon`. A number with a unit the name of one numeric
feature holds measures it ("over 12 months" -> months in jail; a time unit, the one duration: "48 months or
longer" -> loan duration; "5 years older" -> age).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from simxai.integrations.ttm_grammar import SCORE_METRICS, TTMVocabulary
from simxai.integrations.ttm_lexicon import (
    ABBREVIATIONS,
    AGE_LIMIT,
    AMOUNT_NOUNS,
    ASKING_VERBS,
    DETERMINERS,
    EVERYONE,
    EXCLUDING,
    ID_NOUNS,
    LAY_TERMS,
    PERSON_NOUNS,
    TIME_UNITS,
    rewrite_shorthand,
)
from simxai.integrations.ttm_names import feature_at, feature_names, is_tail, verb_feature_at, verb_names
from simxai.integrations.ttm_spans import (
    NUMBER,
    asked_quantity,
    drop_step_nouns,
    join_number_words,
    range_at,
    unit_feature,
)

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
_AGE_COMPARISONS = frozenset({"over", "under", "above", "below", "past", "between"})
# Verbs a number of money may follow directly ("borrowed 1000 less"); after a noun it may be an id ("loan 5").
_BORROW_VERBS = frozenset({"borrow", "borrows", "borrowed", "borrowing", "owe", "owes"})
# Words that may stand between a number and its unit of time ("12 more months", "6 extra months").
_EXTENT_WORDS = frozenset({"more", "fewer", "less", "extra", "additional", "further", "longer", "shorter"})
# Words that open a comparison of an amount ("loans of more than 5000").
_AMOUNT_COMPARISONS = frozenset(
    {*_AGE_COMPARISONS, "more", "less", "greater", "fewer", "than", "at", "least", "most", "exceeding", "of"}
)
# A common slip: "than" written "that" or "then" after a comparative, before a number ("less that 5").
_COMPARATIVES = frozenset(
    {"less", "greater", "more", "fewer", "higher", "lower", "larger", "smaller", "bigger", *_IMPLIED}
)


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
    names = feature_names(vocabulary)
    verbs = verb_names(vocabulary)
    named = {w for f in vocabulary.features for w in vocabulary.written(f).lower().split()}
    tokens = _fix_than(
        drop_step_nouns(join_number_words(_expand(_split_negations(_TOKEN.findall(lower)), names, named)))
    )
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
            hit = verb_feature_at([*tokens[:i], "with", *tokens[i + 1 :]], i, verbs)
            if hit is not None:
                words.append("not")
        else:
            hit = verb_feature_at(tokens, i, verbs) or feature_at(tokens, plain, i, names, longest)
            after_feature = bool(mentions) and mentions[-1].position == len(words) - 1
            after_feature = after_feature and mentions[-1].kind in ("fnum", "fcat")
            if hit is not None and after_feature and is_tail(tokens[i : i + hit[1]], names, hit[0]):
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
        after_feature = after_feature and mentions[-1].kind == "fnum"  # "women older than 40" is two conditions
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
            following = feature_at(tokens, plain, i + 1, names, longest)
            if following is not None and following[0] in numeric:
                mentions.append(Mention("num", "0", len(words)))
                words.append(MASKS["num"])
                i += 1
                continue
        implied_by = _implied_by_noun(tokens, plain, i, names, longest, numeric)
        ranged = range_at(tokens, i)
        after = _measured_after(tokens, plain, i + ranged[0], (names, longest), vocabulary) if ranged else None
        if ranged is not None and (after_feature or implied_by is not None or after is not None):
            # "aged between 30 and 40", "aged 19 to 22", "patients between 21 and 30", "between 6 and 24 months in
            # jail": the feature greater than the first number and less than the second
            if not after_feature:
                mentions.append(Mention("fnum", after[0] if after else str(implied_by), len(words)))
                words.append(MASKS["fnum"])
            _range_words(words, mentions, mentions[-1].value, ranged[1], ranged[2])
            i += ranged[0] + (after[1] if after and not after_feature else 0)
            continue
        asked_for = token in ASKING_VERBS and tokens[i + 1 : i + 2] == ["for"] and not _number_at(tokens, i + 2)
        if (
            (token in AMOUNT_NOUNS or asked_for)  # "how much did 267 ask for"
            and "much" in tokens[max(0, i - 6) : i]
            and all(m.kind == "num" for m in mentions)
        ):
            amounts = [f for f in sorted(numeric) if f.endswith("amount")]  # "how much did 5 ask to borrow"
            if len(amounts) == 1:
                mentions.append(Mention("fnum", amounts[0], len(words)))
                words.append(MASKS["fnum"])
                i += 1
                continue
        measured = _measured_at(tokens, plain, i, (names, longest), numeric, vocabulary, mentions, len(words))
        if measured is not None and implied_by is None:  # "5 years older", "48 months or longer", "0 months"
            feature, comparison = measured
            at = len(words) if comparison else _comparison_start(words)
            mentions.append(Mention("fnum", feature, at))
            words.insert(at, MASKS["fnum"])
            mentions.append(Mention("num", token.replace(",", ""), len(words)))
            words.append(MASKS["num"])
            if comparison:  # the unit and the comparative read as a plain comparative
                words.append(comparison)
            i += 3 if comparison else 1
            continue
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


def _measured_after(
    tokens: list[str], plain: list[bool], j: int, lookup: tuple[dict[str, str], int], vocabulary: TTMVocabulary
) -> tuple[str, int] | None:
    """The numeric feature named or measured right after a range ending before `j`, and the tokens that say so:
    a feature's name ("... and 40 months in jail"), or a unit (`unit_feature`) maybe followed by the name of the
    same feature ("... and 24 months locked up").
    """
    names, longest = lookup
    numeric = {f: vocabulary.written(f).lower() for f in vocabulary.numeric}
    if j >= len(tokens) or not plain[j]:
        return None
    named = feature_at(tokens, plain, j, names, longest)
    if named is not None:
        return named if named[0] in numeric else None
    unit = unit_feature(tokens[j], numeric)
    if unit is None:
        return None
    again = feature_at(tokens, plain, j + 1, names, longest) if j + 1 < len(tokens) and plain[j + 1] else None
    return unit, 1 + (again[1] if again is not None and again[0] == unit else 0)


def _range_words(words: list[str], mentions: list[Mention], feature: str, low: str, high: str) -> None:
    """Write a range on `feature` (just masked) as two comparisons: "greater than A and F less than B"."""
    words.extend(("greater", "than"))
    mentions.append(Mention("num", low, len(words)))
    words.extend((MASKS["num"], "and"))
    mentions.append(Mention("fnum", feature, len(words)))
    words.extend((MASKS["fnum"], "less", "than"))
    mentions.append(Mention("num", high, len(words)))
    words.append(MASKS["num"])


def _comparison_start(words: list[str]) -> int:
    """Where the comparison words that end `words` start ("served more than" -> at "more")."""
    at = len(words)
    while at > 0 and words[at - 1] in (_AMOUNT_COMPARISONS | {"or", "equal", "to", "a", "lot"}) - {"of"}:
        at -= 1
    return at


def _measured_at(
    tokens: list[str],
    plain: list[bool],
    i: int,
    lookup: tuple[dict[str, str], int],
    numeric: set[str],
    vocabulary: TTMVocabulary,
    mentions: list[Mention],
    here: int,
) -> tuple[str, str] | None:
    """The numeric feature a number at `i` measures by the unit after it, when no feature is named with it:
    (feature, "") for "12 months" (`unit_feature`), or (feature, comparison) for a unit of time and a comparative
    that implies the feature ("5 years older" -> age, "greater"; "6 months shorter" -> a duration, "less").
    """
    names, longest = lookup
    if not NUMBER.fullmatch(tokens[i]) or i + 1 >= len(tokens) or not plain[i + 1]:
        return None
    if i > 0 and tokens[i - 1] in ID_NOUNS:
        return None  # "patient 5 years ..."
    if feature_at(tokens, plain, i + 1, names, longest) is not None:
        return None  # "12 months in jail" names the feature itself
    if mentions and mentions[-1].kind in ("fnum", "fcat") and mentions[-1].position >= here - 5:
        return None  # a feature was named for this number ("jail time of over 12 months")
    if i + 2 < len(tokens) and tokens[i + 1] in TIME_UNITS:
        implied = _implied_feature(tokens[i + 2], numeric)
        if implied is not None:
            return implied
    found = unit_feature(tokens[i + 1], {f: vocabulary.written(f).lower() for f in sorted(numeric)})
    if found is None or any(m.value == found for m in mentions):
        return None
    if i + 2 < len(tokens) and feature_at(tokens, plain, i + 2, names, longest) is not None:
        return None
    return found, ""


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
    if before == "," and i > 1 and tokens[i - 2] in PERSON_NOUNS:  # "older patients, over 65"
        before = tokens[i - 2]
    # "patients over 60", also "patients who are under 25"
    named = i > 2 and before in ("are", "is") and tokens[i - 2] in ("who", "which", "that")
    person = (before in PERSON_NOUNS or (named and tokens[i - 3] in PERSON_NOUNS)) and tokens[i] in _AGE_COMPARISONS
    borrowing = before in AMOUNT_NOUNS or (before == "for" and i > 1 and tokens[i - 2] in ASKING_VERBS)
    borrowing = borrowing or (before in ASKING_VERBS and tokens[i] in _AMOUNT_COMPARISONS)  # "asking more than"
    if not (person or borrowing):
        return None
    asking = before == "for" and i > 1 and tokens[i - 2] in ASKING_VERBS  # "asked for 1000 less"
    at = i if NUMBER.fullmatch(tokens[i]) and (before in _BORROW_VERBS or asking) else i + 1
    if borrowing and at > i:
        while at < min(len(tokens), i + 3) and tokens[at] in _AMOUNT_COMPARISONS:
            at += 1  # "more than", "at least", "over"
        if at == i + 1 and tokens[i] not in _AMOUNT_COMPARISONS:
            return None
    if at >= len(tokens) or not NUMBER.fullmatch(tokens[at]):
        return None
    if at + 1 < len(tokens) and feature_at(tokens, plain, at + 1, names, longest) is not None:
        return None
    if person:
        return "age" if "age" in numeric and float(tokens[at].replace(",", "")) <= AGE_LIMIT else None
    unit = at + 1 < len(tokens) and tokens[at + 1] in TIME_UNITS
    # "over 12 more months": a word of extent between the number and its unit
    unit = unit or (at + 2 < len(tokens) and tokens[at + 1] in _EXTENT_WORDS and tokens[at + 2] in TIME_UNITS)
    found = [f for f in sorted(numeric) if f.endswith("duration" if unit else "amount")]
    return found[0] if len(found) == 1 else None


def _expand(words: list[str], names: dict[str, str], named: set[str]) -> list[str]:
    """Shorthand written out ("bp" -> "blood pressure"), unless the dataset names a feature so; and everyday
    terms as the technical word a feature's name uses (`LAY_TERMS`: "blood sugar" -> "glucose"), when a name of
    the dataset (its words: `named`) has that word and the everyday term names no feature.
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        pair = " ".join(words[i : i + 2])
        lay = pair if pair in LAY_TERMS else word if word in LAY_TERMS else None
        if lay is not None and LAY_TERMS[lay].split()[-1] in named and lay.replace(" ", "") not in names:
            out.extend(LAY_TERMS[lay].split())
            i += len(lay.split())
            continue
        if word in ABBREVIATIONS and word not in names:
            out.extend(ABBREVIATIONS[word].split())
        else:
            out.append(word)
        i += 1
    return out


def _number_at(tokens: list[str], i: int) -> bool:
    """Whether `tokens[i]` exists and is a number."""
    return i < len(tokens) and NUMBER.fullmatch(tokens[i]) is not None


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
