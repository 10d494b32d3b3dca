"""Two classes compared by how well the model does on each (claims-56, guard49): "it makes more mistakes on A than
on B", "it catches 3 of the 9 A, more than it manages for B", "it is better at A than at B", "fewer errors with A".

A sentence with one comparative ("more", "fewer", "less", "better", "worse") before "than", one class named
between the comparative and "than" and another right after it (only the words that repeat the first's frame
between: "than it manages for B", "than on B"), and a word of the model's performance
(mistakes, errors, catches, finds, right, recall, better at): the measure is the class's errors (its true cases
called otherwise) when the sentence speaks of mistakes, else its catches (its true cases called it). Checked
against the one confusion matrix of the outputs (rows true, columns predicted), by count and by rate: the claim
fails only when both deny it (a writer may compare either). Nothing of a host's domain.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from simxai.guard._confusions import Confusion, _marked
from simxai.guard._reading import sentences

__all__ = ["class_compare_claims"]

_ERRORS = re.compile(r"\b(?:mistakes?|errors?|misses|wrong|misclassif\w*|mix(?:es|ed)? up|slips?)\b")
_CATCHES = re.compile(
    r"\b(?:catch(?:es|ing)?|caught|finds?|found|gets? right|right|correct(?:ly)?|recall|recogni[sz]\w*|"
    r"identif\w*|spots?|picks? up|better at|worse at|better on|worse on|better with|worse with)\b"
)
_MORE = r"more|fewer|less|better|worse"
#: "<comparative> ... «a» ... than ... «b»", within one clause (no full stop or semicolon between).
_COMPARED = re.compile(rf"\b(?P<more>{_MORE})\b(?P<mid>[^.;]*?)\bthan\b(?P<after>[^.;]*?)«(?P<b>\d)»")
#: "«a» ..., more than it manages for «b»": the class before the comparative, which opens an aside.
_TRAILING = re.compile(rf"«(?P<a>\d)»[^.;]*?,\s*(?P<more>{_MORE})\s+than\b(?P<after>[^.;]*?)«(?P<b>\d)»")


def class_compare_claims(text: str, confusions: Sequence[Confusion]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each comparison of two classes by the model's errors or catches on them."""
    if len({c[0] for c in confusions}) != 1:
        return
    labels, rows = confusions[0][0], confusions[0][1]
    for sentence in sentences(text):
        marked = _marked(sentence.lower(), labels)
        errors = bool(_ERRORS.search(marked))
        if not errors and not _CATCHES.search(marked):
            continue
        for a, b, more in _pairs(marked):
            if a == b:
                continue
            yield _claim(labels, rows, a, b, more, errors)


#: Between "than" and the second class: only the words that repeat the first's frame ("than it manages for B",
#: "than on B", "than at B"); another verb ("than to wrongly call a B") compares something else.
_PARALLEL = re.compile(r"\s*(?:(?:it|does|do|did|manages?|managed|gets?|on|for|with|at|among|in|the|its|any)\s+){0,4}")


def _pairs(marked: str) -> Iterator[tuple[int, int, str]]:
    for m in _TRAILING.finditer(marked):
        if _PARALLEL.fullmatch(m.group("after")):
            yield int(m.group("a")), int(m.group("b")), m.group("more")
        return
    for m in _COMPARED.finditer(marked):
        before = re.findall(r"«(\d)»", m.group("mid"))
        if len(before) == 1 and _PARALLEL.fullmatch(m.group("after")):
            yield int(before[0]), int(m.group("b")), m.group("more")


def _claim(
    labels: Sequence[str], rows: Sequence[Sequence[float]], a: int, b: int, more: str, errors: bool
) -> tuple[str, bool]:
    def measures(i: int) -> tuple[float, float]:
        total = sum(rows[i])
        count = total - rows[i][i] if errors else rows[i][i]
        return count, (count / total if total else 0.0)

    (ca, ra), (cb, rb) = measures(a), measures(b)
    # more errors or catches on A than on B; "worse" means more errors, fewer catches
    above = more in ("more", "worse") if errors else more in ("more", "better")
    holds = (ca > cb or ra > rb) if above else (ca < cb or ra < rb)
    what, side = ("errors" if errors else "catches"), ("more" if above else "fewer")
    return f"{what} on {labels[a]} {side} than on {labels[b]} ({ca:g}, {ra:.0%} vs {cb:g}, {rb:.0%})", holds
