"""Counts said of one cell of a confusion matrix (claims-20): "7 negatives called positive", "misses 6 degraded
packs", "raises 9 false alarms", "six healthy fields were wrongly flagged", "37 on-time parcels right", "of the 60
negative reviews, 53 were recognised", "5 one way, 9 the other".

A count is bound to a cell only when the words around it name both of the cell's classes: the true class said
right before or after it (a label, in the plural or with a noun: "negatives", "degraded packs", "the intact
ones"), and the predicted class said after a verb of calling ("called positive") or implied by a verb of missing,
by an adverb of error ("wrongly flagged": on two classes, the other one) or of success ("right", "caught": the
same one). False positives and false alarms are the true negatives called positive (the positive class is the
one the call named, else the second of two). A count said with fewer words is left to the count checks, which
accept any of the matrix's numbers. Rows of the outputs' matrices are true classes, columns predicted ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from simxai._spoken import UNITS
from simxai.guard._reading import sentences

__all__ = ["Confusion", "confusion_claims"]

#: A confusion matrix of the outputs: its labels (in the order of its rows and columns), its rows (true classes)
#: of cells (predicted classes), and the positive label.
Confusion = tuple[tuple[str, ...], tuple[tuple[float, ...], ...], str]

#: A count: in digits, or a number word below twenty ("seven diseased fields"), which the pattern binds to a class.
_WORDS = "|".join(sorted((w for w, n in UNITS.items() if n > 0), key=len, reverse=True))
#: A whole ("of the 7", "one in three", "out of 60") is no cell's count.
_N = rf"(?<![\w.«])(?<!of )(?<!in )(?<!the )(?<!its )(?P<n>\d+|{_WORDS})(?![\w.%]|\.\d)"
_A = r"«(?P<a>\d)»"
_B = r"«(?P<b>\d)»"
#: A noun after the class ("negative ones", "degraded packs", "on-time parcels"), and a verb of being before a verb.
_NOUN = r"(?:\s+(?!(?:were|was|are|is|got|get|wrongly|correctly|right)\b)[a-z][a-z'-]*)?"
_BE = r"(?:\s+(?:were|was|are|is|got|get|being|all))?"
_ERR = r"(?:wrongly|mistakenly|falsely|incorrectly|erroneously|wrong(?:ly)?)"
_CALL = r"(?:called|labell?ed|classed|classified|predicted|flagged|marked|tagged|put down|taken)"
_CALLS = r"(?:calls|called|labels|labell?ed|flags|flagged|marks|marked|classifies|classified|tags|tagged)"
_MISSED = r"(?:missed|mislabell?ed|misclassified|misread)"
_MISSES = r"(?:misses|missed|missing|mislabels|mislabell?ed|misclassifies|misclassified|overlooks|overlooked)"
_RIGHT = (
    r"(?:right|correct|recognised|recognized|spotted|caught|identified|detected|picked up|"
    r"correctly (?:called|labell?ed|classed|classified|predicted|identified|flagged|marked))"
)
_OF = rf"(?:(?:out )?of (?:the|its|all)\s+(?:(?:\d+|{_WORDS})\s+)?)?"

#: (pattern, the predicted class): "b" the one named, "same" the true one, "other" the other of two.
_CELLS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "7 negatives called positive", "5 negative ones were wrongly labelled as positive"
    (re.compile(rf"{_N}\s+{_OF}{_A}{_NOUN}{_BE}(?:\s+{_ERR})?\s+{_CALL}\s+(?:as\s+|to be\s+)?{_B}"), "b"),
    # "six healthy fields were wrongly flagged", "Seven diseased fields were missed"
    (re.compile(rf"{_N}\s+{_OF}{_A}{_NOUN}{_BE}\s+(?:{_ERR}\s+{_CALL}|{_MISSED})(?!\s+(?:as\s+)?«)"), "other"),
    # "misses 6 degraded packs", "missed 5 of the positive reviews"
    (re.compile(rf"\b{_MISSES}\s+{_N}\s+{_OF}{_A}"), "other"),
    # "flags 5 of the intact ones wrongly"
    (re.compile(rf"\b{_CALLS}\s+{_N}\s+{_OF}{_A}{_NOUN}\s+{_ERR}\b"), "other"),
    # "37 on-time parcels right", "32 late parcels caught", "55 negatives correctly classified"
    (re.compile(rf"{_N}\s+{_OF}{_A}{_NOUN}{_BE}\s+{_RIGHT}\b"), "same"),
    # "of the 60 negative reviews, 53 were recognised (as negative)"
    (re.compile(rf"\bof (?:the|its|all)\s+\d+\s+{_A}{_NOUN},?\s+{_N}{_BE}\s+{_RIGHT}\b(?!\s+(?:as\s+)?«)"), "same"),
    (
        re.compile(rf"\bof (?:the|its|all)\s+\d+\s+{_A}{_NOUN},?\s+{_N}{_BE}\s+(?:{_CALL}|{_RIGHT})\s+(?:as\s+)?{_B}"),
        "b",
    ),
)
#: "32 late parcels caught and 6 missed": the missed ones are of the class just named.
_AND_MISSED = re.compile(rf"{_A}[^«.;:]*?\band\s+{_N}(?:\s+(?:were|was))?\s+{_MISSED}\b(?!\s+(?:as\s+)?«)")
#: "5 wrongly called late": the true class is the other of two.
_CALLED_WRONGLY = re.compile(rf"{_N}{_BE}\s+{_ERR}\s+{_CALL}\s+(?:as\s+)?{_B}")
_FALSE = re.compile(rf"{_N}\s+(?:more\s+)?false[\s-]+(?P<kind>positives?|alarms?|negatives?)\b")
#: "12 wrong: 5 one way, 9 the other": the two errors of two classes.
_JOIN = r"[\s_-]?"
_BOTH_WAYS = re.compile(r"(?<![\w.])(\d+)\s+(?:one way|in one direction),?\s+(?:and\s+)?(\d+)\s+the other\b")


def confusion_claims(text: str, confusions: Sequence[Confusion]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each count `text` says of one cell of a confusion matrix: it must be that cell of one
    of the outputs' matrices (of the same classes).

    Args:
        text: the reply (numbers written out as digits).
        confusions: the outputs' confusion matrices with their labels and positive label.
    """
    if not confusions or len({frozenset(c[0]) for c in confusions}) != 1:
        return
    labels = confusions[0][0]
    positive = confusions[0][2]
    for sentence in sentences(text):
        marked = _marked(sentence.lower(), labels)
        for true, predicted, n in _cells(marked, labels, positive):
            yield (
                f"confusion {n:g} {true} called {predicted}",
                any(_cell(c, true, predicted) == n for c in confusions),
            )
        if len(labels) == 2:
            for m in _BOTH_WAYS.finditer(marked):
                said = sorted(float(x) for x in m.groups())
                yield (
                    f"confusion errors {m.group(1)} and {m.group(2)}",
                    any(said == sorted((c[1][0][1], c[1][1][0])) for c in confusions),
                )


