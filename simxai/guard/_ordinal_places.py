"""Features placed by ordinals said after their names, in a list of places (claims-38).

"119638: wick 1st, fragrance 2nd, cure 3rd, jar 4th, dyed last" (g27), "'beautifully', with 'love' second and 'not'
a close third" (g29). The rank readers read an ordinal before a name or beside a rank word ("third most
important", "hdl third, ahead of bmi"); a bare ordinal after the name was often left unread.

Read only when a sentence places two features or more so ("A 1st, B 2nd"; "A first, B second"), each ordinal right
after its feature's name (or after "is", "comes", "a close", "a distant") and followed by a break, a bracket, "and"
or "with", on a turn that ranks features once (one local or one global ranking). Each place is checked against
the ranking's order (tied features share their places); "last" is the ranking's last group ("age and region
last", a last place two features share, is not read).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from simxai.guard._mentions import find_mentions

__all__ = ["ordinal_place_claims"]

_PLACES = {
    "1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4, "5th": 5, "fifth": 5,
    "6th": 6, "sixth": 6, "7th": 7, "seventh": 7, "last": -1,
}  # fmt: skip
_PLACE = re.compile(
    rf"^\s+(?:(?:is|comes|ranks)\s+)?(?:(?:an?\s+)?(?:close|distant|clear)\s+)?"
    rf"(?P<place>{'|'.join(_PLACES)})(?=\s*(?:[,.;:!?()|·\n]|$|\s[-–—]\s|\s(?:and|with)\b))",
    re.I,
)

#: Before a name, a word that joins it to another feature the ordinal also places.
_SHARED = re.compile(r"\b(?:and|or)\s*$|&\s*$", re.I)


def _places(ranking: list[list[str]]) -> dict[str, tuple[int, int]]:
    """Each ranked feature's places (first, last) in the order, ties sharing theirs."""
    out: dict[str, tuple[int, int]] = {}
    at = 1
    for group in ranking:
        for feature in group:
            out[feature] = (at, at + len(group) - 1)
        at += len(group)
    return out


def ordinal_place_claims(
    sentence: str, features: Mapping[str, str], quoted_only: Iterable[str], ranking: list[list[str]]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each feature the sentence places by an ordinal after its name (two or more placed)."""
    if not ranking:
        return
    said: list[tuple[str, int]] = []
    for m in find_mentions(sentence, features, quoted_only=quoted_only):
        place = _PLACE.match(sentence[m.end + m.quoted :])
        if (
            place is not None
            and place.group("place").lower() == "last"
            and _SHARED.search(sentence[: m.start - m.quoted])
        ):
            continue  # "age and region last": a place two features share
        if place is not None:
            said.append((features[m.name], _PLACES[place.group("place").lower()]))
    if len(said) < 2:
        return
    places, count = _places(ranking), sum(len(group) for group in ranking)
    for feature, k in said:
        if feature not in places:
            continue
        first, end = places[feature]
        holds = end == count if k == -1 else first <= k <= end
        yield f"rank {feature} = {'last' if k == -1 else k} (said after its name)", holds
