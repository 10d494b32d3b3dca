"""Whether the model can be trusted on a group, with no metric named: "can we trust it on the night shifts", "would
you trust the model with the older boats" ask how it does there by every metric, as "how good is it on ..." does.

Only a trust said *on* or *with* something counts: "can I trust it for pricing decisions" asks what the model is
fit for (its description), not how it scores, and is left to the selector's other readings.
"""

from __future__ import annotations

import re

__all__ = ["trust_metric"]

_TRUST_ON = re.compile(
    r"\b(?:trust|rely\s+on|count\s+on)\s+(?:it|the\s+model|this\s+model|the\s+machine|the\s+system|them|am)\s+"
    r"(?:on|with)\b",
    re.IGNORECASE,
)


def trust_metric(text: str) -> str | None:
    """Every metric ("all") when `text` asks whether the model can be trusted on or with something, else None."""
    return "all" if _TRUST_ON.search(text) else None
