"""A class's margin over another, bound to the gap of those classes' probabilities (claims-51, gfa44).

"good edges out fair by 0.008", "worn edges out sound by about 0.002", "chafed ahead by 0.01", "sound takes the
lead by about 0.16": the number is the gap between two classes' probabilities, which no output states as such. It
was read as a number of no named field and flagged (g38, g39, g40: six faithful replies), and a wrong margin passed
whenever any number of the outputs happened to be it. Here a number right after a margin's words ("edges out B
by", "ahead by", "leads by", "beats B by", "wins by", "takes the lead by") is compared with the gaps of the classes
the sentence names before it: of the two named, else of the one named and any other, else of any two; in either
state of a change (before or after). A gap is taken from the probabilities as stated and as rounded at the shown
precision (a writer who subtracts the rounded shares gets 0.055 for 0.364 - 0.309). Outputs that state fewer than
two classes' probabilities leave the margin as before.

Nothing of a host's domain: the cues are words of any comparison of two shares; the classes come from the outputs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._facts import Facts
from simxai.guard._reading import NumberClaim, fits

__all__ = ["class_margin"]

#: A margin's words right before its number: "edges out fair by", "ahead by about", "takes the lead by".
_MARGIN = re.compile(
    r"\b(?:edges?\s+out|edged\s+out|beats?|beat|leads?|led|wins?|won|tops?|topped|outscores?|ahead|in\s+front|"
    r"takes?\s+the\s+lead|took\s+the\s+lead|comes?\s+out\s+(?:ahead|on\s+top))\b"
    r"[^\d.;:!?()]{0,40}?\bby\s+(?:only\s+|just\s+|about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+|"
    r"barely\s+|a\s+mere\s+)*$",
    re.I,
)


def _gaps(shares: dict[str, set[float]], named: list[str], decimals: int) -> set[float]:
    """The gaps between two classes' shares (each pair including the named ones), raw and rounded."""
    labels = list(shares)
    if len(named) >= 2:
        pairs = [(named[-2], named[-1])]
    elif len(named) == 1:
        pairs = [(named[0], x) for x in labels if x != named[0]]
    else:
        pairs = [(a, b) for i, a in enumerate(labels) for b in labels[i + 1 :]]
    out: set[float] = set()
    for a, b in pairs:
        for x in shares.get(a, set()):
            for y in shares.get(b, set()):
                out |= {round(abs(x - y), 6), round(abs(round(x, decimals) - round(y, decimals)), 6)}
    return out


def class_margin(claim: NumberClaim, lead: str, facts: Facts, named: Iterable[str]) -> bool | None:
    """Whether the number said after `lead` as a class's margin over another holds (None: no margin said, or
    fewer than two classes' probabilities stated). `named`: the classes its sentence names before it, in order.
    """
    if claim.high is not None or claim.percent or not 0 < claim.value < 1 or not _MARGIN.search(lead[-80:]):
        return None
    states = [facts.label_numbers, facts.before_numbers, facts.after_numbers]
    tables = [{k: {x for x in v if 0 <= x <= 1} for k, v in t.items()} for t in states]
    tables = [t for t in tables if sum(1 for v in t.values() if v) >= 2]
    if not tables:
        return None
    said = [x for x in named if any(x in t for t in tables)]
    decimals = max(claim.decimals, 1)
    return any(fits(claim, _gaps(t, said, decimals)) for t in tables)
