"""Spans of an utterance the TalkToModel reader writes out before masking: number words ("thirty two" -> 32),
ranges ("between 30 and 40"), and "how old is" / "how long is".

General English, nothing of a dataset: the reader matches what these find against the vocabulary it is given.
"""

from __future__ import annotations

import re

from simxai.integrations.ttm_lexicon import TIME_UNITS
from simxai.normalize import TENS, UNITS, number_value

__all__ = [
    "NUMBER",
    "asked_quantity",
    "drop_step_nouns",
    "is_range",
    "join_number_words",
    "range_at",
    "unit_feature",
]

#: A number as the reader's tokenizer writes it ("1,200", "-3", "2.5").
NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
# Number words TalkToModel's parser turns into digits (it uses word2number); "one" alone is left out: it is far
# more often a pronoun ("a different one") than a count.
_UNITS = {word: n for word, n in UNITS.items() if word != "one"}
_TENS = dict(TENS)
_ONES_AFTER_TENS = {"one": 1, **{k: v for k, v in _UNITS.items() if v < 10}}
# Adjectives that, after "how", ask for a quantity ("how old is 7149" asks for the age).
_HOW: dict[str, tuple[str, ...]] = {
    "old": ("age",),
    "long": ("duration", "length"),
    "heavy": ("weight",),
    "tall": ("height",),
}


