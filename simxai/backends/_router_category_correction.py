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
from simxai.hosts.base import HostSchema, regular_plural
from simxai.hosts.name_words import name_words

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


def _allowed(schema: HostSchema, feature: str) -> frozenset[str]:
    """The words a correction of a category of `feature` may hold: the correction's own, the instance noun's (and
    its plural: "legume lots, not grass") and the words of the feature's name ("the north vault").
    """
    noun = schema.instance_noun.lower().split()
    nouns = {*noun, *(regular_plural(w) for w in noun)}
    return _WORDS | nouns | {w.lower() for w in name_words(feature)} | {"ones", "one"}


def _rejected(previous: LastCall, feature: str, right: str) -> str | None:
    """The one category of `feature` other than `right` the previous call used in a group or a change, or None."""
    used = set()
    for name in ("group", "instance"):
        value = previous.arguments.get(name)
        if isinstance(value, str):
            used |= {m.group(1) for m in re.finditer(rf"(?<![\w]){re.escape(feature)}\s*=\s*([\w-]+)", " " + value)}
    changes = previous.arguments.get("changes")
    if isinstance(changes, dict) and isinstance(changes.get(feature), str):
        used.add(changes[feature])
    used = {u for u in used if u.lower() != right.lower()}
    return used.pop() if len(used) == 1 else None


def category_correction(text: str, previous: LastCall, schema: HostSchema) -> dict[str, Any] | None:
    """The previous call's arguments with the category the turn means in place of the one it rejects, or None.

    With one category said ("no, I meant the north vault"), the rejected one is the one other category of its
    feature the previous call used. After a breakdown by the feature ("what share of loans in winter came back
    severe?" answered for every season), the meant category becomes the group.
    """
    said = _said(text, schema)
    if len(said) == 1 and re.search(r"\b(?:meant|mean)\b", text, re.IGNORECASE):
        (a0, a1, feature, right) = said[0]
        rest = f"{text[:a0]} {text[a1:]}".lower()
        wrong = _rejected(previous, feature, right)
        if wrong is None or any(w not in _allowed(schema, feature) for w in re.findall(r"[a-z']+", rest)):
            return None
    elif len(said) != 2 or said[0][2] != said[1][2] or said[0][3] == said[1][3] or said[0][1] > said[1][0]:
        return None
    else:
        (a0, a1, feature, first), (b0, b1, _, second) = said
        rest = f"{text[:a0]} {text[a1:b0]} {text[b1:]}".lower()
        if any(w not in _allowed(schema, feature) for w in re.findall(r"[a-z']+", rest)):
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
    if not hit and arguments.get("feature") == feature and previous.name == "get_data_information":
        # the breakdown by the feature that answered "... in winter ...": the meant category is the group now
        group = arguments.get("group")
        arguments.pop("feature")
        arguments["group"] = f"{group} and {feature} = {right}" if isinstance(group, str) else f"{feature} = {right}"
        hit = True
    return arguments if hit else None
