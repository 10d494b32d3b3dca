"""General-English word lists the TalkToModel reader uses to find features and numbers in people's wording.

Nothing here names a dataset's column: the lists are shorthand, irregular plurals and nouns for people as any
English reader knows them, and the reader matches them against whatever vocabulary it is given. They were
written for the people-worded training pairs of `ttm_people` (their train part's misses were read, see
docs/talktomodel.md), from general usage rather than from those pairs' phrasings.
"""

from __future__ import annotations

import re

__all__ = [
    "ABBREVIATIONS",
    "AGE_LIMIT",
    "IRREGULAR_PLURALS",
    "PERSON_NOUNS",
    "UNSPECIFIC_HEADS",
    "VERB_FORMS",
    "rewrite_shorthand",
]

#: Shorthand people type, as the words it stands for (a token the dataset names as a feature is left alone).
ABBREVIATIONS: dict[str, str] = {
    "bp": "blood pressure",
    "bg": "blood glucose",
    "amt": "amount",
    "amnt": "amount",
    "yrs": "years",
    "yr": "year",
    "mos": "months",
    "mths": "months",
    "ppl": "people",
    "pts": "patients",
    "pt": "patient",
    "avg": "average",
    "dur": "duration",
    "tel": "telephone",
    "phone": "telephone",
    "priors": "prior crimes",
}

#: Irregular plurals of a feature's last word (regular ones add "s" or "es").
IRREGULAR_PLURALS: dict[str, str] = {
    "man": "men",
    "woman": "women",
    "person": "people",
    "child": "children",
    "wife": "wives",
    "life": "lives",
}

#: The forms of a verb that opens a feature's name ("owns house": "own a house", "owned their house").
VERB_FORMS: dict[str, tuple[str, ...]] = {
    "has": ("has", "have", "had", "having", "with"),
    "owns": ("owns", "own", "owned", "owning"),
    "rents": ("rents", "rent", "rented", "renting"),
    "is": ("is", "are", "was", "were", "be"),
}
#: Words that may stand between a feature name's verb and its object ("owns a house").
DETERMINERS = frozenset({"a", "an", "the", "their", "his", "her", "its", "my", "our", "your", "some", "any"})

#: Nouns for people: "patients over 60" compares their age when the dataset has one.
PERSON_NOUNS = frozenset(
    {
        "people",
        "persons",
        "person",
        "patients",
        "patient",
        "applicants",
        "applicant",
        "defendants",
        "defendant",
        "clients",
        "customers",
        "borrowers",
        "individuals",
        "adults",
        "folks",
        "men",
        "women",
        "males",
        "females",
        "those",
        "anyone",
        "everyone",
        "someone",
        "somebody",
        "anybody",
        "ones",
    }
)
#: An age above this is not one: "patients over 120" compares something else.
AGE_LIMIT = 110

#: Last words of feature names too common to stand for the feature alone ("the function of this",
#: "other people", "individuals").
UNSPECIFIC_HEADS = frozenset(
    {
        "function",
        "other",
        "individuals",
        "home",
        "bank",
        "store",
        "elsewhere",
        "income",
        "number",
        "rate",
        "class",
        "account",
        "balance",
        "current",
        "purpose",
        "loan",
        "loans",
        "time",
        "value",
        "level",
        "count",
        "score",
        "type",
        "status",
        "data",
        "model",
        "age",
    }
)

# "12k" -> 12000, "1.5k" -> 1500; "3+" -> "3 or more"; "aged 40 or older" -> "aged 40 or more"
_THOUSANDS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)k(?![a-z0-9])")
_PLUS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?\+(?![\d])")
# ... unless a comparison follows: "older than 40 or younger than 20" is two conditions
_OR_MORE = re.compile(r"(?<=\d )(or|and) (?:older|over|above|up|upwards|higher)\b(?! than)")
_OR_LESS = re.compile(r"(?<=\d )(or|and) (?:younger|under|below|fewer|lower)\b(?! than)")
# "under-21s", "over-60s": an age group, as "people under 21"
_AGE_GROUP = re.compile(r"\b(over|under)[- ](\d{2})s\b")


def rewrite_shorthand(text: str) -> str:
    """Lowercased text with numeric shorthand written out: "12k" -> "12000", "3+" -> "3 or more", "or older" ->
    "or more", "under-21s" -> "people under 21".
    """
    text = _THOUSANDS.sub(lambda m: _thousands(m.group(1)), text)
    text = _PLUS.sub(r"\1 or more", text)
    text = _OR_MORE.sub(r"\1 more", text)
    text = _OR_LESS.sub(r"\1 less", text)
    return _AGE_GROUP.sub(r"people \1 \2", text)


def _thousands(number: str) -> str:
    value = float(number) * 1000
    return str(int(value)) if value == int(value) else str(value)
