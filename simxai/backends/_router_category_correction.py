"""A correction of a category the last call used: "sorry, I meant foam, not wooden" after the predictions for the
loans in wooden crates is the same call on the loans in foam crates; "no, summer rather than winter" after a what-if
that set the season to winter sets it to summer.

The two values must be categories of one feature, the rejected one after "not" (or before "instead of"/"rather
than" the meant one comes first: "foam instead of wooden"), and the turn holds nothing else but the words of a
correction; the previous call must use the rejected value, in a group condition ("crate type = wooden") or a change.
"""

from __future__ import annotations

import re
from typing import Any

from simxai.followup_calls import LastCall
from simxai.hosts.base import HostSchema

__all__ = ["category_correction"]

# The words a correction of a category may hold besides the two values.
_WORDS = frozenset(
    "no nope sorry oops oh ah wait actually i meant mean not instead of rather than but the a an my bad typo i'm im "
    "talking about".split()
)


def _said(text: str, schema: HostSchema) -> list[tuple[int, int, str, str]]:
    """(start, end, feature, category) of each category said in `text`, first to last."""
    found = []
    for feature in schema.features:
        for category in feature.categories or ():
            pattern = re.escape(str(category)).replace("_", "[_ -]")
            for match in re.finditer(rf"(?<![\w-]){pattern}(?![\w-])", text, re.IGNORECASE):
                found.append((match.start(), match.end(), feature.name, str(category)))
    return sorted(found)


def category_correction(text: str, previous: LastCall, schema: HostSchema) -> dict[str, Any] | None:
    """The previous call's arguments with the category the turn means in place of the one it rejects, or None."""
    said = _said(text, schema)
    if len(said) != 2 or said[0][2] != said[1][2] or said[0][3] == said[1][3] or said[0][1] > said[1][0]:
        return None
    (a0, a1, feature, first), (b0, b1, _, second) = said
    rest = f"{text[:a0]} {text[a1:b0]} {text[b1:]}".lower()
    if any(w not in _WORDS for w in re.findall(r"[a-z']+", rest)):
        return None
    between = text[a1:b0].lower()
    if re.search(r"\bnot\b", between) or re.search(r"\b(?:instead\s+of|rather\s+than)\b", between):
        wrong, right = second, first  # "foam, not wooden", "foam instead of wooden"
    elif re.search(r"\bnot\b", text[:a0].lower()):
        wrong, right = first, second  # "not wooden, foam"
    else:
        return None
    arguments = dict(previous.arguments)
    clause = re.compile(rf"(?<![\w]){re.escape(feature)}\s*=\s*{re.escape(wrong)}(?![\w-])", re.IGNORECASE)
    hit = False
    for name in ("group", "instance"):
        value = arguments.get(name)
        if isinstance(value, str) and clause.search(" " + value):
            arguments[name] = clause.sub(f"{feature} = {right}", " " + value).strip()
            hit = True
    changes = arguments.get("changes")
    if isinstance(changes, dict) and str(changes.get(feature, "")).lower() == wrong.lower():
        arguments["changes"] = {**changes, feature: right}
        hit = True
    return arguments if hit else None
