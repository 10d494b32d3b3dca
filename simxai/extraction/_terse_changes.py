"""Changes said without a verb around a feature's name: a factor after it ("visits twice as often"), an amount off
it before it ("call it 2 points off his bmi") or a mark on it ("a 1 on stress", "a 7 on the pain scale").
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _DET, _NUM, _parse_number
from simxai.hosts.base import ChangeValue

_AS_OFTEN = re.compile(
    rf"^\s*(?:(?:were|was|is|be|got|gets|went|goes)\s+)?(?P<n>twice|{_NUM}\s*times)\s+as\s+"
    r"(?:often|much|many|high|large|big|long|frequent(?:ly)?)\b",
    re.IGNORECASE,
)
_OFF = re.compile(
    rf"(?<![\w.])(?P<n>{_NUM})(?P<pct>\s*%|\s*percent)?\s*(?:points?\s+|units?\s+)?off\s+{_DET}$", re.IGNORECASE
)

# "a 1 on stress", "say a 4 on the clarity score": a mark given on the feature's scale
_MARK_ON = re.compile(rf"(?<![\w.])an?\s+(?P<n>{_NUM})\s+on\s+{_DET}$", re.IGNORECASE)


def terse_change(before: str, after: str) -> ChangeValue | None:
    """A change said without a verb around the feature's name (`before` and `after` it), or None.

    A factor after it: "visits twice as often" -> "*2", "claims 3 times as high" -> "*3"; an amount off it before
    it: "call it 2 points off his bmi" -> "-2"; a mark on it: "a 1 on stress" -> 1.
    """
    match = _AS_OFTEN.match(after)
    if match is not None:
        factor = "2" if match.group("n").lower() == "twice" else re.sub(r"\s*times", "", match.group("n"))
        return f"*{factor}"
    return amount_off(before)


def amount_off(before: str) -> ChangeValue | None:
    """An amount taken off the feature named after `before`: "2 points off his bmi" -> "-2", "10% off the fee" ->
    "-10%"; or None. The one reading of "N off", for the terse and the worded readers of `_changes`.
    """
    match = _OFF.search(before)
    if match is not None:
        return f"-{match.group('n')}{'%' if match.group('pct') else ''}"
    match = _MARK_ON.search(before)
    return _parse_number(match.group("n")) if match is not None else None
