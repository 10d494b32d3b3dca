"""A class's row of a confusion matrix said from its total (claims-34): "of the 166 applicants truly rejected, 142
were caught", "of 32 colonies that really survived, the model caught 27", "of 60 positive reviews it caught 53 and
missed 7", "found 55 of the 60 negatives", "of the 38 clean ones it wrongly flagged 12".

`_confusions` binds a count to a cell when the class is said right before it; here the class is said once, after
"of <total>", and the counts follow in the same clause. The total must be the class's row (its true cases) in one
of the outputs' matrices, a count caught / found / spotted (or "were caught") its right calls, a count missed or
wrongly called (on two classes) its calls of the other class. The class is said after a word of truth ("really",
"truly", "actually") or right after the total ("of 60 positive reviews"), never after a verb of calling ("of the
58 it calls positive" is a column, not read here).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from simxai.guard._confusions import Confusion, _cell, _marked
from simxai.guard._reading import sentences

__all__ = ["caught_of_claims"]

_TRUTH = r"(?:really|truly|actually|in fact)"
_NOUNS = r"(?:(?!(?:calls?|predictions?|verdicts?|flags?|it|the|its)\b)[a-z][a-z'-]*\s+){0,2}?"
#: "of [the] <total> [<nouns>] [that|who|which] [were|are] really <class> [<noun>]" and "of [the] <total> <class>".
_OF_TRUE = re.compile(
    rf"\bof\s+(?:the\s+|its\s+|all\s+)?(?P<t>\d+)\s+(?:{_NOUNS}(?:(?:that|who|which)\s+)?(?:(?:were|are|was|had)\s+)?"
    rf"{_TRUTH}\s+(?:(?:were|are)\s+)?|(?:truly\s+|really\s+|actual\s+)?)«(?P<a>\d)»(?:\s+(?!it\b|the\b)[a-z][a-z'-]*)?"
    r"\s*,?\s*(?P<rest>[^«;:.]*(?:«\d»[^«;:.]*)?)"
)
_WHO = r"(?:(?:the\s+model|it|they|the\s+program|the\s+classifier)\s+(?:also\s+|only\s+)?)?"
_CAUGHT = r"(?:caught|catches|found|finds|spotted|spots|recognised|recognized|identified|detected|picked up)"
_RIGHT_AFTER = re.compile(rf"^{_WHO}{_CAUGHT}\s+(?:only\s+|just\s+)?(?P<n>\d+)\b(?!\s*(?:%|of\b|as\b|«))")
_RIGHT_BEFORE = re.compile(
    rf"^(?:only\s+|just\s+)?(?P<n>\d+)\s+(?:were|was|got)\s+(?:correctly\s+)?{_CAUGHT}\b(?!\s+as)"
)
_MISSED = re.compile(r"\b(?:and|but)\s+(?:it\s+)?(?:missed|misses|missing)\s+(?P<n>\d+)\b(?!\s*%)")
_ERR = r"(?:wrongly|mistakenly|falsely|incorrectly)"
_WRONG = re.compile(
    rf"^{_WHO}{_ERR}\s+(?:called|calls|flagged|flags|labell?ed|labels|put down)\s+(?P<n>\d+)\b"
    r"(?:\s+(?:as\s+)?«(?P<b>\d)»)?"
)
_FOUND_OF = re.compile(
    rf"\b{_CAUGHT}\s+(?:only\s+|just\s+)?(?P<n>\d+)\s+of\s+(?:the\s+|its\s+|all\s+)?(?P<t>\d+)\s+"
    rf"(?:{_TRUTH}\s+|actual\s+)?«(?P<a>\d)»"
)


def caught_of_claims(text: str, confusions: Sequence[Confusion]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each total and count `text` says of one class's row."""
    if not confusions or len({frozenset(c[0]) for c in confusions}) != 1:
        return
    labels = confusions[0][0]
    for sentence in sentences(text):
        marked = _marked(sentence.lower(), labels)
        for true, total, cells in _rows(marked, labels):
            yield (
                f"confusion row {true} of {total:g}",
                any(true in c[0] and sum(c[1][c[0].index(true)]) == total for c in confusions),
            )
            for predicted, n in cells:
                holds = any(_cell(c, true, predicted) == n for c in confusions)
                yield f"confusion {n:g} {true} called {predicted}", holds


def _rows(marked: str, labels: Sequence[str]) -> Iterator[tuple[str, float, list[tuple[str, float]]]]:
    two = len(labels) == 2
    for m in _OF_TRUE.finditer(marked):
        a = int(m.group("a"))
        rest = m.group("rest")
        cells: list[tuple[str, float]] = []
        right = _RIGHT_AFTER.match(rest) or _RIGHT_BEFORE.match(rest)
        if right:
            cells.append((labels[a], float(right.group("n"))))
            missed = _MISSED.search(rest, right.end())
            if missed and two:
                cells.append((labels[1 - a], float(missed.group("n"))))
        wrong = _WRONG.match(rest)
        if wrong and (wrong.group("b") is not None or two):
            b = int(wrong.group("b")) if wrong.group("b") is not None else 1 - a
            if b != a:
                cells.append((labels[b], float(wrong.group("n"))))
        if cells:
            yield labels[a], float(m.group("t")), cells
    for m in _FOUND_OF.finditer(marked):
        a = int(m.group("a"))
        yield labels[a], float(m.group("t")), [(labels[a], float(m.group("n")))]
