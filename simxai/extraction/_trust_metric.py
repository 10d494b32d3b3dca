"""Whether the model can be trusted on a group, with no metric named: "can we trust it on the night shifts", "would
you trust the model for crossings over 30 knots" ask how it does there by every metric, as "how good is it on ..."
does.

Only a trust said on or with a group that the turn names counts: "can I trust it for pricing decisions"
asks what the model is fit for (its description), and "can I trust it on the rough days", where no group of the
host is read, stays a question.
"""

from __future__ import annotations

import re

from simxai.extraction._groups import extract_group
from simxai.hosts.base import HostSchema

__all__ = ["trust_metric"]

_TRUST_ON = re.compile(
    r"\b(?:trust|rely\s+on|count\s+on)\s+(?:it|the\s+model|this\s+model|the\s+machine|the\s+system|them|am)\s+"
    r"(?:on|with)\b",
    re.IGNORECASE,
)


def trust_metric(text: str, schema: HostSchema | None) -> str | None:
    """Every metric ("all") when `text` asks whether the model can be trusted on a group it names, else None."""
    if schema is None or not _TRUST_ON.search(text):
        return None
    return "all" if extract_group(text, schema) else None
