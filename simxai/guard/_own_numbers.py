"""Numbers a reply derives from numbers it gives itself: a share of two counts ("a quarter of them (24 of 89)")
and, since claims-27, a difference of two numbers ("progressing patients average 94.6, stable ones 87.9 - about
6.7 higher", "690 against 618, a 72-point gap", "15 km/h stronger, 29.4 instead of 14.4"). The reply did the
sum; the two numbers are checked on their own, so the derived one is listed as unchecked, not compared. Also the
shares the outputs' counts give (`count_shares`, moved here from `_derived` at claims-27).
"""

from __future__ import annotations

import re

from simxai.guard._facts import Facts
from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim, fits, numbers

__all__ = ["compared_pair", "count_shares", "own_counts_share", "own_difference"]

#: Two counts a reply gives as a part of a whole ("24 of 89", "24 out of the 89", "24/89").
_PART_OF = gated(r"(?<![\d.])(\d{1,6})\s*(?:of|out of|/)\s*(?:the\s+|all\s+)?(\d{1,6})(?!\d|\.\d|\s*%)", re.I)
#: Words right after a number that say it is how far apart two others are (claims-27): "6.7 higher", "a 72-point
#: gap", "15 km/h stronger", "eight points behind".
_APART_AFTER = gated(
    r"^\s*(?:%|per\s*cent|percent)?\s*-?\s*(?:[a-z]+(?:/[a-z]+)?\s+)?(?:(?:percentage\s+)?(?:points?|pts?|pp)\b\s*)?"
    r"(?:gap|difference|apart|higher|lower|more|less|fewer|stronger|weaker|longer|shorter|larger|smaller|bigger|"
    r"behind|ahead|above|below|up|down)\b|^\s*-?\s*points?\b",
    re.I,
)
#: Words right before it that do: "a gap of", "a difference of", "the margin is".
_APART_BEFORE = gated(r"\b(?:gap|difference|margin|spread)\s+(?:of|is|was)\s+(?:about\s+|around\s+|roughly\s+)?$", re.I)


def own_counts_share(claim: NumberClaim, sentence: str) -> bool:
    """Whether a share is the part of a whole that the sentence itself gives as two counts ("roughly a quarter of
    them (24 of 89)", "27 % - 24 out of 89"): the reply derived it; its counts are checked on their own.
    """
    if not (claim.percent or claim.bounds is not None):
        return False
    for m in _PART_OF.finditer(sentence):
        part, whole = int(m.group(1)), int(m.group(2))
        if 0 < part <= whole and fits(claim, {part / whole}):
            return True
    # "300 runs, 163 of which qualified ... - a little over half" (claims-27): a share in words of two counts
    # the sentence gives anywhere in it (a share in words only: a figure's share is not read so)
    if claim.bounds is None:
        return False
    counts = {
        int(n.value) for n in numbers(sentence) if n.count or (not n.percent and n.decimals == 0 and n.value >= 2)
    }
    shares = {p / w for p in counts for w in counts if 0 < p < w}
    return fits(claim, shares)


def own_difference(claim: NumberClaim, sentence: str, lead: str, following: str) -> bool:
    """Whether a number said as how far apart two things are ("6.7 higher", "a 72-point gap", "a gap of 72": its
    own words, `lead` and `following`) is, to its shown precision, the difference of two other numbers of the
    same sentence. Counts that add up ("7 progressing against 41 stable" of 48) are no difference.
    """
    if claim.high is not None or claim.bounds is not None:
        return False
    if not (_APART_AFTER.match(following) or _APART_BEFORE.search(lead)):
        return False
    others = [n.value for n in numbers(sentence) if n.high is None and n.value != claim.value]
    if len(others) < 2:
        return False
    half = 0.5 * 10.0 ** (-claim.decimals) + 1e-9
    return any(abs(abs(a - b) - claim.value) <= half for i, a in enumerate(others) for b in others[i + 1 :] if a != b)


#: A comparison before a pair: "the older applicant", "more firmly", "likelier ... than", "a touch below".
_COMPARISON = re.compile(
    r"\b(?:[a-z]{2,}er|more|less|than|below|above|ahead|behind|better|worse|surer|likelier)\b", re.I
)
_PAIR_SECOND = gated(
    r"\d[\d.,]*\s*(?:%|per\s*cent|percent)?\s*\)?\s*(?:vs\.?|versus|against)\s+"
    r"(?:(?:about|around|roughly|under|over|just|nearly|almost|only)\s+)*[£$€]?$",
    re.I,
)
_PAIR_FIRST = re.compile(r"^\s*(?:%|per\s*cent\b|percent\b)?\s*(?:vs\.?|versus|against)\s", re.I)


def compared_pair(before: str, following: str, subjects: int) -> bool:
    """Whether a number is an end of a pair said after a comparison whose subjects the pair does not name
    (claims-27): the second of "77 is the older applicant (72 vs 42)", "77 somewhat more firmly (79.4 % vs
    71.0 %)", whose subject is the other one compared (in a sentence that names one); the first of "A was rated
    likelier than B - about 97 per cent against under 38" when the sentence names two or more subjects. Which
    field it is of is a guess.
    """
    opened = _PAIR_SECOND.search(before)
    if opened is not None:  # the other end is a subject's the sentence names, or the one it leaves unnamed
        return subjects >= 1 and bool(_COMPARISON.search(before[: opened.start()]))
    return subjects >= 2 and bool(_PAIR_FIRST.match(following)) and bool(re.search(r"\bthan\b", before, re.I))


def count_shares(facts: Facts) -> set[float]:
    """The shares the outputs' counts give: each label's whole-number count over a total the outputs state
    (a group's size) or over the labels' counts together.
    """
    counts = {x for xs in facts.label_numbers.values() for x in xs if x >= 1 and float(x).is_integer()}
    totals = {x for x in facts.free_numbers if x >= 1 and float(x).is_integer()}
    totals.add(
        sum(max((x for x in xs if x >= 1 and float(x).is_integer()), default=0) for xs in facts.label_numbers.values())
    )
    return {c / t for c in counts for t in totals if t >= c > 0}
