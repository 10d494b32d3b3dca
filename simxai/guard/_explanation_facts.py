"""What an explanation's payload adds to its facts: a local explanation's base and end for their binding (claims-51,
gfa44, `_base_ends`), and each feature's weight for totals of groups of features (claims-52, gfa45, `_group_totals`).
"""

from __future__ import annotations

import math
from typing import Any

from simxai.guard._facts import Facts, _num

__all__ = ["read_explanation"]

#: Where an explanation's payload keeps each feature's weight: its list, and the weight's key in an item.
_WEIGHED = {"local_explanation": ("attributions", "contribution"), "global_explanation": ("importances", "importance")}


def read_explanation(payload: dict[str, Any], facts: Facts) -> None:
    """Record in `facts` what a local explanation `payload` states of its walk: its base value and output as free
    numbers, its base (and, for a log-odds output, the base as a probability), and its ends (its output and its
    class's probability); and each feature's weight of a local or a global explanation. Any other payload adds
    nothing.
    """
    _weights(payload, facts)
    if payload.get("kind") != "local_explanation":
        return
    if isinstance(payload.get("output_space"), str):
        facts.spaces.add(payload["output_space"])
    base, output = _num(payload.get("base_value")), _num(payload.get("output"))
    facts.free_numbers |= {n for n in (base, output) if n is not None}
    if base is not None:
        facts.bases.add(base)
        if payload.get("output_space") == "log-odds" and abs(base) < 30:
            facts.bases.add(round(1 / (1 + math.exp(-base)), 6))  # the base said as a probability
    facts.ends |= {n for n in (output, _num(payload.get("probability"))) if n is not None}


def _weights(payload: dict[str, Any], facts: Facts) -> None:
    """Each feature's weight: a local explanation's contribution, a global explanation's importance."""
    rows, key = _WEIGHED.get(str(payload.get("kind")), ("", ""))
    items = payload.get(rows) if rows else None
    for item in items if isinstance(items, list) else ():
        weight = _num(item.get(key)) if isinstance(item, dict) else None
        if weight is not None and item.get("feature") is not None:
            facts.weights.setdefault(str(item["feature"]).lower(), set()).add(weight)
