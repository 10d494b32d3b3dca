"""A bare confidence question about the instance in focus: "how sure?", "how sure is it", "how confident for that one".

A turn that asks only how sure the model is, naming nothing, right after the dialogue discussed one instance asks
that instance's prediction with its probability: the model as a whole has no confidence to report (its description
and its scores are other questions, asked in other words). The selector, which reads the turn alone, may split such a
turn between the prediction and the description of the model's outputs and ask; the dialogue settles it. The call is
the prediction of the instance the last call about one instance ran on (its argument, or the id its output names;
"that cabin" on a host of cabins is "that one");
with no such call (a first turn, a dialogue about groups) the turn is left to the selector. "how sure is it on the
original" after a what-if is `simxai.backends._router_original`'s, and a turn that names a group, an id, a feature or
anything besides the question is not bare and is left as well.

A bare request to be told about it ("tell me something about it", "what can you tell me about that one") after such
a call is about that instance too, not the model ("it" is the instance the dialogue holds): its prediction, or, when
"more" is asked right after its prediction, its explanation.

Right after a what-if, the prediction in focus is the one after the change: a bare confidence question asks how
sure the model is of that, so the what-if runs again with its instance and changes (its answer gives the
probabilities after the change); the instance as it stands would answer about a prediction nobody was looking at.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._dialogue_labels import subject_id
from simxai.backends._router_decision import Decision
from simxai.followup_calls import successful_calls
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["bare_confidence_decision", "focus_id"]

# the subject either side of its verb: "how sure is it", and "how much sure it is" as a learner says it
_SUBJECT = r"(?:it|you|the\s+model|that|they)"
_BARE_CONFIDENCE = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|but|hmm+|then)\W+)*how\s+(?:much\s+)?(?:sure|certain|confident)"
    rf"(?:\s+(?:is|was|are|were)\s+{_SUBJECT}|\s+{_SUBJECT}\s+(?:is|was|are|were))?"
    r"(?:\s+(?:about|of|on|for|with|in)\s+(?:it|that|this|that\s+one|this\s+one|the\s+prediction|that\s+prediction))?"
    r"(?:\s+(?:then|now|please|pls|exactly|anyway))?\W*$",
    re.IGNORECASE,
)


# "tell me something about it", "can you tell me more about this one", "what can you tell me about that one?"
_TOLD_ABOUT_IT = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|now|then|right)\W+)*(?:(?:can|could|would)\s+you\s+|please\s+|what\s+can\s+you\s+)?"
    r"tell\s+me\s+(?:(?:something|anything|a\s+bit|a\s+little|some\s+more|more)\s+)?(?:more\s+)?about\s+"
    r"(?:it|this|that|this\s+one|that\s+one)(?:\s+(?:then|now|please|pls))?\W*$",
    re.IGNORECASE,
)
_MORE = re.compile(r"\bmore\b", re.IGNORECASE)


def focus_id(history: Sequence[Message]) -> int | None:
    """The id of the instance the dialogue's last call about an instance ran on, or None.

    Calls about no instance (the model's performance, its global weights) are passed over; a last call about a
    group or a text ends the search with None: the focus is not one numbered instance then.
    """
    for call in successful_calls(history):
        subject = subject_id(call)
        if subject is None:
            continue
        if isinstance(subject, bool):
            return None
        if isinstance(subject, int):
            return subject
        if isinstance(subject, str) and subject.strip().isdigit():
            return int(subject.strip())
        return None
    return None


def bare_confidence_decision(
    decision: Decision, text: str, history: Sequence[Message], names: set[str], schema: HostSchema | None = None
) -> Decision | None:
    """The prediction of the instance in focus for a bare confidence question after it, or None (module doc); "that
    night" on a host of nights is "that one".
    """
    if "get_prediction" not in names:
        return None
    if _TOLD_ABOUT_IT.match(text):
        return _told_about_it(decision, text, history, names)
    noun = schema.instance_noun if schema is not None else None
    if noun:  # "how sure is it about that cabin then": the instance in focus by its noun
        text = re.sub(rf"\b(that|this)\s+{re.escape(noun)}\b", r"\1 one", text, flags=re.IGNORECASE)
    if not _BARE_CONFIDENCE.match(text):
        return None
    last = next(successful_calls(history), None)
    if last is not None and last.name == "explain_what_if" and "explain_what_if" in names:
        changes, subject = last.arguments.get("changes"), subject_id(last)
        if isinstance(changes, dict) and changes and isinstance(subject, int) and not isinstance(subject, bool):
            return Decision(
                "explain_what_if", decision.confidence, True, arguments={"instance": subject, "changes": changes}
            )
    instance = focus_id(history)
    if instance is None:
        return None
    return Decision("get_prediction", decision.confidence, True, arguments={"instance": instance})


def _told_about_it(decision: Decision, text: str, history: Sequence[Message], names: set[str]) -> Decision | None:
    """The instance in focus for "tell me something about it": its prediction; its explanation for "more" right after
    its prediction (module doc). None with no instance in focus: the turn is the selector's.
    """
    instance = focus_id(history)
    if instance is None:
        return None
    last = next(successful_calls(history), None)
    after_its_prediction = last is not None and last.name == "get_prediction" and subject_id(last) == instance
    if _MORE.search(text) and after_its_prediction and "get_local_explanation" in names:
        return Decision("get_local_explanation", decision.confidence, True, arguments={"instance": instance})
    return Decision("get_prediction", decision.confidence, True, arguments={"instance": instance})
