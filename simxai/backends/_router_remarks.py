"""A request among remarks: "what's driving the call on 214? hope you're having a good day".

The selector reads a whole turn; a remark beside the request (praise, a story, a feeling) can pull the turn towards
"no function", so that the request goes unanswered. When the selector asks for nothing, a turn of several sentences
of which exactly one asks something (it ends in "?" or opens like a request) is that sentence's request, if the
selector is sure of it alone and every other sentence is a pure remark: it names no instance, group, feature,
number or label, and supposes nothing. So is a turn the selector reads as a request but is unsure of, when it is sure
of the same function for that sentence alone. A turn the selector is sure of keeps its reading: there the remarks
often carry the request's sense ("Quick overview.", "Give me the list.").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import mask
from simxai.extraction import extract_ids
from simxai.hosts.base import HostSchema

__all__ = ["question_then_remarks", "request_among_remarks"]

_SENTENCES = re.compile(r"(?<=[.?!])\s+(?=\S)")
# A sentence that asks: a question mark, or an opening that requests ("why ...", "show me ...", "explain ...").
_ASKS = re.compile(
    r"\?\s*$|^\W*(?:why|how|what(?:'s)?|which|who|show|tell|give|explain|predict|list|describe|can\s+you|could\s+you)\b",
    re.IGNORECASE,
)
# What makes a sentence more than a remark: something of the host named, or a supposition.
_NAMES_SOMETHING = re.compile(r"\b(?:NUM|INSTANCE|GROUP|FEATURE|LABEL)\b|\d")
_GOES_ON = re.compile(r"\W*(?:and|or|also|plus|then|what\s+about|how\s+about)\b", re.IGNORECASE)
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
    if decision.function is not None and decision.confident:
        return decision
    remarks = [s for s in sentences if s is not asking[0]]
    if any(_NAMES_SOMETHING.search(mask(s, schema)) or _SUPPOSES.search(s) for s in remarks):
        return decision
    alone = score(asking[0])
    if alone.function is None or not alone.confident:
        return decision
    # an unsure reading of the whole turn is taken only when the sentence alone is sure of the same function
    return alone if decision.function in (None, alone.function) else decision


def question_then_remarks(text: str, schema: HostSchema | None) -> str | None:
    """The first sentence of `text` when it is a question and every sentence after it a remark that asks, supposes,
    adds and names no instance ("and for 214 specifically? it was a windy day" -> "and for 214 specifically?";
    "is that right? and 215" goes on with another instance), else None.
    """
    sentences = [s.strip() for s in _SENTENCES.split(text.strip()) if s.strip()]
    if len(sentences) < 2 or not sentences[0].endswith("?"):
        return None
    remarks = sentences[1:]
    if any(_ASKS.search(s) or _SUPPOSES.search(s) or _GOES_ON.match(s) or extract_ids(s, schema) for s in remarks):
        return None
    return sentences[0]
