"""A list of the classes with one the host does not have (claims-32): "labelled good, poor or middling", "the
model can answer open, closed or pending review", "Outcomes: won / lost / postponed".

A reply that lists the classes as one coordinated list (items split by commas, slashes, "or", "and") and puts
among at least two of the host's classes an item that is none of them names an invented class. Read only when

- the list has at least three items and at least two of them are the host's classes, each item as a whole;
- every other item is one to three plain words (no digit, no determiner or quantifier first, no word the outputs,
  the features or the aliases use): "stable, progressing and the rest" or "approved, rejected and 1,500 more"
  name no class.

The list ends at a full stop, a semicolon, a colon, a bracket or a dash; an item of more words ends the list
there. This is a claim about the set of classes, so it is checked against the host's classes, not the outputs'.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._mentions import find_mentions
from simxai.guard._prefilter import gated
from simxai.guard._statement_checks import _mechanism
from simxai.guard._transcript import answer_claims

__all__ = ["label_claims", "label_set_claims"]

#: The mechanism of an item of a list of the classes that is none of them.
LISTED = "label set's extra item"

#: Between two items of a list.
_SEPARATOR = re.compile(r"\s*(?:,\s*(?:or\s+|and\s+)?|\s/\s|/|\s+or\s+|\s+and\s+|\s·\s)\s*", re.I)
#: Where a list ends.
#: A clause of condition ends it too ("referred to a manager when the scores are close"; claims-46).
_END = re.compile(r"[.;:!?()\[\]\n—–]|\s-\s|\s+(?:at|for|of|in|on|when|whenever|if|unless)\s", re.I)
#: First words of an item that is no class: determiners, quantifiers, pronouns.
_NOT_FIRST = frozenset(
    "the a an all both each every either neither no none its their his her this that these those some any most "
    "more less many few other others rest it they them which what who nothing anything everything something else "
    "otherwise".split()
)
#: A count first in an item of more words counts the classes ("Two outcomes, approved and rejected", "two outcomes
#: only, approved or rejected"): it heads the list and names none (claims-38, gfa31).
_COUNTS = frozenset("one two three four five six seven eight nine ten".split())
#: Between a colon and the first class named: one item and a separator ("Outcomes: pending, won or lost").
_LEAD_ITEM = re.compile(r"\s*[A-Za-z][A-Za-z'_-]*(?:\s+[A-Za-z][A-Za-z'_-]*){0,2}\s*(?:,|/|\s(?:or|and))\s*")
#: An item of one to three plain words, with articles between them after the first ("referred to an underwriter",
#: claims-39).
_ARTICLE = r"(?:\s+(?:an?|the|another)(?=\s))?"  # "forwarded to another office" (claims-46)
_PLAIN = re.compile(rf"[A-Za-z][A-Za-z'_-]*{_ARTICLE}(?:\s+[A-Za-z][A-Za-z'_-]*{_ARTICLE}){{0,2}}")
#: A count before a class in a list of the classes' counts ("91 flowing, 49 weak, 60 dry").
_COUNTED = re.compile(r"\d[\d,]*\s+")
#: The list's item of an unnumbered rest of a class (claims-56): "and a handful marked X", "and some X", "a few
#: labelled X"; X must be a class too.
_SOME = re.compile(
    r"(?:some|a few|a handful|several|a couple|a small number|a number|the odd one)\s+"
    r"(?:(?:(?:were|are|was)\s+)?(?:marked|labell?ed|graded|recorded|rated|called|classed|classified|tagged|found)"
    r"\s+(?:as\s+)?)?(?P<w>[a-z][a-z'-]*)"
)
#: Marks around an item that are not part of it (emphasis, quotes, spaces).
_MARKS = " *_`'\""


def _items(region: str, whole: bool = False) -> tuple[list[str], list[int]]:
    """The items of a list up to the one its last "and", "or" or slash joins, each with its offset in `region`
    (the span between two separators, without the marks around it); none when nothing joins them ("stable and
    progressing, split at 140": the list ends at the item its "and" or "or" joins). When the list is `whole` (the
    region ends where the sentence or a semicolon does), items joined by commas or middle dots alone are read to
    its end: "three buckets — positive, negative, neutral;", "PATCH · RECUT · RETIRE · REFER TO OWNER." (claims-39).
    """
    spans, at = [], 0
    for separator in _SEPARATOR.finditer(region):
        spans.append((at, separator.start(), re.search(r"/|\b(?:or|and)\b", separator.group(), re.I) is not None))
        at = separator.end()
    joined = [k for k, (_, _, joins) in enumerate(spans) if joins]
    if not joined and whole and len(spans) >= 2:
        joined = [len(spans) - 1]
    if not joined:
        return [], []
    spans.append((at, len(region), False))
    items, offsets = [], []
    for begin, end, _ in spans[: joined[-1] + 2]:
        said = region[begin:end]
        item = said.strip(_MARKS)
        if item:
            items.append(item)
            offsets.append(begin + len(said) - len(said.lstrip(_MARKS)))
    return items, offsets


def _known(words: list[str], known: set[str]) -> bool:
    """Whether the item's words are the outputs' or the host's ("loan amount", "the rest"): every word of more than
    three letters is known, and one is. Since claims-39 one known word no longer makes an item known ("refer to
    owner" where a class's meaning says "returned to the owner", "drowned wick" of a wick's width).
    """
    long = [w for w in words if len(w) > 3]
    return bool(long) and all(w in known or w.replace("-", "_") in known for w in long)


def label_set_claims(reply: str, labels: Iterable[str], known: set[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each item of a list of classes that is no class of the host.

    Args:
        reply: the reply as written.
        labels: the host's labels.
        known: words a reply may use that name no class (the outputs', the features', the aliases', label forms).
    """
    labels = list(labels)
    if len(labels) < 2:
        return
    said: set[str] = set()
    for line in re.split(r"(?<=[.;!?\n])\s+", reply):
        mentions = find_mentions(line, labels)
        if len({m.name for m in mentions}) < 2:
            continue
        start = mentions[0].start
        opened = line.rfind(":", 0, start)
        if opened >= 0 and _LEAD_ITEM.fullmatch(line[opened + 1 : start]):
            start = opened + 1  # "Classes: neutral, positive or negative": an extra item may open the list
        end = _END.search(line, mentions[0].end)
        region = line[start : end.start() if end else len(line)]
        whole = end is None or end.group(0) in ".;!\n" and not line[end.end() : end.end() + 1].isdigit()
        items, offsets = _items(region, whole)
        if len(items) < 3:
            continue
        at_label = {m.start - start for m in mentions}
        counts = [len(c.group(0)) if (c := _COUNTED.match(item)) else 0 for item in items]  # "62 overgrown"
        is_label = [
            any(m.start - start == at + n and m.end - start == at + len(item) for m in mentions)
            for item, at, n in zip(items, offsets, counts, strict=True)
        ]
        if sum(is_label) < 2 or not at_label:
            continue
        counted = any(n and label for n, label in zip(counts, is_label, strict=True))
        # a list that has two classes only with their counts is read for the unnumbered rest alone
        plain = sum(label and not n for n, label in zip(counts, is_label, strict=True)) >= 2
        for item, label in zip(items, is_label, strict=True):
            if label:
                continue
            some = _SOME.fullmatch(item.lower()) if counted else None
            if some and some.group("w") not in _NOT_FIRST | said and not _known([some.group("w")], known):
                said.add(some.group("w"))  # "91 flowing, 49 weak and a handful marked X" (claims-56)
                yield f"label '{some.group('w')}' (in a list of the classes' counts)", False
                continue
            words = item.lower().split()
            if (
                not plain
                or not _PLAIN.fullmatch(item)
                or words[0] in _NOT_FIRST
                or (words[0] in _COUNTS and len(words) > 1)
                or _known(words, known)
                or item.lower() in said
            ):
                continue
            said.add(item.lower())
            yield f"label '{item}' (in a list of the classes)", False


#: "the remainder split between progressing and borderline", "the rest shared among A and B" (claims-46): the
#: share left over is split between classes, so each item named must be one.
_SPLIT = gated(
    r"\b(?:rest|remainder|remaining(?:\s+[a-z]+)?|others?)\s+(?:is\s+|are\s+|being\s+)?(?:split|shared|divided|spread)"
    r"\s+(?:between|among|across)\s+(?P<a>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?)\s+and\s+(?P<b>[A-Za-z][\w'-]*)",
    re.I,
)


def split_claims(reply: str, labels: Iterable[str], known: set[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each item of a split of the remaining share between classes that is no class."""
    labels = list(labels)
    for m in _SPLIT.finditer(reply):
        items = [m.group("a"), m.group("b")]
        whole = [any(x.start == 0 and x.end == len(i) for x in find_mentions(i, labels)) for i in items]
        if not any(whole):
            continue
        for item, label in zip(items, whole, strict=True):
            words = item.lower().split()
            if not label and words[0] not in _NOT_FIRST and not _known(words, known):
                yield f"label '{item}' (in a split of the classes)", False


def label_claims(
    reply: str, labels: Iterable[str], known: set[str], predicted: set[str], recorded: set[str]
) -> Iterator[tuple[str, bool, str]]:
    """(claim, supported, mechanism) of the labels a reply gives in a Q./A. answer's slot (`_transcript`) and of the
    items of its lists of the classes.
    """
    labels = list(labels)
    for said, holds in answer_claims(reply, labels, known, predicted, recorded):
        yield said, holds, _mechanism("answer_claims", said)
    for said, holds in label_set_claims(reply, labels, known):
        yield said, holds, LISTED
    for said, holds in split_claims(reply, labels, known):
        yield said, holds, LISTED
