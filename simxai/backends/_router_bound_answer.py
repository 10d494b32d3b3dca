"""A bare bound that answers the router's question about a group by a numeric feature.

"how does it do on the wet days?" names no group the host can pick out: the router asks "Which wet days do you mean?
rainfall_mm runs from 0 to 40 in the data: give a bound, such as 'rainfall_mm > 20'." (`_router_unknown`). The answer
"more than 10 mm", "over 10", "between 5 and 10" gives the bound and leaves the feature to the question: the turn is
read as that condition on the feature the question named ("rainfall_mm > 10"), which the follow-up readings take as
the group of the question asked before. A turn that names a feature, an id or anything besides the bound is left as
it is. After the question that names no feature ("Which cold towers do you mean? No feature of the attempts is
called that: give a condition on one of ..."), a bare bound whose unit or words name one numeric feature ("below 10
degrees" of `TowerTempC`) is that feature's condition, read the same way.
"""

from __future__ import annotations

import re

from simxai.extraction import extract_argument, extract_ids
from simxai.hosts.base import HostSchema

__all__ = ["bound_answer"]

# The router's questions that ask for a bound on one feature (`_router_unknown.group_question`, `breakdown_question`)
_ASKS_BOUND = re.compile(
    r"^Which .+? do you mean\? (?P<a>\S+) runs from .+ give a bound|"
    r"^Which (?P<b>\S+) group do you mean\? .+ give a bound"
)
# The router's question for a group that names no feature, and offers a condition on any of them
_ASKS_CONDITION = re.compile(r"^Which .+? do you mean\? No feature of the .+ is called that: give a condition")
# Words a bound may be said with ("the ones over 10 mm, please"): comparatives, fillers, the number's unit
_BOUND_WORDS = frozenset(
    "more less fewer than over under above below beyond greater higher lower bigger smaller larger at least most "
    "between and or up down to from the ones one those them any anything with of a about around roughly say "
    "just only please pls ok okay i mean meant is it's its was were degrees".split()
)
# A comparative of an adjective ("deeper", "heavier", "hotter", "wider"), and words of that shape that are none
_COMPARATIVE = re.compile(r"[a-z]{2,}(?:er|ier)")
_NOT_COMPARATIVE = frozenset("other another either neither whether never ever after per rather together".split())
# Units a bound may be said in
_UNIT_WORDS = frozenset(
    "m metre metres meter meters cm mm km kms kg kgs kilo kilos kilogram kilograms g grams lb lbs pound pounds "
    "year years yr yrs month months week weeks day days hour hours hr hrs minute minutes min mins percent "
    "degree degrees celsius mile miles litre litres liter liters".split()
)
_CLAUSE = re.compile(r"(\w+)\s*(?:>=|<=|!=|==|=|>|<)")


def bound_answer(text: str, asked: str, schema: HostSchema | None) -> str | None:
    """The condition a bare bound gives on the feature the router's group question named, or None."""
    if schema is None or schema.kind != "tabular":
        return None
    question = _ASKS_BOUND.match(asked or "")
    if not re.search(r"\d", text) or len(text.split()) > 8 or extract_ids(text, schema):
        return None
    if question is None:
        return _any_feature_bound(text, asked or "", schema)
    name = question.group("a") or question.group("b")
    feature = next((f for f in schema.features if f.name == name and f.type == "numeric"), None)
    if feature is None:
        return None
    # the unit a column name ends in ("rain_mm", "AirTempC") and the host's noun may stand beside the number
    parts = _name_parts(name)
    noun = (schema.instance_noun or "").lower()
    allowed = _BOUND_WORDS | parts | {noun, noun + "s"}
    if not _only_bound_words(text, allowed):
        return None
    said = extract_argument("group", text, schema)
    if not _only_on(said, name):
        said = extract_argument("group", f"{name} {text}", schema)
    return said if _only_on(said, name) else None


def _any_feature_bound(text: str, asked: str, schema: HostSchema) -> str | None:
    """After the question that names no feature: the condition a bare bound gives on one numeric feature, or None.

    The feature comes from the turn itself (a unit or a word of its name, read by the group extraction); the turn
    may hold nothing else than the bound's words and that feature's name parts ("below 10 degrees", "over 8 hours").
    """
    if _ASKS_CONDITION.match(asked) is None:
        return None
    said = extract_argument("group", text, schema)
    clauses = _CLAUSE.findall(said) if isinstance(said, str) else []
    if not clauses or len(set(clauses)) != 1:
        return None
    name = clauses[0]
    if not any(f.name == name and f.type == "numeric" for f in schema.features):
        return None
    return said if _only_bound_words(text, _BOUND_WORDS | _name_parts(name)) and _only_on(said, name) else None


def _name_parts(name: str) -> set[str]:
    """The lower-case letter parts of a feature's name ("TowerTempC": tower, temp, c): words a bound may say."""
    return {p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def _only_bound_words(text: str, allowed: frozenset[str] | set[str]) -> bool:
    """Whether every word of `text` is an allowed one or only restates the bound (a comparative, a unit)."""
    words = re.findall(r"[A-Za-z][A-Za-z']*", text.lower())
    return all(w in allowed or _restates(w, text) for w in words)


def _restates(word: str, text: str) -> bool:
    """Whether `word` only restates the bound: a comparative ("deeper than 22", "22 or heavier") or a unit said
    after a number ("22 metres", "68 kilo").
    """
    if _COMPARATIVE.fullmatch(word) and word not in _NOT_COMPARATIVE:
        return True
    return word in _UNIT_WORDS and re.search(rf"\d\s*{re.escape(word)}\b", text, re.IGNORECASE) is not None


def _only_on(condition: object, name: str) -> bool:
    """Whether `condition` is a condition whose every clause is on the feature `name`."""
    if not isinstance(condition, str):
        return False
    clauses = _CLAUSE.findall(condition)
    return bool(clauses) and all(c == name for c in clauses)
