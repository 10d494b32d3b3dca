"""A turn that narrows the group in focus: "and how many of them are predicted progressing?".

After a call on a group ("what does it predict for patients over 60?"), a turn that counts, picks or scores "of
them", "among those", "which of these", "of the ones ...", "those of them that ..." or "(how many) <noun>s there
..." asks about the part of that
group its own condition picks out: the group in focus and the turn's condition, joined with " and " (`narrowed`),
for each function that takes a group (get_prediction's instance as a condition, the group of
get_model_performance and get_data_information). It is the call the turn would get with the group stated in full.
A turn that names a new group without referring back ("how many patients over 50 ...") keeps its own. A narrowing
turn whose added words no condition reads ("how many of them are vegetarian?") is asked about, quoting them
(`unread_narrowing`), as a partly read group is (`_router_unheld_subset.unread_part`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_unheld_subset import _NOT_INSTANCES, _held, _host_words
from simxai.extraction import extract_group
from simxai.followup_context import group_in_focus
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall

__all__ = ["GROUP_SLOT", "narrowed", "narrows", "unread_narrowing"]

#: The argument that holds a group, per function that takes one: a metric's or the data's group, or the instances a
#: count of predictions runs on (get_prediction's instance as a condition). The one table of it in the router.
GROUP_SLOT = {"get_prediction": "instance", "get_model_performance": "group", "get_data_information": "group"}
_CONDITION = re.compile(r"[=<>]")
# "how many of them", "which of those", "what share of these", "the number of the ones", "among them", "out of those",
# "those of them", "of the ones ...": a part of the group in focus ("most of them", "the rest of them" are not).
_NARROWS = re.compile(
    r"\b(?:(?:how\s+many|which|what\s+(?:share|percentage|percent|fraction|proportion|part|portion|number)|"
    r"(?:the\s+)?(?:number|count|share|percentage|fraction|proportion)|list|show\s+(?:me\s+)?|those|the\s+ones)"
    r"\s+of|among|amongst|out\s+of|(?P<bare>of))\s+(?P<ref>them|those|these|the\s+ones)\b(?:\s+(?P<next>[a-z]+))?",
    re.IGNORECASE,
)
# "how many stalls there with ...", "which ones there ...": "there" right after what is counted or picked is the place
# in focus, the group the last call ran on ("how many are there", "... there are" ask of the data as a whole) (dlg49)
_THERE = re.compile(
    r"(?:\b(?:how\s+many|which|the\s+ones|those)\s+|^\W*(?:and\s+)?(?:the\s+)?(?=[a-z]{2,}s\s))"
    r"(?:(?!(?:is|was|does|has)\b)[a-z]{2,}s\s+)?(?P<ref>there)\b"
    r"(?!\s*(?:is|are|was|were|'s)\b)",
    re.IGNORECASE,
)
# After "those" / "these", words that describe a group of its own ("among those who rent"); "them" is always the focus.
_DESCRIBES = frozenset("who whose that which with without having aged over under above below from in on".split())


def narrows(text: str) -> re.Match[str] | None:
    """The words by which a turn narrows the group in focus ("how many of them", "among those"), or None."""
    for match in _NARROWS.finditer(text):
        reference = match.group("ref").lower()
        after = (match.group("next") or "").lower()
        if match.group("bare") and not re.match(r"the\s", reference):
            continue  # "most of them", "the rest of those": the group, or its complement, not a part of it
        if after in _NOT_INSTANCES or (reference in ("those", "these") and after in _DESCRIBES):
            continue  # "which of these features", "out of those with bmi above 30": no part of the group in focus
        return match
    return _THERE.search(text)


def _focus(history: Sequence[Message], schema: HostSchema) -> str | None:
    """The condition of the group in focus, when there is one: a call over several groups has no one focus."""
    group = group_in_focus(history, schema)
    if group is None or not _CONDITION.search(group):
        return None
    last = next((m for m in reversed(history) if m.role == "assistant" and m.tool_calls), None)
    said = {
        str(c.arguments.get(GROUP_SLOT.get(c.name, "group")))
        for c in (last.tool_calls if last is not None else [])
        if c.arguments.get(GROUP_SLOT.get(c.name, "group")) is not None
    }
    return group if len(said) <= 1 else None


def _clauses(condition: str | None) -> list[str]:
    return [c.strip() for c in (condition or "").split(" and ") if c.strip() and c.strip() != "all"]


def narrowed(calls: list[ToolCall], text: str, history: Sequence[Message], schema: HostSchema | None) -> list[ToolCall]:
    """The calls with the group in focus kept and the turn's own condition added, when the turn narrows it.

    A call's own condition is the one it carries (read for that function: "how many of the ones with bmi above 30
    are predicted progressing?" counts the predictions of `bmi > 30`), else the turn's group; none added leaves
    the group in focus ("how many of them are there?"). The predicted class a count or a pick asks for is counted
    over the group's predictions, not made a part of it, as when the group is stated in full
    (`_router_arguments.counted_group`).
    """
    match = narrows(text) if schema is not None and schema.kind == "tabular" else None
    if match is None or schema is None:
        return calls
    before = extract_group(text[: match.start()], schema)
    focus = _focus(history, schema)
    if focus is None or (before is not None and _CONDITION.search(before)):
        return calls  # "how many have bmi over 30, and how many of them ...": "them" are the turn's own
    own = extract_group(text, schema)
    kept = _clauses(focus)
    out = []
    for call in calls:
        slot = GROUP_SLOT.get(call.name)
        value = call.arguments.get(slot) if slot is not None else None
        if slot is None or not (value is None or isinstance(value, str)):
            out.append(call)  # an instance named by id or values: no group to narrow
            continue
        if isinstance(value, str) and value != "all" and not _CONDITION.search(value):
            out.append(call)  # a group in words, which the function asks about
            continue
        said = value if value is not None and set(_clauses(value)) - set(kept) else own
        added = [c for c in _clauses(said) if c not in kept]
        if call.name == "get_data_information":
            added = [c for c in added if not c.startswith("label = ")]  # the card counts the group's labels
        if call.name == "get_prediction" and _COUNTS.search(text):
            added = [c for c in added if not c.startswith("prediction ")]  # the class counted over the group
        out.append(call.model_copy(update={"arguments": {**call.arguments, slot: " and ".join(kept + added)}}))
    return out


# A count or a pick of rows ("how many", "what share", "which"): the predicted class counted over the group.
_COUNTS = re.compile(r"\b(?:how\s+many|count|number|share|fraction|proportion|percent\w*|which|list|show)\b", re.I)
# Words of a narrowing turn that state no condition: the question, the model's outputs and the function words.
_ASKS_NOTHING = frozenset(
    "a an the of them those these ones one they their it its this that which who whom whose what how many much is "
    "are was were be been being do does did have has had get gets got with without in on at by for from to as and "
    "or not no any all some most more less than there here out among amongst predict predicted predicts prediction "
    "predictions model classified classify labelled labeled flagged expected deemed marked called accurate accuracy "
    "correct correctly wrong wrongly right mistakes errors error precision recall score scores metric metrics f1 "
    "performance perform doing well badly share percentage percent fraction proportion number count total list "
    "show me tell give please would will can could should may might also too then now so just only exactly still "
    "again ok okay actually really likely probability chance outcome outcomes result results class label labels "
    "end up turn out come why says think see data dataset records recorded call calls reckon reckons".split()
    # the bound a condition is read by ("bmi above 30", "at least 60")
    + "above below over under between beyond greater least bigger smaller larger equal exceeds exceeding around "
    "about roughly aged old young".split()
)


def unread_narrowing(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> tuple[str, str] | None:
    """(the group the calls carry, the turn's words after the narrowing that no condition reads) for a turn that
    narrows a group by words the host does not hold ("how many of them are vegetarian?", "those of them that
    cycle"); None otherwise. The group alone would silently leave them out.
    """
    match = narrows(text) if schema is not None and schema.kind == "tabular" else None
    if match is None or schema is None:
        return None
    groups = [c.arguments.get(GROUP_SLOT[c.name]) for c in calls if c.name in GROUP_SLOT]
    group = next((g for g in groups if isinstance(g, str) and _CONDITION.search(g)), None)
    own = set(_clauses(extract_group(text, schema)))
    if group is None or set(_clauses(group)) <= own:
        return None  # no group in focus kept: the turn's own group, which the other checks read
    held = _host_words(schema) | set(re.findall(r"[a-z0-9]+", group.lower()))
    noun = (schema.instance_noun or "").lower()
    rest = text[match.end("ref") :]
    unread = [
        w
        for w in re.finditer(r"[A-Za-z][\w'-]*", rest)
        if w.group(0).lower() not in _ASKS_NOTHING
        and w.group(0).lower() not in (noun, noun + "s")
        and not _held(w.group(0), held)
        and not re.search(r"(?:er|est)$", w.group(0))  # a comparative restates a bound ("the older ones over 70")
        and not re.search(r"\d\s*$", rest[: w.start()])  # a unit after a number ("over 30 kg")
    ]
    if not unread:
        return None
    return group, rest[unread[0].start() : unread[-1].end()]
