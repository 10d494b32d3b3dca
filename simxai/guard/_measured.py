"""A fraction word said of a unit rather than of a whole (claims-36, gfa29).

`_reading.worded_shares` reads "a tenth of ...", "two-thirds of ..." as a share in percent when "of" follows.
Said of one unit the fraction is no share: "a tenth of a millimetre" (a wick 4.4 → 4.3 mm), "two tenths of a mite"
are amounts of that unit; and "a tenth of a percent" is 0.1 %, not 10 %. "Of a point" stays as it was read
(a contribution said in points is checked by the readings of points).
"""

from __future__ import annotations

import re

__all__ = ["share_scale"]

#: "of a percent", "of one per cent": the share is a fraction of one percent.
_OF_A_PERCENT = re.compile(r"\s*of\s+(?:a|one)\s+(?:percent\b|per\s+cent\b|%)", re.I)
#: "of a millimetre", "of an hour", "of a mite": one of a unit or a thing (not "of a chance", "of a point").
_OF_A_UNIT = re.compile(r"\s*of\s+(?:an?|one)\s+(?!(?:chance|point|percentage)\b)[a-z]", re.I)


def share_scale(following: str) -> float | None:
    """What a fraction word's share is multiplied by to be a percent, given the text after its words: 100 for a
    share of a whole, 1 for a fraction of one percent, None for an amount of a unit (no share: not read).
    """
    if _OF_A_PERCENT.match(following):
        return 1.0
    if _OF_A_UNIT.match(following):
        return None
    return 100.0
