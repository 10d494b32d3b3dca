"""The gap between two classes' means of one feature (claims-40, helper gfa33): "Progressing patients run higher on
glucose by about 6.7 on average", "mean mite count among the lost is about 2 more than among survivors (4.32 vs
2.35)", "the lost group carries about 1.5 more mites per 100 on average", "soured batches had the higher pH on
average, by about two tenths" (four DEV writers, g19, g22, g23, g24).

The number was read as a value of the feature named before it, which it is not: it is the difference of two of the
feature's class means (a data summary's `mean_by_label`). It holds when a sentence that speaks of an average says
it as a gap ("by N", "N more", "N higher", "N fewer ...") and N is, at the precision shown, the difference of two
classes' means of one feature. Any other number is read as before, so a wrong gap is judged as it was.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from simxai.guard._reading import NumberClaim, fits

__all__ = ["mean_gap"]

_AVERAGE = re.compile(r"\b(?:on average|average[sd]?|mean)\b", re.I)
_BY = re.compile(r"\bby\s+(?:only\s+|just\s+|about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+)*$", re.I)
_MORE = re.compile(
    r"^\s*(?:[a-z]{1,4}\s+|points?\s+|units?\s+)?(?:more|less|fewer|higher|lower|longer|shorter)\b",
    re.I,
)


@functools.lru_cache(maxsize=16)
def _averaged(sentence: str) -> bool:
    """Whether `sentence` speaks of an average: once per sentence, however many numbers it has (a 64 KB sentence of
    numbers was searched once for each).
    """
    return bool(_AVERAGE.search(sentence))


def _gaps(statistics: Mapping[str, Mapping[str, float]]) -> set[float]:
    out: set[float] = set()
    for stats in statistics.values():
        means = sorted(v for k, v in stats.items() if k.startswith("mean|"))
        out |= {round(abs(a - b), 6) for a in means for b in means if a != b}
    return out


def mean_gap(
    claim: NumberClaim, lead: str, following: str, sentence: str, statistics: Mapping[str, Mapping[str, float]]
) -> bool:
    """Whether `claim` (between `lead` and `following`, in `sentence`) is said as, and is, the gap between two
    classes' means of one feature (`statistics`: feature -> its statistics, class means keyed "mean|<label>").
    """
    if claim.high is not None or not _averaged(sentence):
        return False
    if not (_BY.search(lead[-40:]) or _MORE.match(following)):
        return False
    gaps = _gaps(statistics)
    if claim.bounds is not None:  # "by about two tenths": a fraction in words, read with the span its words allow
        low, high = claim.bounds
        return any(low <= 100 * gap <= high for gap in gaps)
    return not claim.percent and bool(gaps) and fits(claim, gaps)
