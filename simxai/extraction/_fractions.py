"""A feature kept as a fraction (0-1) said in percent: "a germination rate above 80%" of a rate held as 0.35-0.99 is
a bound of 0.8, "if the rate were 90 percent" sets 0.9, and "10 points higher" steps it by 0.1; the number as said
would select every row or none, or land far outside the data.

A fraction feature is a numeric feature whose values in the data all lie between 0 and 1, a 0/1 flag's excepted.
Only a number said with a percent sign or word (or "points" for a step) is read this way; a bare number is left as
said, for the engine to question when it lies outside the data's range.
"""

from __future__ import annotations

import re

from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema, fraction_range
from simxai.hosts.name_words import name_words

__all__ = ["PERCENT_AFTER", "fraction_changes", "fraction_feature", "in_fraction", "percent_value", "said_fraction"]

#: A percent said right after a number ("80%", "80 percent", "80 per cent", "80 pct").
PERCENT_AFTER = re.compile(r"\s?(?:%|percent\b|per\s?cent\b|pct\b)", re.IGNORECASE)


def fraction_feature(feature: FeatureSchema | None) -> bool:
    """Whether `feature` holds fractions: numeric, with its data's values within 0-1 and no 0/1 flag
    (`hosts.base.fraction_range`).
    """
    return feature is not None and feature.type == "numeric" and fraction_range(feature.min, feature.max)


def in_fraction(value: str | float) -> str:
    """A number said in percent ("80", "12.5") as the fraction it is ("0.8", "0.125")."""
    return f"{round(float(value) / 100, 6):g}"


def said_fraction(feature: FeatureSchema, value: str, text: str, end: int) -> str:
    """A bound `value` of `feature` that ends at `end` in `text`: as the fraction it is when the feature is one and
    a percent follows ("above 80%" -> "0.8"), else as said.
    """
    return in_fraction(value) if fraction_feature(feature) and PERCENT_AFTER.match(text, end) else value


def fraction_changes(text: str, schema: HostSchema, changes: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The changes with each amount of a fraction feature said in percent put as the fraction it is: a value said
    with a percent ("were 90 percent" -> 0.9), and a step of a whole number of points ("10 points higher", "+10"
    -> "+0.1": a step of 1 or more would leave the 0-1 range whatever the value). A relative step ("10% higher",
    "+10%") and a value said without a percent are left as read.
    """
    out = dict(changes)
    for name, value in changes.items():
        if not fraction_feature(schema.feature(name)) or isinstance(value, bool):
            continue
        step = re.fullmatch(r"(?P<sign>[+-])(?P<n>\d+(?:\.\d+)?)", value) if isinstance(value, str) else None
        if step is not None and 1 <= float(step["n"]) <= 100:
            out[name] = f"{step['sign']}{in_fraction(step['n'])}"
        elif isinstance(value, int | float) and 1 < value <= 100:
            number = re.escape(f"{value:g}")
            if re.search(rf"(?<![\w.]){number}(?:\.0+)?(?={PERCENT_AFTER.pattern})", text, re.IGNORECASE):
                out[name] = float(in_fraction(value))
    return out


def percent_value(feature: FeatureSchema) -> str:
    """What may follow a feature's new value: a percent sign only for a feature counted in percent ("% Discount",
    "humidity_pct": "were 40%" is the value 40); of any other feature "were 40%" is no value ("40% higher" is a step).
    A fraction feature (0-1) takes a percent too: "were 90%" is read as 90, then 0.9 (`fraction_changes`). Kept
    apart from `_said_values._units_of`, which reads percent more widely (aliases, a description, any word of the
    name, no "perc"): one reading would make "were 40%" the value of more features, a change of behaviour.
    """
    words = name_words(feature.name)
    percent = len(words) > 1 and words[-1] in ("pct", "perc", "percent", "percentage")
    if "%" in feature.name or percent or fraction_feature(feature):
        return r"(?:\s*%|\s+percent\b)?(?!\s*%)(?!\s*(?:higher|lower|more|less|up|down|over|under)\b)"
    return r"(?!\s*%)"
