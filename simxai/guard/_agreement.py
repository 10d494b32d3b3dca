"""Whether a prediction agrees with what was found, said of a party's check (claims-48, gfa41): "predicted intact at
0.77, matching what the visit found", "a weak poor call, which the survey confirmed", "predicted to fail, and the
test confirmed it", "predicted missing, though the check visit found it intact".

The readers of "the prediction is correct" need a word of the prediction or the record in the clause ("the
prediction matches the record"); writers name whoever checked the subject instead (the survey, the test, the
visit, the inspector), in a clause of its own. Read here, in a sentence about one subject:

- agreement: "which / and / as the <party> confirmed (it)", "matches / agrees with what the <party> found",
  "agrees with the <party>", "the <party> recorded the same <grade>": the prediction is correct;
- a finding: "and / though / although / but the <party> found (it) <class>" (also "recorded", "logged", "says",
  "has it as"): the recorded class is the one named.

A party that is the model or its explanation is none; a negated verb ("the test did not confirm it") states no
agreement. Checked against the outputs' `true_label` (a prediction's) or `recorded_label`: with neither, nothing
is read. Nothing of a host's domain: the party is any noun.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._prefilter import gated

__all__ = ["agreement_claims"]

#: Whoever checked the subject: any noun but the model's own parts and outputs.
_NOT_PARTY = (
    r"(?!(?:model|prediction|explanation|forecast|classifier|shap|counterfactual|explainer|search|output|score)\b)"
)
_PARTY = rf"(?:the|its|their|our)\s+{_NOT_PARTY}(?:[\w-]+\s+){{0,2}}?"
_AGREED = gated(
    rf"(?:\b(?:which|and|as|so)\s+|,\s*)(?:(?:later|also)\s+)?{_PARTY}[\w-]+\s+(?:later\s+|also\s+)?"
    r"(?:confirmed|confirms|agreed|agrees|bore out|bears out|backed up|backs up)\b"
    r"|\b(?:match(?:es|ed|ing)?|agree(?:s|d|ing)?\s+with|in line with|consistent with)\s+(?:what\s+)?"
    rf"{_PARTY}[\w-]+\s+(?:found|recorded|saw|showed|reported|logged|says|said)\b"
    rf"|\bagree(?:s|d|ing)?\s+with\s+{_PARTY}[\w-]+\s*(?:[.,;]|$)"
    rf"|\b{_PARTY}[\w-]+\s+recorded\s+the\s+same\b",
    re.I,
)
_CONTRAST = gated(
    rf"(?:\b(?:though|although|but|whereas|while|even though|and)\s+|,\s*)(?:(?:later|also)\s+)?{_PARTY}[\w-]+\s+"
    r"(?:found|recorded|logged|says|said|has|had|lists|listed)\s+(?:it|her|him|them|this one)?\s*"
    r"(?:as\s+|to be\s+)?(?P<x>[\w-]+)",
    re.I,
)
_DENIED = re.compile(r"\b(?:not|never|no)\b|n't\b", re.I)


def agreement_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], correct: bool | None, recorded: set[str]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each agreement with a party's finding and each class a party found, in `sentence`
    (about one subject).

    Args:
        sentence: one sentence of the reply.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
        correct: whether the prediction matches the recorded label (None when the outputs give none).
        recorded: the recorded labels the outputs give.
    """
    if sentence.rstrip().endswith("?"):
        return
    if correct is not None:
        for m in _AGREED.finditer(sentence):
            if not _DENIED.search(m.group(0)):
                yield "prediction correct (a party's finding agrees)", correct
                break
    if not recorded:
        return
    known = {x.lower(): x for x in labels} | {k.lower(): v for k, v in forms.items()}
    for m in _CONTRAST.finditer(sentence):
        said = known.get(m.group("x").lower())
        if said is not None and not _DENIED.search(m.group(0)):
            yield f"recorded {said} (a party's finding)", said in recorded
