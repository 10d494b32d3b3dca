"""A number bound to a feature by its unit (claims-13o): "94 % humidity" or "humidity (94 %)" on a host whose
feature is `humidity_pct`, "36.7 mm of rain" (`rainfall_mm`), "15.9 °C" (`mean_temp_c`), "£49.4k a year"
(`salary_k`), "a 33.3 km commute" (`commute_km`).

A host's feature whose name ends in a unit says which numbers are its own: a number written with that unit is that
feature's, whatever feature the sentence named before it. Read only when exactly one feature has the unit, and
never for a number said as a difference ("30 kg/ha less nitrogen", `_derived`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["unit_feature"]

#: A unit as written after a number, and the suffixes of a feature's name that mean it.
_UNITS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\s*(?:%|percent\b|per cent\b)", re.I), ("pct", "percent")),
    (re.compile(r"\s*mm\b", re.I), ("mm",)),
    (re.compile(r"\s*cm\b", re.I), ("cm",)),
    (re.compile(r"\s*km\b", re.I), ("km",)),
    (re.compile(r"\s*kg\s*/\s*ha\b|\s*kg per (?:ha|hectare)\b", re.I), ("kg_ha",)),
    (re.compile(r"\s*(?:ha|hectares?)\b", re.I), ("ha",)),
    (re.compile(r"\s*(?:°\s*c|degrees?(?: c(?:elsius)?)?)\b|\s*°c", re.I), ("c", "celsius")),
    (re.compile(r"k\b"), ("k",)),
)


def unit_feature(following: str, features: Iterable[str]) -> tuple[str, bool] | None:
    """(feature, said in percent) of a number followed by `following` when its unit is one feature's, else None.

    Args:
        following: the text right after the number.
        features: the host's feature names.
    """
    names = list(features)
    for pattern, suffixes in _UNITS:
        if not pattern.match(following):
            continue
        owners = [f for f in names if any(f.lower().endswith(f"_{s}") for s in suffixes)]
        if suffixes == ("ha",):
            owners = [f for f in owners if not f.lower().endswith("_kg_ha")]
        if len(owners) == 1:
            return owners[0], suffixes[0] == "pct"
        return None
    return None
