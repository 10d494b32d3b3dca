"""A number bound to a feature by its unit (claims-13o): "94 % humidity" or "humidity (94 %)" on a host whose
feature is `humidity_pct`, "36.7 mm of rain" (`rainfall_mm`), "15.9 °C" (`mean_temp_c`), "£49.4k a year"
(`salary_k`), "a 33.3 km commute" (`commute_km`), "48 months old" (`age_months`), "1 year" (`employment_years`;
not "47 years old", an age).

A host's feature whose name ends in a unit says which numbers are its own: a number written with that unit is that
feature's, whatever feature the sentence named before it. Read only when exactly one feature has the unit, and
never for a number said as a difference ("30 kg/ha less nitrogen", `_derived`). And a number written without a
sign in a clause that says it pushes against the label is a push's size (`unsigned_push`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._facts import Facts
from simxai.guard._mentions import camel_split
from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim
from simxai.guard._size_pairs import compared_sizes

__all__ = ["counted_feature", "push_sizes", "unit_feature", "unit_owner", "unsigned_push"]

#: A unit as written after a number, and the suffixes of a feature's name that mean it.
_UNITS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\s*(?:%|percent\b|per cent\b)", re.I), ("pct", "percent")),
    (re.compile(r"\s*mm\b", re.I), ("mm",)),
    (re.compile(r"\s*cm\b", re.I), ("cm",)),
    # a speed first ("28 km/h", "12 km per hour"): a `*_kmh` feature's, not a distance's
    (re.compile(r"\s*(?:km\s*/\s*h(?:our)?|kph|kmh|km\s+(?:per|an)\s+hour)\b", re.I), ("kmh", "km_h", "kph")),
    (re.compile(r"\s*km\b", re.I), ("km",)),
    (re.compile(r"\s*kg\s*/\s*ha\b|\s*kg per (?:ha|hectare)\b", re.I), ("kg_ha",)),
    (re.compile(r"\s*(?:ha|hectares?)\b", re.I), ("ha",)),
    (re.compile(r"\s*(?:kg|kilos?|kilograms?)\b", re.I), ("kg",)),  # "20.3 kg" of stores_kg (claims-28)
    # a rate per hour first ("50 °C/h", "108 degrees an hour"): a `*_c_h` feature's, not a temperature's
    (re.compile(r"\s*(?:°\s*c|degrees?(?: c(?:elsius)?)?)\s*(?:/\s*h(?:our)?|an hour|per hour)\b", re.I), ("c_h",)),
    (re.compile(r"\s*(?:°\s*c|degrees?(?: c(?:elsius)?)?)\b|\s*°c", re.I), ("c", "celsius")),
    (re.compile(r"k\b"), ("k",)),
    (re.compile(r"\s*months?\b", re.I), ("months", "month")),
    (re.compile(r"\s*(?:years?|yrs?)\b(?![- ]old)", re.I), ("years", "yrs", "yr")),
    (re.compile(r"\s*days?\b", re.I), ("days",)),
    (re.compile(r"\s*kwh\b", re.I), ("kwh",)),
    (re.compile(r"\s*(?:m\s*Ω|mohm|milliohms?)(?!\w)", re.I), ("mohm",)),
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


#: Units read only as a fallback (`unit_owner`): "1850 m" of field_altitude_m (claims-42); feet, knots and hours
#: of a name's unit ("1400 ft" of CloudBaseFt, "a 9.4-knot wind" of wind_kt, "91 h" of "Cooling Time (h)").
_METRES = (re.compile(r"\s*(?:m|metres?|meters?)\b(?![/²³^])"), ("m",))
_FALLBACK = (
    _METRES,
    (re.compile(r"\s*(?:ft|feet|foot)\b", re.I), ("ft", "feet")),
    (re.compile(r"[\s-]*(?:kts?|knots?)\b", re.I), ("kt", "kts", "knots")),
    (re.compile(r"\s*(?:h|hrs?|hours?)\b(?!\s*/)", re.I), ("h", "hrs", "hours")),
)


def _name_end(feature: str) -> str:
    """A feature's name as its unit ends it: lower case, no spaces or degree sign, brackets round, camel case split
    ("cloud_base_ft" of CloudBaseFt, "bellmass(kg)" of "Bell Mass [kg]", "pourtemp(c)" of "Pour Temp (°C)").
    """
    split = camel_split(feature, "_").lower()
    return split.replace("[", "(").replace("]", ")").replace("°", "").replace(" ", "")


def unit_owner(following: str, features: Iterable[str]) -> str | None:
    """The one feature whose name ends in the unit said after a number, in brackets too ("27.4 mm" of "Stigma
    Length (mm)", "1850 m" of field_altitude_m), but not "%" (a share's too), else None (claims-42).

    Read only when the number does not fit the feature named before it ("short threads (27.4 mm)" after a
    moisture): another feature may be measured in the unit without saying it in its name ("Neck 3.4 mm bent").
    """
    names = list(features)
    for pattern, suffixes in (*_UNITS[1:], *_FALLBACK):
        if not pattern.match(following):
            continue
        ends = tuple(end for s in suffixes for end in (f"_{s}", f"({s})"))
        owners = [f for f in names if _name_end(f).endswith(ends)]
        return owners[0] if len(owners) == 1 else None
    return None


#: The word right after a number ("8 frames", "2.9 mites").
_NOUN_AFTER = re.compile(r"[ \t]+([a-z]{4,})\b", re.I)
#: Words of features' names that name no thing counted ("a score", "the count") and units of time or measure
#: ("12 months" of a tenancy is no months_in_tenancy; `unit_feature` reads units): never a number's noun.
_GENERIC = frozenset(
    "count rate score level size index ratio type total number value amount length class base time second minute "
    "hour day week month year decade metre meter litre liter gram kilo mile degree percent point".split()
)


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def counted_feature(
    following: str, features: Iterable[str], aliases: dict[str, list[str]], noun: str = ""
) -> str | None:
    """The feature a number counts when the word right after it is a word of exactly one feature's name or a
    one-word alias of it ("8 frames" of bee_frames, "2.9 mites" of mite_count, "5 flakes" of flake_count), else
    None (claims-29: number-first cards and lists, "2.9 mites · 20.3 kg · 8 frames", gave the 8 to the feature
    named before it; g22, and the same form bound by luck in g9, g18, g19, g21). The instance noun counts
    subjects, not a feature ("320 wells", "100 tickets").
    """
    m = _NOUN_AFTER.match(following)
    if m is None:
        return None
    word = _singular(m.group(1).lower())
    if word in _GENERIC or word == _singular(noun.lower()):
        return None
    owners = set()
    for feature in features:
        words = camel_split(feature, "_").lower().split("_")
        words += [a.lower() for a in aliases.get(feature, ()) if " " not in a]
        if word in {_singular(w) for w in words}:
            owners.add(feature)
    return next(iter(owners)) if len(owners) == 1 else None


#: A push said against the explained label in words ("pulls the other way", "takes off", "works against").
_AGAINST = gated(
    r"\b(?:the other way|pull(?:s|ed|ing)?|back|takes? off|took off|against|away|lower(?:s|ed|ing)?|"
    r"reduc(?:es|ed|ing)|subtract(?:s|ed|ing)?|drag(?:s|ged|ging)?|down|cost(?:s|ing)?|off)\b",
    re.I,
)
#: An item of a list opened by a minus sign after a semicolon or a colon ("+ hdl (38) 0.668; − bp (80) 0.552"; not a
#: bullet, which opens a line): its push is negative.
_MINUS_ITEM = re.compile(r"\s*[-\u2212]\s*[^\W\d]")
_ITEM_BREAK = re.compile(r"[;:,][ \t]*\Z")


def unsigned_push(claim: NumberClaim, clause: str, offset: int, before: str = "", borrowed: bool = False) -> bool:
    """Whether a number is written without a sign in a clause that says in words that it pushes against the
    explained label ("a satisfaction of 4 pulls the other way by around 0.9", "costing 0.98", "takes 0.08 off"), or
    in a list item opened by a minus sign ("...; − crack_width_mm 0.34 → 0.080"): then it is the size of a negative
    contribution. `before` is the sentence before the clause; when the number's feature was named there
    (`borrowed`: "X of 134 pulled the other way, by 0.975"), its words count too.
    """
    start = offset + claim.start
    if claim.raw[:1] in "+-−" or clause[max(0, start - 1) : start] in "+-−":
        return False
    if _MINUS_ITEM.match(clause) and _ITEM_BREAK.search(before):
        return True
    # "twice as much as debt-to-income (0.14)": a size compared, not a push's direction (claims-45)
    return _AGAINST.search((before if borrowed else "") + " " + clause) is not None or compared_sizes(clause)


def push_sizes(claim: NumberClaim, clause: str, offset: int, facts: Facts) -> set[float]:
    """The sizes of the contributions of `facts` when the number is a push's size said without a sign
    (`unsigned_push`) and no feature is named for it ("the crack takes 0.080 off the score"), else none.
    """
    return {abs(c) for *_, c in facts.attributions} if unsigned_push(claim, clause, offset) else set()
