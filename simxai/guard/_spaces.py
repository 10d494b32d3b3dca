"""The scale a local explanation's contributions are in, said against its `output_space` (claims-54, guard47): "In
log-odds, moisture adds +0.28" of an explanation in probability, "In probability, the 71 weeks add 1.90" of one in
log-odds.

A local explanation says which scale its base, contributions and end are on (`output_space`: "probability" or
"log-odds"). When every local explanation of the turn is on one scale, a clause that states the other is unsupported:
log-odds (or logits) said of an explanation in probability; "in probability", "probability points" or "on the
probability scale" said of one in log-odds (a probability of a class, "the probability of X", is no scale and is not
read). A scale denied or compared with ("not log-odds", "rather than in log-odds", "converted from log-odds") or asked
about is no claim. Nothing of a host's domain: the scales are the explainer's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Set

__all__ = ["space_claims"]

_LOG_ODDS = re.compile(r"\blog[- ]?odds\b|\blogits?\b", re.I)
#: The probability scale named as the contributions' scale (never a class's probability).
_PROBABILITY = re.compile(
    r"\b(?:in|on\s+the)\s+probability(?:\s+(?:terms|space|units|scale))?\b(?!\s+(?:of|for|that|it)\b)|"
    r"\bprobability\s+(?:points|units|space|terms)\b",
    re.I,
)
_BREAK = re.compile(r"[;:|()]|\s-\s")
_NOT_SAID = re.compile(
    r"\b(?:not|no|never|rather\s+than|instead\s+of|unlike|from|converted|translated|than)\b|n't\b", re.I
)


def space_claims(sentence: str, spaces: Set[str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for the scale `sentence` says the explanation is on, when the turn's local explanations are all
    on one (`spaces`: their `output_space` values).
    """
    space = next(iter(spaces)) if len(spaces) == 1 else ""
    if space not in ("log-odds", "probability") or sentence.rstrip().endswith("?"):
        return
    for clause in _BREAK.split(sentence):
        for said, pattern in (("log-odds", _LOG_ODDS), ("probability", _PROBABILITY)):
            m = pattern.search(clause)
            if m is None or said == space or _NOT_SAID.search(clause[max(0, m.start() - 25) : m.start()]):
                continue
            yield f"model fact: contributions in {said}", False
