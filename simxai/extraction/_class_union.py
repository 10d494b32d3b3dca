"""Classes said as one list in a group: "how many are predicted burnt or dense" counts the rows predicted either.

The group reader (`simxai.extraction._groups`) gives "prediction = <class>" (or "label = <class>") to a class said
after "predicted" (or "labelled"); a second class joined to it by "or", "and", "/" or a comma ("predicted burnt or
dense", "labelled late, lost or damaged") is said with the same cue (`joined`). Two clauses on the same column would
be read together ("prediction = burnt and prediction = dense": no row), so the classes said are kept as their union,
written as the other classes left out ("prediction != good" on a host of burnt / dense / good), the form the values
of a feature joined by "or" take (`either_groups`). A list of every class selects every row: its clauses are dropped.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema
from simxai.instances import clause_field

__all__ = ["joined", "union_clauses"]

# What may stand between two classes of one list: a comma, "or", "and", "and/or", a slash
_JOINED = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and/or|or|and)\s+|/\s*)(?:either\s+)?(?:(?:a|an)\s+)?", re.I)
_KINDS = ("prediction", "label")


def joined(text: str, end: int, start: int) -> bool:
    """Whether the words from `end` (a class just read) to `start` (the next class) only join two names of a list."""
    return _JOINED.fullmatch(text, end, start) is not None


def union_clauses(clauses: list[str], schema: HostSchema) -> list[str]:
    """`clauses` with several "prediction = <class>" (or "label = <class>") given as their union (module doc)."""
    for kind in _KINDS:
        named = [c.partition(" = ")[2] for c in clauses if clause_field(c) == kind and " = " in c]
        if len(set(named)) < 2:
            continue
        kept = [c for c in clauses if not (clause_field(c) == kind and " = " in c)]
        left_out = [f"{kind} != {name}" for name in schema.class_names if name not in named]
        clauses = kept + left_out
    return clauses
