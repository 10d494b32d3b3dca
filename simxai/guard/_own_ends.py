"""A difference said beside its own two ends (claims-34): "60 points off the credit score (704 → 614)", "a score of
614 instead of 704, a drop of 110 points". A number said as a difference ("a drop of", "points off", `_derived.
is_difference`) is checked against the differences the outputs give, and one they do not give is not compared;
when the same sentence gives one pair of ends ("a → b", "a to b", "a instead of b"), the difference is that of the
ends, so it is compared with it: within a tenth of the gap (a rounding, "about 90"), a share's points of a pair of
shares (0.41 to 0.62 is 21 points).

Since claims-35 the ends must be beside the difference: no other number and no sentence's stop (". ", ";", ":")
between them. "outrun 498 → 322 m; it then qualifies at 0.514, a margin of 1.4 points" says the margin of the
probability, not of the outrun (claims-34 compared 1.4 with 176). A difference in percent of a pair of shares may be
the relative change: "cuts it by about 70 % (from 68.1 % to 20.7 %)".
"""

from __future__ import annotations

import re

from simxai.guard._reading import NumberClaim

__all__ = ["own_ends_gap"]

_NUMBER = r"[-+−]?\d[\d,]*(?:\.\d+)?"
#: Between a difference and its own ends: no other number, no stop of a sentence or a clause.
_APART = re.compile(r"\d|[.;:?!](?:\s|$)")
_ENDS = re.compile(
    rf"(?<![\w.])(?P<a>{_NUMBER})[ \t]*%?[ \t]*(?:→|->|=>|\bto\b|\binstead\s+of\b)[ \t]*(?P<b>{_NUMBER})(?![\w.]|\.\d)"
)


def _value(said: str) -> float:
    return float(said.replace(",", "").replace("−", "-"))


def own_ends_gap(claim: NumberClaim, sentence: str, at: int = 0) -> tuple[float, bool] | None:
    """The gap of the one pair of ends `sentence` gives beside `claim` (which starts at `at + claim.start` in it) and
    whether `claim`, said as a difference, is it; None when the sentence gives no such pair, or several, when the
    claim is one of its ends, or when another number or a stop stands between them.
    """
    found = [(m, (_value(m.group("a")), _value(m.group("b")))) for m in _ENDS.finditer(sentence)]
    if any(claim.value in pair for _, pair in found):
        return None  # "from 37 to 59 and lower ...": the number is an end itself
    found = [(m, (a, b)) for m, (a, b) in found if a != b]
    if len({pair for _, pair in found}) != 1 or claim.high is not None or claim.bounds is not None:
        return None
    start, end = at + claim.start, at + claim.end
    if all(
        _APART.search(sentence[end : m.start()] if end <= m.start() else sentence[m.end() : start]) for m, _ in found
    ):
        return None  # "498 → 322 m; it qualifies at 0.514, a margin of 1.4": not the ends' difference (claims-35)
    a, b = found[0][1]
    gap = abs(a - b)
    value = abs(claim.value)
    if claim.percent and a and abs(value - 100 * gap / abs(a)) <= 0.1 * value:
        return gap, True  # "cuts it by about 70 % (68.1 % to 20.7 %)": the relative change (claims-35)
    if max(abs(a), abs(b)) <= 1 and value > 1:
        value /= 100  # points of a pair of shares
    return gap, abs(value - gap) <= max(0.1 * gap, 0.5 * 10.0**-claim.decimals)
