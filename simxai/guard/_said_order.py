"""Two numbers a sentence gives and compares itself (claims-27): "its recall for positive (0.88) is higher than
its precision (0.91)", "Recall for X (0.708) is higher than its precision (0.829)". Whatever fields the numbers
are of (each is checked on its own), the comparison must go the way the two numbers do; a reply that flips the
word ("higher" for the smaller) says something its own numbers deny. Read only for a number in brackets or right
after its name, a comparative, "than", and the other number in brackets within a few words; a denied comparison
("is not higher than") is no claim.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from simxai.guard._prefilter import gated

__all__ = ["said_order_claims"]

_NUM = r"-?\d+(?:\.\d+)?"
_ORDER = gated(
    rf"\(\s*(?P<x>{_NUM})\s*%?\s*\)\s+(?:is|are|was|were|sits|runs|comes\s+out)\s+"
    r"(?:(?:a\s+(?:bit|little|touch|shade)|slightly|much|far|well|somewhat|just|clearly|still|even)\s+)*"
    r"(?P<w>higher|lower|greater|smaller|larger|bigger|above|below|better|worse)\s+(?:than\s+)?"
    rf"(?P<gap>[^().;:!?\d]{{0,40}}?)\(\s*(?P<y>{_NUM})\s*%?\s*\)",
    re.I,
)
_HIGHER = {"higher", "greater", "larger", "bigger", "above", "better"}


def said_order_claims(sentence: str) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each comparison of two numbers the sentence gives in brackets."""
    for m in _ORDER.finditer(sentence):
        if re.search(r"\bnot\b|n't\b", sentence[max(0, m.start() - 15) : m.start("w")], re.I):
            continue
        x, y = float(m.group("x")), float(m.group("y"))
        if x == y:
            continue
        higher = m.group("w").lower() in _HIGHER
        yield f"order {m.group('x')} {m.group('w').lower()} than {m.group('y')}", (x > y) == higher
