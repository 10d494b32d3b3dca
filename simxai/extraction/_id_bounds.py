"""Bounds said on the instance id in a group's words: "loans with an id above 9500", "ids under 120", and the id
column by its own name when it is named after the noun ("LoanID > 9500", "loan_id of at least 40" for loans).
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _op_of
from simxai.hosts.base import HostSchema

__all__ = ["id_bounds"]

# A bound on the instances' id: "an id above 9500", "ids under 120", "LoanID > 9500", "loan_id of at least 40".
_ID_BOUND = (
    r"\b(?:{noun}[ _]?)?ids?\s+(?:(?:is|are|of|was)\s+)?(?P<op>above|over|greater\s+than|more\s+than|at\s+least|"
    r">=?|below|under|less\s+than|smaller\s+than|at\s+most|<=?)\s*#?(?P<n>\d+)\b"
)


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
    return out
