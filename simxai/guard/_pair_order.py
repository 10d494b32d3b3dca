"""Two subjects named together, then what each is said in the same order (claims-38, gfa31).

"files 40 and 150: both approved, scores 0.895 and 0.813 respectively", "117523 and 117535 are both narrow mold
calls (51.9 % and 55.1 %); the first was recorded moldy, the second healthy", "beds 12 and 150: the first stable at
79 %, the second progressing at 71 %", "Compare 121701 and 121829: one deep at 99 %, the other patchy at 86 %".
Each share (or part) belongs to the subject in its place, but the reader bound every one to the subject named last,
so the first subject's numbers were flagged as the second's. The parts are written with the ids they stand for
("id 40 0.895 and id 150 0.813", "id 12 stable at 79 %, id 150 progressing at 71 %"), so each clause binds to its
own subject as "id 14" does (`_bare_ids`).

Read only when both numbers are ids of the turn's outputs, in the rest of the same sentence; a pair of numbers is
read only as shares (a percentage, or a decimal below one with two places or more) joined by "and", "/" or "vs",
and only in brackets, before "respectively" or as a comma's aside; "the first ... the second", "the former ... the
latter" and "one ... the other" only with both of their halves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["ordered_pairs"]

#: Two ids joined by "and" / "&" ("40 and 150", "id 12 and id 150", "patients 12 and 40").
_TWO = re.compile(
    r"(?<![\d.,])(?P<a>\d{2,12})\s*,?\s*(?:and|&)\s+(?:id\s+|[A-Za-z]+\s+)?#?(?P<b>\d{2,12})(?![\d%]|[.,]\d)"
)
#: The rest of the sentence: up to a full stop, "!", "?" or a line's end (a decimal point is no full stop).
_REST = re.compile(r"(?:[^.!?\n]|\.(?=\d))*")
_SHARE = r"(?:\d{1,3}(?:\.\d+)?\s*%|0?\.\d{2,})"
#: Two shares in a pair: "(51.9 % and 55.1 %)", "0.895 and 0.813 respectively", ", 98.0 % and 99.05 %,".
_SHARES = re.compile(
    rf"(?P<open>\(\s*|,\s*)?(?P<x>{_SHARE})(?P<mid>\s*(?:and|/|vs\.?|versus)\s*)(?P<y>{_SHARE})"
    r"(?P<close>\s*\)|\s*,?\s+respectively\b|\s*,)?",
    re.I,
)
#: "the first ... the second", "the former ... the latter", "one ... the other": a part for each, in order.
_HALVES = (
    (re.compile(r"\bthe first\b(?!\s+(?:of|two|three|place)\b)", re.I), re.compile(r"\bthe second\b", re.I)),
    (re.compile(r"\bthe former\b", re.I), re.compile(r"\bthe latter\b", re.I)),
    (re.compile(r"(?<![\w-])one\b(?=\s+(?:is\s+|was\s+)?[a-z])", re.I), re.compile(r"\bthe other\b", re.I)),
)


def _placed(rest: str, a: str, b: str) -> str:
    """`rest` (what follows the two ids) with its pair of shares and its halves written with their ids."""
    pair = _SHARES.search(rest)
    if pair is not None and (pair.group("open") or pair.group("close")):
        said = f"id {a} {pair.group('x')}{pair.group('mid')}id {b} {pair.group('y')}"
        rest = f"{rest[: pair.start('x')]}{said}{rest[pair.end('y') :]}"
    for first, second in _HALVES:
        one = first.search(rest)
        other = second.search(rest, one.end()) if one else None
        if one and other:
            return f"{rest[: one.start()]}id {a}{rest[one.end() : other.start()]}id {b}{rest[other.end() :]}"
    return rest


def ordered_pairs(text: str, ids: Iterable[int]) -> str:
    """`text` with what two subjects named together are said in their order written with their ids."""
    known = {int(i) for i in ids}
    if len(known) < 2:
        return text
    out, at = [], 0
    for m in _TWO.finditer(text):
        a, b = m.group("a"), m.group("b")
        if m.start() < at or a == b or int(a) not in known or int(b) not in known:
            continue
        rest = _REST.match(text, m.end())
        end = rest.end() if rest else m.end()
        out.append(text[at : m.end()] + _placed(text[m.end() : end], a, b))
        at = end
    return "".join(out) + text[at:]
