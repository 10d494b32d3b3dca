"""An amount said in a unit per period names the feature counted per that period: "ran 70 km a week" is
`weekly_km` on a host that also has `longest_run_km`, where "km" alone is ambiguous.

The unit is a unit people spell out or its abbreviation (`_unit_values`), or a word of the feature's name; the
period ("a week", "per day", "each month") must be said by the feature's name or an alias ("weekly", "per_day",
"km per week"). A direction or an addition makes a step: "15 more km a week", "adds 10 km a week" -> "+15",
"+10"; "5 km a week less" -> "-5". Binds only when exactly one numeric feature has both the unit and the period.
"""

from __future__ import annotations

import re

from simxai._directions import PER_PERIOD_DOWN, PER_PERIOD_UP
from simxai.extraction._lexicon import _NUM, _parse_number, name_unit
from simxai.extraction._unit_values import _SPELLED
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema

__all__ = ["period_unit_changes"]

_PERIOD_WORDS = {
    "day": {"day", "daily", "days"},
    "week": {"week", "weekly", "weeks", "wk", "pw"},
    "month": {"month", "monthly", "months", "pm"},
    "year": {"year", "yearly", "annual", "annually", "years", "pa"},
}
_UP, _DOWN = PER_PERIOD_UP, PER_PERIOD_DOWN
_PER_PERIOD = re.compile(
    rf"(?:\b(?P<verb>adds?|added|adding|another|plus|minus|cuts?|drops?|dropped|loses?|lost)\s+)?"
    rf"(?<![\w.])(?P<n>{_NUM})\s?(?:(?P<pre>{_UP}|{_DOWN})\s+)?(?P<unit>[a-z]+)\s+"
    rf"(?:(?P<mid>{_UP}|{_DOWN})\s+)?(?:a|an|per|each|every)\s+(?P<period>day|week|month|year)\b"
    rf"(?:\s+(?P<post>{_UP}|{_DOWN})\b)?",
    re.IGNORECASE,
)


def _words(feature: FeatureSchema) -> set[str]:
    words = set(feature.name.lower().split("_"))
    for alias in feature.aliases:
        words |= set(re.findall(r"[a-z]+", alias.lower()))
    return words


def _has_unit(feature: FeatureSchema, unit: str) -> bool:
    said = unit.lower()
    spelled = _SPELLED.get(said) or _SPELLED.get(said.rstrip("s"))
    if spelled is not None and name_unit(feature) == spelled:
        return True
    return len(said) >= 4 and (said in _words(feature) or said.rstrip("s") in _words(feature))


def period_unit_changes(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The readings of the module doc for numeric features `named` does not hold."""
    found: dict[str, ChangeValue] = {}
    numeric = [f for f in schema.features if f.type == "numeric"]
    for match in _PER_PERIOD.finditer(text):
        period = _PERIOD_WORDS[match.group("period").lower()]
        owners = [f for f in numeric if _has_unit(f, match.group("unit")) and _words(f) & period]
        if len(owners) != 1 or owners[0].name in named or owners[0].name in found:
            continue
        said = " ".join(match.group(g) or "" for g in ("verb", "pre", "mid", "post")).lower()
        if re.search(rf"\b(?:{_DOWN}|minus|cuts?|drops?|dropped|loses?|lost)\b", said):
            found[owners[0].name] = f"-{match.group('n')}"
        elif said.strip():
            found[owners[0].name] = f"+{match.group('n')}"
        else:
            found[owners[0].name] = _parse_number(match.group("n"))
    return found
