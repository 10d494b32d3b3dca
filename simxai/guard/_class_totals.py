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
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._confusions import Confusion, _count, _marked
from simxai.guard._reading import sentences

__all__ = ["class_total_claims"]

_N = r"(?P<n>\d+)(?![\w%]|\.\d)"
_NOUN = r"(?:[a-z][a-z'-]*\s+)?"
_CALLED = r"(?:called|calls|labell?ed|labels|predicted|predicts|flagged|flags|classed|classified|marked|put down)"
_WHO = r"\b(?:it|the model|model)\s+(?:also\s+|has\s+)?"
#: "it called 60 reviews negative", "the model predicted 12 as stable": the class after the count (or its noun);
#: "predicts 60 of the 100 boxes fledged": a whole between the count and its noun (claims-52).
_OF_WHOLE = r"(?:of\s+(?:the|all)\s+\d+\s+(?=[a-z][a-z'-]*\s+«))?"
_CALLED_N = re.compile(rf"{_WHO}{_CALLED}\s+{_N}\s+{_OF_WHOLE}{_NOUN}(?:as\s+)?«(?P<x>\d)»")
#: "it approved 166": a class that is a verb, then the count.
_VERB_N = re.compile(rf"{_WHO}«(?P<x>\d)»\s+{_N}")
#: "it predicts approved 166 times", "predicts overgrown for 11 plots": the class, then how often (claims-56).
_TIMES = r"(?:\s+times\b|\s+[a-z][a-z'-]*)"
_CALLED_X = re.compile(rf"{_WHO}{_CALLED}\s+«(?P<x>\d)»\s+(?:for\s+)?{_N}(?={_TIMES})")
_NEXT_X = re.compile(rf"^{_TIMES}?(?:,\s*(?:and\s+)?|\s+and\s+)«(?P<x>\d)»\s+(?:for\s+)?{_N}(?={_TIMES})")
#: ", of which 10 are right": a part of the count, not the count's side.
_OF_WHICH = re.compile(r"^[^,;.]*,\s*of\s+(?:which|these|them)\b")
#: The list's next item: "and 60 positive", ", 12 progressing", "and rejected 134".
_NEXT_CALLED = re.compile(rf"^(?:\s+of\s+(?:the|all)\s+\d+)?(?:,\s*(?:and\s+)?|\s+and\s+){_N}\s+{_NOUN}«(?P<x>\d)»")
_NEXT_VERB = re.compile(rf"^(?:\s+of\s+(?:the|all)\s+\d+)?(?:,\s*(?:and\s+)?|\s+and\s+)«(?P<x>\d)»\s+{_N}")
#: "of the 24 dryers that really went down": the class's true cases.
_REALLY = re.compile(
    rf"\bof\s+(?:the|all)\s+{_N}\s+{_NOUN}(?:that|which|who)\s+(?:really|actually|truly|in fact)\s+"
    r"(?:were|was|are|went|turned out|came out|ended up)\s+(?:to be\s+)?«(?P<x>\d)»"
)
_CLAUSE_END = re.compile(r"[.;!?]")
#: A count's clause saying it is of right or wrong calls: "predicted 142 approved correctly" is a cell.
_RIGHT = re.compile(r"\b(?:correct(?:ly)?|right(?:ly)?|wrong(?:ly)?|mistaken(?:ly)?|in error)\b")
#: Whose calls: the model's, said as such (a data card's "it" may be the data).
_MODEL = re.compile(r"\bmodel\b|\bpredict")
#: "85 holding, 48 chafed and 67 dragging, as the model predicts them": a list of counts said as its calls.
_AS_CALLED = re.compile(rf",?\s+as\s+(?:the\s+)?model\s+{_CALLED}(?:\s+(?:them|it|they))?\b")
_ITEM = re.compile(r"(?<![\w.])(?P<n>\d+)\s+(?:[a-z][a-z'-]*\s+)?«(?P<x>\d)»")


