"""What a local explanation's payload adds to its facts for the claims-51 binding of its base and end (gfa44,
`_base_ends`).
"""

from __future__ import annotations

import math
from typing import Any

from simxai.guard._facts import Facts, _num

__all__ = ["read_explanation"]


def read_explanation(payload: dict[str, Any], facts: Facts) -> None:
    """Record in `facts` what a local explanation `payload` states of its walk: its base value and output as free
    numbers, its base (and, for a log-odds output, the base as a probability), and its ends (its output and its
    class's probability). Any other payload adds nothing.
    """
    if payload.get("kind") != "local_explanation":
        return
    base, output = _num(payload.get("base_value")), _num(payload.get("output"))
    facts.free_numbers |= {n for n in (base, output) if n is not None}
    if base is not None:
        facts.bases.add(base)
        if payload.get("output_space") == "log-odds" and abs(base) < 30:
            facts.bases.add(round(1 / (1 + math.exp(-base)), 6))  # the base said as a probability
    facts.ends |= {n for n in (output, _num(payload.get("probability"))) if n is not None}
