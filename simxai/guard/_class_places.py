"""Invented classes in places only a class can fill, read from the host's labels and the outputs (invent18).

- a word given a probability beside a class given the rest of it ("X .705 | treat .294", "X at 0.738; positive
  0.262"): two shares of one prediction that make up the whole are two classes' shares, so the word is a class;
- the verdict after a subject and a colon at a line's or sentence's start, on a prediction ("Patient 12: X.",
  "Review 3 ("..."): X, 50/50");
- a list of the outputs on an output description whose items are classes but one ("outputs: a, b, X", "a, b, or
  X"), and the number of classes said at a sentence's start ("Three labels.", "Three outputs: ...");
- a prediction said with "comes out X", "files it as X", "the model says X"; "files patient 120 as X", "is filed
  as X" (claims-39).

What fills such a place must be a class, one of its forms, a feature's or metric's name or a word of the outputs or
the user's; any other word is an invented class. Sizes are compared with one another, never with the outputs, so
a wrong share is left to the number checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai._spoken import UNITS
from simxai.guard._mentions import name_words
from simxai.guard._prefilter import gated
from simxai.guard._reading import sentences

__all__ = ["class_place_claims"]

#: What may follow a class in its place: a break, or a word that starts the rest of the clause.
_AFTER = (
    r"(?=[*_`\"”']*\s*(?:[,.;:!?()|\n]|$|\s[-–—]\s|\s(?:for|with|at|here|but|because|since|so|while|rather|"
    r"instead|and|or|\d|\.\d)\b))"
)
#: A word with a share right after it ("angry at 0.738", "CONDEMNED .705", "rejected 53.6 %").
_SHARED = re.compile(
    r"(?:^|[:;,|(/→>\n]\s*|[^\w\s.,]\s+)(?P<w>[A-Za-z][A-Za-z_-]*)\s*(?:at\s+|:\s*|=\s*)?(?P<n>\d*\.\d+|\d{1,3}(?:\.\d+)?\s*%)(?!\d|\.\d)"
)
_SUBJECT_COLON = gated(
    r"(?:^|\n|[.!?]\s+)[^\w\n]{0,6}\s*(?:[A-Za-z]+\s+)?#?\d{1,12}(?:\s*\([^()\n]{0,160}\))?\s*:\s*"
    r"[*_`'\"]*(?P<x>[A-Za-z][\w-]*)" + _AFTER
)
_SAID_AS = gated(
    r"\b(?:comes?\s+out|files?\s+(?:it|her|him|them)\s+as|(?:the model|it)\s+says)\s+(?:as\s+)?[*_`'\"]*"
    r"(?P<x>[A-Za-z][\w-]*)" + _AFTER,
    re.I,
)
#: Filed under a class (claims-39): "the model files patient 120 as borderline" (g23), "files 115433 under leaning"
#: (g25), "a sentence with no sentiment words ... is filed as neutral" (g28); read on a turn that predicts, describes
#: the classes or gives the model's card.
_FILED_AS = gated(
    r"\b(?:files?\s+(?:(?:[a-z]+\s+)?#?\d{1,12}|this one|the \w+)\s+(?:as|under)|(?:is|are|was|were|gets?|got)\s+"
    r"filed\s+(?:as|under))\s+[*_`'\"]*(?P<x>[A-Za-z][\w-]*)" + _AFTER,
    re.I,
)
#: A class named as the group the model sorts a subject into ("puts patient 12 in the borderline group", "assigns
#: her to the 'medium' category", "falls into the high-risk class"): a model's verb before any of these nouns; a
#: plain verb ("falls", "is") only before "class" (a feature's band is as often "in the obese category").
_GROUP_PLACE = gated(
    r"\b(?:(?:puts?|placed|places?|assign(?:s|ed)?|sort(?:s|ed)?|classif(?:y|ies|ied)|bins?|binned|"
    r"slots?|slotted|files?|filed)\s+(?:\w+\s+#?\d+\s+|it\s+|her\s+|him\s+|them\s+|this one\s+)?"
    r"(?:squarely\s+|firmly\s+)?(?:in|into|to|under)\s+(?:the\s+)?[*_`'\"]*(?P<x>[A-Za-z][\w-]*)[*_`'\"]*\s+"
    r"(?:class|group|category|bucket|bin|camp)|"
    r"(?:falls?|fell|lands?|landed|belongs?|is|was)\s+(?:squarely\s+|firmly\s+)?(?:in|into|to)\s+(?:the\s+)?"
    r"[*_`'\"]*(?P<y>[A-Za-z][\w-]*)[*_`'\"]*\s+class)\b",
    re.I,
)
#: Words before a group's noun that name no class ("the majority class", "the other group").
_NO_CLASS_GROUP = frozenset(
    "majority minority positive negative predicted opposite target first second last middle training test "
    "held-out heldout age whole entire wrong".split()
)
_COUNT_LEAD = re.compile(
    r"(?:^|\n|[.!?:\"“]\s*)\s*(?P<n>one|two|three|four|five|six|seven|eight)\s+(?:possible\s+)?"
    r"(?:labels|classes|outputs|outcomes|categories)\b",
    re.I,
)
_LIST_LEAD = re.compile(r"\b(?:outputs|outcomes|labels|classes|categories)\s*:\s*", re.I)
_JOINT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.I)
#: Words a class's place may hold that name no class: determiners, adverbs, measures, and the words that lead a
#: clause.
_NOT_A_CLASS = frozenset(
    "a an the that this these those it its her his their them they which what whether how who why one both each "
    "every either neither all any some most many much more less no not none nothing yes ok okay so otherwise "
    "higher lower high low label labels class classes outcome outcomes probability probabilities score scores "
    "value values result results answer case cases here there then now today again too also only just yet still "
    "as to of for with by at in on from into and or but if when while because given based using is was are were "
    "would will same other different another true false correct wrong right unknown missing ahead behind even "
    "top close level equal tied split evenly similar clearly narrowly versus vs against than about around roughly "
    "approximately nearly almost over under above below confidence chance prob p share likelihood odds percent "
    "average mean rest remaining left total overall base baseline threshold cutoff margin gap difference "
    "accuracy precision recall auc roc f1 n k".split()
)


def _known(word: str, known: set[str], said: set[str]) -> bool:
    low = word.lower()
    return (
        low in known
        or low in said
        or low.rstrip("s") in said
        or low in _NOT_A_CLASS
        or low.endswith("ly")
        or low[0].isdigit()
    )


def _share(raw: str) -> float:
    value = float(raw.rstrip("% ").strip())
    return value / 100 if raw.strip().endswith("%") or value > 1 else value


def class_place_claims(
    reply: str,
    labels: Iterable[str],
    forms: Iterable[str],
    names: Iterable[str],
    said: set[str],
    *,
    predicted: bool,
    described: bool,
    card: bool = False,
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each class place of `reply` and the number of classes said at a sentence's start.

    Args:
        reply: the reply as the guard reads it.
        labels: the host's classes.
        forms: the classes' other forms ("rejection").
        names: the host's features, aliases and metrics (their words fill no class place).
        said: the words of the outputs and the user's.
        predicted: an output of the turn predicts a class (its shares, its verdict).
        described: an output of the turn describes the classes (`get_output_information`).
        card: an output of the turn is the model's card (`get_model_information`; only "filed as" is read there).
    """
    labels = list(labels)
    known = {x.lower() for x in (*labels, *forms)}
    if not known:
        return
    known |= {w for n in names for w in name_words(n, r"[a-z][a-z0-9]*")} | {n.lower() for n in names}
    for sentence in sentences(reply):
        if sentence.rstrip().endswith("?"):
            continue
        if predicted:
            yield from _shared_claims(sentence, known, said)
    if predicted:
        for pattern in (_SUBJECT_COLON, _SAID_AS):
            for m in pattern.finditer(reply):
                if not _known(m.group("x"), known, said):
                    yield f"label '{m.group('x')}'", False
        for sentence in sentences(reply):
            if sentence.rstrip().endswith("?"):
                continue
            for m in _GROUP_PLACE.finditer(sentence):
                word = m.group("x") or m.group("y")
                if word.lower() not in _NO_CLASS_GROUP and not _known(word, known, said):
                    yield f"label '{word}'", False
    for m in _FILED_AS.finditer(reply) if predicted or described or card else ():
        if not _known(m.group("x"), known, said):
            yield f"label '{m.group('x')}'", False
    if described:
        for m in _COUNT_LEAD.finditer(reply):
            n = UNITS[m.group("n").lower()]
            yield f"{n} labels", n == len(labels)
        yield from _listed_claims(reply, known)


