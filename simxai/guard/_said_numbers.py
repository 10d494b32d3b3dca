"""A number as a reply writes it (`NumberClaim`), and shares said in words or as chances: "roughly two in three",
"just under half", "a quarter of the time", "roughly 8 in 10", "fewer than 2 chances in 100" (claims-46). Split from
`_reading` (claims-46), which reads each such share as one number claim instead of its numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from simxai._spoken import UNITS
from simxai.guard._measured import share_scale
from simxai.guard._prefilter import gated
from simxai.guard._spaced import spaced

__all__ = ["NumberClaim", "worded_shares"]


@dataclass(frozen=True)
class NumberClaim:
    """A number as written: its value, decimals shown, whether it is a percentage, and where it is; a range
    ("75-80%") is one claim whose `high` is its upper end.
    """

    raw: str
    value: float
    decimals: int
    percent: bool
    start: int
    end: int
    high: NumberClaim | None = None
    #: written as an approximation ("about 80 %", "roughly 0.75"): a round number stands for its neighbourhood
    approx: bool = False
    #: a share said in words ("just under half", "roughly two in three"): the percentages it allows
    bounds: tuple[float, float] | None = None
    #: said as a count ("34 approved applicants", "Wrong: 26", "64/86"): only a whole number of the outputs is it
    count: bool = False


# The number words are `_spoken.UNITS` (the one table of them); "a" counts one in "a third".
_COUNTS = UNITS | {"a": 1}
#: The denominators: a fraction's word ("thirds") or a number word ("two in three").
_PARTS = UNITS | {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5}
_PARTS |= {"fifths": 5, "tenth": 10, "tenths": 10}
_HEDGE = "(?:just|a bit|a little|slightly) (?:under|over|below|above|less than|more than)|nearly|almost|roughly|"
_WORDED = gated(
    rf"(?<![\w-])(?P<hedge>{spaced(_HEDGE + 'about|around|approximately|close to|some')})?\s*"
    r"(?:(?P<half>half)|(?P<num>a|one|two|three|four)[- ](?P<part>half|thirds?|quarters?|fifths?|tenths?)|"
    r"(?P<n>one|two|three|four|five|six|seven|eight|nine)\s+(?:chances?\s+)?(?:in|out of)\s+"
    r"(?P<d>two|three|four|five|six|seven|eight|nine|ten)|"
    r"(?P<cn>\d{1,3})\s+chances?\s+(?:in|out of)\s+(?P<cd>\d{1,4})|"
    r"(?P<dn>[1-9])\s+(?:chances?\s+)?(?:in|out of)\s+(?P<dd>[2-9]|10))(?![\w.,-]?\d|[\w-])",
    re.IGNORECASE,
)
#: A bound said before a share: "fewer than 2 chances in 100" is below it, "over 9 chances in 10" above it.
_BELOW = re.compile(r"\b(?:fewer|less)\s+than\s*$|\bunder\s*$", re.I)
_ABOVE = re.compile(r"\b(?:more|better)\s+than\s*$|\bover\s*$", re.I)
_SHARE_AFTER = re.compile(r"\s*(?:of\b|the time\b|confiden|chance|probab|odds)", re.I)
_SHARE_BEFORE = re.compile(r"\b(?:at|with|gets?|is|sits at|only)\s+$", re.I)
#: The rows between two values after "half" ("Half of the items are valued between €62 and €168", "the middle half
#: of the sheets lie between 47.5 % and 69.4 %"): the half is what a quartile range is, its ends are the claim.
_HALF_BETWEEN = re.compile(r"[^.;:!?]{0,60}?\bbetween\s+\D{0,3}\d", re.I)


def worded_shares(text: str) -> Iterator[NumberClaim]:
    """Shares said in words, as percentages with the span their words allow: "roughly two in three" (61-73 %),
    "just under half" (42-50.5 %), "a quarter of the time" (20-30 %). A bare fraction word that is no share
    ("cut it in half", "the first half") is not read.
    """
    for m in _WORDED.finditer(text):
        if m.group("cn"):  # "2 chances in 100": a share in figures, said as chances (claims-46)
            share = int(m.group("cn")) / int(m.group("cd")) if int(m.group("cd")) else 2.0
        elif m.group("dn"):  # in figures only with a hedge: "roughly 8 in 10" (a bare "1 in 4" may be a count)
            share = int(m.group("dn")) / int(m.group("dd")) if m.group("hedge") else 2.0
        elif m.group("n"):
            share = _COUNTS[m.group("n").lower()] / _PARTS[m.group("d").lower()]
        elif m.group("half"):
            share = 0.5
        else:
            share = _COUNTS[m.group("num").lower()] / _PARTS[m.group("part").lower()]
        if m.group("half") and not m.group("hedge") and _HALF_BETWEEN.match(text[m.end() :]):
            continue  # "half of the items lie between 62 and 168": the range's share by definition (claims-49)
        scale = share_scale(text[m.end() :])  # "a tenth of a millimetre": no share; "of a percent": 0.1 %
        if share > 1 or scale is None:
            continue
        hedge = " ".join((m.group("hedge") or "").lower().split())
        said = any(m.group(g) is not None for g in ("n", "dn", "cn")) or hedge != ""
        if not said and not (_SHARE_AFTER.match(text[m.end() :]) or _SHARE_BEFORE.search(text[: m.start()])):
            continue
        p, k = share * scale, scale / 100
        if m.group("cn"):
            # to the half chance the denominator shows ("2 in 100": ±0.5 points; a hedge is in that count already),
            # open-ended past a bound said before it
            half = 0.5 / int(m.group("cd")) * scale
            lead = text[: m.start()]
            low = 0.0 if _BELOW.search(lead) else p - half
            high = scale if _ABOVE.search(lead) else p + half
            start = m.start("cn")
            yield NumberClaim(text[start : m.end()], p, 0, True, start, m.end(), approx=True, bounds=(low, high))
            continue
        if hedge.endswith(("under", "below", "less than")) or hedge in ("nearly", "almost"):
            low, high = p - 9 * k, p + 0.5 * k
        elif hedge.endswith(("over", "above", "more than")):
            low, high = p - 0.5 * k, p + 9 * k
        else:
            low, high = p - 6 * k, p + 6 * k
        start = next(m.start(g) for g in ("half", "num", "n", "dn", "cn") if m.group(g))
        raw = text[start : m.end()]
        yield NumberClaim(raw, p, 0, True, start, m.end(), approx=True, bounds=(low, high))
