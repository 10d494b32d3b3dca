"""Readings of a terse, field-naming writer (claims-12n): Markdown code spans and short statements of a move.

- a Markdown code span (`` `stable` ``, `` `min` 124 ``) is typography, like bold: its word is read as if it were
  written plainly, except a text model's word, whose backticks quote it (`` `love` `` is the input's word);
- "L becomes more likely" after a what-if is the way L's probability moves (its new minus its old probability);
- a kept range said to go one way only ("only upwards, up to 3", "any lower value flips it"): today's value is the
  range's end the other way;
- a confusion matrix written as nested lists ("[[55, 5], [7, 53]]") is the outputs' (its classes in any order);
- a name quoted as a class of the model ("it also has a `appealed` category") is one of the host's labels.

Each reads only where it is sure: a move is read only when the outputs give L's probability before and after the
change, and a way only of a feature whose kept range the outputs give, named before it in the sentence.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from simxai.guard._mentions import compared_name
from simxai.guard._prefilter import gated
from simxai.guard._reading import Mention

__all__ = ["likely_move_claims", "matrix_claims", "one_way_claims", "plain_code_spans", "quoted_class_claims"]

#: A Markdown code span of one line and no quotes inside: "`stable`", "`age > 65`", "`predicted_label`".
_CODE_SPAN = re.compile(r"`(?P<x>[^`'\"\n]{1,60})`")


def plain_code_spans(text: str, labels: Iterable[str], text_model: bool) -> str:
    """`text` with its Markdown code spans written plainly (the backticks dropped).

    On a text model a code span may quote a word of its inputs, so only a label's or a snake_case name's
    backticks are dropped there (`` `positive` 60``, `` `class_balance` ``); elsewhere every span's are.
    """
    known = {label.lower() for label in labels}

    def plain(m: re.Match[str]) -> str:
        word = m.group("x")
        if text_model and word.strip().lower() not in known and "_" not in word:
            return m.group(0)
        return word

    return _CODE_SPAN.sub(plain, text)


#: "L becomes more likely", "L gets a bit less likely", "L is now more likely": L's probability moves that way.
_LIKELY_MOVE = re.compile(
    r"(?<![\w-])(?P<a>[\w-]+)['\"’”]?\s+(?:(?:would|will)\s+)?"
    r"(?:becomes?|became|becoming|gets?|got|grows?|grew|turns?|is now|ends? up)\s+"
    r"(?:a\s+(?:bit|little|lot)\s+|much\s+|slightly\s+|far\s+|somewhat\s+|even\s+)?"
    r"(?:(?P<up>more)|(?P<down>less))\s+likely\b",
    re.I,
)


def likely_move_claims(
    sentence: str,
    labels: Sequence[str],
    before: Mapping[str, set[float]],
    after: Mapping[str, set[float]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each label said to become more or less likely: a what-if moves its probability that
    way (some old probability of L and some new one differ that way).

    Args:
        sentence: one sentence of the reply.
        labels: the host's labels.
        before: label -> its probabilities before the change (a what-if's old probabilities).
        after: label -> its probabilities after the change.
    """
    named = {label.lower(): label for label in labels}
    for m in _LIKELY_MOVE.finditer(sentence):
        label = named.get(m.group("a").lower())
        if label is None:
            continue
        olds = {v for v in before.get(label, set()) if 0 <= v <= 1}
        news = {v for v in after.get(label, set()) if 0 <= v <= 1}
        moved = [(o, n) for o in olds for n in news if n != o]
        if not moved:
            continue
        up = m.group("up") is not None
        yield f"probability of {label} {'up' if up else 'down'}", any((n > o) == up for o, n in moved)


#: "only upwards", "can only go up", "any lower value flips it": a kept range with room one way only.
_ONE_WAY = re.compile(
    r"\bonly\s+(?:(?:go|move)\s+)?(?:(?P<up>upwards?|up)|(?P<down>downwards?|down))\b(?!\s+(?:by|to)\s+\d)|"
    r"\bany\s+(?:(?P<below>lower|smaller)|(?P<above>higher|larger|bigger))\s+(?:value|number|figure)s?\s+"
    r"(?:would\s+|will\s+)?(?:flips?|changes?|turns?)\b",
    re.I,
)


