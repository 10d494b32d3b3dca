"""Bare numbers that number a list's items, not values: "Ranking: 1 charge_cycles, 2 age_months, 3 avg_temp_c".

`simxai.guard._reading` skips a marked item ("1. bmi", "(2) change ..."); a terse or slide-like writer drops the
mark. A bare number is an item's number only in a run of at least three items numbered 1, 2, 3, ... in order, each
number opening an item (at the text's start or after a list break: ",", ";", ":", a new line, a bullet) and
followed by a word. A shorter run, or one that does not start at 1, may be counts ("1 stable, 2 progressing") and
is read as numbers. A number after a word that numbers a document's parts ("entry 18", "items 5 and 6") is its
part's number too. A list's items may be separated by "|" (a ticker: "1 bmi .16 | 2 age .09 | 3 sex .05").
"""

from __future__ import annotations

import re
from functools import lru_cache

from simxai.guard._prefilter import gated

__all__ = ["item_marker", "item_numbers", "numbered_part"]

#: A bare number that may open a list item, and the word after it.
#: Inline lists too (claims-38): after an arrow or a spaced dash, and marked "1." or "1)" ("what matters → 1 pH · 2
#: cellar temp", "— 1. DTI, 2. credit score", "— 1) debt-to-income +0.16, 2) income").
_BARE_ITEM = re.compile(r"(?:^|[;:,|·→\n]|\s[-–—])[ \t*•-]*(\d{1,2})[.)]?[ \t]+(?=[A-Za-z'\"`])")
#: A document's own numbering: "Lab book, entry 18", "Minutes — items 5 and 6", "step 3", "Slide 16 —", "page 2".
_NUMBERED = gated(
    r"\b(?:entry|entries|item|items|step|steps|slides?|pages?|sections?|chapters?|episodes?|ep\.|annex|appendix)"
    r"\s+(\d{1,4})(?:\s*(?:and|&|,)\s*(\d{1,4}))?",
    re.I,
)
#: A date's day (and year): "Diary, 14 Nov.", "5 November 2026", "Nov 14", "Dec. 3rd, 2026", "6/12/2026";
#: "May"/"Mar" only with a capital (the verb "may" and "mar" are no months).
_MONTH = r"(?:(?i:jan|feb|apr|jun|jul|aug|sep|sept|oct|nov|dec)|Mar|May|MAR|MAY)"
_DATE = gated(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}(?i:[a-z]*)\.?(?:,?\s+(\d{{4}}))?(?![\w-])"
    rf"|\b{_MONTH}(?i:[a-z]*)\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?(?![\w.,]\d)"
    # a date in figures, day, month and year: "Email to the team, 6/12/2026:" (claims-43)
    r"|(?<![\d./])(\d{1,2})/(\d{1,2})/((?:19|20)\d\d)(?![\d/])"
)
#: How many items a run needs to be a numbering.
RUN = 3


@lru_cache(maxsize=16)
def item_numbers(text: str) -> frozenset[int]:
    """Where the bare numbers that number a list's items of `text` start (offsets into `text`: the list's items
    may be clauses of their own, "1 bmi", "2 age", so a clause looks its numbers up at its own offset).

    Cached: the guard asks once for each clause of a sentence, and a sentence of many clauses must not be scanned
    once per clause (quadratic time on a long reply).
    """
    found: set[int] = set()
    run: list[int] = []
    for match in _BARE_ITEM.finditer(text):
        if int(match.group(1)) == len(run) + 1:
            run.append(match.start(1))
            continue
        if len(run) >= RUN:
            found |= set(run)
        run = [match.start(1)] if match.group(1) == "1" else []
    if len(run) >= RUN:
        found |= set(run)
    for match in _NUMBERED.finditer(text):
        found |= {match.start(g) for g in (1, 2) if match.group(g)}
    for match in _DATE.finditer(text):
        found |= {match.start(g) for g in range(1, 8) if match.group(g)}
    return frozenset(found)


#: What comes before an item's number in a running list: the start, a colon, a semicolon, a comma, "or", "and".
_ITEM_LEAD = re.compile(r"(?:^|[:;,]|\b(?:or|and|then))\s*\($", re.I)


def item_marker(before: str, after: str) -> bool:
    """Whether a small number between `before` and `after` is an item's number: "(2)" opening a list item."""
    return bool(_ITEM_LEAD.search(before)) and bool(re.match(r"\)\s+[A-Za-z]", after))


def numbered_part(text: str, number: int, noun: str) -> bool:
    """Whether `number` is said in `text` as a document's part ("Minutes — item 3: patient 397"), not as an
    instance, on a host whose instances are not called by that word.
    """
    for match in _NUMBERED.finditer(text):
        word = match.group(0).split()[0].lower()
        if number in {int(g) for g in match.groups() if g} and word.rstrip("s") != noun.lower().rstrip("s"):
            return True
    return False
