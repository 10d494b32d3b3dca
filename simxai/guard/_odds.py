"""Odds said as "N to 1" (claims-36): "healthy, roughly 19 to 1" (g26), "negative, about 2 to 1 (0.66 vs 0.34)",
"rejected wins by roughly 8 to 1" (g27). A "range" that runs down to 1 is no range; it is the odds of a class, its
probability over the rest (p / (1 - p)), and holds when some class of the outputs has those odds within the
rounding a whole number of odds allows (half a unit, or 15 % of the odds when they are larger).
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["odds_hold"]


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
