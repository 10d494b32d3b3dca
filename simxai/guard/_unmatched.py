"""Numbers the guard used to leave unchecked, compared after all (claims-48, gnum41).

A number said in a frame that makes the guard unsure what it is of ("a gap of 40 points", "together they add 1.79", a
share of a class the outputs give no probability of) is listed as unchecked (`_derived`, "Flagged only when sure"). Such
a number may still match no number of the outputs at all, at the precision shown: not one of their values, not a figure
the guard derives from them (`derived_figures`: a difference, a signed move, the complement of a probability or a
metric, a share of counts, the sums of a confusion matrix's cells, the sum of two or three contributions of one
explanation, the shares of a still-this search's kept and flipped samples, each feature's share of the features' total
weight (claims-54), the probability scale's 0, 0.5 and 1), not a number of the user's, a small enumeration, an id or a
year. Only the frames in `FLAGGED` make such a number unsupported (mechanism "unmatched number (<frame>)"); in every
other frame it stays unchecked, its entry ending in `UNMATCHED_NOTE`, so that `bench/guard_unbound.py` counts what
flagging that frame would add. Which frames flag is measured, not guessed: `docs/guard.md`, "claims-48 (gnum41): numbers
that match no output".

A ratio said between two named features ("A matters roughly three times as much as B", "half again as much as B",
"1.7 times that of B") was "a ratio, not compared", or, spelled, not read at all; `ratio_claims` reads it against
the ratios of the two features' numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cached_property
from itertools import combinations

from simxai._spoken import UNITS
from simxai.guard import _number_cues as nc
from simxai.guard._facts import Facts
from simxai.guard._numbers import _NumberChecks
from simxai.guard._own_numbers import count_shares
from simxai.guard._reading import NumberClaim, find_mentions, fits

__all__ = ["FLAGGED", "MECHANISM", "SCALE_POINTS", "UNMATCHED_NOTE", "derived_figures", "frame_of", "ratio_claims"]

#: The mechanism of a number flagged by the policy, before its frame in brackets.
MECHANISM = "unmatched number"
#: How an unchecked number's entry ends when no number of the outputs (or figure derived from them) is it.
UNMATCHED_NOTE = "; no number of the outputs or figure derived from them is it"
#: The frames in which a number that matches nothing is unsupported (see the module's docstring).
FLAGGED: frozenset[str] = frozenset({"unstated probability"})

#: The last bracket of an unchecked entry: why the number was not compared.
_REASON = re.compile(r"\(([^()]*)\)\s*$")
#: Each frame by the words its unchecked entries open with (`_numbers`, `_derived`, `_binding`, `_trust`).
_FRAMES: tuple[tuple[str, str], ...] = (
    ("a difference of two numbers the reply gives", "own difference"),
    ("a difference", "difference"),
    ("a total", "total"),
    ("an example", "example"),
    ("the probability scale's midpoint", "midpoint"),
    ("a share of two counts", "own share"),
    ("an end of a compared pair", "compared pair"),
    ("in a sentence that names none", "unnamed subject"),
    ("said before", "later subject"),
    ("the outputs state no probability", "unstated probability"),
    ("a ratio", "ratio"),
    ("negated", "negated"),
    ("a bound", "bound"),
    ("a reference or a bound", "reference"),
    ("a range several things", "range of several"),
    ("an amount in words", "amount in words"),
    ("a rate's denominator", "denominator"),
    ("a span of time", "span of time"),
    ("an output is cut off", "cut-off output"),
    ("a number of the name", "name's number"),
    ("a number of", "feature in percent"),
    ("a share said of something", "share of another thing"),
    ("a metric or a share", "metric or share"),
    ("a label's mean bound by a guess", "guessed mean"),
    ("bound to the predicted class only", "defaulted class"),
    ("a counterfactual the clause does not name", "unnamed counterfactual"),
    ("a share ", "share in words"),
    ("a count of features", "count of features"),
    ("the user's own", "user's own"),
    ("a small integer", "small integer"),
    # moved to unchecked by the mechanism table after the reading (`_trust`), not by a frame: never compared here
    ("bound loosely to its field", "loose binding"),
    ("the outputs do not state it; read by", "distrusted mechanism"),
)
_YEARS = (1900.0, 2100.0)
#: The probability scale's fixed points: no output need hold them ("sits exactly at one half", "a coin flip").
SCALE_POINTS = (0.0, 0.5, 1.0)
#: The largest contributions of an explanation whose sums of two or three are known figures.
_PARTS = 8


def frame_of(entry: str) -> str:
    """The frame an unchecked number's entry says it was left unchecked in ("difference", "example", ...), or
    "other: <its reason>" for a reason `_FRAMES` does not name.
    """
    found = _REASON.search(entry.replace(UNMATCHED_NOTE, ""))
    reason = found.group(1) if found else ""
    for opening, frame in _FRAMES:
        if reason.startswith(opening):
            return frame
    return f"other: {reason[:50]}"


def derived_figures(facts: Facts, differences: set[float]) -> set[float]:
    """Every number of `facts` and the figures the guard knows how to derive from them: `differences` (the gaps the
    outputs give) with either sign, the complement of each share, each label's share of the counts, and the sums of
    each confusion matrix's rows, columns, diagonal, off-diagonal cells and all cells.
    """
    out = set(facts.numbers) | set(facts.amounts) | set(differences) | {-d for d in differences}
    for group in (facts.before_numbers, facts.after_numbers, facts.label_cells, facts.label_means):
        out |= {x for xs in group.values() for x in xs}
    out |= {x for stats in facts.statistics.values() for x in stats.values()}
    out |= set(facts.settings.values()) | {x for ends in facts.kept.values() for x in ends}
    out |= {float(x) for pair in facts.samples for x in pair}
    out |= {share for kept, checked in facts.samples if checked for share in (kept / checked, 1 - kept / checked)}
    out |= {c for _, _, c in facts.attributions} | _part_sums(facts) | set(SCALE_POINTS)
    shares = [facts.label_numbers, facts.before_numbers, facts.after_numbers, facts.metrics]
    out |= {1 - x for group in shares for xs in group.values() for x in xs if 0 <= x <= 1}
    out |= count_shares(facts) | _weight_shares(facts)
    for matrix in facts.matrices:
        rows = [list(r) for r in matrix]
        size = len(rows)
        out |= {float(sum(r)) for r in rows}
        out |= {float(sum(r[j] for r in rows if j < len(r))) for j in range(size)}
        diagonal = sum(rows[i][i] for i in range(size) if i < len(rows[i]))
        total = sum(sum(r) for r in rows)
        out |= {float(diagonal), float(total - diagonal), float(total)}
        if total:
            out |= {diagonal / total, (total - diagonal) / total}
    return out


def _weight_shares(facts: Facts) -> set[float]:
    """Each feature's share of the features' total weight ("about a third of the total importance"; claims-54), when
    every feature has one weight.
    """
    if not facts.weights or any(len(ws) != 1 for ws in facts.weights.values()):
        return set()
    sizes = [abs(next(iter(ws))) for ws in facts.weights.values()]
    total = sum(sizes)
    return {x / total for x in sizes} if total else set()


def _part_sums(facts: Facts) -> set[float]:
    """The sums of two or three contributions of one explanation ("bmi and age together add about 0.31"), with
    either sign and as sizes.
    """
    out: set[float] = set()
    by_label: dict[str, list[float]] = {}
    for _, label, contribution in facts.attributions:
        by_label.setdefault(label, []).append(contribution)
    for values in by_label.values():
        for group in (values, [abs(v) for v in values]):
            top = sorted(group, key=abs, reverse=True)[:_PARTS]
            sums = {sum(part) for size in (2, 3) for part in combinations(top, size)}
            out |= sums | {-x for x in sums}
    return out


# ---- ratios between two named features ----------------------------------------------------------------------
_WORDS = {w: float(n) for w, n in UNITS.items() if 2 <= n <= 20}
_AS_IS = {"twice": 2.0, "half again": 1.5, "one and a half times": 1.5}
_SPELLED = "|".join(sorted((re.escape(w) for w in _WORDS), key=len, reverse=True))
_AS_IS_WORDS = "|".join(sorted((re.escape(w) for w in _AS_IS), key=len, reverse=True))
#: A part said in words ("a fifth of B", "half the B", "two thirds as much as B"; claims-54): the ratio it is.
_PARTS_SAID = {
    "half": 1 / 2,
    "a half": 1 / 2,
    "one half": 1 / 2,
    "a third": 1 / 3,
    "one third": 1 / 3,
    "two thirds": 2 / 3,
    "a quarter": 1 / 4,
    "one quarter": 1 / 4,
    "a fourth": 1 / 4,
    "three quarters": 3 / 4,
    "a fifth": 1 / 5,
    "one fifth": 1 / 5,
    "a sixth": 1 / 6,
    "an eighth": 1 / 8,
    "a tenth": 1 / 10,
    "one tenth": 1 / 10,
}
_PART_WORDS = "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in _PARTS_SAID), key=len, reverse=True))
#: "three times as much as", "1.7 times that of", "4x more than"; "twice as important as", "half again as much as";
#: since claims-54 also "five times the B", "twice the B" and a part of B ("a fifth of the B", "half the B"): the
#: ratio's second feature must follow at once (`ratio_claims`).
_RATIO = re.compile(
    r"(?:(?P<over>\b(?:more\s+than|over|at\s+least|above)\s+)|(?P<under>\b(?:less\s+than|under|at\s+most|below|"
    r"not\s+even)\s+))?(?P<approx>\b(?:about|around|roughly|nearly|almost|some|approximately|close\s+to|~|≈)\s*)?"
    rf"(?:(?<![\w.])(?P<n>\d+(?:\.\d+)?|{_SPELLED})\s*(?:times|x|×)\s+(?:as\s+(?:\w+\s+){{1,2}}?as\s+|more\s+than\s+|"
    rf"that\s+of\s+|(?=the\s|its\s|their\s))|\b(?P<w>{_AS_IS_WORDS})\s+(?:as\s+(?:\w+\s+){{1,2}}?as\s+|(?=the\s))|"
    rf"\b(?P<part>{_PART_WORDS})\s+(?:of\s+|as\s+(?:\w+\s+){{1,2}}?as\s+|(?=the\s)))(?:the\s+|its\s+|their\s+|"
    r"that\s+of\s+)?",
    re.I,
)
#: A ratio in words may be this far from the outputs' (relatively) and still be said so.
_ROUGH = 0.25


def ratio_claims(
    sentence: str,
    features: Callable[[str], list[tuple[str, int, int]]],
    numbers_of: Callable[[str], set[float]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each ratio `sentence` says between two features. `features(text)` gives the features a
    text names as (feature, start, end); `numbers_of(feature)` the numbers the outputs tie to one.
    """
    compared: set[str] = set()  # the features a ratio before in the sentence was of ("A ... as B, and ... as C")
    for m in _RATIO.finditer(sentence):
        before = [f for f in features(sentence[: m.start()]) if f[2] <= m.start() and f[0] not in compared]
        after = features(sentence[m.end() : m.end() + 60])
        if not before or not after or after[0][1] != 0 or before[-1][0] == after[0][0]:
            continue  # the ratio of no two named features ("twice as likely as not", "a third as important")
        top, bottom = before[-1][0], after[0][0]
        compared.add(bottom)
        tops, bottoms = {abs(x) for x in numbers_of(top)}, {abs(x) for x in numbers_of(bottom) if x}
        if not tops or not bottoms:
            continue
        said = " ".join((m.group("n") or m.group("w") or m.group("part")).lower().split())
        value = _PARTS_SAID.get(said) or _AS_IS.get(said) or _WORDS.get(said) or float(said)
        ratios = {a / b for a in tops for b in bottoms}
        if m.group("over") or m.group("under"):  # "more than twice as much as B": a bound on the ratio
            holds = any(r >= value * (1 - _ROUGH) if m.group("over") else r <= value * (1 + _ROUGH) for r in ratios)
        elif not said[0].isdigit() or m.group("approx"):
            holds = any(abs(r - value) <= _ROUGH * value for r in ratios)
        else:
            step = 10.0 ** -len(said.partition(".")[2])
            holds = any(abs(r - value) <= step / 2 + 1e-9 or 0 <= r - value < step for r in ratios)
        yield f"ratio {said} of {top} to {bottom}", holds


