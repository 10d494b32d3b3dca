"""A turn that widens a narrowed group back to a part of it: "back to all the cycle lanes", "ok, the whole south
again" after a call on "road = cycle lane and traffic > 100" or "region = south and owner = rent".

The group in focus is the last call's (`GROUP_SLOT`): a metric's or the data's group, or the condition a group's
predictions were asked for. A turn that opens on a word that goes back ("back to", "the whole", "all") and names some
but not all of that group's conditions asks the last question again on those conditions alone: the narrowing undone.
A condition is named by the group parser or, for a category, by its value or the value's last word said in the turn
("the spruce" of "species = sitka spruce": inside the group in focus it names no other value); a bound by its feature's
name when the turn says no bound of it ("back to all the low pressure ones" of "pressure < 30"). After a metric, a
metric the turn names replaces it ("the whole south again, but recall this time"); after any other question, a metric
the turn names ("back to all the south, how good is it on them") is asked on the widened group, with the label a
per-class metric names ("recall for urgent"). A turn that names a
feature none of the kept conditions is on asks its own question, and is left to the other readings; so is a turn
that bounds a feature of the group otherwise than the group does (`_dialogue_earlier_group` goes back to it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.backends._router_narrowed import GROUP_SLOT
from simxai.extraction import extract_argument, extract_metric
from simxai.extraction.mentions import class_mentions, feature_mentions
from simxai.followup import last_call
from simxai.hosts.base import HostSchema
from simxai.instances import clause_field
from simxai.messages import Message

__all__ = ["metric_on_group", "widened_group"]

# "back to all the ...", "ok, the whole south again", "and all the renters": a turn that opens by going back
_WIDENS = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|now|so|then|right|fine)\W+)*"
    r"(?:(?:go(?:ing)?\s+)?back\s+to\b|(?:(?:for|on|with)\s+)?(?:the\s+)?whole\b|(?:(?:for|on|with)\s+)?all\b)",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"^(?P<feature>.+?)\s*(?:[=<>!]=?)\s*(?P<value>.+)$")
# A metric that is the score of one class ("precision for urgent"): its label stays only with another such metric.
_PER_CLASS = frozenset({"precision", "recall", "f1", "all"})


def widened_group(
    text: str, history: Sequence[Message], schema: HostSchema | None
) -> tuple[str, dict[str, Any]] | None:
    """The last call's (function, arguments) on the conditions of its group that the turn names, for a turn that goes
    back to a part of a narrowed group (module doc); None when the turn does not, or names all or none of them.
    """
    previous = last_call(history)
    if _WIDENS.match(text) is None or previous is None or schema is None or schema.kind != "tabular":
        return None
    key = GROUP_SLOT.get(previous.name)
    group = previous.arguments.get(key) if key is not None else None
    if key is None or not isinstance(group, str):
        return None
    clauses = [c.strip() for c in group.split(" and ")]
    if len(clauses) < 2 or not all(_CLAUSE.match(c) for c in clauses):
        return None
    read = extract_argument("group", text, schema)  # the conditions the group parser reads in the turn, once
    parsed = [c.strip() for c in read.split(" and ")] if isinstance(read, str) else []
    fields = {clause_field(c) for c in clauses}
    if any(p not in clauses and clause_field(p) in fields for p in parsed):
        return None  # "back to the over 60s" of "age < 40 and ...": another bound, no part of the group in focus
    classes = [(start, end) for start, end, _ in class_mentions(text, schema)]
    # "recall for urgent" names the class, not a feature whose name holds the word (`days_since_urgent`)
    named = {
        m.feature.name
        for m in feature_mentions(text, schema)
        if not any(start <= m.start and m.end <= end for start, end in classes)
    }
    kept = [c for c in clauses if c in parsed or _names_category(text, c, clauses) or _names_bound(c, named, parsed)]
    if not kept or len(kept) == len(clauses):
        return None
    kept_features = {clause_field(c) for c in kept}
    if any(name not in kept_features for name in named):
        return None  # "back to the renters, what do they earn?": a feature of its own, another question
    arguments = {**previous.arguments, key: " and ".join(kept)}
    metric = extract_metric(text)
    if metric is not None and previous.name != "get_model_performance":
        # "back to all the south, recall this time" after their predictions or their data: the metric asked, on them
        return metric_on_group(metric, " and ".join(kept), text, schema)
    if metric is not None:
        arguments["metric"] = metric
        if metric not in _PER_CLASS:
            arguments.pop("label", None)  # a label is a per-class score's argument
    return previous.name, arguments


def metric_on_group(metric: str, group: str, text: str, schema: HostSchema | None) -> tuple[str, dict[str, Any]]:
    """The `get_model_performance` call of `metric` on `group`, with the label `text` names when the metric is one
    class's score ("precision for urgent").
    """
    scored = {"metric": metric, "group": group}
    label = extract_argument("label", text, schema, "get_model_performance") if metric in _PER_CLASS else None
    return "get_model_performance", scored if label is None else {**scored, "label": label}


def _names_bound(clause: str, named: set[str], parsed: Sequence[str]) -> bool:
    """Whether the turn names the feature of the bound `clause` ("pressure < 30") and says no bound of that
    feature itself: "back to all the low pressure ones" goes back to the bound the group already holds on it.
    """
    if " = " in clause or clause_field(clause) not in named:
        return False
    return not any(clause_field(c) == clause_field(clause) for c in parsed)


def _names_category(text: str, clause: str, clauses: Sequence[str]) -> bool:
    """Whether `text` names the category `clause` of the group `clauses` where the group parser did not: its value or
    the value's last word is said, in the singular or the plural, and that word is no word of another clause.
    """
    if " = " not in clause:
        return False
    value = clause.split(" = ", 1)[1].strip().lower()
    last = value.split()[-1]
    others = " ".join(c.split(" = ", 1)[-1].lower() for c in clauses if c != clause)
    words = [value] if len(last) < 4 or re.search(rf"\b{re.escape(last)}\b", others) else [value, last]
    return any(re.search(rf"\b{re.escape(w)}(?:s|es)?\b", text, re.IGNORECASE) for w in words)
