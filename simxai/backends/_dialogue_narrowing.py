"""A turn that narrows the group of the last call on a group: "only the recycled ones among them", "narrow that to
wildflower", "only those over 60" after a metric on women (the metric on women over 60), "and the north wing only",
"just the blue plates" (a category said in the plural after "only the" / "just the", which no group parser reads
alone), "just tenants" or "only west bank" (a fragment: the restricting word and a few words that name a condition),
"only those with over 100 in traffic" (one numeric feature, one number and one way, in any order).

The group is the last call's: the group of a metric or of the data, or the condition a group's predictions were
asked for. The turn's own condition joins it; a condition on a category the group already fixes replaces that one.

A count asked of a group that no call answered on that group ("how many trams on the hill line does it hold back?"
got a question back, or a call that takes no group) leaves that group in focus: "just the ones with over 2 door
faults" then counts the narrower group, which is its predictions (`narrowed_count`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai._directions import TAIL_DOWN, TAIL_UP
from simxai.backends._router_class_group import class_conditions_dropped
from simxai.backends._router_decision import Decision
from simxai.backends._router_narrowed import GROUP_SLOT
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_argument
from simxai.extraction.mentions import feature_mentions
from simxai.followup import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message
from simxai.normalize import normalize

__all__ = ["narrowed_count", "narrowed_group", "said_category"]

# "only those", "among them", "only the recycled ones", "narrow that to ...": a turn that narrows
_NARROWS = re.compile(
    r"^\W*(?:(?:and|but|now|ok(?:ay)?|so)\W+)?(?:(?:only|just)\s+(?:for\s+|among\s+)?(?:those|the\s+ones|them|these)\b|"
    r"(?:among|of)\s+(?:them|those|these)\b|"
    # "only the recycled ones", "just the cold extracted linden", "narrow that (down) to wildflower"
    r"(?:only|just)\s+the\s+[a-z]|narrow\s+(?:it|that|this|them|those|these)\s+(?:down\s+)?to\b|"
    # "just tenants", "only west bank": a fragment of a few words after the restricting word, nothing else
    r"(?:only|just)\s+(?!the\b)(?:[a-z-]+\s+){0,3}[a-z-]+\W*$|"
    # "and the north wing only", "ok, blue plates only": a fragment that ends on the word that restricts
    r"(?:(?:for|on|in|with)\s+)?(?:the\s+)?(?:[a-z-]+\s+){0,3}[a-z-]+\s+(?:only|alone)"
    # "... only, same age condition": the group in focus said to stay (dlg49)
    r"(?:\s*,\s*(?:(?:with|keeping|keep)\s+)?(?:the\s+)?same\s+(?:[a-z-]+\s+){0,2}"
    r"(?:condition|bound|cut|filter|limit|group)s?)?"
    r"\W*$)",
    re.IGNORECASE,
)
# "only the blue plates", "just the cucumbers", "just west bank": the words after the restricting word, up to a comma
# or the end
_RESTRICTED = re.compile(r"\b(?:only|just)\s+(?:the\s+)?(?P<said>[a-z][a-z\s-]*?)(?:\s+ones)?\s*(?:[,;.?!]|$)", re.I)


def narrowed_group(text: str, history: Sequence[Message], schema: HostSchema | None) -> dict[str, Any] | None:
    """The arguments of "only those over 60" after a call on a group (a metric, the data, the predictions of a
    group): the same call on both conditions at once. A condition on a category the group already fixes
    replaces that one ("only the cold extracted linden" after the cold extracted ones keeps one cold extracted).
    """
    previous = last_call(history)
    if _NARROWS.match(text) is None or previous is None or schema is None or schema.kind != "tabular":
        return None
    key = GROUP_SLOT.get(previous.name)
    group = previous.arguments.get(key) if key is not None else None
    if key is None or not isinstance(group, str) or not re.search(r"[=<>]", group):
        return None
    narrowed = _joined(group, text, schema)
    return None if narrowed is None else {**previous.arguments, key: narrowed}


# "how many ...": a count asked of a group, which its predictions answer (per label)
_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)


def narrowed_count(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The predictions of the narrower group for "just the ones with over 2 door faults" (a turn that narrows) right
    after a count asked of a group ("how many trams on the hill line does it hold back?") that no call answered on
    that group: our question came back, or a call that takes no group ran. None otherwise: after a call on a group,
    `narrowed_group` narrows that call's group.
    """
    schema = request.host
    names = {s.name for s in request.functions}
    if schema is None or schema.kind != "tabular" or "get_prediction" not in names or _NARROWS.match(text) is None:
        return None
    users = [i for i, m in enumerate(history) if m.role == "user"]
    if not users:
        return None
    answered = [c for m in history[users[-1] + 1 :] for c in m.tool_calls or []]
    if any(GROUP_SLOT.get(c.name) in c.arguments for c in answered):
        return None  # a call answered it on a group (or on an instance): `narrowed_group` reads that call's group
    counted = normalize(history[users[-1]].content, schema)
    group = extract_argument("group", counted, schema) if _HOW_MANY.search(counted) else None
    if not isinstance(group, str):
        return None
    # the class counted ("does it halt": prediction = halt) is what the count is of, not a part of the group
    group = class_conditions_dropped(group)
    if not re.search(r"[=<>]", group):
        return None
    narrowed = _joined(group, text, schema)
    return None if narrowed is None else Decision("get_prediction", 1.0, True, arguments={"instance": narrowed})


