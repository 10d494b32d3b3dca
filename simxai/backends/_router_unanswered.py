"""A dialogue turn the selector gives to no function, though it reads something of the host: asked about.

In the middle of a dialogue, a turn such as "and the ewes?" (a category), "like 40 a week" (a number, after the
engine's own question) or "are you sure? show me" (a doubt about the last answer) is no small talk, yet the selector
may find no function in it. The plain reply ("I can only answer questions about ...") then leaves the user with
nothing called and nothing asked. Such a turn gets the router's one short question instead: the selector's likeliest
function against the previous call's (or the selector's second), so that "1" or "2" answers it.

A turn with nothing of the host in it ("ta", "what's for lunch?") and every turn that opens a conversation keep the
plain reply; but "tell me more" right after a metric asks for more of that answer: every metric, on the same group.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import mask, selector_text
from simxai.backends._router_replies import CAPABILITY
from simxai.backends._router_small_talk import ACKNOWLEDGEMENT, SMALL_TALK
from simxai.backends.base import CompletionRequest
from simxai.backends.router_model import SelectorModel
from simxai.followup import extract_step
from simxai.followup_calls import last_call
from simxai.messages import Message

__all__ = ["unanswered"]

# what the masking puts for a feature, a number, an instance, a group or a class
_READ = re.compile(r"\b(?:FEATURE|NUM|INSTANCE|GROUP|LABEL)\b")
# a question that points back at the last answer: "are you sure?", "is that right?", "why that?"
_BACK = re.compile(r"\b(?:it|that|this|those|them|sure|right|true|correct)\b", re.IGNORECASE)
# "tell me more", "more details please", "go on": more of the answer just given
_MORE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|so|please)\W+)?(?:tell\s+me\s+more|more\s+(?:details?|info)|go\s+on)\b"
    r"(?:\W+(?:please|thanks|about\s+(?:it|that|this)))*\W*$",
    re.IGNORECASE,
)
_CLOSING = re.compile(r"\b(?:bye|goodbye|see\s+you|that'?s\s+all|never\s*mind|forget\s+it)\b", re.IGNORECASE)


def _reads_the_host(text: str, request: CompletionRequest) -> bool:
    """Whether the turn names a feature, number, id, group, class, category or step, or doubts the answer."""
    schema = request.host
    if schema is None:
        return False
    if _READ.search(mask(text, schema)) or re.search(r"\d", text) or extract_step(text, schema) is not None:
        return True  # ... or a step said in words: "a fifth shorter"
    words = set(re.findall(r"[a-z][a-z_'-]*", text.lower()))
    if any(c.lower() in words for f in schema.features for c in f.categories or ()):
        return True
    return "?" in text and bool(_BACK.search(text))


def unanswered(
    decision: Decision, text: str, history: Sequence[Message], request: CompletionRequest, selector: SelectorModel
) -> Decision:
    """`decision` (no function), or an unsure decision between two functions for a dialogue turn (module doc)."""
    if decision.function is not None or not any(m.role == "assistant" for m in history):
        return decision
    previous = last_call(history)
    if _MORE.match(text) and previous is not None and previous.name == "get_model_performance":
        # "tell me more" after a metric: every metric, on the same group (a per-class score's label kept)
        return Decision(previous.name, 1.0, True, arguments={**previous.arguments, "metric": "all"})
    if SMALL_TALK.match(text) or CAPABILITY.match(text) or _CLOSING.search(text):
        return decision
    if ACKNOWLEDGEMENT.search(text) and "?" not in text:
        return decision
    if not _reads_the_host(text, request):
        return decision
    registered = [s.name for s in request.functions if s.name in selector.classes]
    if len(registered) < 2:
        return decision
    probabilities = selector.probabilities(selector_text(text, request.host), frozenset(registered))
    ranked = sorted(probabilities, key=probabilities.__getitem__, reverse=True)
    runner_up = previous.name if previous is not None and previous.name in registered else None
    if runner_up is None or runner_up == ranked[0]:
        runner_up = ranked[1]
    return Decision(ranked[0], probabilities[ranked[0]], False, runner_up=runner_up)
