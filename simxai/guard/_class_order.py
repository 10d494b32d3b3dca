"""Two classes set in order by the sentence's words (claims-54, guard47): "Dusty by the thinnest margin over sweet",
"Blocked, but only just, by one point over clear", "damaged leads intact", "sweet ahead of dusty".

A class named before "over", "ahead of", "leads", "beats", "edges (out)" or "tops" and another named right after it
are said in order: the first has the higher probability. The outputs' probabilities decide, for each subject of a
prediction the outputs give: the order holds when some subject's probability of the first class is at least its
probability of the second (so a sentence about one of several subjects is never held to another's). Read only on
predictions (no what-if, counterfactual or change, where the order may be before or after), never in a question, a
denial or a condition. Nothing of a host's domain: the classes come from the schema.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._class_moves import named_classes
from simxai.guard._facts import Facts

__all__ = ["class_order_claims"]

#: What sets the first class above the second, with the second right after it.
_AHEAD = re.compile(
    r"\b(?:(?:narrowly\s+|just\s+|only\s+|slightly\s+)?(?:over|ahead\s+of|in\s+front\s+of|leads?|leading|beats?|"
    r"beating|edges?(?:\s+out)?|edging(?:\s+out)?|tops?|topping|outscores?))\s+(?:the\s+)?$",
    re.I,
)
#: What may not stand between the first class and the words of order: another clause's or a move's words.
_BREAK = re.compile(r"[.;:?!]|\b(?:from|to|than|and|or|if|would|could|not|no|never)\b|n't\b", re.I)
#: A bracketed share right after the first class (`_respective` writes "A (x), by a hair over B (y)"; claims-55).
_OWN_SHARE = re.compile(r"^\s*\(\s*[-+−]?\d[\d,]*(?:\.\d+)?\s*%?\s*\)")
_DENIED = re.compile(r"\b(?:not|never|no|if|would|could|might|unless|whether)\b|n't\b", re.I)


def class_order_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Sequence[Facts]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each pair of classes `sentence` sets in order.

    Args:
        sentence: one sentence of the reply.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
        facts: each subject's outputs.
    """
    if sentence.rstrip().endswith("?") or any(f.what_if or f.options or f.changes or f.still for f in facts):
        return
    shares = [_shares(f, labels) for f in facts]
    shares = [s for s in shares if s]
    if not shares:
        return
    found = named_classes(sentence, labels, forms)
    for (s1, e1, first), (s2, _, second) in zip(found, found[1:], strict=False):
        if first == second or s2 - e1 > 60:
            continue
        between = sentence[e1:s2]
        ahead = _AHEAD.search(between)
        # a class's own share in brackets after it breaks nothing: "A (35.0 %) — by a hair over B" (claims-55)
        if ahead is None or _BREAK.search(_OWN_SHARE.sub(" ", between[: ahead.start()])):
            continue
        if _DENIED.search(sentence[max(0, s1 - 30) : s1]):
            continue
        pairs = [(s[first], s[second]) for s in shares if first in s and second in s]
        if pairs:
            yield f"order {first} over {second}", any(a >= b for a, b in pairs)


def _shares(facts: Facts, labels: Sequence[str]) -> dict[str, float]:
    """One subject's probability of each class, when the outputs give it exactly one (else none)."""
    out: dict[str, float] = {}
    for label in labels:
        values = {x for x in facts.label_numbers.get(label, set()) if 0 <= x <= 1}
        if len(values) != 1:
            return {}
        out[label] = values.pop()
    return out
