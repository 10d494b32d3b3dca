"""A step in per cent on a feature that is itself a small percentage is a step in points: "with 1 % more salt" on
`salt (%)` (a cure of 3 %, values up to 25 %) means 4 %, not 3.03 %. On a percentage that spans a wide range
("cloud cover (%)", "fuel_left_pct" from 0 to 100) a step stays relative, as on every other feature.

A feature is a percentage when its name says so ("(%)", "pct", "percent", "percentage", "share") or its description
does ("in per cent", "percentage of ..."). Only a step written with the number and its percent sign or word is read
this way; a fraction or a factor said in words stays relative ("halved" is -50 % of the value, "a quarter higher"
+25 % of it), as it does on every other feature.

So a value in per cent said before a word of one percentage feature is that feature's value: "had 3 % salt" on
`salt (%)` is 3, "with 10 % cloud" on `cloud cover (%)` is 10 (not after "more", "less" and the like, a step).
"""

from __future__ import annotations

import re

from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["in_points", "percent_values"]

_PERCENT_NAME = frozenset({"pct", "percent", "percentage", "perc"})
_PERCENT_DESCRIPTION = re.compile(r"\b(?:in\s+per\s*cent|in\s+%|percentage\s+of|per\s*cent\s+of|as\s+a\s+percentage)\b")
# Only on a percentage whose values stay this small (a cure's salt, a brew's sugar): there a relative step of a few
# per cent would move the value by a hundredth of a point, which nobody asks; on a share that spans 0-100 ("20 percent
# more fuel left", "10 % more cloud cover") people mean either, and the relative reading stays (w43 and w68 differ).
_SMALL_RANGE = 25.0
_STEP = re.compile(r"^(?P<sign>[+-])(?P<number>\d+(?:\.\d+)?)%$")


def _is_percentage(feature: FeatureSchema) -> bool:
    if "%" in feature.name or _PERCENT_NAME & set(name_words(feature.name)):
        return True
    return feature.description is not None and _PERCENT_DESCRIPTION.search(feature.description.lower()) is not None


def _written(number: str, text: str) -> bool:
    """Whether `text` writes `number` with a percent sign or word ("1 %", "0.5%", "10 percent", "half a percent")."""
    said = rf"(?<![\d.]){re.escape(number)}" if number != "0.5" else r"(?:(?<![\d.])0?\.5|\bhalf\s+(?:of\s+)?an?)"
    return re.search(rf"{said}\s*(?:%|per\s*cent|percent|pct)", text, re.IGNORECASE) is not None


def in_points(changes: dict[str, ChangeValue], text: str, schema: HostSchema) -> dict[str, ChangeValue]:
    """`changes` with each step in per cent on a percentage feature, so written in `text`, as a step in points."""
    features = {f.name: f for f in schema.features}
    read: dict[str, ChangeValue] = {}
    for name, value in changes.items():
        step = _STEP.match(value) if isinstance(value, str) else None
        feature = features.get(name)
        number = step.group("number") if step is not None else ""
        number = number[:-2] if number.endswith(".0") else number
        small = feature is not None and feature.max is not None and feature.max <= _SMALL_RANGE
        if step is not None and feature is not None and small and _is_percentage(feature) and _written(number, text):
            read[name] = f"{step.group('sign')}{number}"
        else:
            read[name] = value
    return read


# "3 % salt", "10 percent cloud", "4.5 pct of sugar": a value, then the word(s) of a feature
_VALUE_BEFORE = re.compile(
    r"(?<![\d.+-])(?P<number>\d+(?:\.\d+)?)\s*(?:%|per\s*cent|percent|pct)\s+(?:of\s+)?(?:the\s+)?"
    r"(?P<words>[a-z]+(?:\s+[a-z]+)?)",
    re.IGNORECASE,
)
_STEP_WORDS = frozenset("more less higher lower fewer extra up down over under above below".split())


def percent_values(text: str, schema: HostSchema, found: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The values in per cent `text` says before a word of one percentage feature not in `found` ("had 3 % salt")."""
    features = [f for f in schema.features if f.type == "numeric" and _is_percentage(f) and f.name not in found]
    read: dict[str, ChangeValue] = {}
    for match in _VALUE_BEFORE.finditer(text):
        words = match.group("words").lower().split()
        if words[0] in _STEP_WORDS:
            continue
        said = {" ".join(words), words[0]}
        owners = [f for f in features if said & {*(a.lower() for a in f.aliases), *_name_terms(f)}]
        if len(owners) == 1 and owners[0].name not in read:
            number = float(match.group("number"))
            read[owners[0].name] = int(number) if number.is_integer() else number
    return read


def _name_terms(feature: FeatureSchema) -> set[str]:
    """The name's words that may stand for it ("salt" of `salt (%)`), without units and percent words."""
    words = [w for w in name_words(feature.name) if w not in _PERCENT_NAME]
    return {" ".join(words), *(w for w in words if len(words) == 1)}
