"""Rankings said as a chain after a cue of the first place: "the top feature is credit_score, then loan_amount, then
debt_to_income", "it relies most on A (0.153), then B", "A is the strongest driver (0.93), followed by B and then
C", and a list said to be in order ("the top words are love, not and beautifully, in that order").

Each feature of the chain must rank no lower than the next in the local or global ranking (ties pass). Only
features joined by "then" or "followed by" (a bracketed number between them allowed), or listed before "in that
order", form a chain: "A matters most; B also plays a role" claims no order. `simxai.guard._influence` reads the
other ways a ranking is said.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from simxai.guard import _cues as cue
from simxai.guard._reading import find_mentions

__all__ = ["ranked_chains"]

_FIRST = re.compile(
    rf"{cue.RANK_FIRST.pattern}|\btop (?:features|words|factors|drivers|inputs)\b|"
    r"\b(?:leans?|hangs?|depends?)\s+(?:on\s+)?most\b",  # "leans on most", "hang most on" (claims-38)
    re.I,
)
_ASIDE = r"(?:\s*\([^()]{0,40}\))?"
#: What joins two features of a chain: ", then", "followed by", "and then", "followed by ... and then".
_JOIN = re.compile(
    rf"^{_ASIDE}\s*,?\s*(?:(?:and\s+)?then|(?:and\s+)?followed\s+by|next\s+comes?)\s+(?:by\s+)?(?:the\s+)?$", re.I
)  # "then the starting pH" (claims-38)
#: The first join may hold the cue: "A is the strongest driver (0.93), followed by B".
_FIRST_JOIN = re.compile(
    rf"^{_ASIDE}\s+(?:is|was)\s+(?:the\s+)?[\w -]{{0,40}}?{_ASIDE}\s*,\s*(?:(?:and\s+)?then|followed\s+by)\s+$", re.I
)
#: The first join may hold the cue after a verb (claims-38): "hearting matters most for the bulged score, then B".
_CUED_JOIN = re.compile(
    rf"^{_ASIDE}\s+[\w' -]{{0,50}}?(?:\s*\([^()]{{0,60}}\))?\s*,\s*(?:(?:and\s+)?then|followed\s+by)\s+(?:the\s+)?$",
    re.I,
)
#: "then B and C": a feature joined by "and" right after a join of the chain continues it (claims-38).
_AND = re.compile(rf"^{_ASIDE}\s+and\s+(?:the\s+)?$", re.I)
_LISTED = re.compile(rf"^{_ASIDE}\s*(?:,\s*(?:and\s+)?|\s+and\s+){_ASIDE}$", re.I)
_IN_THAT_ORDER = re.compile(r"^\s*,?\s*in (?:that|this) order\b", re.I)


def ranked_chains(sentence: str, features: Mapping[str, str], quoted_only: Iterable[str]) -> list[list[str]]:
    """The chains of features the sentence ranks, each in the order said (two or more features)."""
    cue_at = _FIRST.search(sentence)
    mentions = find_mentions(sentence, features, quoted_only=quoted_only)
    chains: list[list[str]] = []
    # "A, then B, then C" after (or with) the cue
    start = None if cue_at is None else next((i for i, m in enumerate(mentions) if m.end >= cue_at.start() - 60), None)
    if start is not None:
        chain = [features[mentions[start].name]]
        for i in range(start, len(mentions) - 1):
            a, b = mentions[i], mentions[i + 1]
            between = sentence[a.end + a.quoted : b.start - b.quoted]
            cued = i == start and (_FIRST_JOIN.match(between) or (_CUED_JOIN.match(between) and _FIRST.search(between)))
            if _JOIN.match(between) or cued or (len(chain) > 1 and _AND.match(between)):
                chain.append(features[b.name])
            elif len(chain) == 1:
                chain = [features[b.name]]
            else:
                break
        if len(chain) > 1:
            chains.append(chain)
    # "A, B and C, in that order"
    for i, m in enumerate(mentions):
        if not _IN_THAT_ORDER.match(sentence[m.end + m.quoted :]):
            continue
        listed = [features[m.name]]
        for j in range(i, 0, -1):
            a, b = mentions[j - 1], mentions[j]
            if not _LISTED.match(sentence[a.end + a.quoted : b.start - b.quoted]):
                break
            listed.insert(0, features[a.name])
        if len(listed) > 1:
            chains.append(listed)
    return chains
