"""What an explanation's payload adds to its facts for the claims-51 bindings (gfa44): a local explanation's base
value and end (`_base_ends`), and the one weight an explanation gives each feature (`_feature_totals`).
"""

from __future__ import annotations

import math
from typing import Any

from simxai.guard._facts import Facts, _num

__all__ = ["read_explanation"]


def read_explanation(payload: dict[str, Any], facts: Facts) -> None:
    """Record in `facts` what a local or global explanation `payload` states of its walk and weights: a local
    one's base value and output as free numbers, its base (and, for a log-odds output, the base as a probability),
    its ends (its output and its class's probability) and each feature's contribution; a global one's importances.
    """
    if payload.get("kind") == "global_explanation":
        for imp in payload.get("importances") or []:
            if isinstance(imp, dict) and (weight := _num(imp.get("importance"))) is not None:
                facts.weights.setdefault(str(imp.get("feature")).lower(), set()).add(weight)
        return
    if payload.get("kind") != "local_explanation":
        return
    base, output = _num(payload.get("base_value")), _num(payload.get("output"))
    facts.free_numbers |= {n for n in (base, output) if n is not None}
    if base is not None:
        facts.bases.add(base)
        if payload.get("output_space") == "log-odds" and abs(base) < 30:
            facts.bases.add(round(1 / (1 + math.exp(-base)), 6))  # the base said as a probability
    facts.ends |= {n for n in (output, _num(payload.get("probability"))) if n is not None}
    for a in payload.get("attributions") or []:
        if isinstance(a, dict) and (push := _num(a.get("contribution"))) is not None:
            facts.weights.setdefault(str(a.get("feature")).lower(), set()).add(push)
