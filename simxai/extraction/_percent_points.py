"""A step said in percent of a feature that is itself a percent: points of it, not a share of its value.

"humidity 20 % lower" of `HumidityPct`, "5 percent more shade" of `shade_pct`, "cover 30% less" of `cover (%)` are
read as "-20", "+5", "-30": of a feature counted in percent a user names the unit it is counted in, as "3 degrees
warmer" of a temperature. A share of the value stays a share when the turn says so ("10% less, of the value",
"relative", "not 10 points"), and a share said in words ("a quarter less", "half the shade") is never a percent said
with a number. A feature held as a fraction (0-1) is `_fractions`'s.
"""

from __future__ import annotations

import re

from simxai.extraction._fractions import PERCENT_AFTER, fraction_feature
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["percent_points", "percent_feature"]

# A turn that says its percent is a share of the value after all
_OF_VALUE = re.compile(
    r"\bof\s+(?:the|its|their|his|her|that|this)\s+(?:\w+\s+)?value\b|\brelative(?:ly)?\b|"
    r"\bnot\s+(?:\S+\s+)?points?\b|\bproportional(?:ly)?\b",
    re.IGNORECASE,
)
_STEP = re.compile(r"(?P<sign>[+-])(?P<n>\d+(?:\.\d+)?)%")


def percent_feature(feature: FeatureSchema | None) -> bool:
    """Whether `feature` is counted in percent by its name ("cover (%)", "HumidityPct", "shade_percent"), and not
    held as a fraction.
    """
    if feature is None or feature.type != "numeric" or fraction_feature(feature):
        return False
    words = name_words(feature.name)
    return "%" in feature.name or (len(words) > 1 and words[-1] in ("pct", "perc", "percent", "percentage"))


def percent_points(said: str, schema: HostSchema, changes: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The changes with each relative step of a percent feature ("-20%") read as points ("-20") when the turn as
    said (`said`, before amounts in words were put as numbers) gives its number with a percent.
    """
    if not changes or _OF_VALUE.search(said):
        return changes
    out = dict(changes)
    for name, value in changes.items():
        step = _STEP.fullmatch(value) if isinstance(value, str) else None
        if step is None or not percent_feature(schema.feature(name)):
            continue
        number = re.escape(step["n"])
        if re.search(rf"(?<![\w.,]){number}(?={PERCENT_AFTER.pattern})", said, re.IGNORECASE):
            out[name] = f"{step['sign']}{step['n']}"
    return out
