"""Odds said as "N to 1" (claims-36): "healthy, roughly 19 to 1" (g26), "negative, about 2 to 1 (0.66 vs 0.34)",
"rejected wins by roughly 8 to 1" (g27). A "range" that runs down to 1 is no range; it is the odds of a class, its
probability over the rest (p / (1 - p)).

`odds_hold` checks them: they hold when some class of the outputs has those odds within the rounding a whole
number of odds allows (half a unit, or 15 % of the odds when they are larger). `said_as_odds` tells a pair said as
odds from a range: "odds" in the sentence (claims-13), or a hedge or "by" right before the pair (a range is said
"from 8 to 1" or "8 to 1" bare, never "about 8 to 1"); odds said so that hold for no class are a wrong number
(`_numbers`), and a pair said bare that holds for none is still read as a range.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from simxai.guard._reading import NumberClaim

__all__ = ["odds_hold", "said_as_odds"]

_ODDS = re.compile(r"\bodds\b", re.I)
#: A hedge or "by" right before the pair's first number.
_HEDGED = re.compile(r"\b(?:about|roughly|around|approximately|nearly|almost|some|by|at)\s+$", re.I)


def odds_hold(odds: float, label_numbers: Mapping[str, set[float]]) -> bool:
    """Whether `odds` (the N of "N to 1") are some class's odds among the classes' probabilities (fractions or
    percentages).
    """
    for values in label_numbers.values():
        for value in values:
            share = value / 100 if value > 1 else value
            if 0 < share < 1:
                exact = share / (1 - share)
                if abs(odds - exact) <= max(0.5, 0.15 * exact):
                    return True
    return False


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
