"""A category said alone after a question about a group: "leather", "paper?", "the cloth ones" after a metric.

After "how accurate is it?" or "accuracy on paper covers", a turn that only says a category of one categorical
feature, in any of its forms ("cloth", "cloths", "the leather ones only"), asks the same question of the records
of that category: the previous call with its group (a group prediction's instance) set to `feature = category`,
keeping the metric and the label it had. `simxai.followup_fragment.swapped_category` already moves a one-clause
condition to another category when the turn continues ("and silver?") or asks ("silver?"); this reads the bare
word too, and a first group after a metric on all the data.

When the previous group holds clauses of other features besides one category of the same feature ("age > 60 and
cover = paper"), "now the leather ones" swaps that category and keeps the rest (`age > 60 and cover = leather`): a
second category of one feature cannot narrow the group, and the narrowing the user built over the last turns stays
until undone ("back to all the leather ones"). "the other cover" names the other category of a two-category feature
the group fixes (with three or more it names none). A group that fixes no category of the feature ("age > 60",
then "leather") may be narrowed or started anew, so it is left to the other readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.backends.base import CompletionRequest
from simxai.extraction import category_form
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["lone_category_group"]

# What a turn naming a category alone may say besides it
_FILLER = frozenset(
    "and but what about how for on in among with the ones one only just then now please instead too also those "
    "there".split()
)
# The calls that run on a group, and the argument that holds it
_GROUPED = {"get_model_performance": "group", "get_data_information": "group", "get_prediction": "instance"}
_CLAUSE = re.compile(r"^\s*(?P<feature>.+?)\s*(?:=|!=|<=|>=|<|>)\s*.+$")
_MAX_WORDS = 6


def _category(words: list[str], schema: HostSchema) -> tuple[str, str] | None:
    """The (feature, category) the words name together, in any form of the category's word, or None."""
    said = " ".join(words)
    found = set()
    for feature in schema.features:
        categories = [c for c in feature.categories or [] if c.lower() not in ("true", "false")]
        if feature.type != "categorical" or not categories:
            continue
        named = category_form(said, categories)
        if named is None:
            plural = [c for c in categories if said in (f"{c.lower()}s", f"{c.lower()}es")]
            named = plural[0] if len(plural) == 1 else None
        if named is not None:
            found.add((feature.name, named))
    return found.pop() if len(found) == 1 else None


def _same_feature_only(condition: object, feature: str) -> bool:
    """Whether a group is none, all the data, or only clauses of `feature` (which the new category replaces)."""
    if condition is None or condition == "all":
        return True
    if not isinstance(condition, str):
        return False
    clauses = [_CLAUSE.match(c) for c in condition.split(" and ")]
    return all(c is not None and c.group("feature").strip() == feature for c in clauses)


def _swapped(condition: object, feature: str, category: str) -> str | None:
    """The group with its one category of `feature` moved to `category` and its other clauses kept ("age > 60 and
    cover = paper" -> "age > 60 and cover = leather"), or None when it fixes no one category of that feature.
    """
    if not isinstance(condition, str):
        return None
    clauses = [c.strip() for c in condition.split(" and ")]
    fixed = [i for i, c in enumerate(clauses) if (m := _CLAUSE.match(c)) and m.group("feature").strip() == feature]
    if len(fixed) != 1 or not re.fullmatch(rf"{re.escape(feature)}\s*=\s*[^=<>!]+", clauses[fixed[0]]):
        return None
    clauses[fixed[0]] = f"{feature} = {category}"
    return " and ".join(clauses)


def _other_category(rest: list[str], condition: object, schema: HostSchema) -> tuple[str, str] | None:
    """(feature, category) for "the other <feature>" when the group fixes one of that feature's two categories."""
    if len(rest) < 2 or rest[0] != "other" or not isinstance(condition, str):
        return None
    said = " ".join(rest[1:])
    for feature in schema.features:
        categories = feature.categories or []
        terms = {feature.name.lower(), *(a.lower() for a in feature.aliases)}
        if feature.type != "categorical" or len(categories) != 2 or not ({said, said.rstrip("s")} & terms):
            continue
        for held, other in (categories, categories[::-1]):
            if _swapped(condition, feature.name, other) is not None and f"{feature.name} = {held}" in condition:
                return feature.name, other
    return None


def lone_category_group(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The previous call about a group on the category a turn says alone, or None."""
    schema = request.host
    previous = last_call(history)
    if schema is None or schema.kind != "tabular" or previous is None or previous.name not in _GROUPED:
        return None
    words = re.findall(r"[a-z][a-z'-]*", text.lower())
    if not words or len(words) > _MAX_WORDS or re.search(r"\d", text):
        return None
    noun = (schema.instance_noun or "").lower()
    rest = [w for w in words if w not in _FILLER and w not in (noun, f"{noun}s")]
    parameter = _GROUPED[previous.name]
    condition = previous.arguments.get(parameter)
    named = (_category(rest, schema) or _other_category(rest, condition, schema)) if rest else None
    if named is None:
        return None
    feature, category = named
    if parameter == "instance" and not (isinstance(condition, str) and re.search(r"[=<>]", condition)):
        return None  # a prediction of one instance: "leather" is no group of it
    if previous.arguments.get("feature") == feature:
        return None  # "leather" after the covers' counts: an answer about that feature, not a group of it
    group = (
        f"{feature} = {category}" if _same_feature_only(condition, feature) else _swapped(condition, feature, category)
    )
    if group is None or group == condition:
        return None
    return Decision(previous.name, 1.0, True, arguments={**previous.arguments, parameter: group})
