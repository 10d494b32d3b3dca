"""A model's score set against its majority baseline (claims-54, gfa47).

"right 70 % of the time, against 42.5 % for always guessing the commonest class", "accuracy 0.75 (vs 0.5 for the
majority guess)": the number after the word of comparison is the share of the commonest true class in the
outputs' confusion matrix (what always calling that class scores), not the metric named before it. It was bound to
that metric and flagged. Here a number set against another ("against", "versus", "vs", "compared with") that is the
commonest true class's share of a matrix the outputs give is that baseline, and holds; any other number is left to
the usual readings (a drifted baseline stays flagged as the metric's). Nothing of a host's domain: the share comes
from the matrix.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim, fits

__all__ = ["majority_baseline"]

#: A number set against another: "against 42.5 %", "(vs 0.5", "compared with about 0.5".
_SET_AGAINST = gated(
    r"\b(?:against|versus|vs\.?|compared\s+(?:with|to))\s+(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?$", re.I
)


def _majority_shares(matrices: Sequence[Sequence[Sequence[float]]]) -> set[float]:
    """Each matrix's share of its commonest true class (rows are true classes)."""
    shares = set()
    for matrix in matrices:
        totals = [sum(row) for row in matrix]
        if totals and sum(totals) > 0:
            shares.add(round(max(totals) / sum(totals), 9))
    return shares


def majority_baseline(claim: NumberClaim, lead: str, matrices: Sequence[Sequence[Sequence[float]]]) -> bool:
    """Whether the number after `lead` (its clause up to it) is set against a score and is the commonest true
    class's share of one of `matrices` (the outputs' confusion matrices, rows true classes).
    """
    if not matrices or claim.high is not None or claim.count or not _SET_AGAINST.search(lead[-40:]):
        return False
    return fits(claim, _majority_shares(matrices))
