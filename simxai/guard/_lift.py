"""A part of an explanation's lift, said against the whole (gfa32): "NECK + DAMP ROOM ≈ 0.45 of the 0.68 lift"
(g30), "it's purely 'crushed' that makes it negative (0.21 of the 0.71)" (g23), "Out of the 0.364 the cafe review
gains above 0.5" (g27: not read, see below).

A local explanation's contributions add up to its lift, the output over the base value. The lift itself (0.68)
is a number of no field, and the part (0.45, the sum of two contributions) is bound to the feature named last
(whose own contribution it is not), so faithful replies were flagged. Read here:

- "N of the M": M is the lift of an explained class (the sum of its contributions) or a probability the outputs
  give (the output the lift ends at), and N a part of that lift: one contribution, or the largest two or three
  together. N is below M; N at the precision shown, M too (the lift, which a writer gets as the output less the
  base, each rounded, within one unit of its last decimal). A part or a whole that fits neither is read as before.
- The lift said alone ("Out of the 0.364 the cafe review gains above 0.5", g27) is not read: checking it lost
  g27-sentiment-019, an unfaithful twin caught only because that number was read as a number of no field.
- "about two-thirds of the lift from .198 to .914" (g29): a fraction in words of the lift holds when such a part
  of a class's lift is that share of it, within 0.05.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._facts import Facts
from simxai.guard._reading import shown_slack

__all__ = ["lift_part"]

_DECIMAL = r"\d*\.\d+"
#: "0.45 of the 0.68", "0.21 of the 0.71": a part of a whole, both decimals.
_PART_OF = re.compile(rf"(?<![\w.])[+]?(?P<n>{_DECIMAL})\s+of\s+the\s+(?P<m>{_DECIMAL})(?![\w.]|\s*%)", re.I)
#: "about two-thirds of the lift", "half of the rise": a part of the lift said as a fraction in words.
_FRACTION_OF = re.compile(
    r"(?<![\w-])(?P<f>half|(?:a|one)[ -](?:third|quarter|fifth|tenth)|two[ -]thirds|three[ -]quarters)\s+of\s+the\s+"
    r"(?:total\s+|whole\s+)?(?:lift|rise|gain|push|climb|increase|jump|move)\b",  # "of the climb" (gfa37)
    re.I,
)
_FRACTIONS = {"half": 1 / 2, "third": 1 / 3, "quarter": 1 / 4, "fifth": 1 / 5, "tenth": 1 / 10, "thirds": 2 / 3}
#: How far a fraction in words may be from the part's share of the lift ("two-thirds" for 0.66).
_FRACTION_SLACK = 0.05
#: How many of the largest contributions a part may add up.
_MOST = 3


def _fits(said: str, values: Iterable[float], units: float = 0.5) -> bool:
    """Whether `said` is one of `values` within `units` of its last decimal shown."""
    return any(abs(float(said) - x) <= shown_slack(said, units) for x in values)


def _by_class(facts: Facts) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {}
    for _feature, label, contribution in facts.attributions:
        found.setdefault(label, []).append(contribution)
    return found


def _parts(values: list[float]) -> set[float]:
    """The parts a reply may give of a lift: one contribution, or the largest two or three together."""
    ranked = sorted(values, key=abs, reverse=True)
    return set(values) | {sum(ranked[:size]) for size in range(2, min(_MOST, len(ranked)) + 1)}


def lift_part(clause: str, start: int, end: int, facts: Facts) -> tuple[str, bool] | None:
    """What the number at `clause[start:end]` is and True, when it is a part of a local explanation's lift or the
    lift itself as the module doc reads them; None otherwise (read as before: a wrong part stays flagged).
    """
    by_class = _by_class(facts)
    if not by_class:
        return None
    lifts = {label: sum(values) for label, values in by_class.items()}
    for m in _PART_OF.finditer(clause):
        if (start, end) not in (m.span("n"), m.span("m")):
            continue
        if float(m.group("n")) >= float(m.group("m")):
            return None
        for label, values in by_class.items():
            parts = _parts(values)
            whole = _fits(m.group("m"), [lifts[label]], 1.0) or _fits(m.group("m"), facts.label_numbers.get(label, ()))
            if whole and _fits(m.group("n"), parts):
                return "a part of the lift", True
        return None
    for m in _FRACTION_OF.finditer(clause):
        if not (m.start("f") <= start < m.end("f")):
            continue
        words = m.group("f").lower().replace("-", " ").split()
        share = 3 / 4 if words[0] == "three" else _FRACTIONS[words[-1]]
        for label, values in by_class.items():
            parts = _parts(values)
            if lifts[label] and any(abs(x / lifts[label] - share) <= _FRACTION_SLACK for x in parts):
                return "a share of the lift", True
        return None
    return None
