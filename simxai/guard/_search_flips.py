"""A flip said of a still-this search that found none (claims-54, guard47): "a few of the variations tried turned it
B", "moving it into the open made it B" after a search whose every sample kept the label.

A still-this output counts the changes it tried and the ones that kept the label (`samples_checked`,
`samples_kept`). When they are equal nothing it tried changed the call, so a sentence that says, as a fact, that a
change turned, made, tipped or flipped the subject into another class states a flip the outputs deny. Read only when
every still-this output kept every sample, in a sentence with no negation, no condition ("would", "if", "to make")
and no question, and only for a class other than the one the search kept (its label, or one of its forms). The
counts themselves stay `_kept`'s. Nothing of a host's domain: the classes come from the schema.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts

__all__ = ["search_flip_claims"]

#: A verb of a change of class, and what may stand between it and the class ("turned it", "made patient 88",
#: "tipped the bale over to", "flipped them into").
_FLIP = re.compile(
    r"\b(?:turn(?:s|ed)?|made|makes?|tip(?:s|ped)?|flip(?:s|ped)?|switch(?:es|ed)?)"
    r"(?:\s+(?:it|them|him|her|the\s+[\w-]+|this\s+[\w-]+|[\w-]+\s+\d+))?(?:\s+(?:over|across))?"
    r"(?:\s+(?:to|into|in\s+to))?(?:\s+(?:an?|the))?\s+$",
    re.I,
)
#: A class after the verb that is no outcome but a share moved ("made B more likely", "turned B's share up").
_MOVED = r"(?:more|less|likelier|up|down|higher|lower|probability|chance|share|score|odds)\b"
#: A sentence that says no flip, or one under a condition: no fact of a flip.
_NOT_SAID = re.compile(
    r"\b(?:not|no|never|none|nothing|neither|nor|without|would|could|might|if|unless|whether|to\s+make|to\s+get|"
    r"to\s+turn|needs?|needed)\b|n't\b|\?",
    re.I,
)


def search_flip_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a flip to another class `sentence` says a still-this search found, when it found none.

    Args:
        sentence: one sentence of the reply.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
        facts: what the outputs state (the still-this searches' counts and kept label).
    """
    if not facts.still or not facts.samples or _NOT_SAID.search(sentence):
        return
    if any(kept != checked or checked <= 0 for kept, checked in facts.samples):
        return
    kept = {label for label in labels if label in facts.predicted}
    names = {label: label for label in labels} | {form: label for form, label in forms.items()}
    for word, label in sorted(names.items(), key=lambda item: -len(item[0])):
        if label in kept:
            continue
        spelled = re.escape(word).replace("_", "[ _]").replace(r"\ ", r"[\s_]")
        for m in re.finditer(rf"(?<![\w-]){spelled}(?![\w-]|'s|\s+{_MOVED})", sentence, re.I):
            if _FLIP.search(sentence[max(0, m.start() - 60) : m.start()]):
                yield f"outcome {label} found by the search", False
                return
