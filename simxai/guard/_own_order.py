"""An order the reply states that its own numbers deny (claims-49, grec42).

"A leads (+0.053), ahead of B (+0.079)", "A adds the most (+0.11), then B (+0.18)", "A matters most (+1.52),
more than B (-1.72)", "A matters more than B (+0.04 vs +0.06)", "the first review is the surer call (0.74) than
the second (0.90)", "the least porous on average (15.9 %), then prime (14.7 %)". Whatever the numbers are of (each
is checked on its own, and a name may be a paraphrase the guard cannot bind), the order word must go the way the
numbers written beside the names go: a reply whose "ahead of" puts the smaller number first says something it
denies itself. This reads no feature and no field, so it needs no binding.

Read only:

- numbers written as items: a signed number ("+0.60", "-0.86"), or a bracket that opens with a share
  ("(0.74 negative)", "(15.9 %)"); an unsigned number in brackets that is no share ("(4.304)", "(62)", a feature's
  value beside its name) is no item;
- two items in one clause run, joined by an order word between them with words before the second number: "ahead
  of", "more than", "outweighs", "bigger than"; "then", "followed by" and "before" only when a superlative or
  "leads" comes before them in the sentence ("the most ..., then"); "than" after a comparative ("surer ... than");
  or a pair "(x vs y)" right after "more / less than" and a name;
- not after a negation of the order ("not ahead of", "no longer more than").

The order is by size: when the numbers have one sign, by their size; when signs differ, by size only in a sentence
about importance ("matters", "factor", "weighs"), else it must fail both by size and by signed value. "least",
"smallest", "lowest", "weakest" and "less than" order upwards. Equal numbers at the precision shown hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["own_order_claims"]

#: A signed number ("+0.60", "-0.86": the sign right before the digits, not a range's dash "3-5") or a bracket
#: opening with a share ("(0.74 negative)", "(15.9 %)") or a signed number ("(+0.11)"); an unsigned bracketed
#: number that is no share ("(4.304)", "(23.7)") is a value, which orders nothing.
_ITEM = re.compile(
    r"(?<![\w.)%])(?P<signed>[+-](?:\d+(?:\.\d+)?|\.\d+))(?![\d.]*\w)(?!\s*%)"
    r"|\(\s*(?P<bracket>[+-]?\d+(?:\.\d+)?\s*%|[+-]?0?\.\d+|[+-]\d+(?:\.\d+)?)\s*(?:[a-z]+\s*)?\)",
    re.I,
)
#: "(x vs y)": a pair of items in one bracket after "more / less than" and a name.
_PAIR = re.compile(
    r"\b(?P<w>more|less|bigger|smaller|larger|greater)\b(?:\s+\w+)?\s+than\s+(?P<gap>[^().;:!?\d]{2,50}?)"
    r"\(\s*(?P<x>[+-]?\d*\.?\d+)\s*%?\s*(?:vs\.?|versus|against)\s*(?P<y>[+-]?\d*\.?\d+)\s*%?\s*\)",
    re.I,
)
#: An order word between two items that says the first is the larger, whatever else the sentence says.
_AHEAD = re.compile(
    r"\b(?:ahead\s+of|more\s+than|outweighs?|outweighing|bigger\s+than|larger\s+than|greater\s+than|"
    r"stronger\s+than)\b",
    re.I,
)
#: Order words between two items that say the first comes first only after a superlative or "leads".
_NEXT = re.compile(r"\b(?:then|followed\s+by|before)\b", re.I)
_LESS_THAN = re.compile(r"\b(?:less|smaller|weaker|lower|fewer)\s+than\b", re.I)
_MOST = re.compile(r"\b(?:most|largest|biggest|greatest|strongest|highest|top|leads?|leading|main|dominates?)\b", re.I)
_LEAST = re.compile(r"\b(?:least|smallest|weakest|lowest|fewest)\b", re.I)
#: A comparative before "than" whose first term is the larger ("surer ... than"), or the smaller.
_MORE_THAN = re.compile(r"\b(?:surer|more|bigger|larger|greater|stronger|higher|heavier)\b[^;:!?]*?\bthan\b", re.I)
_FEWER_THAN = re.compile(r"\b(?:less|smaller|weaker|lower|fewer|lighter)\b[^;:!?]*?\bthan\b", re.I)
_THAN = re.compile(r"\bthan\b", re.I)
_DENIED = re.compile(r"\b(?:not|no\s+longer|never)\s+(?:\w+\s+)?$|n't\s+(?:\w+\s+)?$", re.I)
#: A sentence about how much features matter: signs that differ do not order it (only sizes do).
_IMPORTANCE = re.compile(
    r"\b(?:matter|matters|important|importance|weighs?|factor|factors|driver|drives|influence)", re.I
)
#: What ends a clause run: two items across it are not compared.
_BREAK = re.compile(r"[;:!?]|\.\s|\bbut\b|\bwhile\b|\bwhereas\b", re.I)


def _value(text: str) -> tuple[float, bool]:
    """The number an item writes, as a fraction when it is a percentage, and whether it was a percentage."""
    percent = "%" in text
    number = float(re.sub(r"[^\d.+-]", "", text))
    return (number / 100 if percent else number), percent


def _holds(first: float, second: float, upwards: bool, by_size: bool) -> bool:
    """Whether `first` comes before `second` in the order said (ties hold)."""
    sized = (abs(first), abs(second)) if by_size else (first, second)
    return sized[0] <= sized[1] if upwards else sized[0] >= sized[1]


def _verdict(first: float, second: float, upwards: bool, importance: bool) -> bool:
    """Whether the pair holds: by size when the signs agree or the sentence is about importance; else it fails
    only when it fails both by size and by signed value.
    """
    if (first >= 0) == (second >= 0) or importance:
        return _holds(first, second, upwards, by_size=True)
    return _holds(first, second, upwards, by_size=True) or _holds(first, second, upwards, by_size=False)


def _order(sentence: str, before: str, gap: str) -> bool | None:
    """The order `gap` (the text between two items) says: False downwards (the first is larger), True upwards,
    None when it says no order. `before` is the sentence before the second item.
    """
    if _BREAK.search(gap):
        return None
    for pattern, upwards in ((_AHEAD, False), (_LESS_THAN, True)):
        m = pattern.search(gap)
        if m and re.search(r"[a-z]{3,}", gap[m.end() :], re.I) and not _DENIED.search(gap[: m.start()]):
            return upwards
    if _NEXT.search(gap):
        least, most = _LEAST.search(before), _MOST.search(before)
        if least and not most:
            return True
        if most and not least:
            return False
        return None
    than = _THAN.search(gap)
    if than and re.search(r"[a-z]{3,}", gap[than.end() :], re.I) and not _DENIED.search(gap[: than.start()]):
        clause = _BREAK.split(before)[-1]
        more, fewer = _MORE_THAN.search(clause), _FEWER_THAN.search(clause)
        if bool(more) != bool(fewer):
            return bool(fewer)
    return None


def own_order_claims(sentence: str) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each order the sentence states between two numbers it writes itself."""
    importance = bool(_IMPORTANCE.search(sentence))
    for m in _PAIR.finditer(sentence):
        if _DENIED.search(sentence[max(0, m.start() - 20) : m.start()]):
            continue
        x, y = float(m.group("x")), float(m.group("y"))
        upwards = m.group("w").lower() in {"less", "smaller"}
        said = "more" if not upwards else "less"
        yield f"order {m.group('x')} {said} than {m.group('y')} (its own numbers)", _verdict(x, y, upwards, importance)
    pairs = [(p.start(), p.end()) for p in _PAIR.finditer(sentence)]
    items = [m for m in _ITEM.finditer(sentence) if not any(a <= m.start() < b for a, b in pairs)]
    for one, two in zip(items, items[1:], strict=False):
        a, a_percent = _value(one.group("signed") or one.group("bracket"))
        b, b_percent = _value(two.group("signed") or two.group("bracket"))
        if a_percent != b_percent and max(abs(a), abs(b)) > 1:
            continue  # a percentage beside a number that is no share: two kinds of number
        gap = sentence[one.end() : two.start()]
        if len(gap) > 120:
            continue  # items far apart: whatever lies between, they are not set against each other
        rising = _order(sentence, sentence[max(0, one.start() - 120) : two.start()], gap)
        if rising is None:
            continue
        word = "below" if rising else "ahead of"
        said = f"order {one.group(0).strip('() ')} {word} {two.group(0).strip('() ')} (its own numbers)"
        yield said, _verdict(a, b, rising, importance)