def _marked(text: str, labels: Sequence[str]) -> str:
    """`text` with each class named (in the singular or plural, its parts joined by a space, a hyphen or an
    underscore) replaced by «i», its index; false positives and negatives are kept as words.
    """
    text = re.sub(r"\bfalse[\s-]+(positive|negative)", lambda m: f"false {m.group(1).upper()}", text)
    for i, label in sorted(enumerate(labels), key=lambda x: -len(x[1])):
        parts = [re.escape(p) for p in re.split(r"[\s_-]+", label.lower()) if p]
        if parts:
            name = _JOIN.join(parts)
            text = re.sub(rf"(?<![\w«])['\"]?{name}(?:s|es)?['\"]?(?![\w»])", f"«{i}»", text)
    return text.lower()


def _cells(marked: str, labels: Sequence[str], positive: str) -> Iterator[tuple[str, str, float]]:
    """(true class, predicted class, count) of each count said of one cell."""
    two = len(labels) == 2
    seen: set[int] = set()
    for pattern, predicted in _CELLS:
        for m in pattern.finditer(marked):
            if m.start("n") in seen:
                continue
            true = labels[int(m.group("a"))]
            if predicted == "b":
                said = labels[int(m.group("b"))]
            elif predicted == "same":
                said = true
            elif two:
                said = labels[1 - int(m.group("a"))]
            else:
                continue
            seen.add(m.start("n"))
            yield true, said, _count(m.group("n"))
    if not two or positive not in labels:
        return
    for m in _AND_MISSED.finditer(marked):
        if m.start("n") not in seen:
            seen.add(m.start("n"))
            yield labels[int(m.group("a"))], labels[1 - int(m.group("a"))], _count(m.group("n"))
    for m in _CALLED_WRONGLY.finditer(marked):
        if m.start("n") not in seen:
            said = labels[int(m.group("b"))]
            yield labels[1 - labels.index(said)], said, _count(m.group("n"))
    negative = labels[1 - labels.index(positive)]
    for m in _FALSE.finditer(marked):
        pair = (positive, negative) if m.group("kind").startswith("negative") else (negative, positive)
        yield *pair, _count(m.group("n"))


def _count(said: str) -> float:
    return float(UNITS[said]) if said in UNITS else float(said)


def _cell(confusion: Confusion, true: str, predicted: str) -> float | None:
    labels, rows, _ = confusion
    if true not in labels or predicted not in labels:
        return None
    return rows[labels.index(true)][labels.index(predicted)]
