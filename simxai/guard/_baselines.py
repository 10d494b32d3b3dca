"""A constant guess's accuracy said beside the model's (claims-54: guard47 and gfa47, merged).

"accuracy 0.75, against 0.5 for the majority guess", "right 70 % of the time, against 42.5 % for always guessing the
commonest class", "against 0.55 for always saying holding". Such a number is no metric of the model, so bound to the
accuracy named before it, it was flagged when right. Two readings, both from the outputs' confusion matrices and
nothing of a host's domain:

- `baseline_claim` (guard47): the words after the number say a constant guess ("for always guessing X", "for the
  majority guess"): checked against the share of the evaluated cases whose recorded class is X (or the commonest), when
  a matrix labels its rows; a wrong baseline is flagged as such.
- `majority_baseline` (gfa47): a number set against another ("against", "versus", "vs", "compared with") that is the
  commonest true class's share of a matrix the outputs give holds; any other number is left to the usual readings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from simxai.guard._facts import Facts
from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim, fits

__all__ = ["baseline_claim", "majority_baseline"]

#: What follows a constant guess's accuracy: "for always guessing the commonest grade", "for the majority guess".
_BASELINE = re.compile(
    r"^\s*%?\s*(?:\)\s*)?for\s+(?:(?:always|just|simply|only|blindly)\s+)?(?:guessing|predicting|saying|calling|"
    r"picking|choosing|answering|labell?ing)\b(?P<rest>[^.;:()]{0,60})|"
    r"^\s*%?\s*for\s+(?:the|a)\s+(?:majority|constant|naive|trivial|commonest|most\s+common)[\s-]+(?:class\s+)?"
    r"(?:guess|class|baseline|vote|rule|model|predictor|answer)\b",
    re.I,
)

#: claims-56 (gfa49): the constant guess said before its number: "Guessing X every time would give 0.63", "always
#: predicting the commonest class scores 0.63" ("always" before the verb or "every time" after its object).
_GUESS_BEFORE = re.compile(
    r"\b(?P<always>(?:always|just|simply|blindly)\s+)?(?:guessing|predicting|saying|calling|picking|choosing|"
    r"answering|labell?ing)\s+(?P<rest>[^.;:()\d]{1,40}?)\s+(?P<every>(?:every|each)\s+time\s+|for\s+(?:every|each|all)\s+"
    r"[a-z]+\s+|throughout\s+)?(?:would\s+)?(?:gives?|scores?|gets?|reach(?:es)?|achieves?|manages?)\s+"
    r"(?:(?:an?\s+)?accuracy\s+of\s+)?(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?$",
    re.I,
)


def _row_shares(rows: Sequence[Sequence[float]]) -> list[float]:
    """Each true class's share of a confusion matrix's cases (its row total over all cells); none of an empty one."""
    totals = [sum(row) for row in rows]
    whole = sum(totals)
    return [total / whole for total in totals] if whole else []


def baseline_claim(
    claim: NumberClaim, following: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts, lead: str = ""
) -> tuple[str, bool] | None:
    """What a constant guess's accuracy `claim` is checked against and whether it holds; None when `following` (the
    text after the number) or `lead` (its clause up to it) says no constant guess, or no confusion matrix of the
    outputs gives the shares.
    """
    m = _BASELINE.match(following)
    if m is None and (before := _GUESS_BEFORE.search(lead[-100:])) is not None:
        m = before if before.group("always") or before.group("every") else None
    if m is None or claim.high is not None or not (claim.percent or 0 <= claim.value <= 1):
        return None
    shares: dict[str, float] = {}
    for names, rows, _ in facts.confusions:
        if len(names) == len(rows):
            shares.update(zip(names, _row_shares(rows), strict=False))
    rest = m.group("rest") or ""
    said = {label for label in labels if re.search(rf"\b{re.escape(label)}\b", rest, re.I)}
    said |= {label for form, label in forms.items() if re.search(rf"\b{re.escape(form)}\b", rest, re.I)}
    if len(said) > 1 or not shares or (said and not said <= set(shares)):
        return None  # no matrix that labels its rows: read as any number (a model card may state the baseline)
    if said:
        label = said.pop()
        return f"the share of {label}", fits(claim, {shares[label]})
    return "the commonest class's share", fits(claim, {max(shares.values())})


#: A number set against another: "against 42.5 %", "(vs 0.5", "compared with about 0.5".
_SET_AGAINST = gated(
    r"\b(?:against|versus|vs\.?|compared\s+(?:with|to))\s+(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?$", re.I
)


def _majority_shares(matrices: Sequence[Sequence[Sequence[float]]]) -> set[float]:
    """Each matrix's share of its commonest true class (rows are true classes)."""
    return {round(max(shares), 9) for matrix in matrices if (shares := _row_shares(matrix))}


def majority_baseline(claim: NumberClaim, lead: str, matrices: Sequence[Sequence[Sequence[float]]]) -> bool:
    """Whether the number after `lead` (its clause up to it) is set against a score and is the commonest true
    class's share of one of `matrices` (the outputs' confusion matrices, rows true classes).
    """
    if not matrices or claim.high is not None or claim.count or not _SET_AGAINST.search(lead[-40:]):
        return False
    return fits(claim, _majority_shares(matrices))
