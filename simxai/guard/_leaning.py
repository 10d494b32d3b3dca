"""Which class the model favours, said in words other than "predicts X" (claims-20): "the model leans slightly
towards rejection", "it gives cracked the higher probability", "with stable more likely than progressing", "the
model leans cracked overall", "most of them are predicted stable".

Each names the class the model's scores favour: the predicted label of one subject, or of a group (its most
common prediction, the label a group's prediction result gives). Read only where the model (or "it") leans or
gives, or a group's majority is said; never on a what-if's or counterfactual's outputs (where a leaning may be
the outcome's), nor when denied or conditional, nor where a feature makes a class more likely (a direction, read
elsewhere).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts
from simxai.guard._prefilter import gated

__all__ = ["leaning_claims"]

_X = r"«(?P<x>\d+)»"
_Y = r"«(?P<y>\d+)»"
_ADVERBS = r"(?:(?:\w+ly|more|most|much|far|a bit|a little|overall|still|clearly)\s+){0,2}"
_MODEL = r"\b(?:the model|model|it|the classifier|the forecast)\s+"
_PATTERNS = (
    gated(rf"{_MODEL}{_ADVERBS}lean(?:s|ed|ing)?\s+{_ADVERBS}(?:(?:towards?|to)\s+)?(?:an?\s+|the\s+)?{_X}"),
    gated(
        rf"{_MODEL}{_ADVERBS}gives?\s+{_X}\s+(?:the\s+|a\s+)?(?:higher|greater|larger|bigger)\s+"
        r"(?:probability|chance|score|share|odds)"
    ),
    gated(rf"(?<!make )(?<!makes )(?<!making ){_X}\s+(?:is\s+|was\s+)?{_ADVERBS}more likely than\s+{_Y}"),
    gated(
        rf"\bmost\b[^.;:«]{{0,30}}?\b(?:are|were|get|got)\s+(?:predicted|expected|called|classed|classified|"
        rf"labell?ed)\s+(?:to be\s+|as\s+)?{_X}"
    ),
)
_DENIED = re.compile(r"(?:\b(?:not|never|no|rather than|instead of|would|could|might|if|unless)\b|n't)[^.;:]{0,25}$")


def leaning_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each class the sentence says the model favours: it must be a predicted label.

    Args:
        sentence: one sentence of the reply.
        labels: the host's labels.
        forms: other forms of the labels ("rejection" -> rejected), each mapped to its label.
        facts: the outputs' facts about the subject (or group).
    """
    if not facts.predicted or facts.what_if or facts.hypothetical or facts.changes or sentence.rstrip().endswith("?"):
        return
    names = [*labels, *forms]
    marked = _marked(sentence.lower(), names)
    for pattern in _PATTERNS:
        for m in pattern.finditer(marked):
            if _DENIED.search(marked[max(0, m.start() - 40) : m.start()]):
                continue
            said = names[int(m.group("x"))]
            label = forms.get(said, said)
            yield f"leaning {label}", label in facts.predicted


def _marked(text: str, names: Sequence[str]) -> str:
    """`text` with each label or label form (its parts joined by a space, a hyphen or an underscore) replaced by
    «i», its index in `names`.
    """
    for i, name in sorted(enumerate(names), key=lambda x: -len(x[1])):
        parts = [re.escape(p) for p in re.split(r"[\s_-]+", name.lower()) if p]
        if parts:
            joined = r"[\s_-]?".join(parts)
            text = re.sub(rf"(?<![\w«])['\"*]*{joined}['\"*]*(?![\w»])", f"«{i}»", text)
    return text
