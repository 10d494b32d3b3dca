"""A constant guess's accuracy said beside the model's (claims-54, guard47): "accuracy 0.75, against 0.5 for the
majority guess", "against 42.5 % for always guessing the commonest grade", "against 0.55 for always saying holding".

Such a number is no metric of the model, so bound to the accuracy named before it, it was flagged when right. What it
is: the share of the evaluated cases whose recorded class is the one the guess names ("always saying X": X; "the
commonest / majority / most frequent"): a confusion matrix's row total of that class over all its cells. Checked at
the precision shown, when a confusion matrix labels its rows; else it is read as any other number (a model card may
state the baseline in its text). Nothing of a host's domain: the classes and counts come from the outputs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from simxai.guard._facts import Facts
from simxai.guard._reading import NumberClaim, fits

__all__ = ["baseline_claim"]

#: What follows a constant guess's accuracy: "for always guessing the commonest grade", "for the majority guess".
_BASELINE = re.compile(
    r"^\s*%?\s*(?:\)\s*)?for\s+(?:(?:always|just|simply|only|blindly)\s+)?(?:guessing|predicting|saying|calling|"
    r"picking|choosing|answering|labell?ing)\b(?P<rest>[^.;:()]{0,60})|"
    r"^\s*%?\s*for\s+(?:the|a)\s+(?:majority|constant|naive|trivial|commonest|most\s+common)[\s-]+(?:class\s+)?"
    r"(?:guess|class|baseline|vote|rule|model|predictor|answer)\b",
    re.I,
)


def baseline_claim(
    claim: NumberClaim, following: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> tuple[str, bool] | None:
    """What a constant guess's accuracy `claim` is checked against and whether it holds; None when `following` (the
    text after the number) says no constant guess, or no confusion matrix of the outputs gives the shares.
    """
    m = _BASELINE.match(following)
    if m is None or claim.high is not None or not (claim.percent or 0 <= claim.value <= 1):
        return None
    shares: dict[str, float] = {}
    for names, rows, _ in facts.confusions:
        total = sum(sum(row) for row in rows)
        if total and len(names) == len(rows):
            for name, row in zip(names, rows, strict=True):
                shares[name] = sum(row) / total
    rest = m.group("rest") or ""
    said = {label for label in labels if re.search(rf"\b{re.escape(label)}\b", rest, re.I)}
    said |= {label for form, label in forms.items() if re.search(rf"\b{re.escape(form)}\b", rest, re.I)}
    if len(said) > 1 or not shares or (said and not said <= set(shares)):
        return None  # no matrix that labels its rows: read as any number (a model card may state the baseline)
    if said:
        label = said.pop()
        return f"the share of {label}", fits(claim, {shares[label]})
    return "the commonest class's share", fits(claim, {max(shares.values())})