def _joined(group: str, text: str, schema: HostSchema) -> str | None:
    """`group` with the condition `text` names joined to it (a category the group fixes replaced), or None when the
    turn names no condition or one the group already holds.
    """
    added = extract_argument("group", text, schema)
    if not isinstance(added, str) or not re.search(r"[=<>]", added):
        added = _restricted_category(text, schema) or _said_bound(text, schema)
    if added is None:
        return None
    clauses = group.split(" and ")
    for clause in added.split(" and "):
        name = re.split(r"\s*(?:[=<>!]=?)\s*", clause, maxsplit=1)[0]
        if " = " in clause:  # another value of a category already fixed: the new one instead
            clauses = [c for c in clauses if not c.startswith(f"{name} = ")]
        if clause not in clauses:
            clauses.append(clause)
    narrowed = " and ".join(clauses)
    return None if narrowed == group else narrowed


_UP = re.compile(rf"\b(?:{'|'.join(TAIL_UP)})\b", re.IGNORECASE)
_DOWN = re.compile(rf"\b(?:{'|'.join(TAIL_DOWN)})\b", re.IGNORECASE)


def _said_bound(text: str, schema: HostSchema) -> str | None:
    """`feature > n` (or `<`) for a narrowing turn that names one numeric feature, one number and one way, in
    whatever order ("only those with over 100 in traffic", "just the ones deeper than 10"); None otherwise.
    """
    named = {m.feature.name for m in feature_mentions(text, schema) if m.feature.type == "numeric"}
    numbers = re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", text)
    up, down = _UP.search(text) is not None, _DOWN.search(text) is not None
    if len(named) != 1 or len(numbers) != 1 or up == down:
        return None
    return f"{named.pop()} {'>' if up else '<'} {numbers[0]}"


def _restricted_category(text: str, schema: HostSchema) -> str | None:
    """`feature = value` for "only the blue plates": the words after "only the" / "just the" (`said_category`)."""
    match = _RESTRICTED.search(text)
    return said_category(match.group("said"), schema) if match is not None else None


def said_category(said: str, schema: HostSchema) -> str | None:
    """`feature = value` when the words `said` are one category (of one feature, not a class name), as it is or in
    the plural ("blue plates" of a colour valued "blue plate"); None otherwise.
    """
    said = " ".join(said.lower().split())
    classes = {c.lower() for c in schema.class_names}
    found = [
        f"{feature.name} = {category}"
        for feature in schema.features
        if feature.type == "categorical"
        for category in feature.categories or []
        if category.lower() not in classes
        and said in (category.lower(), *(f"{category.lower()}{s}" for s in ("s", "es")))
    ]
    return found[0] if len(found) == 1 else None
