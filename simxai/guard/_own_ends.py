"""A difference said beside its own two ends (claims-34): "60 points off the credit score (704 → 614)", "a score of
614 instead of 704, a drop of 110 points". A number said as a difference ("a drop of", "points off", `_derived.
is_difference`) is checked against the differences the outputs give, and one they do not give is not compared;
when the same sentence gives one pair of ends ("a → b", "a to b", "a instead of b"), the difference is that of the
ends, so it is compared with it: within a tenth of the gap (a rounding, "about 90"), a share's points of a pair of
shares (0.41 to 0.62 is 21 points).
"""

from __future__ import annotations

import re

from simxai.guard._reading import NumberClaim

__all__ = ["own_ends_gap"]

_NUMBER = r"[-+−]?\d[\d,]*(?:\.\d+)?"
_ENDS = re.compile(
    rf"(?<![\w.])(?P<a>{_NUMBER})[ \t]*%?[ \t]*(?:→|->|=>|\bto\b|\binstead\s+of\b)[ \t]*(?P<b>{_NUMBER})(?![\w.]|\.\d)"
)


def _value(said: str) -> float:
    return float(said.replace(",", "").replace("−", "-"))


def own_ends_gap(claim: NumberClaim, sentence: str) -> tuple[float, bool] | None:
    """The gap of the one pair of ends `sentence` gives and whether `claim`, said as a difference, is it; None when
    the sentence gives no such pair, or several, or the claim is one of its ends.
    """
    pairs = {(_value(m.group("a")), _value(m.group("b"))) for m in _ENDS.finditer(sentence)}
    if any(claim.value in pair for pair in pairs):
        return None  # "from 37 to 59 and lower ...": the number is an end itself
    pairs = {(a, b) for a, b in pairs if a != b}
    if len(pairs) != 1 or claim.high is not None or claim.bounds is not None:
        return None
    a, b = pairs.pop()
    gap = abs(a - b)
    value = abs(claim.value)
    if max(abs(a), abs(b)) <= 1 and value > 1:
        value /= 100  # points of a pair of shares
    return gap, abs(value - gap) <= max(0.1 * gap, 0.5 * 10.0**-claim.decimals)
