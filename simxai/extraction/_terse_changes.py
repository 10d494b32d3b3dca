"""Changes said without a verb around a feature's name: a factor after it ("visits twice as often") or an amount off
it before it ("call it 2 points off his bmi").
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _DET, _NUM
from simxai.hosts.base import ChangeValue

_AS_OFTEN = re.compile(
    rf"^\s*(?:(?:were|was|is|be|got|gets|went|goes)\s+)?(?P<n>twice|{_NUM}\s*times)\s+as\s+"
    r"(?:often|much|many|high|large|big|long|frequent(?:ly)?)\b",
    re.IGNORECASE,
)
_OFF = re.compile(
    rf"(?<![\w.])(?P<n>{_NUM})(?P<pct>\s*%|\s*percent)?\s*(?:points?\s+|units?\s+)?off\s+{_DET}$", re.IGNORECASE
)


def terse_change(before: str, after: str) -> ChangeValue | None:
    """A change said without a verb around the feature's name (`before` and `after` it), or None.

    A factor after it: "visits twice as often" -> "*2", "claims 3 times as high" -> "*3"; an amount off it before
    it: "call it 2 points off his bmi" -> "-2".
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
    return None
