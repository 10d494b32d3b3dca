"""A local explanation's two ends said as such: where it starts (its base value) and where it ends (its output),
each checked against its own field only (claims-51, gfa44); `_explanation_facts` reads the two fields.

A local explanation states a base value (what the model gives before any feature) and an output (what it gives
for this subject). Both were free numbers: a number said as the base passed when it was the output, and the other
way round ("rejection starts at 0.97 and falls to 0.44" when it starts at 0.44 and ends at 0.97, g39 and g40).
A number said right after a base's words ("a base of 0.43", "starts at 0.43", "starting from about 0.43") is the
base; one said right after an end's words ("ends at 0.39", "the features bring it to 0.39", "falls to 0.39"; not "the
pushes add up to 4.47", a sum) in a
sentence that also names a base or a start is the end (the output, or the explained class's probability). The
base said as a probability when the output is in log-odds is the base too. Each is checked against that field
alone; a reply about outputs with no base value, or a number whose feature is named just before it, is read as
before.

Nothing of a host's domain: the cues are words of any explanation's walk from its base to its output.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from simxai.guard._facts import Facts
from simxai.guard._reading import NumberClaim, fits

__all__ = ["base_or_end"]

_HEDGE = r"(?:about|around|roughly|some|nearly|almost|just|only|close\s+to|a\s+little\s+(?:over|under))\s+"
#: The words right before a base value: "a base of", "base value 0.43", "starts at", "starting from about".
_BASE_BEFORE = re.compile(
    rf"\b(?:base(?:line)?(?:\s+value)?(?:\s+(?:of|at|is|was|=|:))?|"
    rf"(?:start|starts|started|starting|begin|begins|began|beginning)\s+(?:out\s+)?(?:at|from|on)(?:\s+a\s+base(?:line)?"
    rf"(?:\s+value)?\s+of)?)\s*[:=]?\s*(?:{_HEDGE})?[+]?$",
    re.I,
)
#: A base or a start named anywhere in a sentence.
_BASE_SAID = re.compile(r"\b(?:base(?:line)?|start|starts|started|starting|begins?|began|beginning)\b", re.I)
#: The words right before an end: "ends at", "ends slightly lower, at", "bring holding to", "falls to".
_END_BEFORE = re.compile(
    rf"\b(?:ends?|ended|ending|finish(?:es|ed)?|lands?|landed|landing|winds?\s+up|settles?|settled|"
    rf"brings?|brought|bringing|falls?|fell|falling|drops?|dropped|"
    rf"dropping|rises?|rose|rising|climbs?|climbed|climbing|sinks?|sank|comes?\s+out)\b"
    rf"(?:(?!\b(?:adds?|added|adding|sums?|summed|totals?|by)\b)[^\d.;:!?()]){{0,30}}?\b(?:at|to|on)\s*"
    rf"(?:{_HEDGE})?[+]?$",
    re.I,
)


def base_or_end(
    claim: NumberClaim, lead: str, sentence: str, facts: Facts, names_feature: Callable[[str], bool]
) -> tuple[str, bool] | None:
    """What `claim` is when it is said as a local explanation's base or end, and whether it holds (None: neither,
    or no output states a base). `lead` is its clause up to the number, `sentence` the sentence it is in;
    `names_feature` tells whether a text names a feature: a feature named just before the number ("bmi starts at
    23.7", a what-if beside the explanation) makes it that feature's, read as before.
    """
    if not facts.bases or claim.high is not None:
        return None
    tail = lead[-60:]
    if names_feature(tail):
        return None
    if _BASE_BEFORE.search(tail):
        return "the explanation's base value", fits(claim, facts.bases)
    if _END_BEFORE.search(tail) and _BASE_SAID.search(sentence):
        return "the explanation's end", fits(claim, facts.ends)
    return None
