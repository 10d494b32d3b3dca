"""The shared lexicon of extraction: numbers, instance nouns, determiners and comparison words.

Every reader of plain language in `simxai.extraction` draws its vocabulary from here, so that "at least",
"a couple of" or "patient 12" mean the same thing to the id, group and change readers.
"""

from __future__ import annotations

import re

from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_unit_of
from simxai.normalize import UNITS

_NUM = r"\d+(?:\.\d+)?"
_NUMBER_WORDS = {
    **{word: n for word, n in UNITS.items() if 1 <= n <= 10},
    "a couple of": 2,
    "a pair of": 2,
    "a few": 3,
    "several": 3,
}
# How many times a word says ("added it twice more"), for the readers of counts done again.
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
# Words that name "an instance" in any host, besides the host's own noun.
_GENERIC_NOUNS = (
    "id",
    "instance",
    "row",
    "number",
    "no",
    "sample",
    "case",
    "record",
    "item",
    "example",
    "entry",
    "index",
    "data point",
    "datapoint",
    "observation",
    "person",
    "individual",
)
# Determiners a feature is often preceded by ("her bmi", "the glucose").
_DET = r"(?:(?:the|her|his|their|its|my|your|this|that|patient'?s|person'?s)\s+)?(?:feature\s+)?"


def _noun_head(noun: str) -> str | None:
    """The last word of a noun of several words ("lot" of "seed lot"), which people say alone for it; None for a
    noun of one word or a head too short to be a word of its own.
    """
    words = noun.lower().split()
    return words[-1] if len(words) > 1 and len(words[-1]) > 2 and words[-1].isalpha() else None


def _noun_pattern(schema: HostSchema | None) -> str:
    nouns = set(_GENERIC_NOUNS)
    if schema is not None and schema.instance_noun:
        nouns.add(schema.instance_noun.lower())
        head = _noun_head(schema.instance_noun)
        nouns.update([head] if head else [])
    alternatives = sorted((re.escape(n).replace(r"\ ", r"\s+") for n in nouns), key=len, reverse=True)
    return "(?:" + "|".join(alternatives) + ")"


_COMPARATORS: tuple[tuple[str, str], ...] = (
    (
        r">=",
        r"at\s+least|no\s+less\s+than|not\s+less\s+than|>=|≥|or\s+more|"
        r"(?:greater|more|higher)\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+(?:above|greater\s+than|more\s+than|"
        r"higher\s+than)|the\s+same\s+or\s+more\s+than|not\s+below",
    ),
    (
        r"<=",
        r"at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|<=|≤|or\s+less|"
        r"(?:less|lower)\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+(?:below|less\s+than|lower\s+than)|"
        r"equal\s+to\s+but\s+not\s+(?:greater|more|higher)\s+than|not\s+(?:greater|higher)\s+than|not\s+above|"
        r"the\s+same\s+or\s+less\s+than",
    ),
    (
        r">",
        r"above|over|greater\s+than|more\s+than|higher\s+than|larger\s+than|bigger\s+than|exceeding|exceeds|"
        r"upper\s+than|beyond|older\s+than|>",
    ),
    (r"<", r"below|under|less\s+than|lower\s+than|smaller\s+than|fewer\s+than|younger\s+than|<"),
    (r"=", r"equal\s+to|equals|exactly|of|=|==|is|are"),
)
_OP_WORDS = "|".join(f"(?:{words})" for _, words in _COMPARATORS)


def _op_of(words: str) -> str:
    for op, pattern in _COMPARATORS:
        if re.fullmatch(pattern, words.strip(), re.IGNORECASE):
            return op
    return "="


def _parse_number(text: str) -> float | int:
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


# Plural nouns for the people a record is about, in any host ("members", "customers").
_PEOPLE_NOUNS = r"(?:members|customers|clients|users|applicants|policyholders|patients)"


def _group_noun(schema: HostSchema, *, spelled: bool = True) -> str:
    """A pattern for the plural of the host's instance noun; `spelled=False` gives the form the selector's masking
    was trained with (the noun and "s" or "es": no "colonies" for colony) until the selector is rebuilt.
    """
    word = schema.instance_noun.lower() if schema.instance_noun else "instance"
    head = _noun_head(schema.instance_noun or "")
    modifier = ""
    if head is not None:  # "orchid lots" for seed lots: the noun's modifier may be left out
        modifier = rf"(?:{re.escape(word[: -len(head)].strip())}\s+)?"
        word = head
    return modifier + (plural_pattern(word) if spelled else rf"{re.escape(word)}(?:e?s)")


def plural_pattern(noun: str) -> str:
    """A pattern for the plural of a lower-case `noun`: "ponies" for pony (a consonant before the y), "boxes" or
    "boxs" for box (the "e" optional, as people type it), "trays" for tray.
    """
    if re.search(r"[^aeiou]y$", noun):
        return rf"{re.escape(noun[:-1])}(?:ies|ys)"
    return rf"{re.escape(noun)}(?:e?s)"


_GROUP_NOUNS = (
    r"people|persons|those|ones|individuals|instances|data\s*points?|data|rows|samples|examples|records|cases|"
    r"entries|everyone|anyone|someone|somebody|observations"
)
_YES = ("yes", "true", "y", "1")
_NO = ("no", "false", "n", "0")


def yes_no_of(feature: FeatureSchema) -> tuple[str, str] | None:
    """A yes/no feature's two categories as the host writes them ("Yes", "No"; "True", "False"), or None: exactly
    two categories (ignoring case and empties), one a word of yes, the other of no.
    """
    lower = {c.lower(): c for c in feature.categories or [] if c}
    yes = next((lower[v] for v in _YES if v in lower), None)
    no = next((lower[v] for v in _NO if v in lower), None)
    return (yes, no) if yes is not None and no is not None and len(lower) == 2 else None


# What may follow an age bound after a noun for people ("patients over 60 who are ...", "over 60 please").
_AFTER_AGE = (
    r"(?:are|is|were|was|who|that|and|or|in|with|predicted|does|do|did|get|got|have|has|to|for|end|would|will|"
    # words that end a request after its group ("patients over 60 please", "the over 60s only")
    r"please|pls|plz|thanks|thx|only|alone|too|also|as\s+well|instead|specifically|then|now)"
)


def name_unit(feature: FeatureSchema) -> str | None:
    """The unit a feature's name ends in (`simxai.hosts.name_words.name_unit_of`, the one reading of it):
    "distance_km" -> "km", "DepthM" -> "m", "Weight (kg)" -> "kg"; None for none.

    Each reader narrows it to the units it can use (`_amounts`: two or three letters; `_unit_values`: the units
    people spell out, never a unit per unit).
    """
    return name_unit_of(feature.name)


def number_between(text: str, start: int, end: int, feature: FeatureSchema) -> bool:
    """Whether a number stands in `text[start:end]`, between the words read as the feature's name, when the name
    holds none: "wind 12 m/s" names no `wind (m/s)` in its three words, it says the wind's value.
    """
    return re.search(r"\d", text[start:end]) is not None and re.search(r"\d", feature.name) is None
