"""Totals of named features set against the rest of the features, each bound to its own group (claims-51, gfa44).

"A and B together carry more weight than the other eight features combined (0.27 vs 0.18)", "Cracks and spray
together (0.153) weigh about as much as the other five features combined (0.156)": two totals, the first of the
features listed before "together", the second of every other feature the outputs weigh. Both were bound to the
feature named last before them and flagged (g38, g39, g40), or, had the features all been named, the second was
compared with sums of the named features only. Here each number is bound to the group it is said of: right after
the group's "together" / "combined", or, in a bracket holding two numbers set against each other ("(0.27 vs
0.18)"), the first to the group said first. The group's total is the sum of its features' weights (a global
explanation's importances, a local one's contributions; signed and as sizes); "the other features" / "everything
else" are the features the outputs weigh outside the first group. When a group's items are not all features the
guard can name ("cracks and spray" on a host where spray is no feature's word), which total is meant is not sure:
the number is listed as unchecked, never flagged.

Nothing of a host's domain: the groups and their weights come from the reply's words and the outputs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from simxai.guard._reading import NumberClaim, fits

__all__ = ["group_total"]

#: A listed group's end: "A and B together", "A, B and C combined", "A plus B put together".
_LISTED = re.compile(r"(?P<items>[^.;:!?()]{3,120}?)\s+(?:together|combined|put\s+together|between\s+them)\b", re.I)
#: The rest of the features as a group: "the other eight features combined", "everything else combined".
_REST = re.compile(
    r"\b(?:(?:all\s+)?the\s+(?:other|remaining)\s+(?:[\w-]+\s+)?(?:features|factors|inputs|variables)|"
    r"(?:everything|all)\s+else|the\s+rest|all\s+the\s+others|the\s+others)"
    r"(?:\s+[\w-]+){0,2}?\s+(?:combined|together|put\s+together)\b",
    re.I,
)
#: How the items of a listed group are separated.
_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+plus\s+|\s*&\s*", re.I)
#: A lead-in before the first item ("For failing, ...", "On the 200 moorings ..."): not an item.
_LEAD_IN = re.compile(r"^(?:for|on|in|at|with|by|across|over|of)\b", re.I)
#: What may stand between a group's word and its number: "together (0.213)", "combined, 0.280", "combined at".
_RIGHT_AFTER = re.compile(
    r"\s*(?:[(,:=]|\b(?:at|is|are|of|make|come\s+to)\b)?\s*(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?"
    r"[+]?$",
    re.I,
)
#: A bracket of two numbers set against each other, up to the second: "(0.27 vs 0.18", "(0.204 versus ".
_PAIR_OPEN = re.compile(r"\(\s*(?P<first>[-+−]?\d+(?:\.\d+)?)\s*(?:vs\.?|versus|against|to)\s*$", re.I)
_PAIR_FIRST = re.compile(r"\(\s*$")


def _items(text: str, resolve: Callable[[str], str | None]) -> list[str | None]:
    """The features of a listed group's words (None for an item that names none or several)."""
    parts = [p.strip() for p in _SEPARATOR.split(text.strip()) if p.strip()]
    if len(parts) > 1 and _LEAD_IN.match(parts[0]) and resolve(parts[0]) is None:
        parts = parts[1:]
    return [resolve(p) for p in parts]


def group_total(
    claim: NumberClaim,
    sentence: str,
    at: int,
    weights: dict[str, set[float]],
    resolve: Callable[[str], str | None],
) -> tuple[str, bool | None] | None:
    """What group the number at `sentence[at:]` totals and whether it holds (None: unsure, list it as unchecked);
    None when it totals no group, or the outputs weigh no feature once (`weights`: feature -> its weights).
    `resolve` names the one feature a text names.
    """
    if not weights or any(len(w) != 1 for w in weights.values()) or claim.high is not None or claim.percent:
        return None
    listed = next(_LISTED.finditer(sentence[:at]), None)
    rest = next(_REST.finditer(sentence), None)
    if listed is None or rest is None or rest.start() < listed.end():
        return None
    lead = sentence[:at]
    if _RIGHT_AFTER.fullmatch(lead[listed.end() :]):
        which = "listed"
    elif rest.end() <= at and _RIGHT_AFTER.fullmatch(lead[rest.end() :]):
        which = "rest"
    elif (pair := _PAIR_OPEN.search(lead)) is not None and pair.start() >= rest.end():
        which = "rest"  # the second of "(0.27 vs 0.18)" after both groups
    elif _PAIR_FIRST.search(lead) and at >= rest.end():
        which = "listed"  # the first of "(0.27 vs 0.18)" after both groups
    else:
        return None
    named = _items(listed.group("items"), resolve)
    if len(named) < 2 or None in named or any(f not in weights for f in named if f is not None):
        return "a total of features not all named", None
    group = {f for f in named if f is not None}
    if which == "rest":
        group = set(weights) - group
    picked = [next(iter(weights[f])) for f in group]
    sums = {round(sum(picked), 6), round(sum(abs(x) for x in picked), 6)}
    what = "the listed features' total" if which == "listed" else "the other features' total"
    return what, fits(claim, sums)
