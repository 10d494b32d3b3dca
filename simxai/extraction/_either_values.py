"""A group named by two or more values of one categorical feature joined by "or": the rows of any of them.

A group reading gives "gear = snowboard and gear = touring" for "bookings for snowboards or touring gear"; as a
conjunction it selects nobody, and a data card of it says "none of the rows", a confident answer for another
group than the one asked about. Conditions join their clauses by "and" only, but a categorical feature's values
are known: the rows of any of the values said are the rows of none of the others ("gear != alpine and gear !=
telemark and gear != cross_country"), which a condition states exactly. When the values said are all of the
feature's, the feature selects nothing out and its clauses go. Values joined otherwise ("and", "vs") stay
alternatives, one group each (`alternatives`), as the functions that compare groups take them.
"""

from __future__ import annotations

import re

from simxai.extraction._group_values import alternatives
from simxai.hosts.base import HostSchema
from simxai.hosts.schema_words import value_starts

__all__ = ["either_groups"]

_OR = re.compile(r"\b(?:or|either)\b", re.IGNORECASE)
_EQUALS = re.compile(r"(?P<f>.+?)\s*=\s*(?P<v>.+)")


def _joined_by_or(values: list[str], text: str) -> bool:
    """Whether `text` joins the values said by "or": between the first and the last of them where it says them,
    anywhere when it says them in other words.
    """
    starts = [min(found) for found in (value_starts(v, text) for v in values) if found]
    if len(starts) < 2:
        return _OR.search(text) is not None
    return _OR.search(text, min(starts), max(starts)) is not None


def either_groups(condition: str, text: str, schema: HostSchema | None) -> list[str]:
    """The groups `condition` names (module doc): one group for values joined by "or" when the feature's values
    are known, else `alternatives(condition)`; a condition that names each feature once is returned as it is.
    """
    clauses = [c.strip() for c in condition.split(" and ")]
    by_feature: dict[str, list[str]] = {}
    for clause in clauses:
        found = _EQUALS.fullmatch(clause)
        if found is not None:
            by_feature.setdefault(found["f"].strip(), []).append(found["v"].strip())
    several = next(((f, vs) for f, vs in by_feature.items() if len({v.lower() for v in vs}) > 1), None)
    feature = schema.feature(several[0]) if schema is not None and several is not None else None
    if several is None or feature is None or feature.type != "categorical" or not feature.categories:
        return alternatives(condition)
    name, said = several
    known = {c.lower(): c for c in feature.categories}
    if any(v.lower() not in known for v in said) or not _joined_by_or(said, text):
        return alternatives(condition)
    others = [c for c in feature.categories if c.lower() not in {v.lower() for v in said}]
    kept = [c for c in clauses if (found := _EQUALS.fullmatch(c)) is None or found["f"].strip() != name]
    return [" and ".join([*kept, *(f"{name} != {c}" for c in others)]) or "all"]