def class_total_claims(
    text: str,
    confusions: Sequence[Confusion],
    forms: Mapping[str, str] | None = None,
    recorded: Mapping[str, set[float]] | None = None,
    calls_counted: bool = True,
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each class total `text` says with its side: the model's calls of a class must be its
    predictions (a column's sum), the cases that really were it its true cases (a row's sum).

    Args:
        text: the reply.
        confusions: the outputs' confusion matrices with their labels and positive label.
        forms: a class's other words ("approvals" of approved: `label_forms`), read as the class (claims-52).
        recorded: each class's recorded count in the data (a data summary's class balance). With no confusion
            matrix and no output counting the model's calls (`calls_counted` False), a count said as the model's
            calls of a class states what no output holds: the recorded count said as predicted (claims-52).
        calls_counted: whether any output counts the model's calls.
    """
    card = not confusions and bool(recorded) and not calls_counted
    if not card and (not confusions or len({frozenset(c[0]) for c in confusions}) != 1):
        return
    labels = tuple(recorded or ()) if card else confusions[0][0]
    for sentence in sentences(text):
        marked = _with_forms(_marked(sentence.lower(), labels), labels, forms or {})
        for first, following in ((_CALLED_N, _NEXT_CALLED), (_VERB_N, _NEXT_VERB), (_CALLED_X, _NEXT_X)):
            for m in first.finditer(marked):
                if card and not _MODEL.search(m.group(0)):
                    continue  # on a data card "it labels 56 intact" may be the data's own labels
                items = [(int(m.group("x")), _count(m.group("n")))]
                end = m.end()
                while (more := following.match(marked[end:])) is not None:
                    items.append((int(more.group("x")), _count(more.group("n"))))
                    end += more.end()
                rest = _CLAUSE_END.split(marked[end:], maxsplit=1)[0]
                rest = "" if first is _CALLED_X and _OF_WHICH.match(rest) else rest
                if "«" in rest or _RIGHT.search(rest):
                    continue  # another class named later, or "... correctly": the count is a cell's
                for x, n in items:
                    yield _total(confusions, labels[x], n, "predicted", recorded if card else None)
        for m in _AS_CALLED.finditer(marked):
            listed = re.split(r"[.;:!?]", marked[: m.start()])[-1]
            for item in _ITEM.finditer(listed):
                x, n = int(item.group("x")), _count(item.group("n"))
                yield _total(confusions, labels[x], n, "predicted", recorded if card else None)
        for m in _REALLY.finditer(marked):
            x, n = int(m.group("x")), _count(m.group("n"))
            if card:
                yield f"true total of {labels[x]} {n:g}", n in (recorded or {}).get(labels[x], set())
            else:
                yield _total(confusions, labels[x], n, "true")


def _with_forms(marked: str, labels: Sequence[str], forms: Mapping[str, str]) -> str:
    """`marked` with each class's other words ("approvals", "rejection") marked as the class, «i»."""
    for form, label in sorted(forms.items(), key=lambda x: -len(x[0])):
        if label in labels and form.strip():
            marked = re.sub(rf"(?<![\w«]){re.escape(form.lower())}s?(?![\w»])", f"«{labels.index(label)}»", marked)
    return marked


def _total(
    confusions: Sequence[Confusion], label: str, n: float, side: str, recorded: Mapping[str, set[float]] | None = None
) -> tuple[str, bool]:
    """The claim that `n` is `label`'s total on `side` ("predicted": its column, "true": its row); with `recorded`
    (a data card's counts, no matrix) no output counts the model's calls: the claim is unsupported.
    """
    if recorded is not None:
        said = "the recorded count" if n in recorded.get(label, set()) else "no count of the outputs"
        return f"{side} total of {label} {n:g} ({said}; the outputs count no prediction)", False
    held = False
    for names, rows, _ in confusions:
        i = names.index(label)
        total = sum(r[i] for r in rows) if side == "predicted" else sum(rows[i])
        held = held or total == n
    return f"{side} total of {label} {n:g}", held
