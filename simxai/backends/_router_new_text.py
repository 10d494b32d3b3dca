"""A new text offered to a text host in what-if words: "what would happen if I wrote '...'" is a prediction.

A what-if changes an instance the host knows. On a text host, a turn that quotes a whole text, names no
review by id and edits no word of one ("what would happen if I wrote 'The plot was thin but fun'", "what
would it say to 'awful acting'?") has no instance to change: the quoted text is a new instance, and what is
asked is its prediction. Read as a what-if it would fail on a missing instance or, worse, rewrite a review
discussed earlier. A rewrite of the review in focus ("what if it said '...' instead?" after a question about
review 12) stays a what-if, unless the user says the text is their own ("if I wrote ...").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.extraction import extract_changes, extract_ids, extract_texts
from simxai.followup import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

# Functions a quoted new text can be mistaken for; the decision is only revised between these.
_READINGS = frozenset({"explain_what_if", "get_prediction"})
# The user's own new text: "if I wrote", "what if I said", "suppose I typed", "I'd write".
_OWN_TEXT = re.compile(
    r"\b(?:i|i'd|we|we'd|someone|somebody|a\s+user|a\s+customer)\s+(?:\w+\s+)?(?:wrote|write|writes|said|say|"
    r"says|typed|type|posted|post|posts|put|submitted|submit|entered|enter|left|leave)\b",
    re.IGNORECASE,
)


def _instance_in_focus(history: Sequence[Message], schema: HostSchema) -> bool:
    """Whether an earlier turn named a review that a rewrite could be of."""
    previous = last_call(history)
    if previous is not None:
        return previous.arguments.get("instance") is not None
    if any(m.tool_calls for m in history):
        return False
    return any(m.role == "user" and extract_ids(m.content, schema) for m in history)


def new_text_decision(
    text: str, history: Sequence[Message], schema: HostSchema | None, names: set[str], decision: Decision
) -> Decision | None:
    """`get_prediction` of the quoted text, when a what-if reading of the turn has no instance to change.

    Returns None unless the host is a text host, the selector's choice (or the pair it would ask between)
    lies within what-if and prediction (or is a what-if of a text the user says someone wrote), the turn
    quotes exactly one text, names no id and edits no word, and either no review is in focus or the user
    calls the text their own.
    """
    if schema is None or schema.kind != "text" or "get_prediction" not in names:
        return None
    readings = {decision.function} if decision.confident else {decision.function, decision.runner_up}
    own = decision.function == "explain_what_if" and _OWN_TEXT.search(text) is not None
    if "explain_what_if" not in readings or not (readings <= _READINGS or own):
        return None  # a what-if first, of a text the user calls someone's own: whatever the runner-up, a new text
    texts = extract_texts(text)
    if len(texts) != 1 or extract_ids(text, schema):
        return None
    changes = extract_changes(text, schema)
    if changes and set(changes) != {"text"}:
        return None  # "replace 'great' with 'awful'": an edit of a review
    if _instance_in_focus(history, schema) and not _OWN_TEXT.search(text):
        return None
    return Decision("get_prediction", decision.confidence, True, arguments={"instance": texts[0]})
