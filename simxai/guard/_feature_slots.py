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

from simxai.guard._enumerated import (
    _CLAUSE_WORDS,
    _DEGREES,
    _JOINT,
    _content,
    _head,
    _unknown,
    list_parts,
    names_nothing,
)
from simxai.guard._not_names import CALL_WORDS
from simxai.guard._reading import find_mentions

__all__ = ["ranked_subject_claims", "valued_item_claims"]

#: A number given to a feature in a change: "→ 613", "from 4.39 to 4.60", "to 0.5", "up to 53.5", "of 701".
_CHANGE = re.compile(r"(?:→|->|\bto\b|\bof\b|\binstead of\b|\bat\b|=)\s*[+\-−]?\d|\d\s*(?:→|->)", re.I)
#: A contribution shown with an item: bracketed ("(+0.12)", "(0.35)", "(−0.927)") or signed ("+0.4", "−.109").
_VALUE = re.compile(r"\(0\)|(?<![\w.])[+\-−]\d*\.?\d+")
_BRACKET = re.compile(r"\([^()]*\)")
_LONE = re.compile(r"\(\s*[+\-−]?\d*\.?\d+\s*%?\s*\)")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*")  # "HbA1c" is one word (claims-36)
_PREPOSITIONS = frozenset(
    "about above across after before around at by for from in into near on onto over past per than through to "
    "toward towards under up down with within without via between beyond against along".split()
) | {""}


def _leads_off(word: str) -> bool:
    """Whether a name's first word leads a clause or quantifies the list ("compared with ...", "each adding ...")."""
    low = word.lower()
    return low.endswith("ed") or low in _QUANTIFIERS


_QUANTIFIERS = frozenset("each all both every none neither either together versus".split())
#: Words about a list, an explanation or a prediction rather than an item of the list.
_META = frozenset(
    "list whole top bottom table ranking rank chart side way rest others everything push pull weight effect "
    "impact influence reason reasons driver drivers contribution contributions sum baseline base prediction "
    "probability odds model case total else change changes edit edits step steps move moves tweak decision verdict "
    "answer result chance label labels class classes outcome margin shap lime attribution mean average importance "
    "score value likewise too also instead otherwise either again alone together respectively increase decrease "
    "rise drop fall gain cut jump double half point points percent times".split()
)


def _name(item: str, last: bool) -> str:
    """The noun phrase an item names: its words before a verb or preposition (cut only on the list's last item,
    "X keep it healthy"; a leading "with" is no part of it: "with X close behind"); "" when the item is a clause.
    """
    item = re.sub(r"^\s*with\s+", "", item, flags=re.I)
    item = re.split(r"→|->|=>", item)[0] if last else item
    words = _WORD.findall(re.sub(r"\([^()]*\)|[+\-−]?\d[\d.,]*\s*%?", " ", item))
    for i, word in enumerate(words):
        if word.lower().split("'")[0] in _CLAUSE_WORDS:
            return " ".join(words[:i]) if last and i > 0 else ""
    return " ".join(words)


#: A second change joined to a feature's change (claims-36): a name said to move ("waist circumference dropped a
#: little", "HbA1c should be lowered too", "their resting heart rate were a little higher"), or an imperative's
#: object ("add a frame of brood", "cut daily sugar intake", "lose one course of coping stones").
_MOVED = re.compile(
    r"^\s*(?P<np>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}?)\s+(?:(?:were|was|is|are|got|gets|should\s+be|would\s+be)\s+)?"
    r"(?:(?:a\s+(?:little|bit|touch)|slightly|much|also)\s+)?"
    r"(?:dropped|fell|rose|went\s+(?:up|down)|came\s+down|lowered|raised|reduced|increased|decreased|"
    r"rises|falls|drops|goes\s+(?:up|down)|comes\s+down|"  # "and the waist measure rises with it" (claims-37)
    r"(?:higher|lower|better|worse)\b(?!\s+than))",
    re.I,
)
_ORDERED = re.compile(
    r"^\s*(?:add|adding|cut|cutting|skip|skipping|lose|losing|fit|fitting|fix|fixing|swap\s+in|"
    r"dropped|drop|dropping|remove|removing|bring|lower|raise|reduce|increase)\s+(?P<np>(?:the|a|an|one|two|some|her|his|their|its)\s+"
    r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}?|[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
    r"(?=\s*$|\s*[^\w\s'-]|\s+(?:down|up|first|too|as\s+well|instead|away|off|and|to|on|from|for|in|at|would|and)\b)",
    re.I,
)


