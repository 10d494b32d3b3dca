"""A step in per cent on a feature that is itself a percentage is a step in points: "with 1 % more salt" on
`salt (%)` (a cure of 3 %) means 4 %, not 3.03 %; "cloud cover 10 percent lower" on `cloud cover (%)` is 10 points
lower.

A feature is a percentage when its name says so ("(%)", "pct", "percent", "percentage", "share") or its description
does ("in per cent", "percentage of ..."). Only a step written with the number and its percent sign or word is read
this way; a fraction or a factor said in words stays relative ("halved" is -50 % of the value, "a quarter higher"
+25 % of it), as it does on every other feature.
"""

from __future__ import annotations

import re

from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["in_points"]

_PERCENT_NAME = frozenset({"pct", "percent", "percentage", "perc"})
_PERCENT_DESCRIPTION = re.compile(r"\b(?:in\s+per\s*cent|in\s+%|percentage\s+of|per\s*cent\s+of|as\s+a\s+percentage)\b")
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
        if step is not None and feature is not None and _is_percentage(feature) and _written(number, text):
            read[name] = f"{step.group('sign')}{number}"
        else:
            read[name] = value
    return read