class _UnmatchedNumbers(_NumberChecks):
    """The number checks, and then, for a number they leave unchecked, whether anything of the outputs is it."""

    @cached_property
    def _known_figures(self) -> set[float]:
        """The outputs' numbers and derived figures (all subjects'), the user's numbers and the subjects' ids."""
        return (
            derived_figures(self.all, self._differences(self.all)) | self.context_numbers | {float(i) for i in self.ids}
        )

    @cached_property
    def _ratios_read(self) -> set[str]:
        """The sentences whose ratios between features were read (`ratio_claims`), each once."""
        return set()

    def _numbers(self, clause: str, sentence: str, facts: Facts, placed: list[tuple[int, Facts]]) -> None:
        super()._numbers(clause, sentence, facts, placed)
        if sentence in self._ratios_read or sentence.rstrip().endswith("?"):
            return
        self._ratios_read.add(sentence)

        def named(text: str) -> list[tuple[str, int, int]]:
            found = find_mentions(text, self.names.features, quoted_only=self.names.quoted_only)
            return [(self.names.feature(m), m.start - m.quoted, m.end + m.quoted) for m in found]

        for said, holds in ratio_claims(sentence, named, lambda f: facts.feature_numbers.get(f, set())):
            self.report.claim(said, holds, via="ratio of two named features")

    def _number(self, claim: NumberClaim, segment: str, clause: str, sentence: str, offset: int, facts: Facts) -> None:
        claims, unchecked = len(self.report.claims), len(self.report.unchecked)
        super()._number(claim, segment, clause, sentence, offset, facts)
        if len(self.report.claims) != claims or len(self.report.unchecked) != unchecked + 1:
            return  # read as a claim (or read before, or not read)
        entry = self.report.unchecked[-1]
        if not entry.startswith("number ") or self._matched(claim):
            return
        frame = frame_of(entry)
        if frame in FLAGGED:
            self.report.unchecked.pop()
            self.report.claim(f"{entry.split(' (', 1)[0]} (matches no number of the outputs)", False, via=_via(frame))
        else:
            self.report.unchecked[-1] = f"{entry[:-1]}{UNMATCHED_NOTE})" if entry.endswith(")") else entry

    def _matched(self, claim: NumberClaim) -> bool:
        """Whether a number the outputs, their derived figures, the user or the enumerations hold is `claim`."""
        if not claim.percent and claim.decimals == 0 and claim.high is None and claim.bounds is None:
            if 0 <= claim.value <= nc.SMALL_INTEGER or _YEARS[0] <= claim.value <= _YEARS[1]:
                return True  # a small enumeration or count, a year
        return fits(claim, self._known_figures, within=True)


def _via(frame: str) -> str:
    return f"{MECHANISM} ({frame})"