def _shared_claims(sentence: str, known: set[str], said: set[str]) -> Iterator[tuple[str, bool]]:
    """A word whose share and a class's share make up the whole: the word is a class."""
    found = [(m.group("w"), _share(m.group("n"))) for m in _SHARED.finditer(sentence)]
    classes = [(w, p) for w, p in found if w.lower() in known]
    for word, p in found:
        low = word.lower()
        if _known(word, known, said) or not 0 < p < 1 or low.endswith("ing"):
            continue
        if len(low) >= 3 and any(k.startswith(low) for k in known):
            continue  # "rej 0.220": a class's first letters
            continue
        if any(abs(p + q - 1) <= 0.006 for w, q in classes if w.lower() != word.lower()):
            yield f"label '{word}'", False


def _listed_claims(reply: str, known: set[str]) -> Iterator[tuple[str, bool]]:
    """The items of a list of the classes ("outputs: a, b, X"; "A, b, or X.") that are no class."""
    for sentence in sentences(reply):
        lead = _LIST_LEAD.search(sentence)
        body = sentence[lead.end() :] if lead else sentence
        body = re.sub(r"\([^()]*\)", " ", body).strip().rstrip(".!").strip()
        items = [re.sub(r"^(?:the|a|an)\s+", "", i.strip(), flags=re.I) for i in _JOINT.split(body) if i.strip()]
        if len(items) < 3 or any(len(i.split()) > 5 for i in items):
            continue
        if lead is None and not re.fullmatch(r"[\w\s,'-]+", body):
            continue
        exact = [i for i in items if i.lower() in known]
        if len(exact) < 2 or (lead is None and len(exact) != len(items) - 1):
            continue
        for item in items:
            if item.lower() in known or re.match(
                r"(?:meaning|means|which|when|where|if|i\.e|each|both|all|every|with)\b", item, re.I
            ):
                continue
            if lead is None and item.split()[0].lower() not in known:
                continue  # with no lead, only a class qualified ("a, b, or b with a smaller amount") is read
            yield f"label '{item}'", False
