"""A share of the cases a model misses (claims-29): "it misses about a third of them (recall 66 %)", "a bit
under three in ten go unflagged". Such a share is the rest of a recall (or of another of the outputs' shares), not
that share itself: it is checked against one minus each of the outputs' recalls (the share of a class's cases
caught). A share that is the rest of no recall is read on as before (and flagged when nothing else holds it).

Recurring in g19 ("misses a bit under three in ten unfit works (recall 0.708)") and g22 ("about a third of the
cases it should catch are missed"), where the share was compared with the recall itself.
"""

from __future__ import annotations

import re

from simxai.guard._facts import Facts
from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim, fits

__all__ = ["missed_share"]

#: A verb of cases a model fails to catch, in its forms ("misses", "missed", "goes unflagged", "lets through").
_MISSED = gated(
    r"\b(?:miss(?:es|ed|ing)?|overlook(?:s|ed|ing)?|unflagged|undetected|uncaught|"
    r"fail(?:s|ed)? to (?:catch|flag|spot|find|detect)|let(?:s|ting)? (?:through|slip))\b",
    re.I,
)


def _recalls(facts: Facts) -> set[float]:
    """The outputs' recalls (between 0 and 1), overall and of each class: the share of a class's cases caught."""
    values = set(facts.metrics.get("recall", set()))
    for per_label in facts.label_metrics.values():
        values |= per_label.get("recall", set())
    return {x for x in values if 0 < x < 1}


def missed_share(claim: NumberClaim, clause: str, facts: Facts) -> bool:
    """Whether `claim`, a share said in a clause about missed cases, is the rest of one of the outputs' recalls."""
    if not (claim.percent or claim.bounds is not None or (0 < claim.value < 1 and claim.decimals > 0)):
        return False
    if not _MISSED.search(clause):
        return False
    rests = {round(1 - x, 6) for x in _recalls(facts)}
    return bool(rests) and fits(claim, rests)