#: A number said before a feature's name, in a change: "a 739 credit score", "7.6 kg of stores", "a 70.4 % cambium
#: match" (claims-37; `_CHANGE` reads only numbers after the name).
_BEFORE_NAME = re.compile(r"\d[\d.,]*\s*(?:%|[a-z°]{1,4}\.?)?\s+(?:of\s+(?:the\s+|its\s+)?)?$", re.I)
#: What a change's pair leads to, after its last item (claims-37): a purpose ("... and tighter grafting tape to be
#: predicted as took", "... for the model to say lost") or the pair's own verb ("A credit score of 678 and a
#: co-signer would tip it", "... plus one missed payment would make the model reject 77").
_PAIR_END = re.compile(
    r"\s+(?:(?:in\s+order\s+)?to\s+(?:be|get|become|turn|flip|make|reach|tip|win)\b|"
    r"for\s+(?:the\s+model|it|him|her|them)\s+to\b|"
    r"(?:would|could|will|might)\s+(?:also\s+|then\s+)?(?:tip|make|get|flip|turn|swing|do)\b).*$",
    re.I | re.S,
)


def _placed_by_number(item: str, spellings: list[str]) -> bool:
    """Whether a feature of `item` is given a number said before its name (`_BEFORE_NAME`)."""
    # the 24 characters before each name hold "7.6 kg of the ": a longer window would make a long item quadratic
    return any(_BEFORE_NAME.search(item[max(0, m.start - 24) : m.start]) for m in find_mentions(item, spellings))


def _partner(item: str) -> str | None:
    """The name a change joined to another is of (`_MOVED`, `_ORDERED`), or None when the item is no such change."""
    m = _MOVED.match(item) or _ORDERED.match(item)
    return m.group("np") if m is not None else None


def _verb(item: str) -> str:
    """The first verb or preposition of an item ("" when it has none)."""
    words = _WORD.findall(re.sub(r"\([^()]*\)", " ", item))
    return next((w.lower() for w in words if w.lower().split("'")[0] in _CLAUSE_WORDS - _PREPOSITIONS), "")


