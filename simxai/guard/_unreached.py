"""What a reply says of a counterfactual search that found nothing (claims-13o).

A counterfactual output with no counterfactuals states that no edit the search tried reaches its target label
(`Facts.unreached`). A sentence about edits reaching a label is then read as one claim about that search:

- denied ("No edit of up to 3 words made the model predict positive", "None of the 130 edited texts produced a
  positive prediction"): the label must be the target the search did not reach; today's label is no such target
  (the subject already has it);
- asserted ("editing a few words makes the model predict positive"): the label must not be an unreached target.

A sentence with such a claim has its labels read by this claim only (no prediction, no outcome).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

__all__ = ["reach_claims"]

#: An edit or a change, the thing a search tries.
_EDIT = re.compile(
    r"\b(?:edit(?:s|ed|ing)?|chang(?:e|es|ed|ing)|rewrites?|rewritten|tweaks?|modifications?|swaps?|"
    r"(?:edited|changed|modified|rewritten) (?:texts?|versions?|reviews?|inputs?))\b",
    re.I,
)
#: A verb that takes the model to a label.
_REACH = re.compile(
    r"\b(?:made|makes?|making|produced|produces?|gave|gives?|got|gets?|turned|turns?|flipped|flips?|reached|"
    r"reach(?:es)?|yielded|yields?|led to|leads? to|brought|brings?|moved|moves?|tipped|tips?)\b",
    re.I,
)
_NEGATION = re.compile(
    r"\b(?:no|none|not|nothing|never|neither|nor|cannot|without)\b|n't\b|\bfail(?:s|ed)? to\b|\bno single\b", re.I
)

#: What a search looked for, not what it found: "a minimal edit that would make the model predict positive".
_TRIED = re.compile(
    r"\b(?:would|could|might|search(?:es|ed|ing)? for|look(?:s|ed|ing)? for|tr(?:y|ies|ied|ying) to|whether|if)\b",
    re.I,
)


def reach_claims(
    sentence: str, labels: Collection[str], unreached: Collection[str], predicted: Collection[str]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for the label a sentence says edits reach or do not reach, when a search found nothing.

    Args:
        sentence: one sentence of the reply (a question is no claim: the caller skips it).
        labels: the host's labels.
        unreached: the target labels of the outputs' searches that found no counterfactual.
        predicted: the labels the outputs predict today.
    """
    if not unreached or not _EDIT.search(sentence):
        return
    reach = _REACH.search(sentence)
    if reach is None:
        return
    names = "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True))
    if not names:
        return
    after = re.search(rf"(?<![\w-])({names})(?![\w-])", sentence[reach.end() : reach.end() + 60], re.I)
    if after is None:
        return
    label = next(lab for lab in labels if lab.lower() == after.group(1).lower())
    if _NEGATION.search(sentence[: reach.start()]):
        holds = label in unreached and label not in predicted
        yield f"reach {label} denied (no edit reaches it)", holds
    elif not _NEGATION.search(sentence) and not _TRIED.search(sentence):
        # Asserted only when nothing in the sentence denies it or makes it what the search looked for.
        yield f"reach {label} by an edit", label not in unreached
