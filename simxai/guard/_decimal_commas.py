"""Decimals written with a comma ("0,969", "−1,48", "10,4 %"): a reply that writes one writes all of them so.

Much of Europe writes "0,969" for 0.969; the guard's number reader takes a comma between digits as the English
thousands mark ("1,025" = 1025) or as a list's break, so a faithful "DOWNGRADED (0,969)" was read as the number 969
(or 0969) and flagged. A reply is read as writing decimal commas when one of its numbers can only be a decimal so
written: a comma after a lone zero ("0,969", "−0,93") or before one, two or four-plus digits ("10,4", "1,48",
"0,0005") — never the English thousands mark, which has three. Then every comma between digits of that reply that
is no list ("3,4,5", "1,5 or 7") and follows no word that names records ("ids 4,5") is written as a point, those
with three digits after it too ("crocin_strength 1,025" beside "0,797" is 1.025). A reply with no such number is
left as written: "income 52,000" stays fifty-two thousand. The text keeps its length (one character for one), so
every offset into it stays valid.
"""

from __future__ import annotations

import re

__all__ = ["decimal_points"]

_COMMA = re.compile(r"(?<![\d.,])(?P<sign>[-−+]?)(?P<a>\d{1,3}),(?P<b>\d+)(?![\d]|[.,]\d)")
# "1,5 or 7", "2,3 and 9": a list of whole numbers, not a decimal and a number
_LIST_GOES_ON = re.compile(r"\s*(?:and|or|&|/)\s*\d+(?![\d]|[.,]\d)", re.IGNORECASE)
_RECORD_BEFORE = re.compile(r"(?:\b(?:ids?|rows?|instances?|records?|nos?\.?|numbers?|cases?|items?)|#)\s*$", re.I)


def _decimal(text: str, match: re.Match[str], noun: str) -> bool:
    """Whether the comma of `match` may be a decimal comma (no list, no records' numbers)."""
    if _LIST_GOES_ON.match(text, match.end()):
        return False
    before = text[max(0, match.start() - 30) : match.start()]
    if _RECORD_BEFORE.search(before):
        return False
    return not (noun and re.search(rf"\b{re.escape(noun)}(?:s|es)?\s*$", before, re.I))


def decimal_points(text: str, noun: str = "") -> str:
    """`text` with its decimal commas written as points, when it writes one that can be nothing else."""
    if "," not in text:
        return text
    found = [m for m in _COMMA.finditer(text) if _decimal(text, m, noun)]
    if not any(m.group("a") == "0" or len(m.group("b")) != 3 for m in found):
        return text
    chars = list(text)
    for match in found:
        chars[match.start("b") - 1] = "."
    return "".join(chars)