def valued_item_claims(
    sentence: str, features: Iterable[str], labels: Iterable[str], known: set[str], changed: bool = False
) -> Iterator[tuple[str, bool]]:
    """Claims `feature X` (failing) for each invented item of a list of features shown by their contributions.

    Args:
        sentence: one sentence of the reply, as the guard reads it.
        features: the spellings of the host's features (names and aliases).
        labels: the host's classes.
        known: the words a paraphrase of a feature may be made of (lower case).
        changed: an output of the turn changes features (a counterfactual, a what-if): a feature given a number
            there is a change's place, and the item right after it another change's.
    """
    spellings = list(features)
    names = [*spellings, *labels]
    for part in list_parts(sentence):
        # a lone number in brackets is the item's contribution; any other bracket is an aside, no item
        part = _BRACKET.sub(lambda b: " (0) " if _LONE.fullmatch(b.group(0)) else " ", part)
        items = [i for i in _JOINT.split(part) if i.strip()]
        featured = [bool(find_mentions(i, spellings)) for i in items]
        valued = [bool(_VALUE.search(i)) for i in items]
        if changed:  # "credit score to 701 and X", "a 739 credit score and X": a feature given a number is a change's
            valued = [
                v or (f and bool(_CHANGE.search(i) or _placed_by_number(i, spellings)))
                for i, f, v in zip(items, featured, valued, strict=True)
            ]
            if len(items) > 1 and featured[-2] and valued[-2] and not featured[-1]:
                items[-1] = _PAIR_END.sub("", items[-1])  # "... and a co-signer would tip it" (claims-37)
        placed = [f or v for f, v in zip(featured, valued, strict=True)]
        enough = sum(placed) >= 2 or (changed and any(f and v for f, v in zip(featured, valued, strict=True)))
        if len(items) < 2 or not enough or not (any(featured) or sum(valued) >= 2):
            continue
        for i, item in enumerate(items):
            name = _name(item, last=i == len(items) - 1)
            if featured[i] or find_mentions(name, names) or not (valued[i] or (i > 0 and placed[i - 1])):
                continue  # an item with no number of its own is read only after a placed one
            mark = _VALUE.search(item)
            if mark is not None and (_verb(item[: mark.start()]) or find_mentions(item[: mark.start()], labels)):
                continue  # "the decision would flip to approved (0.58)", "a race with unsafe (.44)": no item's number
            partner = _partner(item) if changed and i > 0 and placed[i - 1] else None
            if partner is not None:
                name = partner  # "... and waist circumference dropped a little", "... and add a frame of brood"
            elif changed and not valued[i] and _verb(item):
                continue  # after a change, a clause of its own ("the label would hold at stable") is no change
            first = placed.index(True)
            verbs = {_verb(items[j]) for j in range(first, i)} - {""}
            if partner is None and not valued[i] and _verb(item) and verbs and verbs != {_verb(item)}:
                continue  # an earlier item has a verb of its own, not this one's: the list closed, a clause opens
            words = name.split()
            if not words or len(words) > 6 or any(w.lower().endswith("ly") for w in words) or _leads_off(words[0]):
                continue
            if words[0].lower().endswith("ing") and len(words) == 1:
                continue
            opening = [w.lower() for w in words if w.lower() not in ("the", "its", "a", "an", "model's")][:1]
            if {w.lower() for w in words} & _META or set(opening) & CALL_WORDS:
                continue  # "top of the whole list (+0.106)", "confidence drops ... to 66 %": no item of the list
            content = [w for w in _content(name) if w not in _DEGREES]  # "the biggest (single) factor" (claims-45)
            whole = partner is not None or _name(item, last=False) == name  # no verb cut off the item's end
            if (names_nothing(name, known) and whole) or (  # claims-36: a whole noun phrase is read as a name
                content and len(_head(name)) > 3 and all(_unknown(w, known) for w in content)
            ):
                yield f"feature {' '.join(content)}", False


#: Pronouns that stand for a name said before them.
_RELATIVE = frozenset({"which", "that", "who", "it", "this", "these", "those", "they", "whose"})
#: A rank said of the names before it: "X comes fourth", "X and Y sit near the bottom", "X matters least".
_RANKED = re.compile(
    r"\s(?:(?:sits?|are|is|comes?|ranks?|lands?)\s+(?:near\s+|at\s+|towards\s+)?the\s+"
    r"bottom|matters?\s+(?:the\s+)?least|(?:comes?|ranks?)\s+(?:first|second|third|fourth|fifth|sixth|last)\b|"
    r"(?:(?:is|are)\s+)?close\s+behind|(?:matters?\s+)?hardly\s+at\s+all)",
    re.I,
)


def ranked_subject_claims(
    sentence: str, features: Iterable[str], labels: Iterable[str], known: set[str]
) -> Iterator[tuple[str, bool]]:
    """Claims `feature X` (failing) for each name a rank is said of, on a ranking of every feature, that no
    feature's words make up ("insulin comes fourth", "X and age sit near the bottom").
    """
    names = [*features, *labels]
    text = _BRACKET.sub(" ", sentence)
    for m in _RANKED.finditer(text):
        before = re.split(r"[.;:!?\n]|\s-\s", text[max(0, m.start() - 200) : m.start()])[-1]
        np = re.split(r",\s*|\b(?:while|whereas|but|then)\b", before)[-1]
        for item in (i for i in _JOINT.split(np) if i.strip()):
            name = _name(item, last=False)
            words = name.split()
            if not words or len(words) > 5 or find_mentions(name, names) or {w.lower() for w in words} & _META:
                continue
            if words[0].lower() in _RELATIVE:
                continue  # "7 humidity, which comes last": the relative pronoun stands for the name before (gfa37)
            content, head = _content(name), _head(name)
            if content and len(head) > 3 and all(_unknown(w, known) for w in content):
                yield f"feature {' '.join(content)}", False