def join_number_words(words: list[str]) -> list[str]:
    """Number words as digits ("thirty two" -> 32; "one hundred and forty" -> 140, "5 thousand" -> 5000; "one" alone
    stays a word), also as numbers are spoken: digit by digit ("four nine five eight" -> 4958, "one oh five" ->
    105) and with "hundred" left out ("one forty" -> 140, "three ninety three" -> 393).
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        scaled = _scaled_number(words, i) or _spoken_number(words, i)
        if scaled is not None:
            out.append(str(scaled[1]))
            i += scaled[0]
            continue
        if word in _TENS:
            value = _TENS[word]
            if i + 1 < len(words) and words[i + 1] in _ONES_AFTER_TENS:
                value += _ONES_AFTER_TENS[words[i + 1]]
                i += 1
            out.append(str(value))
        else:
            out.append(str(_UNITS[word]) if word in _UNITS else word)
        i += 1
    return out


_SCALES = {"hundred": 100, "thousand": 1000}
_SPOKEN = {*UNITS, *TENS}


def _scaled_number(words: list[str], i: int) -> tuple[int, int] | None:
    """A number said with "hundred" or "thousand" at `i`, as (words spanned, value): "one hundred and forty",
    "a thousand", "two thousand five hundred", "5 thousand"; None when none starts there.
    """
    if NUMBER.fullmatch(words[i]) and i + 1 < len(words) and words[i + 1] in _SCALES:
        value = float(words[i].replace(",", "")) * _SCALES[words[i + 1]]
        return (2, int(value)) if value == int(value) else None
    if words[i] not in _SPOKEN and not (words[i] == "a" and i + 1 < len(words) and words[i + 1] in _SCALES):
        return None
    j = i + 1
    while j < len(words):
        if words[j] in _SPOKEN or words[j] in _SCALES:
            j += 1
        elif words[j] == "and" and words[j - 1] in _SCALES and j + 1 < len(words) and words[j + 1] in _SPOKEN:
            j += 1
        else:
            break
    run = words[i:j]
    if not any(w in _SCALES for w in run):
        return None
    spoken = number_value(run)
    return (j - i, spoken) if spoken is not None else None


# Digits said one by one; "oh" is a zero inside such a run ("one oh five").
_DIGITS = {word: n for word, n in UNITS.items() if n < 10 and word != "nought"}
_TEENS = {word: n for word, n in UNITS.items() if n >= 10}


def _spoken_number(words: list[str], i: int) -> tuple[int, int] | None:
    """A number spoken the short way at `i`, as (words spanned, value): three digit words or more in a row, "oh"
    being a zero between them ("four nine five eight" -> 4958, "one oh five" -> 105); or a digit word right before
    a teen or a tens word, the digit counting hundreds ("one forty" -> 140, "three ninety three" -> 393, "two
    fifteen" -> 215). None when neither starts at `i`.
    """
    if words[i] not in _DIGITS or words[i] == "zero":
        return None
    j = i + 1
    while j < len(words) and (
        words[j] in _DIGITS or (words[j] == "oh" and j + 1 < len(words) and words[j + 1] in _DIGITS)
    ):
        j += 1
    if j - i >= 3:
        return j - i, int("".join(str(_DIGITS.get(w, 0)) for w in words[i:j]))
    if i + 1 >= len(words) or (words[i + 1] not in _TENS and words[i + 1] not in _TEENS):
        return None
    value, size = _DIGITS[words[i]] * 100 + {**_TENS, **_TEENS}[words[i + 1]], 2
    if words[i + 1] in _TENS and i + 2 < len(words) and words[i + 2] in _ONES_AFTER_TENS:
        value, size = value + _ONES_AFTER_TENS[words[i + 2]], 3
    return size, value


#: Nouns that count the steps of a change: "20 points lower" is "20 lower".
_STEP_NOUNS = frozenset({"point", "points", "unit", "units"})
_COMPARATIVES = frozenset({"lower", "higher", "less", "more", "fewer", "greater", "smaller", "larger", "bigger"})


def drop_step_nouns(words: list[str]) -> list[str]:
    """The words without a noun that counts a change's steps between a number and a comparative ("twenty points
    lower" -> "20 lower"); elsewhere ("a score of 5 points") the noun stays.
    """
    return [
        w
        for k, w in enumerate(words)
        if not (
            w in _STEP_NOUNS
            and 0 < k < len(words) - 1
            and NUMBER.fullmatch(words[k - 1])
            and words[k + 1] in _COMPARATIVES
        )
    ]


def asked_quantity(tokens: list[str], i: int, numeric: set[str]) -> str | None:
    """The feature "how old is" / "how long is" / "how heavy" / "how tall" asks for, read at the adjective `i`."""
    if i == 0 or tokens[i - 1] != "how" or tokens[i] not in _HOW:
        return None
    if i + 1 >= len(tokens) or tokens[i + 1] not in ("is", "are", "was", "were"):
        return None  # "how long will it take" asks for no feature
    for quantity in _HOW[tokens[i]]:
        found = [f for f in sorted(numeric) if f == quantity] or [f for f in sorted(numeric) if f.endswith(quantity)]
        if len(found) == 1:
            return found[0]
    return None


def is_range(tokens: list[str], i: int) -> bool:
    """Whether "between A and B" starts at `i`."""
    return (
        tokens[i] == "between"
        and i + 3 < len(tokens)
        and tokens[i + 2] == "and"
        and all(NUMBER.fullmatch(tokens[k]) for k in (i + 1, i + 3))
    )


def range_at(tokens: list[str], i: int) -> tuple[int, str, str] | None:
    """A range starting at `i`, "between A and B" or "A to B" (as after a feature: "aged 19 to 22"), as (tokens
    spanned, A, B); None when there is none or B is not above A ("5 to 3" is no range).
    """
    if is_range(tokens, i):
        size, low, high = 4, tokens[i + 1], tokens[i + 3]
    elif (
        i + 2 < len(tokens)
        and tokens[i + 1] == "to"
        and NUMBER.fullmatch(tokens[i])
        and NUMBER.fullmatch(tokens[i + 2])
    ):
        size, low, high = 3, tokens[i], tokens[i + 2]
    else:
        return None
    low, high = low.replace(",", ""), high.replace(",", "")
    return (size, low, high) if float(low) < float(high) else None


# The quantity a span of time measures when no feature names the unit: a duration or a length.
_SPANS_OF_TIME = ("duration", "length")


def unit_feature(unit: str, numeric: dict[str, str]) -> str | None:
    """The numeric feature a number followed by `unit` measures, from the features' written names (`numeric`:
    grammar name -> written name): the one whose name holds the unit ("12 months" -> months in jail), else, for a
    unit of time, the one duration or length ("48 months" -> loan duration), years being an age where the dataset
    has one ("40 years"); None when no single feature fits.
    """
    singular = unit[:-1] if unit.endswith("s") else unit
    holding = [f for f, written in sorted(numeric.items()) if {unit, singular, singular + "s"} & set(written.split())]
    if len(holding) == 1:
        return holding[0]
    if holding or unit not in TIME_UNITS:
        return None
    if singular == "year" and "age" in numeric:
        return "age"
    spans = [f for f in sorted(numeric) if f.endswith(_SPANS_OF_TIME)]
    return spans[0] if len(spans) == 1 else None
