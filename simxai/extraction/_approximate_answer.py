"""An answer that is only a value with its unit, given to "what should change?" or "which feature should be lower?".

"like 10 km", "about £1,400 a month", "roughly 3 kg": the value is approximate ("like", "about") and names no
feature, but its unit does when exactly one numeric feature carries it — a unit word that is a word of the
feature's name ("km" of `commute_km`), or a currency sign where the host has one money column. The value is the
feature's new value, not a step: "like 10 km" says what the commute would be, as "what if it were 10 km" does.
An amount led by "by" ("by 10 km") is a step and is left to the step readers.

A comparative that names one feature, then a number ("colder still, 4", "heavier, say 30"), answers the question
the same way: the comparative says which feature ("colder" of the one feature named for a temperature, as
`feature_named_by_word` reads it), the number what it were. The direction is no step here: the value wins.
"""

from __future__ import annotations

import re

from simxai.extraction._feature_words import feature_named_by_word
from simxai.extraction._money_scale import in_thousands, money_features
from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["approximate_value_answer", "comparative_value_answer"]

_ANSWER = re.compile(
    r"^[^\w£$€]*(?:(?:like|about|around|roughly|approximately|approx\.?|maybe|say|more\s+like|something\s+like|"
    r"i'?d\s+say)\s+)*(?P<cur>[£$€])?\s*(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?P<k>k\b)?\s*"
    r"(?P<unit>(?!(?:or|ish|please|maybe|a|an|per|each|i)\b)[a-z]+)?(?:\s+(?:a|an|per|each)\s+(?:night|day|week|month|year|hour))?"
    r"(?:\s*,?\s*(?:or\s+so|ish|please|i\s+guess|i\s+think|maybe))?\W*$",
    re.IGNORECASE,
)

# "colder still, 4", "even heavier, say 30", "lighter: 12": a comparative, then the value (after a comma or "say")
_COMPARED = re.compile(
    r"^\W*(?:(?:and|or|no|ok(?:ay)?|then)\W+)?(?:(?:even|still|a\s+bit|much)\s+)?(?P<word>[a-z]{3,}er)"
    r"(?:\s+still)?(?:\W+(?:say|maybe|perhaps|like|about|around)\s+|\s*[,:;]\s*)(?P<n>\d+(?:\.\d+)?)\W*$",
    re.IGNORECASE,
)


def comparative_value_answer(text: str, schema: HostSchema | None) -> dict[str, float] | None:
    """{feature: value} for an answer that is a comparative naming one numeric feature, then its value; else None."""
    if schema is None or schema.kind != "tabular":
        return None
    match = _COMPARED.match(text.strip())
    if match is None:
        return None
    feature = feature_named_by_word(match["word"], schema)
    number = float(match["n"])
    return None if feature is None else {feature.name: int(number) if number.is_integer() else number}


def _unit_owner(unit: str, schema: HostSchema) -> FeatureSchema | None:
    """The one numeric feature with `unit` as a word of its name ("km" of `commute_km`), else None."""
    unit = unit.lower()
    owners = [
        f
        for f in schema.features
        if f.type == "numeric" and unit in {w.lower() for w in re.split(r"[\W_]+|(?<=[a-z])(?=[A-Z])", f.name)[1:]}
    ]
    return owners[0] if len(owners) == 1 else None


def approximate_value_answer(text: str, schema: HostSchema | None) -> dict[str, float] | None:
    """{feature: value} for an answer that is only a value whose unit or currency names one feature; else None."""
    if schema is None or schema.kind != "tabular":
        return None
    match = _ANSWER.match(text.strip())
    if match is None or not (match["cur"] or match["unit"]):
        return None
    number = float(match["n"].replace(",", "")) * (1000 if match["k"] else 1)
    if match["unit"]:
        feature = _unit_owner(match["unit"], schema)
    else:
        money = money_features(schema)
        feature = money[0] if len(money) == 1 else None
    if feature is None:
        return None
    if match["cur"] and in_thousands(feature):
        number /= 1000
    return {feature.name: number}
