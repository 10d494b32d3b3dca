"""Ranks said of one side of the contributions, and places said to be shared.

"The strongest negative words", "the main factor working against approval": a feature said to be first on one
side is first among the features pushing that way, by importance or by the size of its signed contribution (a
global explanation's mean contribution: "dull" may push hardest towards negative while "not", more important
overall, pushes that way only a little on average). Either reading is fair, so either holds.

"Age and temperature sharing second place": a place shared by the k features named before it holds for each of
them from that place to the k-1 after it (the two are second and third in some order).
"""

from __future__ import annotations

import re

__all__ = ["first_on_its_side", "rank_of", "shared_place_holds", "shares_place"]

#: Before an ordinal, a place said to be shared: "sharing second place", "tied for third", "joint second".
_SHARED_BEFORE = re.compile(
    # a tie's verb with up to two words of degree before its place ("tie almost exactly for fourth"; claims-54)
    r"\b(?:shar\w*|split\w*|(?:tie|ties|tied|tying)(?:\s+[a-z]+){0,2}?\s+(?:for|at|in)|joint(?:ly)?)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
#: After an ordinal: "second equal", "third-equal".
_SHARED_AFTER = re.compile(r"[- ]equal\b", re.IGNORECASE)


def rank_of(feature: str, ranking: list[list[str]]) -> int | None:
    """The place of `feature` in `ranking` (groups of tied features, first place 1), or None."""
    return next((i + 1 for i, group in enumerate(ranking) if feature in group), None)


def first_on_its_side(feature: str, ranking: list[list[str]], attributions: list[tuple[str, str, float]]) -> bool:
    """Whether `feature` is first among the features whose contribution (`attributions`: name, label, signed
    contribution) has its sign: by the importance `ranking`, or by the size of the signed contribution.
    """
    sign = {f.lower(): (c > 0) - (c < 0) for f, _, c in attributions}  # a zero pushes no way
    mine = sign.get(feature, 0)
    if mine == 0:
        return False
    same = [[g for g in group if sign.get(g) == mine] for group in ranking]
    if rank_of(feature, [group for group in same if group]) == 1:
        return True
    sizes = {f.lower(): abs(c) for f, _, c in attributions if (c > 0) - (c < 0) == mine}
    return sizes.get(feature, 0.0) >= max(sizes.values(), default=0.0) > 0


def shared_place_holds(features: list[str], place: int, ranking: list[list[str]]) -> bool:
    """Whether each of `features`, said to share `place`, ranks from `place` to `place + len(features) - 1`."""
    last = place + len(features) - 1
    ranks = [rank_of(f, ranking) for f in features]
    return all(r is not None and place <= r <= last for r in ranks)


def shares_place(before_ordinal: str, after_ordinal: str) -> bool:
    """Whether an ordinal, with `before_ordinal` and `after_ordinal` its clause before and after it, is said of a
    shared place.
    """
    return bool(_SHARED_BEFORE.search(before_ordinal) or _SHARED_AFTER.match(after_ordinal))
