"""A request among remarks: "what's the call on 214? honestly the nicest family ever".

The selector reads a whole turn; a remark beside the request (praise, a story, a feeling) can pull the turn towards
"no function" or towards another function ("family" reads like a group to score the model on), so that the request
goes unanswered or is answered wrongly. A turn of several sentences of which exactly one asks something (it ends
in "?" or opens like a request) is that sentence's request, if the selector is sure of it alone and the turn asks
nothing or every other sentence is a pure remark: it names no instance, group, feature, number or label, and
supposes nothing ("Suppose her income were 50k. What would it say?" is a what-if, not a prediction).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import mask
from simxai.hosts.base import HostSchema

__all__ = ["request_among_remarks"]

_SENTENCES = re.compile(r"(?<=[.?!])\s+(?=\S)")
# A sentence that asks: a question mark, or an opening that requests ("why ...", "show me ...", "explain ...").
_ASKS = re.compile(
    r"\?\s*$|^\W*(?:why|how|what(?:'s)?|which|who|show|tell|give|explain|predict|list|describe|can\s+you|could\s+you)\b",
    re.IGNORECASE,
)
# What makes a sentence more than a remark: something of the host named, or a supposition.
_NAMES_SOMETHING = re.compile(r"\b(?:NUM|INSTANCE|GROUP|FEATURE|LABEL)\b|\d")
_SUPPOSES = re.compile(r"\b(?:if|suppos\w*|imagin\w*|assum\w*|instead|were|would|had)\b", re.IGNORECASE)


def request_among_remarks(
    text: str, decision: Decision, schema: HostSchema | None, score: Callable[[str], Decision]
) -> Decision:
    """The selector's sure decision for the one sentence of `text` that asks something, or `decision` as it is."""
    sentences = [s.strip() for s in _SENTENCES.split(text.strip()) if s.strip()]
    if len(sentences) < 2:
        return decision
    asking = [s for s in sentences if _ASKS.search(s)]
    if len(asking) != 1:
        return decision
    remarks = [s for s in sentences if s is not asking[0]]
    pure = all(not _NAMES_SOMETHING.search(mask(s, schema)) and not _SUPPOSES.search(s) for s in remarks)
    if decision.function is not None and not pure:
        return decision
    alone = score(asking[0])
    return alone if alone.function is not None and alone.confident else decision
