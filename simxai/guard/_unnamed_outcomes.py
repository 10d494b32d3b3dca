"""A share said of an outcome in the reply's own words, not a class's name (claims-45, gfb38).

"The chance it rings true rises from 11 % to 35 %", "only about 11 % that it rings true", "the odds it goes ahead
are 27 %", "going ahead is about 27 %": the share is of what the clause after "it" (or its opening gerund) says, a
paraphrase of a class ("rings true" for sound, "goes ahead" for flew). The guard does not know which class a
paraphrase means, so such a share was bound to the class named nearby or to the predicted one, and a faithful share
of the other class was flagged. Read so, it must be some class's share (a drifted "about 66 %" that is no class's is
still caught): only when the words name no class (by its name or a form of it, `_state.label_forms`) and no
feature; "the chance it is flawed is 11 %" still binds the 11 % to flawed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._mentions import find_mentions
from simxai.guard._prefilter import gated

__all__ = ["unnamed_outcome"]

_ODDS = r"(?:chances?|odds|likelihood|probability|risk|share)"
#: Who the outcome's clause is about: the subject ("it"), a part of it ("its owner"), or anyone at all ("nobody
#: comes for it"; claims-46).
_WHO = r"(?:it|its\s+[a-z]+|(?:no|any|some)(?:one|body)|no\s+one)"
#: "the chance (that) it rings true rises from ", "the odds it goes ahead are ", "the chance its owner turns up is
#: put at about ", "the chance of collection rises a little, from ": before the share, in its clause.
_BEFORE = gated(
    rf"\b{_ODDS}\s+(?:(?:that\s+)?{_WHO}\s+|of\s+(?:an?\s+|the\s+)?(?=[a-z]))(?P<said>[^.;:!?()]{{1,60}}?)\s*$", re.I
)
#: "11 % that it rings true", "11 % chance it goes ahead", "2 chances in 100 that nobody comes": after the share.
#: Not "the 50 % it would need": a threshold, no outcome's share.
_AFTER = re.compile(rf"^\s*(?:%\s*)?(?:{_ODDS}\s+(?:that\s+)?|that\s+){_WHO}\s+(?P<said>[^.;:!?,()\d]{{1,40}})", re.I)
#: "Going ahead is about 27 %": an outcome said as a gerund that opens the clause (not "-thing": "nothing"),
#: maybe after the name of a feature the reading carried to it.
_GERUND = gated(
    r"(?:^|(?<=\s))(?P<said>(?![a-z]*thing\b)[a-z]{2,}ing(?:\s+[a-z]+){0,3}?)\s+(?:is|was|sits|stands|comes\s+in)\s+"
    r"(?:at\s+)?(?:(?:about|around|roughly|only|just|nearly|under|over|below|above|some)\s+)?$",
    re.I,
)
#: What may stand in the stretch before the share besides the outcome: its move ("rises from 11 % to").
_MOVE = re.compile(
    r"\s*(?:(?:is|was|are|stands?|sits?|comes?|rises?|falls?|drops?|climbs?|goes|moves?|edges?|jumps?)\s+)?"
    r"(?:(?:put|estimated|rated|set|given|pegged|a\s+little|a\s+bit|slightly|sharply)\s*,?\s*)*"
    r"(?:(?:from|to|at|of|about|around|roughly|nearly|only|just|up|down)(?:\s+|$)|\d+(?:\.\d+)?\s*%?\s*)*$",
    re.I,
)


def unnamed_outcome(before: str, after: str, names: Iterable[str]) -> bool:
    """Whether a share is said of an outcome named by a clause after "it" that names none of `names` (the classes,
    their forms and the features).

    Args:
        before: the clause up to the share.
        after: the clause after the share.
        names: the spellings of classes, their forms and features.
    """
    said = ""
    m = _BEFORE.search(before)
    if m is not None:
        words = m.group("said")
        cut = re.search(
            r"\s+(?:is|was|are|stands?|sits?|comes?|rises?|falls?|drops?|climbs?|goes|moves?|edges?|jumps?)\b"
            r"(?:(?!\b(?:is|was|are)\b).)*$",
            words,
        )
        if cut is not None and _MOVE.fullmatch(words[cut.start() :]):
            said = words[: cut.start()]
    if not said and (a := _AFTER.match(after)) is not None:
        said = a.group("said")
    if not said and (g := _GERUND.search(before)) is not None:  # after a feature carried to the clause too
        said = g.group("said")
    said = said.strip()
    if not said or re.match(r"(?:is|was|would be|will be|be|gets?|comes? out)\s*$", said, re.I):
        return False
    return not find_mentions(said, list(names))
