"""Odds said as "N to 1" (claims-36, gfa29).

"about 2 to 1 (0.66 vs 0.34)", "rejected wins by roughly 8 to 1", "odds of roughly 19 to 1": a ratio of two
probabilities, not a range from N down to 1. `_numbers` reads a pair ending in 1 as odds (a ratio, not compared)
when the sentence says "odds" (claims-13) or, now, when a hedge or "by" stands right before the pair: a range is
said "from 8 to 1" or "8 to 1" bare, never "about 8 to 1".
"""

from __future__ import annotations

import re

from simxai.guard._reading import NumberClaim

__all__ = ["said_as_odds"]

_ODDS = re.compile(r"\bodds\b", re.I)
#: A hedge or "by" right before the pair's first number.
_HEDGED = re.compile(r"\b(?:about|roughly|around|approximately|nearly|almost|some|by|at)\s+$", re.I)


def said_as_odds(claim: NumberClaim, before: str, sentence: str) -> bool:
    """Whether `claim`, a pair "N to 1" with N above 1, is odds: "odds" in its sentence or a hedge before it.

    Args:
        claim: the number read (a pair has its second number in `high`).
        before: the text of its clause before the number.
        sentence: the number's sentence.
    """
    if claim.high is None or claim.high.raw != "1":
        return False
    if _ODDS.search(sentence):
        return True
    return claim.value > 1 and bool(_HEDGED.search(before))
