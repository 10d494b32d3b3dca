"""Amounts that are the instance's id: "what if 45076 posted more on the forum" names no step of 45076 posts."""

from __future__ import annotations

import re
from collections.abc import Collection

from simxai.hosts.base import ChangeValue, HostSchema

__all__ = ["named_id_dropped", "without_id_amounts"]


def without_id_amounts(changes: dict[str, ChangeValue], schema: HostSchema) -> dict[str, ChangeValue]:
    """`changes` without a value or step whose amount is an id of the host beyond every value of its feature.

    A reading of "<number> <verb of the feature> more" takes the number before the feature as its amount, and
    "roasted 74012 dark" or "serviced 73024 today (so 0 days since)" put the id beside a feature's words; when that
    number is an id of the host and larger than the feature ever is, it is the instance the turn is about.
    """
    kept: dict[str, ChangeValue] = {}
    for name, value in changes.items():
        feature = schema.feature(name)
        said = re.fullmatch(r"[+-]?(\d+)", str(value)) if not isinstance(value, bool) else None
        if said and feature is not None and feature.max is not None:
            amount = int(said.group(1))
            if schema.has_id(amount) and amount > feature.max:
                continue
        kept[name] = value
    return kept


def named_id_dropped(
    changes: dict[str, ChangeValue], named: Collection[int], schema: HostSchema
) -> dict[str, ChangeValue]:
    """`changes` without a value or step whose amount is an id the turn names (`named`) and beyond its feature.

    "if we salted 62024 today (so 0 folds)" names batch 62024 where a reading looks for the salt; "member 812, but
    suppose the fee were 1,100" keeps 1,100, an id of the host too but not the one named. A step as large as an id
    beyond its feature ("+81012") is dropped whichever id it is, as `without_id_amounts` does.
    """
    kept: dict[str, ChangeValue] = {}
    for name, value in changes.items():
        said = re.fullmatch(r"([+-]?)(\d+)", str(value)) if not isinstance(value, bool) else None
        feature = schema.feature(name)
        if said and feature is not None and feature.max is not None and int(said.group(2)) > feature.max:
            amount = int(said.group(2))
            if amount in named or (said.group(1) and schema.has_id(amount)):
                continue
        kept[name] = value
    return kept
