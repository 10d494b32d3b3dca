"""What a label means, said in the reply: "**stable**, meaning the score is at most 140", "- **negative**: the
compound score is 0 or below", "predicts negative when the compound score is above 0".

A label's meaning in the outputs (`get_output_information`'s `labels[].meaning`) holds a comparison with a
threshold ("above 140", "at most 140", "0 or below"). The condition the reply binds to a label must compare the
same way: a label given the other label's side of the threshold is a swapped meaning. A condition that compares
both ways, or neither, is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._reading import find_mentions
from simxai.guard._spaced import spaced

__all__ = ["meaning_claims"]

_ABOVE = re.compile(
    r"\b(?:"
    + spaced("above|over|exceeds?|exceeding|greater than|more than|higher than|larger than|at least")
    + r")\b|>|≥",
    re.I,
)
_BELOW = re.compile(
    r"\b(?:" + spaced("at most|below|under|less than|lower than|smaller than|or less|no more than|up to") + r")\b|<|≤",
    re.I,
)
#: What binds a condition to the label before it: "X: ...", "X, meaning ...", "X means ...", "X when ...".
_BINDS = re.compile(
    r"^\s*[\"'”’]?\s*(?::|,?\s*(?:meaning|which means|means|i\.e\.)\b|"
    r"\s(?:when(?:ever)?|if|applies when|is used when)\b)",
    re.I,
)


def _side(text: str) -> int:
    """+1 when `text` compares upwards only ("above 140"), -1 downwards only ("at most 140"), else 0."""
    above, below = bool(_ABOVE.search(text)), bool(_BELOW.search(text))
    return 0 if above == below else (1 if above else -1)


def meaning_claims(sentence: str, labels: Sequence[str], meanings: Mapping[str, str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each condition the sentence binds to a label, against that label's meaning."""
    sides = {label.lower(): _side(meaning) for label, meaning in meanings.items()}
    if not any(sides.values()):
        return
    bound = [(m, b) for m in find_mentions(sentence, list(labels)) if (b := _BINDS.match(sentence[m.end + m.quoted :]))]
    for i, (m, binding) in enumerate(bound):
        start = m.end + m.quoted + binding.end()
        end = bound[i + 1][0].start if i + 1 < len(bound) else len(sentence)
        condition = re.split(r";|\n", sentence[start:end])[0]
        if not re.search(r"\d|\bscore\b", condition, re.I):
            continue  # a condition with no threshold ("a borderline case") compares nothing
        said, meant = _side(condition), sides.get(m.name.lower(), 0)
        if said and meant:
            yield f"meaning of {m.name}", said == meant
