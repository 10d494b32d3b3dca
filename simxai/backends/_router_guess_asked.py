"""Follow-ups the selector would answer by a guess: asked about instead, offering the dialogue's own reading first.

Most follow-ups are read from the dialogue's state (the previous call again, on another instance or group), and
the selector decides the rest from the turn's words alone. Two kinds of follow-up say too little for that: their
words are an answer or a subject, not a question, so a selector sure of some function is sure of a guess. Issue 12
prefers a short question to a confident wrong answer, so the router asks between the function the dialogue points
at (offered first) and the selector's choice (`asked_instead`, called where the selector's choice would stand):

- **An answer to the router's question about a group** ("Which rusty docks do you mean? No feature of the docks is
  called that: give a condition ...") that no reading took as the condition it answers ("corrosion over 40 percent
  i mean": the condition with words around it) and that asks nothing of its own: the question asked before is what
  it answers, and a selector reading the bare condition offers whatever a condition alone looks like most.
- **An answer to the engine's question for the instance** ("Which dock do you mean? Please give a dock id ...")
  that names no id and asks nothing of its own ("the ones after 20 i mean"): the waiting call's function is what it
  answers; a selector reading the bare fragment offers whatever it looks like most.
- **Another instance, said with more than its id** ("righto, what about dock 4410 then?", "and the one after it,
  4411?"): a turn that goes on from the last one, names exactly one instance and asks nothing of its own asks the
  previous question about that instance (the instance's own explanation after the model's global one); a selector
  choice of another function rests on the filler words around the id. After a what-if, which supposes a change of
  its own instance, another instance may as well ask for its own prediction: the selector's choice stands.

A turn with words of its own request ("and why is dock 4410 flagged?", "over 40 percent i mean, what does it
predict for those?") is left to the selector, and so is one the selector reads as the dialogue's function anyway.
The readings were chosen on the odd-numbered people/ authors' dialogues and checked on the even-numbered ones
(`bench/dialogue_paths.py`; docs/router.md, the fortieth round).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from simxai.backends._router_decision import Decision
from simxai.backends._router_group_answer import group_question_asked
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_ids
from simxai.followup_calls import INSTANCE_COUNTERPART, last_call
from simxai.messages import Message

__all__ = ["asked_instead", "goes_on_to_one_instance", "own_request"]

Decide = Callable[[str, Sequence[Message]], Decision]

# Calls whose question belongs to their instance: a what-if supposes a change of that one instance, so another
# instance said after it ("and the one before?") may as well ask its own prediction; the selector reads it.
_OWN_SUBJECT = frozenset({"explain_what_if"})

# Words by which a turn asks something of its own: a question word (not the "what" of "what about"), a request verb,
# a supposition, or a word of the model's outputs, certainty or quality.
_OWN_REQUEST = re.compile(
    r"\b(?:why|how(?!\s+about)|which|who|when|where|what(?!\s+about)|whats|explain\w*|predict\w*|show|tell|give|"
    r"list|describe|compare|rank\w*|if|would|could|should|chance\w*|sure|certain\w*|confiden\w*|probab\w*|odds|"
    r"accura\w*|precision|recall|f1|metrics?|errors?|mistak\w*|important|importance|matter\w*|drive\w*|reasons?|"
    r"because|keep\w*|stay\w*|change\w*|flip\w*)\b",
    re.IGNORECASE,
)
# A turn that goes on from the last one ("and ...", "what about ...", "same for ..."), after at most one word of
# acknowledgement ("righto, what about ...", "ok and ...")
_GOES_ON = re.compile(
    r"^\W*(?:(?:ok|okay|right|righto|alright|so|well|cool|thanks|ta|hm+|now)\W+)?"
    r"(?:and|also|then|same\s+for|what\s+about|how\s+about)\b",
    re.IGNORECASE,
)


def own_request(text: str) -> bool:
    """Whether a turn asks something of its own, beyond an answer or a subject ("what does it predict for those")."""
    return _OWN_REQUEST.search(text) is not None


def goes_on_to_one_instance(text: str, request: CompletionRequest) -> bool:
    """Whether a turn goes on from the last one to exactly one instance it names, and asks nothing of its own."""
    opening = _GOES_ON.match(text)
    if opening is None or len(extract_ids(text, request.host)) != 1:
        return False
    return not own_request(text[opening.end() :])


def _offered(function: str | None, decision: Decision, request: CompletionRequest) -> Decision:
    """The question between the dialogue's `function` (first) and the selector's choice, or the choice as it was."""
    if function is None or function == decision.function or function not in {s.name for s in request.functions}:
        return decision
    return Decision(function, decision.confidence, False, runner_up=decision.function)


def asked_instead(
    decision: Decision, text: str, history: Sequence[Message], request: CompletionRequest, decide: Decide
) -> Decision:
    """The selector's `decision` on a follow-up, or the question that replaces its guess (module doc).

    `decide` routes an earlier turn of the dialogue (the question the router's group question was about) on the
    history before it.
    """
    if not decision.confident or decision.function is None or not history:
        return decision
    takes = {s.name: {p.name for p in s.parameters} for s in request.functions}
    question = group_question_asked(history, request.host)
    if question is not None:
        if own_request(text):
            return decision
        asked = decide(question.before, history[:-2]).function
        if extract_ids(text, request.host) and "instance" not in takes.get(asked or "", set()):
            return decision  # "over 30, and what about 305020?": an instance the question's function cannot take
        return _offered(asked, decision, request)
    waiting = _instance_asked_for(history, request)
    if waiting is not None and not own_request(text) and not extract_ids(text, request.host):
        return _offered(waiting, decision, request)  # "after 20 i mean" to "Which evening do you mean?"
    previous = last_call(history)
    if previous is None or previous.name in _OWN_SUBJECT or not goes_on_to_one_instance(text, request):
        return decision
    function = (
        previous.name if "instance" in takes.get(previous.name, set()) else INSTANCE_COUNTERPART.get(previous.name)
    )
    return _offered(function, decision, request)


def _instance_asked_for(history: Sequence[Message], request: CompletionRequest) -> str | None:
    """The function of the call the engine turned into its question for the instance ("Which evening do you mean?
    Please give an evening id ..."), when that question is the last message; None otherwise.
    """
    schema = request.host
    if schema is None or len(history) < 2 or history[-1].role != "assistant" or history[-1].tool_calls:
        return None
    noun = re.escape(schema.instance_noun or "instance")
    if re.search(rf"\bWhich {noun} do you mean\? Please give an? {noun}\b", history[-1].content or "") is None:
        return None
    calls = next((m.tool_calls for m in reversed(history[:-1]) if m.role == "assistant" and m.tool_calls), None)
    return calls[0].name if calls is not None and len(calls) == 1 else None
