"""Bounds said on the instance id in a group's words: "loans with an id above 9500", "ids under 120", and the id
column by its own name when it is named after the noun ("LoanID > 9500", "loan_id of at least 40" for loans) or,
when the host gives it (`HostSchema.id_name`), by any name ("case_ref above 20300").
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _noun_pattern, _op_of
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["id_bounds", "ids_between"]

# A bound on the instances' id: "an id above 9500", "ids under 120", "LoanID > 9500", "loan_id of at least 40".
_BOUND_AFTER = (
    r"\s+(?:(?:is|are|of|was)\s+)?(?P<op>above|over|greater\s+than|more\s+than|at\s+least|"
    r">=?|below|under|less\s+than|smaller\s+than|at\s+most|<=?)\s*#?(?P<n>\d+)\b"
)
_ID_BOUND = r"\b(?:{noun}[ _]?)?ids?" + _BOUND_AFTER


def id_bounds(text: str, schema: HostSchema) -> list[str]:
    """Bounds said on the instance id ("loans with an id above 9500" -> ["id > 9500"]); none when a feature is
    itself named "id".
    """
    if any(f.name.lower() in ("id", "ids") for f in schema.features):
        return []
    pattern = _ID_BOUND.format(noun=re.escape(schema.instance_noun))
    out = []
    for match in re.finditer(pattern, text, re.IGNORECASE):
        out.append(f"id {_op_of(match.group('op'))} {match.group('n')}")
    own = schema.id_name
    if not out and own and all(f.name.lower() != own.lower() for f in schema.features):
        # the id column by its own name, whatever it is called: "case_ref above 20300", "case ref over 20300"
        name = r"[\s_-]?".join(re.escape(w) for w in re.findall(r"[A-Za-z]+|\d+", own))
        for match in re.finditer(rf"\b{name}{_BOUND_AFTER}", text, re.IGNORECASE):
            out.append(f"id {_op_of(match.group('op'))} {match.group('n')}")
    return out


def ids_between(text: str, schema: HostSchema) -> tuple[int, int] | None:
    """The ids of a range said with "between" after the noun or "ids" ("lots between 5100 and 5150", "loans with
    ids between 12 and 40"), or None. Both numbers must be ids of the host and lie in no numeric feature's range
    ("patients between 30 and 40" is an age), and no unit or feature's word may follow the second ("loans between
    100 and 200 euros" bounds an amount).
    """
    if schema.id_range is None or any(f.name.lower() in ("id", "ids") for f in schema.features):
        return None
    pattern = (
        rf"\b(?:{_noun_pattern(schema)}|ids)s?\s+(?:with\s+(?:an?\s+)?ids?\s+)?between\s+#?(?P<a>\d+)\s+and\s+"
        r"#?(?P<b>\d+)\b(?![.,]\d|\s?%)(?:\s+(?P<next>[a-z]+))?"
    )
    words = {w.lower() for f in schema.features for w in name_words(f.name)} - {"in", "of", "per", "at", "on", "to"}
    words |= {"euros", "euro", "dollars", "pounds", "percent", "k"}
    ranges = [
        (f.min, f.max) for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None
    ]
    for match in re.finditer(pattern, text, re.IGNORECASE):
        low, high = sorted((int(match.group("a")), int(match.group("b"))))
        following = (match.group("next") or "").lower()
        held = any(lo <= low and high <= hi for lo, hi in ranges)  # "patients between 30 and 40": an age
        unit = following in words or following.rstrip("s") in words
        if schema.has_id(low) and schema.has_id(high) and not held and not unit:
            return low, high
    return None
