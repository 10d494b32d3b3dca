"""Invented features in the items of a list whose other items are features or their contributions (invent18).

A part of a sentence (between clause breaks) that gives two items or more a contribution ("X (+0.12)", "X −0.3")
or names them as features puts every item of its list in a feature's place: "a (+1.53), b (+1.04) and X keep it
healthy", "a high X and sex (-0.33) pull towards progressing", "Mostly a (+0.25), b (+0.12) and X". An item
there is invented when it names no feature, alias or class and none of its content words is a word of a
feature's name, alias or description, a class, or a word of the outputs or the user's (so "the septic tank 11 m
away" for distance_to_septic_m, or "lfp cells" when an output holds "lfp", pass). The last item's trailing verb
("... and X keep it healthy") is cut; an item that is a clause ("for 49305", "pulling the other way") is none.

`_enumerated` reads lists of two named features; this reads lists whose places are shown by their numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._enumerated import _CLAUSE_WORDS, _content, _head, _unknown
from simxai.guard._reading import find_mentions

__all__ = ["valued_item_claims"]

_PART = re.compile(
    r"\.(?!\d)|[;:!?\n]|\s[—–]\s|\b(?:while|whereas|but|because|since|although|though|which|that|so|where|when)\b",
    re.I,
)
_JOINT = re.compile(r"\s*,\s*(?:and\s+|or\s+|plus\s+)?|\s+(?:and|or|plus)\s+", re.I)
#: A contribution shown with an item: bracketed ("(+0.12)", "(0.35)", "(−0.927)") or signed ("+0.4", "−.109").
_VALUE = re.compile(r"\(0\)|(?<![\w.])[+\-−]\d*\.?\d+")
_BRACKET = re.compile(r"\([^()]*\)")
_LONE = re.compile(r"\(\s*[+\-−]?\d*\.?\d+\s*%?\s*\)")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
#: Words about a list, an explanation or a prediction rather than an item of the list.
_META = frozenset(
    "list whole top bottom table ranking rank chart side way rest others everything push pull weight effect "
    "impact influence reason reasons driver drivers contribution contributions sum baseline base prediction "
    "probability odds model case total".split()
)


def _name(item: str, last: bool) -> str:
    """The noun phrase an item names: its words before a verb or preposition (cut only on the list's last item,
    "X keep it healthy"); "" when the item is a clause."""
    words = _WORD.findall(re.sub(r"\([^()]*\)|[+\-−]?\d[\d.,]*\s*%?", " ", item))
    for i, word in enumerate(words):
        if word.lower().split("'")[0] in _CLAUSE_WORDS:
            return " ".join(words[:i]) if last and i > 0 else ""
    return " ".join(words)


def _verb(item: str) -> str:
    """The first verb or preposition of an item ("" when it has none)."""
    words = _WORD.findall(re.sub(r"\([^()]*\)", " ", item))
    return next((w.lower() for w in words if w.lower().split("'")[0] in _CLAUSE_WORDS), "")


def valued_item_claims(
    sentence: str, features: Iterable[str], labels: Iterable[str], known: set[str]
) -> Iterator[tuple[str, bool]]:
    """Claims `feature X` (failing) for each invented item of a list of features shown by their contributions.

    Args:
        sentence: one sentence of the reply, as the guard reads it.
        features: the spellings of the host's features (names and aliases).
        labels: the host's classes.
        known: the words a paraphrase of a feature may be made of (lower case).
    """
    spellings = list(features)
    names = [*spellings, *labels]
    at = 0
    for brk in [*_PART.finditer(sentence), None]:
        end = brk.start() if brk else len(sentence)
        part, at = sentence[at:end], (brk.end() if brk else end)
        # a lone number in brackets is the item's contribution; any other bracket is an aside, no item
        part = _BRACKET.sub(lambda b: " (0) " if _LONE.fullmatch(b.group(0)) else " ", part)
        items = [i for i in _JOINT.split(part) if i.strip()]
        featured = [bool(find_mentions(i, spellings)) for i in items]
        valued = [bool(_VALUE.search(i)) for i in items]
        placed = [f or v for f, v in zip(featured, valued, strict=True)]
        if len(items) < 2 or sum(placed) < 2 or not (any(featured) or sum(valued) >= 2):
            continue
        for i, item in enumerate(items):
            name = _name(item, last=i == len(items) - 1)
            if featured[i] or find_mentions(name, names) or not (valued[i] or (i > 0 and placed[i - 1])):
                continue  # an item with no number of its own is read only after a placed one
            first = placed.index(True)
            verbs = {_verb(items[j]) for j in range(first, i)} - {""}
            if not valued[i] and verbs and verbs != {_verb(item)}:
                continue  # an earlier item has a verb of its own, not this one's: the list closed, a clause opens
            words = name.split()
            if not words or len(words) > 6 or any(w.lower().endswith("ly") for w in words):
                continue
            if words[0].lower().endswith("ing") and len(words) == 1:
                continue
            if {w.lower() for w in words} & _META:
                continue  # "top of the whole list (+0.106)": a word about the list, no item of it
            content, head = _content(name), _head(name)
            if content and len(head) > 3 and all(_unknown(w, known) for w in content):
                yield f"feature {' '.join(content)}", False
