"""Amounts that are the instance's id: "what if 45076 posted more on the forum" names no step of 45076 posts."""

from __future__ import annotations

import re

from simxai.hosts.base import ChangeValue, HostSchema

__all__ = ["without_id_amounts"]


def without_id_amounts(changes: dict[str, ChangeValue], schema: HostSchema) -> dict[str, ChangeValue]:
    """`changes` without a value or step whose amount is an id of the host beyond every value of its feature.

    A reading of "<number> <verb of the feature> more" takes the number before the feature as its amount, and
    "roasted 74012 dark" or "serviced 73024 today (so 0 days since)" put the id beside a feature's words; when that
    number is an id of the host and larger than the feature ever is, it is the instance the turn is about, whichever
    reading found it (the what-if readings apply this to all their changes, and to a step read on its own).
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
