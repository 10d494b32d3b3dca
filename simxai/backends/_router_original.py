"""A question about the prediction before a what-if's change: "how sure was it before we changed anything?".

"back to the original" / "back to how it really was", followed by nothing that asks for more than the outcome (no
reason, no way to another class, no supposition), asks for the unchanged instance's prediction too.

After a what-if (or a search for the changes that would flip or reach a class: its changes are what-ifs too), a
question of confidence that points back at the unchanged instance ("originally", "before the change", "without the
changes", "to begin with", "the real one", "the actual <instance noun>") asks for that instance's own prediction with
its probabilities, not how robust it is or how the model works. So does a question of the prediction itself said with
the same pointer ("what does it predict for him without any change?"): the unchanged instance's prediction, not how
robust it is. The instance is the one the turn names, else the what-if's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from simxai.backends._router_decision import Decision
from simxai.extraction import extract_ids
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["original_prediction"]

# how sure / confident / certain, or the probability or odds
_CONFIDENCE = re.compile(
    r"\bhow\s+(?:sure|confident|certain|likely)\b|\bprobabilit(?:y|ies)\b|\bconfidence\b|\bodds\b", re.IGNORECASE
)
# the prediction itself: "what does it predict", "its prediction", "what would the model say"
_PREDICTS = re.compile(
    r"\bpredict(?:s|ed|ion)?\b|\bwhat\s+(?:does|did|would|will)\s+(?:it|the\s+model)\s+(?:say|call)\b", re.IGNORECASE
)
# the instance as it was: "originally", "the original", "before the change(s)", "without any change", "at first"
_BEFORE = re.compile(
    r"\b(?:originally|original|unchanged|as\s+it\s+(?:was|is|stands)|at\s+first|to\s+(?:begin|start)\s+with|"
    r"(?:before|without)\s+(?:the|that|those|these|any|my|our|your|this)?\s*(?:changes?|tweaks?|edits?|what-?if)|"
    # "before I started fiddling", "before we changed anything": before the user's own doing
    r"before\s+(?:i|we|you)\s+(?:\w+ed|did|made|put|set|began|got|went)\b)\b",
    re.IGNORECASE,
)

# The calls that ran the instance with changes: a what-if, and the counterfactual searches (their answers are changes)
_CHANGED = frozenset({"explain_what_if", "explain_how_to_be_that", "explain_why_not"})


def _the_real_one(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn points at the instance as it is by "the real / actual one" or "the real <instance noun>"."""
    noun = schema.instance_noun if schema is not None else None
    nouns = "one" + (f"|{re.escape(noun)}s?" if noun else "")
    return re.search(rf"\bthe\s+(?:real|actual)\s+(?:{nouns})\b", text, re.IGNORECASE) is not None


# "back to the original", "back to how it really was", "back to the real one": the unchanged instance, in words
_BACK = re.compile(
    r"\bback\s+to\s+(?:the\s+original|(?:how|what)\s+(?:it|she|he|they)\s+(?:actually\s+|really\s+)?"
    r"(?:is|was|are|were)|(?:it\s+)?as\s+(?:it|she|he|they)\s+(?:is|was|are|were)|the\s+(?:real|actual)\s+\w+|"
    r"(?:the\s+)?(?:start|beginning)|where\s+(?:we|i)\s+(?:started|began)|no\s+changes?)\b",
    re.IGNORECASE,
)
# what asks for more than the instance's own outcome: a reason, a way to another class, a supposition, a ranking
_ASKS_MORE = re.compile(
    r"\b(?:why|how\s+come|reasons?|explain\w*|drives?|driving|matters?|which|what\s+(?:if|would|could|makes?|keeps?)|"
    r"how\s+(?:to|do|does|can|could|would)|if|change|flip|become|turn|keep|stay|accura\w*|data)\b",
    re.IGNORECASE,
)


def original_prediction(
    text: str, history: Sequence[Message], schema: HostSchema | None, names: Collection[str]
) -> Decision | None:
    """The prediction of the instance a what-if just changed, asked about as it was before; None otherwise."""
    asks = _CONFIDENCE.search(text) or _PREDICTS.search(text)
    back = _BACK.search(text)
    if back is not None and not _ASKS_MORE.search(text[back.end() :]):
        asks = back  # "back to how it really was, then?": the outcome of the unchanged instance
    if "get_prediction" not in names or not asks or not (back or _BEFORE.search(text) or _the_real_one(text, schema)):
        return None
    previous = last_call(history)
    if previous is None or previous.name not in _CHANGED:
        return None
    ids = extract_ids(text, schema) if schema is not None else []
    if len(ids) > 1:
        return None
    instance = previous.arguments.get("instance")
    if ids or not isinstance(instance, int) or isinstance(instance, bool):
        return Decision("get_prediction", 1.0, True)  # the one the turn names, read from it as usual
    return Decision("get_prediction", 1.0, True, arguments={"instance": instance})
