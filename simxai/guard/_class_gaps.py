"""The margin one class is said to beat another by (claims-50): "good edges out fair by 0.008", "stalled beats
fruited by about 0.014", "worn is ahead of sound by 0.2 points".

Such a number is the gap between the two classes' probabilities. Before claims-50 no reading derived it: it was
read as a number of no named field and flagged when no output held it as such (g38, g39), and a drifted margin
passed when some other number happened to match it. It is now compared with the gaps between the two named
classes' probabilities (each state's, when the outputs give a before and an after) and with nothing else. A margin
after a class that beats something other than a class ("takes the lead by 0.16") is not read here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from simxai.guard._mentions import Mention
from simxai.guard._said_numbers import NumberClaim

__all__ = ["class_gap"]

#: A verb of beating another, then what it beats and "by", right before the number.
_BEATS = re.compile(
    r"(?:\b(?:edges?|edged|edging)\s+out|\bbeats?|\bbeating|\bleads?|\bleading|\b(?:is|stays|sits|comes\s+in)\s+"
    r"ahead\s+of|\btops|\boutscores?|\btrails?|\btrailing|\b(?:is|sits|falls)\s+behind)\s+"
    r"(?P<other>[^,;:.()\d]{1,40}?)\s+by\s+(?:(?:about|around|roughly|just|only|a\s+mere|some|nearly|almost|"
    r"barely)\s+)?$",
    re.IGNORECASE,
)
#: What may stand between the first class and the verb: "good (narrowly) edges out ...".
_BETWEEN = re.compile(r"\s*(?:\*\*|[\"“”'‘’])?\s*(?:(?:just|narrowly|barely|only|still)\s+)?", re.IGNORECASE)


def class_gap(
    lead: str,
    claim: NumberClaim,
    labels_in: Callable[[str], Sequence[Mention]],
    label_numbers: Mapping[str, set[float]],
    fits: Callable[[NumberClaim, set[float]], bool],
) -> tuple[str, bool] | None:
    """(claim, holds) for a margin between two named classes said right before `claim`; None when `lead` (the
    text before the number) says no such margin or the outputs give no probability of either class.

    Args:
        lead: the sentence up to the number.
        claim: the number read.
        labels_in: the classes a text names, in order.
        label_numbers: each class's probabilities in the outputs.
        fits: whether a claim is one of a set of numbers at its shown precision.
    """
    m = _BEATS.search(lead[-160:])
    if m is None:
        return None
    head = lead[-160:][: m.start()]
    first = labels_in(head)
    other = labels_in(m.group("other"))
    if not first or not _BETWEEN.fullmatch(head[first[-1].end :]) or len(other) != 1:
        return None
    if m.group("other")[: other[0].start].strip().lower() not in ("", "the", "a", "an"):
        return None
    one, two = first[-1].name, other[0].name
    if one == two or not label_numbers.get(one) or not label_numbers.get(two):
        return None
    gaps = {round(abs(a - b), 6) for a in label_numbers[one] for b in label_numbers[two]}
    return f"gap of {one} over {two}", fits(claim, gaps)
