"""A class's margin over another, bound to the gap of those classes' probabilities (gfa44's claims-51 reading,
kept off main then for gaining on read writers only; landed in claims-53 by gfa46, with "the margin over B (shrinks)
to", when the unread gates showed it).

"good edges out fair by 0.008", "worn edges out sound by about 0.002", "chafed ahead by 0.01", "sound takes the
lead by about 0.16": the number is the gap between two classes' probabilities, which no output states as such. It
was read as a number of no named field and flagged (g38, g39, g40: six faithful replies), and a wrong margin passed
whenever any number of the outputs happened to be it. Here a number right after a margin's words ("edges out B
by", "ahead by", "leads by", "beats B by", "wins by", "takes the lead by") is compared with the gap by which the
class named last before those words (the leader) leads the class named inside them ("edges out B by"), or any
other class when none is named there; with no leader named, with the gap of any two classes; in either state of a
change (before or after). A leader that trails ("failed ahead by 0.02" when fledged leads) leaves no gap to fit. A
gap is taken from the probabilities as stated and as rounded at the shown precision (a writer who subtracts the
rounded shares gets 0.055 for 0.364 - 0.309). Outputs that state fewer than two classes' probabilities leave the
margin as before.

Nothing of a host's domain: the cues are words of any comparison of two shares; the classes come from the outputs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from simxai.guard._facts import Facts
from simxai.guard._reading import NumberClaim, fits

__all__ = ["class_margin"]

#: A margin's words right before its number: "edges out fair by", "ahead by about", "takes the lead by".
_MARGIN = re.compile(
    r"\b(?:edges?\s+out|edged\s+out|beats?|beat|leads?|led|wins?|won|tops?|topped|outscores?|ahead|in\s+front|"
    r"takes?\s+the\s+lead|took\s+the\s+lead|comes?\s+out\s+(?:ahead|on\s+top))\b"
    r"[^\d.;:!?()]{0,40}?\bby\s+(?:only\s+|just\s+|about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+|"
    r"barely\s+|a\s+mere\s+)*$"
    # "the margin over ring shrinks to about 0.21", "its lead over B is 0.05" (claims-53)
    r"|\b(?:margin|lead|edge)\s+over\s+[^\d.;:!?()]{1,30}?\s+(?:(?:shrinks|narrows|grows|widens|falls|drops|rises|"
    r"is|stays|comes)\s+)?(?:to\s+|at\s+)?(?:only\s+|just\s+|about\s+|around\s+|roughly\s+|some\s+|nearly\s+)*$",
    re.I,
)


def _gaps(shares: dict[str, set[float]], leader: str, other: str, decimals: int) -> set[float]:
    """The gaps by which one class's share leads another's, raw and rounded: of `leader` over `other`, of `leader`
    over any class, of any class over `other`, or of any two ("": not named).
    """
    labels = list(shares)
    pairs = [(a, b) for a in ([leader] if leader else labels) for b in ([other] if other else labels) if a != b]
    out: set[float] = set()
    for a, b in pairs:
        for x in shares.get(a, set()):
            for y in shares.get(b, set()):
                if x >= y or not leader:
                    out |= {round(abs(x - y), 6), round(abs(round(x, decimals) - round(y, decimals)), 6)}
    return out


def class_margin(claim: NumberClaim, lead: str, facts: Facts, classes: Callable[[str], list[str]]) -> bool | None:
    """Whether the number said after `lead` (its clause up to it) as a class's margin over another holds (None: no
    margin said, or fewer than two classes' probabilities stated). `classes` names the classes a text names, in
    order: the one named last before the margin's words leads, the one named inside them ("edges out B by") trails.
    """
    tail = lead[-80:]
    cue = _MARGIN.search(tail) if claim.high is None and not claim.percent and 0 < claim.value < 1 else None
    if cue is None:
        return None
    states = [facts.label_numbers, facts.before_numbers, facts.after_numbers]
    tables = [{k: {x for x in v if 0 <= x <= 1} for k, v in t.items()} for t in states]
    tables = [t for t in tables if sum(1 for v in t.values() if v) >= 2]
    if not tables:
        return None
    ahead = classes(lead[: len(lead) - len(tail) + cue.start()])
    inside = classes(cue.group(0))
    leader = ahead[-1] if ahead and any(ahead[-1] in t for t in tables) else ""
    other = inside[0] if inside and any(inside[0] in t for t in tables) else ""
    decimals = max(claim.decimals, 1)
    return any(fits(claim, _gaps(t, leader, other, decimals)) for t in tables)
