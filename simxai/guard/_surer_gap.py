"""How far apart the model's sureness on two subjects is, said in points (claims-39).

"77 is the surer one by about eight points" (g23), "119771's call is the firmer of the two, by about twenty points"
(g27), "57's call is about 37 points firmer than 140's" and "the second is about nineteen points surer" (g28), "the
waiter line at 90.1 %, the pizza line lower at 79.3 %, about eleven points apart" (g29). `_surer` reads which of
the two is the surer; the size of the gap was read by no reader. Each subject's sureness is its predicted class's
probability (`_surer._sureness`); the points said must be their difference in percentage points.

Read only when the outputs give exactly two subjects, each with one predicted class and its probability, and the
sentence (not a question, not denied) says a comparison of sureness ("surer", "firmer", "more confident", "weaker
call", ...) or "apart" within a few words of a number of points. The tolerance is wide, a tenth of the gap and at
least a point and a half, so a rounded or hedged gap ("about eight points") of the shown figures passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from simxai._spoken import TENS, UNITS
from simxai.guard._facts import Facts
from simxai.guard._surer import _LESS_SURE, _SURER, _sureness

__all__ = ["surer_gap_claims"]

_UNIT = "|".join(sorted((w for w, n in UNITS.items() if n > 0), key=len, reverse=True))
_TEN = "|".join(TENS)
#: A number of points, in digits or words, not an id ("id 77"): "8 points", "37 percentage points", "20 pts",
#: "eight points", "twenty-five points" (the guard's reading leaves these words as they are).
_POINTS = re.compile(
    rf"(?<![\w.-])(?<!id )(?P<n>\d{{1,2}}(?:\.\d+)?|(?:{_TEN})(?:[- ](?:{_UNIT}))?|{_UNIT})\s*(?:percentage\s+)?"
    r"(?:points?|pts?)\b",
    re.I,
)
_APART = re.compile(r"\bapart\b", re.I)
_DENIED = re.compile(r"\b(?:not|never|no|isn't|wasn't|nor)\b", re.I)
#: How close a comparison and its points must be: in the same clause, within this many characters.
_NEAR = 40


def _value(said: str) -> float:
    """The number of points said in digits or in words ("twenty-five" is 25)."""
    if said[0].isdigit():
        return float(said)
    words = re.split(r"[- ]", said.lower())
    return float(sum(TENS.get(w, UNITS.get(w, 0)) for w in words))


def surer_gap_claims(sentence: str, facts: Sequence[Facts]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for the gap in points the sentence says between two subjects' sureness."""
    if sentence.rstrip().endswith("?"):
        return
    sure = _sureness(facts)
    ids = {f.subject_id for f in facts if f.subject_id is not None}
    if len(sure) != 2 or len(ids) != 2:
        return
    gap = 100 * abs(next(iter(sure.values())) - list(sure.values())[1])
    cues = [m for p in (_SURER, _LESS_SURE, _APART) for m in p.finditer(sentence)]
    for said in _POINTS.finditer(sentence):
        near = [
            c
            for c in cues
            if abs(c.start() - said.end()) <= _NEAR or abs(said.start() - c.end()) <= _NEAR
            if not re.search(r"[;:]", sentence[min(c.start(), said.start()) : max(c.end(), said.end())])
        ]
        if not near or _DENIED.search(sentence[max(0, said.start() - 20) : said.start()]):
            continue
        points = _value(said.group("n"))
        yield f"gap in sureness {said.group('n')} points", abs(points - gap) <= max(1.5, 0.1 * gap)
