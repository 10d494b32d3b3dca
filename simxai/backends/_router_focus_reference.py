"""An unsure choice between the instance in focus and the model as a whole, settled by the turn's own words.

After a call about one instance, the selector is often torn between a function of that instance (its explanation,
what keeps its class) and one of the model (the global ranking, the model's description): "what drives his
decision in the first place?", "on what basis was that conclusion reached?", "how robust is that member's current
outcome?". When the turn refers to one instance in words — a personal pronoun, "this / that one", "that
<noun>'s", or "that / this" before a word for the call about it (decision, outcome, conclusion, result, ...), which
a model has none of; "that" as its last word ("what's driving that"), or "in the first place" (the outcome
before any change): the turn asks the function of the instance, and the dialogue holds which one. So does "it" in a
turn whose one class is the one the answers gave that instance ("what pushes it to pass" right after it was
predicted pass, dlg49): the model has no class of its own. The router
met such a turn with a question between the two functions; this reading answers it (`settled_by_reference`).

It reads only an unsure choice whose two options split between one instance and the model, after a successful call
about one instance named by id (a group or a quoted text in focus is left to the question), on a turn that names
no instance, group or several instances of its own. The call's instance is its argument, else the id its output
names: a follow-up what-if ("and with 20 more instead") leaves the instance to the engine (dlg31).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._dialogue_labels import known_labels, named_labels, subject_id
from simxai.backends._router_decision import Decision
from simxai.backends._router_going_back import goes_back_to_one
from simxai.backends._router_masking import mask
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_ids
from simxai.followup_calls import last_call
from simxai.followup_subject import about_several
from simxai.messages import Message

__all__ = ["refers_to_one", "settled_by_reference"]

# "he", "her", "this one", "that person"; "that member's" (a possessive after "that" / "this"); "that conclusion"
_REFERS = re.compile(
    r"\b(?:he|she|him|his|her|hers)\b"
    r"|\b(?:this|that)\s+(?:one|person|guy|case|individual|record|row)\b"
    r"|\b(?:this|that)\s+\w+'s\b"
    r"|\b(?:this|that)\s+(?:(?:\w+\s+)?(?:decision|outcome|conclusion|result|verdict|call|forecast|rating|"
    r"classification|judgement|judgment|assessment|prediction|score|tier))\b"
    # "what's driving that", "how sure is it about that": the answer just given, as the turn's last word
    r"|\bthat\W*$"
    # "why is it dead in the first place": the outcome in focus, before any change to it
    r"|\bin\s+the\s+first\s+place\b",
    re.IGNORECASE,
)
# "it" as a word: the instance in focus or the model, which the class it names may settle
_IT = re.compile(r"\bit\b", re.IGNORECASE)
# "in general", "overall", "across the board": the model as a whole, whatever else the turn says
_WHOLE = re.compile(r"\b(?:in\s+general|overall|across\s+the\s+board|for\s+everyone|globally)\b", re.IGNORECASE)


def refers_to_one(text: str) -> bool:
    """Whether a turn refers to one instance in words (module doc) and not to the model as a whole."""
    # "back to the first one: which of its parts matter?": one instance of the dialogue, gone back to
    return bool(_REFERS.search(text) or goes_back_to_one(text)) and not _WHOLE.search(text)


def settled_by_reference(
    decision: Decision, text: str, history: Sequence[Message], request: CompletionRequest
) -> Decision | None:
    """The function of the instance in focus, sure, when an unsure choice splits between it and the model and the
    turn refers to one instance (module doc); None otherwise.
    """
    if decision.confident or decision.function is None or decision.runner_up is None:
        return None
    if decision.also or decision.arguments is not None or decision.whole_text:
        return None
    takes = {s.name for s in request.functions if any(p.name == "instance" for p in s.parameters)}
    of_one = [f for f in (decision.function, decision.runner_up) if f in takes]
    refers = refers_to_one(text)
    if len(of_one) != 1 or not (refers or _IT.search(text)) or _WHOLE.search(text):
        return None
    schema = request.host
    masked = mask(text, schema)
    if "INSTANCE" in masked or "GROUP" in masked or (schema is not None and extract_ids(text, schema)):
        return None  # the turn names its own instance or a group
    if about_several(text, schema):
        return None
    previous = last_call(history)
    if previous is None:
        return None
    instance = subject_id(previous)  # the call's instance, else the one its output names (the engine carried it)
    if not isinstance(instance, int) or isinstance(instance, bool):
        return None  # no one instance in focus (a group, a text, or nothing): the question stands
    if not refers:
        # "what pushes it to pass" right after quilt 12 was predicted pass: "it" is the quilt, whose class it names
        labels = named_labels(text, schema.class_names if schema is not None else [])
        if labels != {known_labels(history).get(instance)}:
            return None
    return Decision(of_one[0], decision.confidence, True)
