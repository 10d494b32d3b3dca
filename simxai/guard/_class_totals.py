"""A class's total in a confusion matrix said with its side (claims-48, gfa41): how many the model called that
class ("It called 60 reviews negative and 60 positive", "It approved 166 of the 300 and rejected 134") is the
class's column (its predictions); how many really were that class ("Of the 24 dryers that really went down, the
model caught 3") is its row (its true cases).

The count checks bind a count said beside a class to any of that class's totals (its true cases, its
predictions, its right answers), so a writer who gave the true totals as the model's calls, or one class's true
total as another's, went unread. Read here only where the words name the side: a verb of calling after "it" or
"the model" ("called", "labelled", "predicted", "flagged", or a class that is itself a verb: "approved"), with
the class right after the count or after one noun ("60 reviews negative"), and no other class later in the
clause than the list's own items (then the count is a cell: "calls 5 regrade bags market" is
`_confusions`'s); and "of the N (noun) that really / actually / truly were (went) X". Rows of the outputs'
matrices are true classes, columns predicted ones. Nothing of a host's domain.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from simxai.guard._confusions import Confusion, _count, _marked
from simxai.guard._reading import sentences

__all__ = ["class_total_claims"]

_N = r"(?P<n>\d+)(?![\w%]|\.\d)"
_NOUN = r"(?:[a-z][a-z'-]*\s+)?"
_CALLED = r"(?:called|calls|labell?ed|labels|predicted|predicts|flagged|flags|classed|classified|marked|put down)"
_WHO = r"\b(?:it|the model|model)\s+(?:also\s+|has\s+)?"
#: "it called 60 reviews negative", "the model predicted 12 as stable": the class after the count (or its noun).
_CALLED_N = re.compile(rf"{_WHO}{_CALLED}\s+{_N}\s+{_NOUN}(?:as\s+)?«(?P<x>\d)»")
#: "it approved 166": a class that is a verb, then the count.
_VERB_N = re.compile(rf"{_WHO}«(?P<x>\d)»\s+{_N}")
#: The list's next item: "and 60 positive", ", 12 progressing", "and rejected 134".
_NEXT_CALLED = re.compile(rf"^(?:\s+of\s+(?:the|all)\s+\d+)?(?:,\s*(?:and\s+)?|\s+and\s+){_N}\s+{_NOUN}«(?P<x>\d)»")
_NEXT_VERB = re.compile(rf"^(?:\s+of\s+(?:the|all)\s+\d+)?(?:,\s*(?:and\s+)?|\s+and\s+)«(?P<x>\d)»\s+{_N}")
#: "of the 24 dryers that really went down": the class's true cases.
_REALLY = re.compile(
    rf"\bof\s+(?:the|all)\s+{_N}\s+{_NOUN}(?:that|which|who)\s+(?:really|actually|truly|in fact)\s+"
    r"(?:were|was|are|went|turned out|came out|ended up)\s+(?:to be\s+)?«(?P<x>\d)»"
)
_CLAUSE_END = re.compile(r"[.;!?]")


def class_total_claims(text: str, confusions: Sequence[Confusion]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each class total `text` says with its side: the model's calls of a class must be its
    predictions (a column's sum), the cases that really were it its true cases (a row's sum).

    Args:
        text: the reply.
        confusions: the outputs' confusion matrices with their labels and positive label.
    """
    if not confusions or len({frozenset(c[0]) for c in confusions}) != 1:
        return
    labels = confusions[0][0]
    for sentence in sentences(text):
        marked = _marked(sentence.lower(), labels)
        for first, following in ((_CALLED_N, _NEXT_CALLED), (_VERB_N, _NEXT_VERB)):
            for m in first.finditer(marked):
                items = [(int(m.group("x")), _count(m.group("n")))]
                end = m.end()
                while (more := following.match(marked[end:])) is not None:
                    items.append((int(more.group("x")), _count(more.group("n"))))
                    end += more.end()
                rest = _CLAUSE_END.split(marked[end:], maxsplit=1)[0]
                if "«" in rest:
                    continue  # another class named later: the count is a cell's ("calls 5 lost bags market")
                for x, n in items:
                    yield _total(confusions, labels[x], n, "predicted")
        for m in _REALLY.finditer(marked):
            yield _total(confusions, labels[int(m.group("x"))], _count(m.group("n")), "true")


def _total(confusions: Sequence[Confusion], label: str, n: float, side: str) -> tuple[str, bool]:
    """The claim that `n` is `label`'s total on `side` ("predicted": its column, "true": its row)."""
    held = False
    for names, rows, _ in confusions:
        i = names.index(label)
        total = sum(r[i] for r in rows) if side == "predicted" else sum(rows[i])
        held = held or total == n
    return f"{side} total of {label} {n:g}", held
