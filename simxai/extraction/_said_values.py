"""The values of a new instance a user describes, each bound to the feature it sits next to.

"an employee aged 31, 2 yrs service, 5 km commute, salary 45k" gives age 31, tenure 2, commute 5 and salary 45: a
number belongs to the feature named right before it ("salary 45", "crew of 22", "congestion index 6.5") or right
after it, past a unit ("2 yrs service", "5 km commute", "30% of the lectures", "4,500 nautical miles"); an age said as
one ("aged 31", "31 yo", "a 12 year old hull") is the age feature's; a number with a unit that only one feature is
measured in ("3 hours a week", "paid $99", "12 days ago") is that feature's. Each number is bound once, so it never
also becomes the value of a neighbouring feature ("salary 45 leave?" gives no sick leave of 45; "aged 31, 2 yrs"
gives no age of 2). The units are general English; which feature owns one comes from the schema (the words of its
name and aliases, and "in <unit>" / "percentage" in its description).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from simxai.extraction._changes import _categorical_change
from simxai.extraction._features import FeatureMention, _category_mentions, age_feature, feature_mentions
from simxai.extraction._fractions import fraction_feature
from simxai.extraction._money_scale import in_thousands
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import spaced_name

__all__ = ["said_values"]

# Unit words of general English, by the unit they name.
_UNIT_WORDS: dict[str, str] = {
    **dict.fromkeys("year years yr yrs y".split(), "years"),
    **dict.fromkeys("hour hours hr hrs h".split(), "hours"),
    **dict.fromkeys("minute minutes min mins".split(), "minutes"),
    **dict.fromkeys("day days".split(), "days"),
    **dict.fromkeys("week weeks wk wks".split(), "weeks"),
    **dict.fromkeys("month months mo mos".split(), "months"),
    **dict.fromkeys("km kms kilometre kilometres kilometer kilometers".split(), "km"),
    **dict.fromkeys("mile miles mi".split(), "miles"),
    **dict.fromkeys("nm".split(), "nm"),
    **dict.fromkeys("kg kgs kilo kilos kilogram kilograms".split(), "kg"),
    **dict.fromkeys("mm millimetre millimetres millimeter millimeters".split(), "mm"),
    **dict.fromkeys("cm centimetre centimetres centimeter centimeters".split(), "cm"),
    **dict.fromkeys("ha hectare hectares".split(), "hectares"),
    **dict.fromkeys("°c ° degrees degree celsius".split(), "celsius"),
    **dict.fromkeys("knot knots kn kts".split(), "knots"),
    **dict.fromkeys("% percent pct percentage".split(), "percent"),
    # money, whatever the currency: "$99" on a host that counts in euros still names its money feature
    **dict.fromkeys("$ usd dollar dollars bucks £ gbp pound pounds quid € eur euro euros".split(), "money"),
    "teu": "teu",
}
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# A number as said: a currency sign before it, a percent sign or a unit word after it ("$99", "40%", "2 yrs",
# "4,500 nautical miles", "12-year-old").
_SAID = re.compile(
    rf"(?<![\w.,])(?P<sign>-)?(?P<cur>[$£€]\s?)?(?P<v>{_NUMBER})(?P<k>k\b)?(?![\w]*[.,]\d)(?P<pct>\s?%)?"
    r"(?:[\s-]?(?P<unit>°)\s?c?\b|[\s-](?:nautical\s)?(?P<word>[a-z]+)\b)?",
    re.IGNORECASE,
)
# What may stand between a feature and its value ("crew of 22", "congestion index 6.5", "fee: $99").
_BEFORE_VALUE = re.compile(
    r"^\s*(?:(?:index|score|level|rate|value|count|number|total|average)\s+)?"
    r"(?:(?:of|=|:|is|was|at|equal\s+to|equals|value|about|around|approx(?:imately)?)\s*)?(?:a\s+|an\s+)?$",
    re.IGNORECASE,
)
# What may stand between a value's unit and its feature ("40% of the videos", "2 yrs of service").
_UNIT_TO_FEATURE = re.compile(r"^\s*(?:(?:of|in)\s+)?(?:(?:the|their|his|her|its)\s+)?$", re.IGNORECASE)
# An age said as one: "aged 31", "31 yo", "31 y/o", "a 12 year old hull", "45 years of age".
_AGE = re.compile(
    rf"\baged?\s+(?P<a>{_NUMBER})\b"
    rf"|\b(?P<b>{_NUMBER})[\s-]*(?:yo|y/o|(?:years?|yrs?)[\s-]*(?:old|of\s+age))\b",
    re.IGNORECASE,
)


# "no promotions", "zero sick days", "never any missed payments": none of what the feature counts.
_NONE_OF = re.compile(r"(?:^|[\s,;:(])(?:no|zero|0)\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class _Said:
    """One number of the text: where it is, its value and the unit said with it (canonical, or None)."""

    start: int
    end: int  # the end of the number with its unit
    value_end: int  # the end of the number (and a percent sign) alone
    value: float | int
    unit: str | None
    thousands: bool = False  # "45k"


def said_values(text: str, schema: HostSchema) -> dict[str, float | int | str]:
    """The feature values a text gives for a new instance, each number bound to the feature it belongs to."""
    mentions = feature_mentions(text, schema)
    numbers = _numbers(text)
    values: dict[str, float | int | str] = {}
    used: set[int] = set()

    def bind(feature: FeatureSchema, said: _Said) -> None:
        if feature.name not in values and said.start not in used:
            values[feature.name] = _in_feature_scale(said, feature)
            used.add(said.start)

    age = age_feature(schema)
    if age is not None:
        for match in _AGE.finditer(text):
            if any(m.start <= match.start() < m.end and m.feature.name != age.name for m in mentions):
                continue  # "driver age 49": the name of another feature, whose value is read with it
            start = match.start("a") if match.group("a") else match.start("b")
            said = next((n for n in numbers if n.start == start), None)
            if said is not None:
                bind(age, said)
    numeric = [m for m in mentions if m.feature.type == "numeric"]
    for mention in numeric:  # "salary 45", "crew of 22", "commute 5 km"
        said = _value_after(text, mention, numbers, used)
        if said is not None:
            bind(mention.feature, said)
    for mention in numeric:  # "2 yrs service", "5 km commute", "30% of the lectures"
        if mention.feature.name not in values:
            said = _value_before(text, mention, numbers, used)
            if said is not None:
                bind(mention.feature, said)
    for feature in schema.features:  # "1 missed payment" for "missed payments": a count before its name, singular
        if feature.type == "numeric" and feature.name not in values:
            said = _count_before_name(text, feature, numbers, used)
            if said is not None:
                bind(feature, said)
    for mention in numeric:  # "no promotions", "zero sick days": none of a count
        feature = mention.feature
        if feature.name not in values and (feature.min is None or feature.min <= 0):
            if _NONE_OF.search(text[max(0, mention.start - 8) : mention.start]):
                values[feature.name] = 0
    for said in numbers:  # "3 hours a week", "paid $99", "12 days ago": a unit only one feature is measured in
        if said.start not in used and said.unit is not None:
            owners = [f for f in schema.features if f.type == "numeric" and said.unit in _units_of(f)]
            open_owners = [f for f in owners if f.name not in values]
            if len(owners) == 1 and open_owners:
                bind(owners[0], said)
    if age is not None and age.name not in values:  # "a 50 year patient": years alone, when nothing else took them
        for said in numbers:
            if said.unit == "years" and said.start not in used:
                bind(age, said)
                break
    for mention in mentions:
        if mention.feature.categories and mention.feature.name not in values:
            category = _categorical_change(text, mention)
            if category is not None:
                values[mention.feature.name] = category
    for name, category in _category_mentions(text, schema, values):
        values.setdefault(name, category)
    return values


def _in_feature_scale(said: _Said, feature: FeatureSchema) -> float | int:
    """A value in the feature's own scale: "45k" is 45 for a feature counted in thousands (by its name, its
    description, or a range that 45,000 lies beyond and 45 within), else 45000.
    """
    if not said.thousands:
        return said.value
    beyond = feature.max is not None and said.value * 1000 > feature.max
    within = (feature.min is None or feature.min <= said.value) and (feature.max is None or said.value <= feature.max)
    return said.value if in_thousands(feature) or (beyond and within) else said.value * 1000


def _numbers(text: str) -> list[_Said]:
    found: list[_Said] = []
    for match in _SAID.finditer(text):
        raw = match.group("v").replace(",", "")
        number = float(raw)
        value: float | int = int(number) if number.is_integer() and "." not in raw else number
        if match.group("sign"):
            value = -value
        said_unit = match.group("unit") or match.group("word")
        known = said_unit is not None and said_unit.lower() in _UNIT_WORDS
        unit = None
        if match.group("pct"):
            unit = "percent"
        elif match.group("cur"):
            unit = _UNIT_WORDS[match.group("cur").strip()]
        elif known:
            unit = _UNIT_WORDS[said_unit.lower()]
        has_unit = known
        value_end = match.end("pct") if match.group("pct") else match.end("k") if match.group("k") else match.end("v")
        end = match.end() if has_unit else value_end
        found.append(_Said(match.start(), end, value_end, value, unit, thousands=bool(match.group("k"))))
    return found


def _value_after(text: str, mention: FeatureMention, numbers: list[_Said], used: set[int]) -> _Said | None:
    """The number right after a feature ("salary 45", "crew of 22"), or inside its name ("commute 5 km")."""
    for said in numbers:
        if said.start in used or said.start < mention.start:
            continue
        if said.start < mention.end:  # "commute 5 km": the name spans its own value
            return said if _fits(said, mention.feature) else None
        between = text[mention.end : said.start]
        if _BEFORE_VALUE.match(between.replace("$", "").replace("£", "").replace("€", "")):
            return said if _fits(said, mention.feature) else None
        return None
    return None


def _value_before(text: str, mention: FeatureMention, numbers: list[_Said], used: set[int]) -> _Said | None:
    """The number right before a feature, past its unit ("2 yrs service", "30% of the lectures")."""
    before = [n for n in numbers if n.value_end <= mention.start and n.start not in used]
    if not before:
        return None
    said = before[-1]
    # "4,500 nautical miles": the unit may be the feature's own name
    between = text[min(said.end, mention.start) : mention.start]
    if not _UNIT_TO_FEATURE.match(between) or not _fits(said, mention.feature):
        return None
    return said


def _count_before_name(text: str, feature: FeatureSchema, numbers: list[_Said], used: set[int]) -> _Said | None:
    """A number right before a name or alias of two words or more whose last word is said in the singular or the
    plural ("1 missed payment", "3 crew members"); the mentions read only the name as written.
    """
    for term in (feature.name.replace("_", " "), *feature.aliases):
        words = re.findall(r"[a-z]+", term.lower())
        if len(words) < 2:
            continue
        last = words[-1][:-1] if words[-1].endswith("s") and len(words[-1]) > 3 else words[-1]
        name = r"\s+".join([*map(re.escape, words[:-1]), rf"{re.escape(last)}s?"])
        for match in re.finditer(rf"(?:^|(?<=[\s,;:(]))(?P<n>[\d.,]+)\s+(?:of\s+)?{name}\b", text, re.IGNORECASE):
            said = next((n for n in numbers if n.start == match.start("n") and n.start not in used), None)
            if said is not None:
                return said
    return None


def _fits(said: _Said, feature: FeatureSchema) -> bool:
    """Whether a number's unit can be the feature's: none said, one the feature is measured in, or the feature
    is measured in no unit a user might say ("30 kg bmi" is not read: bmi has no unit, but neither is kg bmi's).
    """
    if said.unit is None:
        return True
    units = _units_of(feature)
    return said.unit in units or (not units and said.unit not in ("percent",))


def _units_of(feature: FeatureSchema) -> set[str]:
    """The units a feature is measured in: unit words of its name and aliases ("commute_km", "hours of overtime"),
    and of its description's "in <unit>" or "percentage" ("distance ... in km", "percentage of ... watched"). A rate's
    "per <unit>" is no unit of the value ("rent per month" is money, "hours per week" hours).
    """
    # the name's words in any shape ("TenureMonths", "Tenure (months)"), and a spreadsheet's "%" ("% Discount")
    terms = " ".join((feature.name.replace("_", " "), spaced_name(feature.name), *feature.aliases)).lower()
    words = re.findall(r"(?<!per\s)\b[a-z%$£€]+", terms)
    units = {_UNIT_WORDS[w] for w in words if w in _UNIT_WORDS and len(w) > 1}
    if "%" in feature.name or fraction_feature(feature):  # a rate kept as 0-1 is said in percent ("90 percent")
        units.add("percent")
    description = (feature.description or "").lower()
    for match in re.finditer(r"\bin\s+(?:thousands\s+of\s+)?(?:us\s+)?(?:nautical\s+)?(?P<u>[a-z]+|°c)", description):
        if match.group("u") in _UNIT_WORDS and len(match.group("u")) > 1:
            units.add(_UNIT_WORDS[match.group("u")])
    if re.search(r"\bpercent(?:age)?\b", description):
        units.add("percent")
    if re.search(r"\((?:gbp|usd|eur)\)", description):
        units.add("money")
    return units