def one_way_claims(
    sentence: str,
    kept: Mapping[str, tuple[float, float, float]],
    mentions: Callable[[str], Sequence[tuple[Mention, str]]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a kept range said to leave room one way only ("only upwards"; "any lower value flips
    it"): the range's end the other way is today's value (within 2 % of the range), for the feature named last
    before the words in the sentence.
    """
    if not kept:
        return
    for m in _ONE_WAY.finditer(sentence):
        named = [f for _, f in mentions(sentence[: m.start()]) if f in kept]
        if not named:
            continue
        low, current, high = kept[named[-1]]
        tol = 0.02 * max(high - low, abs(current), 1e-9)
        if m.group("up") or m.group("below"):
            yield f"kept {named[-1]} no room down", low >= current - tol
        else:
            yield f"kept {named[-1]} no room up", high <= current + tol


#: A matrix written as nested lists of whole numbers: "[[55, 5], [7, 53]]".
_MATRIX = gated(r"\[\s*(?P<rows>\[\s*\d+(?:\s*,\s*\d+)*\s*\](?:\s*,\s*\[\s*\d+(?:\s*,\s*\d+)*\s*\])+)\s*\]")


def matrix_claims(text: str, matrices: Sequence[Sequence[Sequence[float]]]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each square matrix of whole numbers the reply writes as nested lists, when the outputs
    give a confusion matrix of that size: it must be one of them, with its classes in any order (the same order
    for rows and columns; up to four classes, more are compared in the outputs' order), either way round (rows
    true or rows predicted).
    """
    for m in _MATRIX.finditer(text):
        said = [[float(x) for x in re.findall(r"\d+", row)] for row in re.findall(r"\[([^\[\]]*)\]", m.group("rows"))]
        size = len(said)
        if any(len(row) != size for row in said):
            continue
        shaped = [matrix for matrix in matrices if len(matrix) == size and all(len(r) == size for r in matrix)]
        if shaped:
            yield f"confusion matrix {m.group(0)}", any(_same_matrix(said, matrix) for matrix in shaped)


def _same_matrix(said: Sequence[Sequence[float]], matrix: Sequence[Sequence[float]]) -> bool:
    size = len(matrix)
    flipped = [[matrix[j][i] for j in range(size)] for i in range(size)]
    return any(
        all(said[a][b] == shown[order[a]][order[b]] for a in range(size) for b in range(size))
        for shown in (matrix, flipped)
        for order in (itertools.permutations(range(size)) if size <= 4 else [tuple(range(size))])
    )


#: A quoted name given to a class of the model: "has a `appealed` category", "the 'neutral' class".
_QUOTED_CLASS = gated(
    r"[`'\"“‘](?P<x>[A-Za-z][\w -]{0,30}?)[`'\"”’]\s+(?:category|class|label|outcome|tier)\b(?!\s+(?:of|for)\b)",
    re.I,
)
_DENIED_BEFORE = re.compile(r"\b(?:no|not|never|without|nor)\b[^.;]{0,25}$|n't\b[^.;]{0,25}$", re.I)


def quoted_class_claims(raw: str, labels: Sequence[str], forms: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each name the reply quotes as a class of the model ("also has a `appealed` category"):
    it must be one of the host's labels (or a label's noun form); a class denied ("there is no 'neutral' class")
    is no claim.
    """
    known = {compared_name(label) for label in labels} | {compared_name(form) for form in forms}
    for m in _QUOTED_CLASS.finditer(raw):
        if _DENIED_BEFORE.search(raw[max(0, m.start() - 40) : m.start()]):
            continue
        name = m.group("x").strip()
        yield f"label {name}", compared_name(name) in known
